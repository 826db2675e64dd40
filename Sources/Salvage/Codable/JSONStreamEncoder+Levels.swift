import Foundation

/// The levels of `JSONStreamEncoder`: opening, closing, coding paths and keys.
extension JSONStreamEncoder {
    /// Encodes `value` as the whole document.
    func encodeRoot<T: Encodable>(_ value: T) throws -> Data {
        let root = pushLevel(step: .root)
        try writeValue(value, into: root, serial: levels[root].serial)
        if let deferredError { throw deferredError }
        if levels.first?.kind == .pending {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        try closeLevels(downTo: 0)
        return writer.text.takeData()
    }

    // MARK: Levels

    /// Opens a pending level reached by `step`; returns its depth.
    func pushLevel(step: EncodingStep, convertsKeys: Bool = true) -> Int {
        levels.append(EncodingLevel(serial: makeSerial(), step: step, membersBase: members.count, convertsKeys: convertsKeys))
        return levels.count - 1
    }

    /// Makes the level at `depth` the innermost one before it is written to: closes the levels left open below
    /// it, and throws when the level itself is closed (a container kept and used too late).
    @inline(__always)
    func prepare(_ depth: Int, serial: UInt32) throws {
        if levels.count - 1 != depth || levels[depth].serial != serial {
            try prepareSlowPath(depth, serial: serial)
        }
    }

    func prepareSlowPath(_ depth: Int, serial: UInt32) throws {
        if let deferredError { throw deferredError }
        guard depth < levels.count, levels[depth].serial == serial else {
            let error = EncodingError.invalidValue("", EncodingError.Context(
                codingPath: codingPath(depth: depth - 1),
                debugDescription: "A container or encoder was used after its value was finished (kept and used after a later value of its parent was written); APIDataEncoder writes values in order."))
            deferredError = error
            throw error
        }
        try closeLevels(downTo: depth + 1)
    }

    /// Closes the levels at `depth` and below it, innermost first.
    func closeLevels(downTo depth: Int) throws {
        while levels.count > depth {
            try closeInnermostLevel()
        }
    }

    /// Closes the level `depth` (and any left open below it) when its value's `encode(to:)` has returned; does
    /// nothing when it was closed already.
    @inline(__always)
    func finishLevel(_ depth: Int, serial: UInt32) throws {
        if levels.count == depth + 1 && levels[depth].serial == serial && levels[depth].kind == .scalar {
            levels.removeLast()
            return
        }
        if depth < levels.count && levels[depth].serial == serial {
            try closeLevels(downTo: depth)
        }
    }

    func closeInnermostLevel() throws {
        let depth = levels.count - 1
        switch levels[depth].kind {
        case .pending:
            writer.open(UInt8(ascii: "{"))
            writer.close(UInt8(ascii: "}"), count: 0)
        case .object:
            let membersBase = levels[depth].membersBase
            let count = rearrangeMembers(base: membersBase, contentStart: levels[depth].contentStart,
                                         mayRepeatKeys: levels[depth].mayRepeatKeys)
            writer.close(UInt8(ascii: "}"), count: count)
            dropMembers(from: membersBase)
        case .array:
            writer.close(UInt8(ascii: "]"), count: levels[depth].count)
        case .scalar:
            break
        }
        levels.removeLast()
    }

    /// Forgets the members of a closed object (those from `base`). One `removeLast()` each: the generic
    /// `removeSubrange` of the array costs several times more for the few members an object has.
    func dropMembers(from base: Int) {
        while members.count > base { members.removeLast() }
    }

    // MARK: Coding paths

    /// The coding path of the level at `depth`.
    func codingPath(depth: Int) -> [any CodingKey] {
        let depth = min(depth, levels.count - 1)
        guard depth >= 1 else { return [] }
        return levels[1...depth].compactMap { level in
            switch level.step {
            case .root: return nil
            case .key(let key): return key
            case .index(let index): return EncodingIndexKey(index: index)
            }
        }
    }

    /// The coding path of the level at `depth` followed by `key`.
    func codingPath(depth: Int, appending key: any CodingKey) -> [any CodingKey] {
        codingPath(depth: depth) + [key]
    }

    // MARK: Keys

    /// The JSON key for `key` in the object at `depth`, converted to snake_case when the strategy says so.
    @inline(__always)
    func jsonKey(_ key: some CodingKey, depth: Int) -> String {
        let text = key.stringValue
        guard convertsKeys && levels[depth].convertsKeys else { return text }
        if let known = snakeCaseKeys[text] { return known }
        let converted = snakeCase(fromCamelCase: text)
        snakeCaseKeys[text] = converted
        return converted
    }}


/// How a level was reached from its parent.
enum EncodingStep {
    case root
    case key(any CodingKey)
    case index(Int)
}

/// One open value of the encoder: pending (nothing written yet), an object, an array or a written scalar.
struct EncodingLevel {
    enum Kind {
        case pending, object, array, scalar
    }

    var kind = Kind.pending
    /// Members or elements written so far.
    var count = 0
    /// Tells this level from a later one at the same depth.
    let serial: UInt32
    let step: EncodingStep
    /// Where this object's members start in `JSONStreamEncoder.members`.
    let membersBase: Int
    /// Whether this object's keys follow the key strategy (not a `[String: T]` dictionary's keys).
    let convertsKeys: Bool
    /// Where the object's contents start in the text (after `{`).
    var contentStart = 0
    /// A filter of the signatures of this object's keys (`EncodedKeySignature.filterBit`).
    var keyFilter: UInt64 = 0
    /// Whether a key may have been written twice in this object (false: certainly not).
    var mayRepeatKeys = false
}

/// One member of an open object: its key and the byte range of `"key":value` in the text.
struct EncodedMember {
    let key: String
    var signature = EncodedKeySignature.unknown
    let start: Int
    var end: Int
}

/// The coding key of an array element in a coding path: `Index 2`, as `JSONEncoder` names it.
struct EncodingIndexKey: CodingKey {
    let index: Int
    init(index: Int) { self.index = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { index = intValue }
    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }
}
