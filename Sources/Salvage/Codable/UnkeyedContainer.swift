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

    /// Throws once the decode has returned (see `checkOpen`), or when there is no element left.
    private func checkNotAtEnd<T>(_ type: T.Type) throws {
        try decoder.checkOpen()
        if isAtEnd {
            let index = APICodingKey(arrayIndex: currentIndex)
            throw decoder.site(DecodingError.valueNotFound(T.self, .init(codingPath: decoder.pathNode.path(appending: index),
                                                                         debugDescription: "Unkeyed container is at end.")),
                               missing: index, in: decoder.node, decoding: T.self)
        }
    }

    /// Moves to the next element and returns a decoder for the current one.
    private mutating func advance() -> DocumentDecoder {
        let element = decoder.child(cursor, index: currentIndex)
        moveToNextElement()
        return element
    }

    /// Moves past the current element (whose decoder the caller already made).
    private mutating func moveToNextElement() {
        cursor = decoder.document.next(after: cursor)
        currentIndex += 1
    }

    mutating func decodeNil() throws -> Bool {
        try checkNotAtEnd(Any?.self)
        guard decoder.document.kind(cursor) == .null else { return false }
        _ = advance()
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        // `[Double]` and friends come here through the standard library's generic code: convert scalars
        // without creating a child decoder, the common ones without opening an existential.
        if UnkeyedContainer.isCommonScalar(T.self) {
            return try commonScalar(T.self)
        }
        if let scalarType = scalarConversion(for: T.self) {
            return try scalarOpened(scalarType, as: T.self)
        }
        try checkNotAtEnd(T.self)
        let value = try decoder.child(cursor, index: currentIndex).decode(T.self)
        _ = advance()
        return value
    }

    /// `scalarConversion(for: T.self)` returned `S`, so `S` is `T`.
    private mutating func scalarOpened<S: ScalarDecodable, T>(_ type: S.Type, as target: T.Type) throws -> T {
        reinterpret(try scalar(S.self), as: T.self)
    }

    // Inlined into each type-specific method, so that `S` is concrete there (see `KeyedContainer.scalar`).
    @inline(__always)
    private mutating func scalar<S: ScalarDecodable>(_ type: S.Type) throws -> S {
        try checkNotAtEnd(S.self)
        let value = try decoder.scalar(S.self, at: cursor, step: .index(currentIndex))
        cursor = decoder.document.next(after: cursor)
        currentIndex += 1
        return value
    }

    // Scalars straight from the tape, without a child decoder.
    mutating func decode(_ type: Bool.Type) throws -> Bool { try scalar(Bool.self) }
    mutating func decode(_ type: String.Type) throws -> String { try scalar(String.self) }
    mutating func decode(_ type: Double.Type) throws -> Double { try scalar(Double.self) }
    mutating func decode(_ type: Float.Type) throws -> Float { try scalar(Float.self) }
    mutating func decode(_ type: Int.Type) throws -> Int { try scalar(Int.self) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try scalar(Int8.self) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try scalar(Int16.self) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try scalar(Int32.self) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try scalar(Int64.self) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try scalar(UInt.self) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar(UInt8.self) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar(UInt16.self) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar(UInt32.self) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar(UInt64.self) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try checkNotAtEnd(KeyedDecodingContainer<NestedKey>.self)
        // Moves on only once the element is an object, as `JSONDecoder` does: a `try?` that falls back to
        // decoding the element otherwise must still find it (it was skipped).
        let container = try decoder.child(cursor, index: currentIndex).container(keyedBy: NestedKey.self)
        moveToNextElement()
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try checkNotAtEnd((any UnkeyedDecodingContainer).self)
        // Moves on only once the element is an array (see `nestedContainer(keyedBy:)`).
        let container = try decoder.child(cursor, index: currentIndex).unkeyedContainer()
        moveToNextElement()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        try checkNotAtEnd((any Decoder).self)
        return advance()
    }
}
