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

    /// The kind of `T`, by the comparisons and casts the cache saves.
    static func of<T>(_ type: T.Type) -> BridgeTypeKind {
        if let scalar = scalarConversion(for: T.self) { return .scalar(scalar) }
        if T.self == URL.self { return .url }
        if T.self == Date.self { return .date }
        if T.self == Data.self { return .data }
        if DocumentDecoder.isScalarArray(T.self) { return .scalarArray }
        if let collection = T.self as? any SalvageableCollection.Type { return .collection(collection) }
        if let dictionary = T.self as? any KeyConvertingDictionary.Type, dictionary.convertsKeys { return .convertingDictionary(dictionary) }
        return .other
    }
}

/// A direct-mapped table of 64 slots from a type's metadata address to its `BridgeTypeKind`; a collision
/// only costs working the kind out again. One per bridge call (`BridgeSettings`), used by one thread at a time.
struct BridgeTypeKindCache {
    private var keys = [UInt](repeating: 0, count: 64)
    private var kinds = [BridgeTypeKind](repeating: .other, count: 64)

    /// The kind of `T`, worked out on its first use.
    @inline(__always)
    mutating func kind<T>(of type: T.Type) -> BridgeTypeKind {
        let address = UInt(bitPattern: ObjectIdentifier(T.self))
        let slot = Int(truncatingIfNeeded: (address &>> 4) & 63)
        if keys[slot] == address { return kinds[slot] }
        let kind = BridgeTypeKind.of(T.self)
        keys[slot] = address
        kinds[slot] = kind
        return kind
    }
}
