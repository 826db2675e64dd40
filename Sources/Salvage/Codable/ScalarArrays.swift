// Arrays of common scalars (`[Double]`, `[Int]`, `[String]`, …) decoded in one specialized loop, and
// common scalar elements converted without opening an existential.
//
// Why: through the standard library, `Array<Element>.init(from:)` is generic code that asks the runtime for
// generic metadata on every `append` and every element decode — about a quarter of the Codable path's
// time on number-heavy documents such as canada.json. The loop below converts each element straight from
// the tape and throws the same `DecodingError`s, with the same coding paths, as the unkeyed container.
// The checks return `Bool` and the conversions return `T` (never `T?`), see `CheckedReinterpretation.swift`.

extension DocumentDecoder {
    /// Whether `T` is an array of a common scalar type, which `scalarArray(_:)` decodes.
    static func isScalarArray<T>(_ type: T.Type) -> Bool {
        T.self == [Double].self || T.self == [Int].self || T.self == [String].self || T.self == [Int64].self
            || T.self == [Float].self || T.self == [Bool].self
    }

    /// The value as `T`, an array type for which `isScalarArray(_:)` is true; `framed` as for `decode`.
    func scalarArray<T>(_ type: T.Type, framed: Bool) throws -> T {
        if T.self == [Double].self { return reinterpret(try scalarElements(Double.self, framed: framed), as: T.self) }
        if T.self == [Int].self { return reinterpret(try scalarElements(Int.self, framed: framed), as: T.self) }
        if T.self == [String].self { return reinterpret(try scalarElements(String.self, framed: framed), as: T.self) }
        if T.self == [Int64].self { return reinterpret(try scalarElements(Int64.self, framed: framed), as: T.self) }
        if T.self == [Float].self { return reinterpret(try scalarElements(Float.self, framed: framed), as: T.self) }
        return reinterpret(try scalarElements(Bool.self, framed: framed), as: T.self)
    }

    private func scalarElements<S: ScalarDecodable>(_ type: S.Type, framed: Bool) throws -> [S] {
        if settings.salvages && document.kind(node) != .array {
            // The array's own value is wrong: reported with the array's type, as natively.
            return try framed ? inFrame([S].self) { try expect(.array, "an array") ; return [] } : { try expect(.array, "an array"); return [] }()
        }
        try expect(.array, "an array")
        let count = document.count(node)
        var elements: [S] = []
        elements.reserveCapacity(count)
        var element = node + 1
        for index in 0 ..< count {
            do {
                elements.append(try scalar(S.self, at: element, step: .index(index)))
            } catch where settings.salvages {
                return try framed ? inFrame([S].self) { lossyScalarElements(S.self) } : lossyScalarElements(S.self)
            }
            element = document.next(after: element)
        }
        return elements
    }

    /// Under `.salvage`, once an element failed: the elements again, dropping (and recording) those that
    /// fail — in a frame for the array (see `inFrame`), so errors are tagged as on the native path, which
    /// the fast loop above does not pay for.
    @inline(never)
    private func lossyScalarElements<S: ScalarDecodable>(_ type: S.Type) -> [S] {
        var elements: [S] = []
        var element = node + 1
        for index in 0 ..< document.count(node) {
            do {
                elements.append(try scalar(S.self, at: element, step: .index(index)))
            } catch {
                child(element, index: index).absorb(error)
            }
            element = document.next(after: element)
        }
        return elements
    }
}

extension KeyedContainer {
    /// The member at `node` as `T`, an array type for which `DocumentDecoder.isScalarArray` is true, when it
    /// is an array whose every element converts; throws `NotConverted` otherwise, and the caller decodes the
    /// member the long way (a child decoder and `scalarArray`), which reports the failures. Saves the child
    /// decoder's path node (an allocation) in the common, clean case. (Typed throws rather than a returned
    /// `T?`: see `CheckedReinterpretation.swift`.)
    func convertedScalarArray<T>(_ type: T.Type, at node: Int) throws(NotConverted) -> T {
        let document = self.document
        guard document.kind(node) == .array else { throw NotConverted() }
        if T.self == [Double].self { return reinterpret(try document.convertedElements(Double.self, of: node), as: T.self) }
        if T.self == [Int].self { return reinterpret(try document.convertedElements(Int.self, of: node), as: T.self) }
        if T.self == [String].self { return reinterpret(try document.convertedElements(String.self, of: node), as: T.self) }
        if T.self == [Int64].self { return reinterpret(try document.convertedElements(Int64.self, of: node), as: T.self) }
        if T.self == [Float].self { return reinterpret(try document.convertedElements(Float.self, of: node), as: T.self) }
        return reinterpret(try document.convertedElements(Bool.self, of: node), as: T.self)
    }
}

/// A scalar array that does not convert as it is (see `KeyedContainer.convertedScalarArray`).
struct NotConverted: Error {}

extension JSONDocument {
    /// The elements of array `node` converted to `S`; throws when one does not convert.
    func convertedElements<S: ScalarDecodable>(_ type: S.Type, of node: Int) throws(NotConverted) -> [S] {
        let count = self.count(node)
        var elements: [S] = []
        elements.reserveCapacity(count)
        var element = node + 1
        for _ in 0 ..< count {
            guard let value = S.convert(self, node: element) else { throw NotConverted() }
            elements.append(value)
            element = next(after: element)
        }
        return elements
    }
}

extension UnkeyedContainer {
    /// Whether `T` is a common scalar type, which `commonScalar(_:)` converts.
    static func isCommonScalar<T>(_ type: T.Type) -> Bool {
        T.self == Double.self || T.self == Int.self || T.self == String.self || T.self == Int64.self || T.self == Bool.self
    }

    /// The next element as `T`, a type for which `isCommonScalar(_:)` is true, by a specialized call.
    mutating func commonScalar<T>(_ type: T.Type) throws -> T {
        if T.self == Double.self { return reinterpret(try decode(Double.self), as: T.self) }
        if T.self == Int.self { return reinterpret(try decode(Int.self), as: T.self) }
        if T.self == String.self { return reinterpret(try decode(String.self), as: T.self) }
        if T.self == Int64.self { return reinterpret(try decode(Int64.self), as: T.self) }
        return reinterpret(try decode(Bool.self), as: T.self)
    }
}
