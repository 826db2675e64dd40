/// The `Encoder` and its containers: small values (the encoder, a depth and the level's serial) that write
/// through the one `JSONStreamEncoder` of the call.
struct LevelEncoder: Encoder {
    let core: JSONStreamEncoder
    let depth: Int
    let serial: UInt32

    var codingPath: [any CodingKey] { core.codingPath(depth: depth) }
    var userInfo: [CodingUserInfoKey: Any] { core.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(StreamKeyedContainer<Key>(core: core, depth: depth, serial: core.openLevel(depth, serial: serial, as: .object)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        StreamUnkeyedContainer(core: core, depth: depth, serial: core.openLevel(depth, serial: serial, as: .array))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        StreamSingleValueContainer(core: core, depth: depth, serial: serial)
    }
}

extension JSONStreamEncoder {
    /// Opens the level `depth` as an object or array (or finds it open as one: a container requested twice);
    /// returns the serial its container writes with, or 0 (which matches no level) after recording an error.
    func openLevel(_ depth: Int, serial: UInt32, as kind: EncodingLevel.Kind) -> UInt32 {
        do {
            try prepare(depth, serial: serial)
        } catch {
            return 0
        }
        switch levels[depth].kind {
        case .pending:
            writer.open(kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "["))
            levels[depth].kind = kind
            levels[depth].contentStart = writer.count
        case kind:
            break
        default:
            let found = levels[depth].kind == .object ? "a keyed container" : levels[depth].kind == .array ? "an unkeyed container" : "a single value"
            deferredError = EncodingError.invalidValue("", EncodingError.Context(
                codingPath: codingPath(depth: depth),
                debugDescription: "Requested \(kind == .object ? "a keyed" : "an unkeyed") container where \(found) was already encoded."))
            return 0
        }
        return serial
    }

    /// The open nested object or array of the last member of the object at `depth` when that member's key is
    /// `jsonKey`: a nested container requested again for the same key writes into the same value, as with
    /// `JSONEncoder` (the levels left open below it are closed). Nil when there is none.
    func openNestedLevel(forKey jsonKey: String, depth: Int, serial: UInt32, as kind: EncodingLevel.Kind) -> (depth: Int, serial: UInt32)? {
        let child = depth + 1
        guard child < levels.count, levels[depth].serial == serial, levels[depth].kind == .object,
              levels[child].kind == kind, levels[child].membersBase > levels[depth].membersBase,
              members[levels[child].membersBase - 1].key == jsonKey else { return nil }
        let childSerial = levels[child].serial
        guard (try? closeLevels(downTo: child + 1)) != nil else { return nil }
        return (child, childSerial)
    }

    /// Whether the open object at `depth` already has a member `jsonKey`. A nested container requested for it
    /// again after a later member was written cannot join that value (it is finished), which `JSONEncoder` would
    /// do: the request records an error instead of silently replacing the value.
    func rejectsFinishedNestedValue(forKey jsonKey: String, key: any CodingKey, depth: Int, serial: UInt32) -> Bool {
        guard depth < levels.count, levels[depth].serial == serial, levels[depth].kind == .object else { return false }
        let end = depth + 1 < levels.count ? levels[depth + 1].membersBase : members.count
        guard members[levels[depth].membersBase..<end].contains(where: { $0.key == jsonKey }) else { return false }
        if deferredError == nil {
            deferredError = EncodingError.invalidValue("", EncodingError.Context(
                codingPath: codingPath(depth: depth, appending: key),
                debugDescription: "A nested container was requested for a key whose value was finished (a later member was written since); APIDataEncoder writes values in order."))
        }
        return true
    }

    /// Opens a nested object or array under the level `depth` (a member or element already begun); returns the
    /// new level's depth and serial.
    func openNested(step: EncodingStep, as kind: EncodingLevel.Kind) -> (depth: Int, serial: UInt32) {
        let child = pushLevel(step: step)
        let serial = levels[child].serial
        return (child, openLevel(child, serial: serial, as: kind))
    }
}

struct StreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let core: JSONStreamEncoder
    let depth: Int
    let serial: UInt32

    var codingPath: [any CodingKey] { core.codingPath(depth: depth) }

    /// Makes this object the innermost level and writes the member's key.
    @inline(__always)
    private func member(_ key: Key) throws {
        try core.prepare(depth, serial: serial)
        core.beginMember(core.jsonKey(key, depth: depth), depth: depth)
    }

