/// `unkeyedContainer()`: the elements of an array, in order.
struct UnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: DocumentDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    let count: Int?
    private(set) var currentIndex = 0
    /// The tape index of the element at `currentIndex`.
    private var cursor: Int

    init(decoder: DocumentDecoder) {
        self.decoder = decoder
        self.count = decoder.document.count(decoder.node)
        self.cursor = decoder.node + 1
    }

    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    private var currentKey: APICodingKey { APICodingKey(arrayIndex: currentIndex) }

    private func checkNotAtEnd<T>(_ type: T.Type) throws {
        if isAtEnd {
            throw DecodingError.valueNotFound(T.self, .init(codingPath: codingPath + [currentKey], debugDescription: "Unkeyed container is at end."))
        }
    }

    /// Moves to the next element and returns a decoder for the current one.
    private mutating func advance() -> DocumentDecoder {
        let element = decoder.child(cursor, key: currentKey)
        cursor = decoder.document.next(after: cursor)
        currentIndex += 1
        return element
    }

    mutating func decodeNil() throws -> Bool {
        try checkNotAtEnd(Any?.self)
        guard decoder.document.kind(cursor) == .null else { return false }
        _ = advance()
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try checkNotAtEnd(T.self)
        let element = decoder.child(cursor, key: currentKey)
        let value = try element.decode(T.self)
        _ = advance()
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try checkNotAtEnd(KeyedDecodingContainer<NestedKey>.self)
        return try advance().container(keyedBy: NestedKey.self)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try checkNotAtEnd((any UnkeyedDecodingContainer).self)
        return try advance().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        try checkNotAtEnd((any Decoder).self)
        return advance()
    }
}
