// Arrays of common scalars (`[Double]`, `[Int]`, `[String]`, …) decoded in one specialized loop.
//
// Why: through the standard library, `Array<Element>.init(from:)` is generic code that asks the runtime for
// generic metadata on every `append` and every element decode — about a quarter of the Codable path's
// time on number-heavy documents such as canada.json. The loop below converts each element straight from
// the tape and throws the same `DecodingError`s, with the same coding paths, as the unkeyed container.

extension DocumentDecoder {
    /// The value as `T` when `T` is an array of a common scalar type; nil for any other `T`.
    func scalarArray<T>(_ type: T.Type) throws -> T? {
        if T.self == [Double].self { return try scalarElements(Double.self) as? T }
        if T.self == [Int].self { return try scalarElements(Int.self) as? T }
        if T.self == [String].self { return try scalarElements(String.self) as? T }
        if T.self == [Int64].self { return try scalarElements(Int64.self) as? T }
        if T.self == [Float].self { return try scalarElements(Float.self) as? T }
        if T.self == [Bool].self { return try scalarElements(Bool.self) as? T }
        return nil
    }

    private func scalarElements<S: ScalarDecodable>(_ type: S.Type) throws -> [S] {
        try expect(.array, "an array")
        let count = document.count(node)
        var elements: [S] = []
        elements.reserveCapacity(count)
        var element = node + 1
        for index in 0 ..< count {
            elements.append(try scalar(S.self, at: element, step: .index(index)))
            element = document.next(after: element)
        }
        return elements
    }
}

extension UnkeyedContainer {
    /// The next element as `T` when `T` is a common scalar type, converted by a specialized call; nil for
    /// any other `T` (the generic path then handles it).
    mutating func commonScalar<T>(_ type: T.Type) throws -> T? {
        if T.self == Double.self { return try decode(Double.self) as? T }
        if T.self == Int.self { return try decode(Int.self) as? T }
        if T.self == String.self { return try decode(String.self) as? T }
        if T.self == Int64.self { return try decode(Int64.self) as? T }
        if T.self == Bool.self { return try decode(Bool.self) as? T }
        return nil
    }
}