    mutating func encodeNil(forKey key: Key) throws { try member(key); core.writer.appendLiteral("null") }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try member(key); core.writer.appendBool(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { try member(key); core.writer.appendString(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try encodeFloatingPoint(value, forKey: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try encodeFloatingPoint(value, forKey: key) }

    /// A `Double` or `Float` member, taken back when it cannot be written (see `JSONStreamEncoder+TakingBack.swift`).
    private func encodeFloatingPoint<F: BinaryFloatingPoint & TextOutputStreamable>(_ value: F, forKey key: Key) throws {
        try core.prepare(depth, serial: serial)
        let mark = core.mark(depth)
        do {
            core.beginMember(core.jsonKey(key, depth: depth), depth: depth)
            try core.writeFloatingPoint(value) { core.codingPath(depth: depth, appending: key) }
        } catch {
            core.takeBack(to: mark, depth: depth)
            throw error
        }
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { try member(key); core.writer.appendInteger(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try member(key); core.writer.appendInteger(value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try member(key); core.writer.appendInteger(value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try member(key); core.writer.appendInteger(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try member(key); core.writer.appendInteger(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try member(key); core.writer.appendInteger(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try member(key); core.writer.appendInteger(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try member(key); core.writer.appendInteger(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try member(key); core.writer.appendInteger(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try member(key); core.writer.appendInteger(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { try member(key); core.writer.appendInteger(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { try member(key); core.writer.appendInteger(value) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try core.prepare(depth, serial: serial)
        let mark = core.mark(depth)
        do {
            core.beginMember(core.jsonKey(key, depth: depth), depth: depth)
            try core.writeMember(value, key: key, depth: depth)
        } catch {
            core.takeBack(to: mark, depth: depth)
            throw error
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let jsonKey = core.jsonKey(key, depth: depth)
        if let open = core.openNestedLevel(forKey: jsonKey, depth: depth, serial: serial, as: .object) {
            return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(core: core, depth: open.depth, serial: open.serial))
        }
        if core.rejectsFinishedNestedValue(forKey: jsonKey, key: key, depth: depth, serial: serial) { return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(core: core, depth: depth, serial: 0)) }
        guard (try? member(key)) != nil else { return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(core: core, depth: depth, serial: 0)) }
        let nested = core.openNested(step: .key(key), as: .object)
        return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(core: core, depth: nested.depth, serial: nested.serial))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let jsonKey = core.jsonKey(key, depth: depth)
        if let open = core.openNestedLevel(forKey: jsonKey, depth: depth, serial: serial, as: .array) {
            return StreamUnkeyedContainer(core: core, depth: open.depth, serial: open.serial)
        }
        if core.rejectsFinishedNestedValue(forKey: jsonKey, key: key, depth: depth, serial: serial) { return StreamUnkeyedContainer(core: core, depth: depth, serial: 0) }
        guard (try? member(key)) != nil else { return StreamUnkeyedContainer(core: core, depth: depth, serial: 0) }
        let nested = core.openNested(step: .key(key), as: .array)
        return StreamUnkeyedContainer(core: core, depth: nested.depth, serial: nested.serial)
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(step: .key(APICodingKey(hashKey: "super")), jsonKey: "super")
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(step: .key(key), jsonKey: core.jsonKey(key, depth: depth))
    }

    /// An encoder for the value of member `jsonKey`, written when it is used (`{}` if it writes nothing).
    private func superEncoder(step: EncodingStep, jsonKey: String) -> any Encoder {
        guard (try? core.prepare(depth, serial: serial)) != nil else { return LevelEncoder(core: core, depth: depth, serial: 0) }
        core.beginMember(jsonKey, depth: depth)
        let child = core.pushLevel(step: step)
        return LevelEncoder(core: core, depth: child, serial: core.levels[child].serial)
    }
}

struct StreamUnkeyedContainer: UnkeyedEncodingContainer {
    let core: JSONStreamEncoder
    let depth: Int
    let serial: UInt32

    var codingPath: [any CodingKey] { core.codingPath(depth: depth) }
    var count: Int { depth < core.levels.count && core.levels[depth].serial == serial ? core.levels[depth].count : 0 }

    /// Makes this array the innermost level and starts an element; returns its index.
    @inline(__always)
    private func element() throws -> Int {
        try core.prepare(depth, serial: serial)
        return beginElement()
    }

    /// Starts an element of this array (the innermost level); returns its index.
    @inline(__always)
    private func beginElement() -> Int {
        let index = core.levels[depth].count
        core.writer.beforeItem(index)
        core.levels[depth].count = index + 1
        return index
    }

    mutating func encodeNil() throws { _ = try element(); core.writer.appendLiteral("null") }
    mutating func encode(_ value: Bool) throws { _ = try element(); core.writer.appendBool(value) }
    mutating func encode(_ value: String) throws { _ = try element(); core.writer.appendString(value) }
    mutating func encode(_ value: Double) throws { try encodeFloatingPoint(value) }
    mutating func encode(_ value: Float) throws { try encodeFloatingPoint(value) }

    /// A `Double` or `Float` element, taken back when it cannot be written (see `JSONStreamEncoder+TakingBack.swift`).
    private func encodeFloatingPoint<F: BinaryFloatingPoint & TextOutputStreamable>(_ value: F) throws {
        try core.prepare(depth, serial: serial)
        let mark = core.mark(depth)
        do {
            let index = beginElement()
            try core.writeFloatingPoint(value) { core.codingPath(depth: depth, appending: EncodingIndexKey(index: index)) }
        } catch {
            core.takeBack(to: mark, depth: depth)
            throw error
        }
    }
    mutating func encode(_ value: Int) throws { _ = try element(); core.writer.appendInteger(value) }
    mutating func encode(_ value: Int8) throws { _ = try element(); core.writer.appendInteger(value) }
    mutating func encode(_ value: Int16) throws { _ = try element(); core.writer.appendInteger(value) }
    mutating func encode(_ value: Int32) throws { _ = try element(); core.writer.appendInteger(value) }
    mutating func encode(_ value: Int64) throws { _ = try element(); core.writer.appendInteger(value) }
    mutating func encode(_ value: UInt) throws { _ = try element(); core.writer.appendInteger(value) }
    mutating func encode(_ value: UInt8) throws { _ = try element(); core.writer.appendInteger(value) }
    mutating func encode(_ value: UInt16) throws { _ = try element(); core.writer.appendInteger(value) }
    mutating func encode(_ value: UInt32) throws { _ = try element(); core.writer.appendInteger(value) }
    mutating func encode(_ value: UInt64) throws { _ = try element(); core.writer.appendInteger(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { _ = try element(); core.writer.appendInteger(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { _ = try element(); core.writer.appendInteger(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try core.prepare(depth, serial: serial)
        let mark = core.mark(depth)
        do {
            let index = beginElement()
            try core.writeElement(value, index: index, depth: depth)
        } catch {
            core.takeBack(to: mark, depth: depth)
            throw error
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        guard let index = try? element() else { return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(core: core, depth: depth, serial: 0)) }
        let nested = core.openNested(step: .index(index), as: .object)
        return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(core: core, depth: nested.depth, serial: nested.serial))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        guard let index = try? element() else { return StreamUnkeyedContainer(core: core, depth: depth, serial: 0) }
        let nested = core.openNested(step: .index(index), as: .array)
        return StreamUnkeyedContainer(core: core, depth: nested.depth, serial: nested.serial)
    }

    mutating func superEncoder() -> any Encoder {
        guard let index = try? element() else { return LevelEncoder(core: core, depth: depth, serial: 0) }
        let child = core.pushLevel(step: .index(index))
        return LevelEncoder(core: core, depth: child, serial: core.levels[child].serial)
    }
}

struct StreamSingleValueContainer: SingleValueEncodingContainer {
    let core: JSONStreamEncoder
    let depth: Int
    let serial: UInt32

    var codingPath: [any CodingKey] { core.codingPath(depth: depth) }

    /// Makes this value the innermost level; throws when it holds a value already.
    @inline(__always)
    private func single() throws {
        try core.prepare(depth, serial: serial)
        guard core.levels[depth].kind == .pending else {
            throw EncodingError.invalidValue("", EncodingError.Context(
                codingPath: codingPath, debugDescription: "Attempt to encode a value through a single value container when a value was already encoded."))
        }
        core.levels[depth].kind = .scalar
    }

    mutating func encodeNil() throws { try single(); core.writer.appendLiteral("null") }
    mutating func encode(_ value: Bool) throws { try single(); core.writer.appendBool(value) }
    mutating func encode(_ value: String) throws { try single(); core.writer.appendString(value) }
    mutating func encode(_ value: Double) throws { try single(); try core.writeFloatingPoint(value) { codingPath } }
    mutating func encode(_ value: Float) throws { try single(); try core.writeFloatingPoint(value) { codingPath } }
    mutating func encode(_ value: Int) throws { try single(); core.writer.appendInteger(value) }
    mutating func encode(_ value: Int8) throws { try single(); core.writer.appendInteger(value) }
    mutating func encode(_ value: Int16) throws { try single(); core.writer.appendInteger(value) }
    mutating func encode(_ value: Int32) throws { try single(); core.writer.appendInteger(value) }
    mutating func encode(_ value: Int64) throws { try single(); core.writer.appendInteger(value) }
    mutating func encode(_ value: UInt) throws { try single(); core.writer.appendInteger(value) }
    mutating func encode(_ value: UInt8) throws { try single(); core.writer.appendInteger(value) }
    mutating func encode(_ value: UInt16) throws { try single(); core.writer.appendInteger(value) }
    mutating func encode(_ value: UInt32) throws { try single(); core.writer.appendInteger(value) }
    mutating func encode(_ value: UInt64) throws { try single(); core.writer.appendInteger(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { try single(); core.writer.appendInteger(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { try single(); core.writer.appendInteger(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try core.prepare(depth, serial: serial)
        guard core.levels[depth].kind == .pending else { try single(); return }
        try core.writeValue(value, into: depth, serial: serial)
    }
}
