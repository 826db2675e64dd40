/// `container(keyedBy:)`: the members of an object. When a key repeats, the last member wins.
struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: DocumentDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    private var document: JSONDocument { decoder.document }

    init(decoder: DocumentDecoder) {
        self.decoder = decoder
    }

    var allKeys: [Key] {
        var keys: [Key] = []
        document.forEachMember(of: decoder.node) { key, _ in
            if let codingKey = Key(stringValue: document.string(key)) { keys.append(codingKey) }
        }
        return keys
    }

    func contains(_ key: Key) -> Bool {
        document.member(of: decoder.node, key: key.stringValue) != nil
    }

    private func value(for key: Key) throws -> Int {
        guard let node = document.member(of: decoder.node, key: key.stringValue) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue)."))
        }
        return node
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        document.kind(try value(for: key)) == .null
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.child(try value(for: key), key: key).decode(T.self)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let node = document.member(of: decoder.node, key: key.stringValue), document.kind(node) != .null else { return nil }
        return try decoder.child(node, key: key).decode(T.self)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.child(try value(for: key), key: key).container(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(try value(for: key), key: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        try superDecoder(forKey: Key(stringValue: "super") ?? { throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "No key named super.")) }())
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.child(try value(for: key), key: key)
    }
}
