import Foundation

// What the Codable bridge does with a value of a given type, worked out once per type and bridge call.
//
// Why: `DocumentDecoder.decode` runs unspecialized (it is called from the standard library's generic code,
// `T` known only at run time). Telling a model from a scalar, a `Date`, an array of scalars, a lossy
// collection or a dictionary with converted keys took about 25 metatype comparisons and two dynamic casts
// (`T.self as? any SalvageableCollection.Type`, `as? any KeyConvertingDictionary.Type`) per nested value; a
// cast is a conformance look-up in the runtime's global cache, several hundred instructions, more for a
// class. Remembered here, a repeated type costs one table look-up.

/// How the bridge decodes values of one type (see `DocumentDecoder.decode`).
enum BridgeTypeKind {
    /// A built-in scalar, converted straight from the tape.
    case scalar(any ScalarDecodable.Type)
    case url
    /// `UUID`: Foundation's `init(from:)` would throw a plain `DecodingError` (`swift_decoding_error`).
    case uuid
    case date
    case data
    /// An array of a common scalar type (`DocumentDecoder.isScalarArray`).
    case scalarArray
    /// `[T]`, `Set<T>` or `[String: T]`: decoded lossily under `.salvage`, by the bridge's own loops under `.strict`.
    case collection(any SalvageableCollection.Type)
    /// A dictionary whose keys are not strings (`KeyConvertingDictionary.convertsKeys`).
    case convertingDictionary(any KeyConvertingDictionary.Type)
    /// Anything else: the type's own `init(from:)`.
    case other

    /// Whether values of the type are decoded by its own `init(from:)`, which decides what null means.
    var isOther: Bool {
        if case .other = self { return true }
        return false
    }

    /// The kind of `T`, by the comparisons and casts the cache saves.
    static func of<T>(_ type: T.Type) -> BridgeTypeKind {
        if let scalar = scalarConversion(for: T.self) { return .scalar(scalar) }
        if T.self == URL.self { return .url }
        if T.self == UUID.self { return .uuid }
        if T.self == Date.self { return .date }
        if T.self == Data.self { return .data }
        if DocumentDecoder.isScalarArray(T.self) { return .scalarArray }
        if let collection = T.self as? any SalvageableCollection.Type { return .collection(collection) }
        if let dictionary = T.self as? any KeyConvertingDictionary.Type, dictionary.convertsKeys { return .convertingDictionary(dictionary) }
        return .other
    }
}

/// An open-addressed table of 64 slots from a type's metadata address to its `BridgeTypeKind`, one per bridge
/// call (`BridgeSettings`), used by one thread at a time. Slots are probed linearly from the type's home slot
/// (bits 4–9 of the address), so two types never evict each other: a direct-mapped table (a slot per address, the
/// newer type replacing the older) kept missing on twitter.json, whose types' addresses shared slots — about
/// 540 of its look-ups per decode worked the kind out again, each with its conformance casts (2026-11-25).
/// Past `limit` types, a new type's kind is worked out on every use (no model tree has that many).
struct BridgeTypeKindCache {
    static let slots = 64
    /// Types kept at most: a quarter of the slots stay empty, so a probe for an unknown type stops soon.
    static let limit = 48
    private var keys = [UInt](repeating: 0, count: BridgeTypeKindCache.slots)
    private var kinds = [BridgeTypeKind](repeating: .other, count: BridgeTypeKindCache.slots)
    private var count = 0
    /// How many times a kind was worked out (`BridgeTypeKind.of`) rather than found: what tests check.
    private(set) var workedOut = 0

    /// The slot where the probe for `type` starts. Metadata records are at least 16 bytes apart. (A
    /// multiplicative hash of the whole address made canada.json's array types share a home slot: +1.5%
    /// instructions there.)
    static func homeSlot(of type: Any.Type) -> Int {
        Int(truncatingIfNeeded: (UInt(bitPattern: ObjectIdentifier(type)) &>> 4) & UInt(slots - 1))
    }

    /// The kind of `T`, worked out on its first use. A type found in its home slot costs what a direct-mapped
    /// table's hit costs; the probe for the others is out of line, so that the inlined hit path stays small.
    @inline(__always)
    mutating func kind<T>(of type: T.Type) -> BridgeTypeKind {
        let address = UInt(bitPattern: ObjectIdentifier(T.self))
        let slot = BridgeTypeKindCache.homeSlot(of: T.self)
        if keys[slot] == address { return kinds[slot] }
        return probe(T.self, address: address, from: slot)
    }

    /// The kind of `T`, found in a later slot than its home `slot`, or worked out and kept in the first empty one
    /// (unless the table is at its limit).
    @inline(never)
    private mutating func probe<T>(_ type: T.Type, address: UInt, from home: Int) -> BridgeTypeKind {
        var slot = home
        while keys[slot] != 0 {
            if keys[slot] == address { return kinds[slot] }
            slot = (slot &+ 1) & (BridgeTypeKindCache.slots - 1)
        }
        let kind = BridgeTypeKind.of(T.self)
        workedOut += 1
        if count < BridgeTypeKindCache.limit {
            keys[slot] = address
            kinds[slot] = kind
            count += 1
        }
        return kind
    }
}
