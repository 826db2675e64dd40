/// `container(keyedBy:)`: the members of an object. When a key repeats, the last member wins.
///
/// A class, so that the standard library's box around it holds one reference (the box copies its container
/// for every call), and so that `KeyedContainerPool` can point it at the next object of the same type.
final class KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    // Unchecked exclusivity: only `reset` writes these, never during another access (see `KeyedContainerPool`).
    @exclusivity(unchecked) private(set) var decoder: DocumentDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    /// The bridge call's settings and document, which never change for a container (its pool belongs to
    /// those settings). Held as constants so that the hot paths read them without copying `decoder` —
    /// a copy retains and releases the settings and the path node, about a tenth of a Codable decode; the
    /// `decoder` itself is read only for child decoders and errors.
    private let settings: BridgeSettings
    let document: JSONDocument
    /// Where the next key lookup starts: keys are usually asked for in document order (always, for
    /// dictionaries decoded from `allKeys`), so lookups stay linear.
    @exclusivity(unchecked) private var hint = 0
    /// With `.convertFromSnakeCase`: the members under their converted names, in document order.
    @exclusivity(unchecked) private var convertedMembers: ConvertedMembers?

    init(decoder: DocumentDecoder) {
        self.decoder = decoder
        self.settings = decoder.settings
        self.document = decoder.settings.document
        self.convertedMembers = decoder.settings.strategies.keys == .convertFromSnakeCase ? ConvertedMembers(decoder) : nil
    }

    /// Points this container at `decoder`'s object, as if it had just been made for it.
    func reset(_ decoder: DocumentDecoder) {
        assert(decoder.settings === settings, "a pooled container is used only by its own bridge call")
        self.decoder = decoder
        hint = 0
        if convertedMembers != nil { convertedMembers = ConvertedMembers(decoder) }
    }

    /// The value node of `key`, or nil; throws once the decode has returned (see `checkOpen`).
    @inline(__always)
    private func member(_ key: Key) throws -> Int? {
        if !settings.isOpen { try decoder.checkOpen() }
        if let convertedMembers {
            return convertedMembers.nodes[key.stringValue]
        }
        let found = ByteReader.withUTF8(of: key.stringValue) { document.member(of: decoder.node, utf8Key: $0, hint: hint) }
        if let found { hint = found.next }
        return found?.value
    }

    /// Empty once the decode has returned (see `checkOpen`).
    var allKeys: [Key] {
        guard settings.isOpen else { return [] }
        if let convertedMembers {
            return convertedMembers.names.compactMap { Key(stringValue: $0) }
        }
        // Each key once, as `JSONDecoder` lists them: a key repeated in the JSON is one member (the last wins),
        // and a custom `init(from:)` building `Dictionary(uniqueKeysWithValues:)` from `allKeys` would trap.
        var keys: [Key] = []
        var seen: Set<String> = []
        document.forEachMember(of: decoder.node) { key, _ in
            let name = document.string(key)
            if seen.insert(name).inserted, let codingKey = Key(stringValue: name) { keys.append(codingKey) }
        }
        return keys
    }

    /// False once the decode has returned (see `checkOpen`).
    func contains(_ key: Key) -> Bool {
        (try? member(key)).flatMap { $0 } != nil
    }

    /// The member's node; a missing member throws `keyNotFound` (reported as `missing`, tagged with `type`).
    /// Inlined, with the error made out of line: called for every member, it was a call of its own that
    /// also looked up `DecodingError`'s metadata each time, thrown or not.
    @inline(__always)
    private func value(for key: Key, decoding type: Any.Type? = nil) throws -> Int {
        if let node = try member(key) { return node }
        throw missing(key, decoding: type)
    }

    /// The `keyNotFound` error of `value(for:decoding:)`.
    @inline(never)
    private func missing(_ key: Key, decoding type: Any.Type?) -> DecodingError {
        decoder.site(DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue).")),
                     missing: key, in: decoder.node, decoding: type)
    }

    /// The member's node, or nil when it is absent or null.
    @inline(__always)
    private func presentValue(for key: Key) throws -> Int? {
        guard let node = try member(key), document.kind(node) != .null else { return nil }
        return node
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        document.kind(try value(for: key)) == .null
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let node = try value(for: key, decoding: T.self)
        // The type's kind from the bridge's table (one look-up), rather than `scalarConversion(for:)`'s fifteen
        // metatype comparisons, which every nested model and array failed.
        let kind = settings.kind(of: T.self)
        switch kind {
        case .scalar(let scalarType):
            return try scalarOpened(scalarType, at: node, key: key, as: T.self)
        case .scalarArray:
            do throws(NotConverted) {
                return try convertedScalarArray(T.self, at: node)
            } catch {}
        case .collection(let collection) where isEmptyArrayNeedingNoFrame(node) && collection.decodesEmptyArrayAsEmpty:
            return emptyCollection(collection, as: T.self)
        default:
            break
        }
        return try decoder.child(node, key: key).decode(T.self, kind: kind)
    }

    /// Whether the member at `node` is an empty JSON array that decodes, as a `[T]` or `Set<T>`, to an empty
    /// collection with nothing recorded: under `.salvage`, when the frame the collection would be decoded in
    /// would be entered without a refusal (`APIDecoder.isEmptyArrayNeedingNoFrame`, as the native path checks);
    /// under `.strict`, which enters none, always. Then no child decoder, path node or frame is made for it:
    /// twitter.json's empty `hashtags`, `urls` and `user_mentions` made all three.
    private func isEmptyArrayNeedingNoFrame(_ node: Int) -> Bool {
        guard document.kind(node) == .array, document.count(node) == 0 else { return false }
        guard settings.salvages, let context = settings.context else { return true }
        return APIDecoder(context: context, frame: context.state.count - 1, node: node, parent: -1, step: .atNode).isEmptyArrayNeedingNoFrame
    }

    /// `collection`'s empty value; `collection` is `T`.
    private func emptyCollection<C: SalvageableCollection, T>(_ collection: C.Type, as type: T.Type) -> T {
        reinterpret(C.emptyValue(), as: T.self)
    }

    /// `scalarConversion(for: T.self)` returned `S`, so `S` is `T`.
    private func scalarOpened<S: ScalarDecodable, T>(_ type: S.Type, at node: Int, key: Key, as target: T.Type) throws -> T {
        reinterpret(try decoder.scalar(S.self, at: node, step: .key(key)), as: T.self)
    }

    /// Under `.salvage`, a present value that fails gives nil, its errors recorded (see `absorb`).
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let node = try presentValue(for: key) else { return nil }
        let child = decoder.child(node, key: key)
        do {
            return try child.decode(T.self)
        } catch where settings.salvages {
            child.absorb(error)
            return nil
        }
    }

    // Inlined into each type-specific method, so that `S` is concrete there: called as a generic, it
    // looked up `Optional<S>`'s metadata in the runtime's cache on every member.
    @inline(__always)
    private func scalar<S: ScalarDecodable>(_ type: S.Type, forKey key: Key) throws -> S {
        let node = try value(for: key, decoding: S.self)
        if let value = S.convert(document, node: node) { return value }
        return try decoder.unconverted(S.self, at: node, step: .key(key))
    }

    // Inlined into each type-specific method, so that `S` is concrete there: called as a generic, it
    // looked up `Optional<S>`'s metadata in the runtime's cache on every member.
    @inline(__always)
    private func scalarIfPresent<S: ScalarDecodable>(_ type: S.Type, forKey key: Key) throws -> S? {
        guard let node = try presentValue(for: key) else { return nil }
        if let value = S.convert(document, node: node) { return value }
        do {
            return try decoder.scalar(S.self, at: node, step: .key(key))
        } catch where settings.salvages {
            decoder.child(node, key: key).absorb(error)
            return nil
        }
    }

    // Scalars straight from the tape, without a child decoder.
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(Bool.self, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(String.self, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(Double.self, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try scalar(Float.self, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(Int.self, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try scalar(Int8.self, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try scalar(Int16.self, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try scalar(Int32.self, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try scalar(Int64.self, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try scalar(UInt.self, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try scalar(UInt8.self, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try scalar(UInt16.self, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try scalar(UInt32.self, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try scalar(UInt64.self, forKey: key) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try scalarIfPresent(Bool.self, forKey: key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try scalarIfPresent(String.self, forKey: key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try scalarIfPresent(Double.self, forKey: key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try scalarIfPresent(Float.self, forKey: key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try scalarIfPresent(Int.self, forKey: key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try scalarIfPresent(Int8.self, forKey: key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try scalarIfPresent(Int16.self, forKey: key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try scalarIfPresent(Int32.self, forKey: key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try scalarIfPresent(Int64.self, forKey: key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try scalarIfPresent(UInt.self, forKey: key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try scalarIfPresent(UInt8.self, forKey: key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try scalarIfPresent(UInt16.self, forKey: key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try scalarIfPresent(UInt32.self, forKey: key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try scalarIfPresent(UInt64.self, forKey: key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.child(try value(for: key), key: key).container(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(try value(for: key), key: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        // Like JSONDecoder: the member named "super", whether or not `Key` has such a case.
        let key = APICodingKey(hashKey: "super")
        try decoder.checkOpen()
        guard let node = document.member(of: decoder.node, key: "super") else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value associated with key super."))
        }
        return decoder.child(node, key: key)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.child(try value(for: key), key: key)
    }
}

/// An object's members under their snake_case-converted names (the last member wins for repeats).
final class ConvertedMembers {
    let names: [String]
    let nodes: [String: Int]

    init(_ decoder: DocumentDecoder) {
        var names: [String] = []
        var nodes: [String: Int] = [:]
        decoder.document.forEachMember(of: decoder.node) { key, value in
            let name = camelCase(fromSnakeCase: decoder.document.string(key))
            if nodes.updateValue(value, forKey: name) == nil { names.append(name) }
        }
        self.names = names
        self.nodes = nodes
    }
}
