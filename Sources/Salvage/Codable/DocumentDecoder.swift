import Foundation

/// A Swift `Decoder` over Salvage's document, so any `Decodable` type can be decoded from the same parse
/// (no `JSONSerialization` round trip). Failures are thrown as `DecodingError`s, like `JSONDecoder`'s.
///
/// `codingPath` is relative to where decoding started; ``APIDecoder/decodeRequired(swiftDecodable:)``
/// prefixes the full breadcrumb when it records an error.
struct DocumentDecoder: Decoder {
    let document: JSONDocument
    let node: Int
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try expect(.object, "a dictionary")
        return KeyedDecodingContainer(KeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try expect(.array, "an array")
        return UnkeyedContainer(decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(decoder: self)
    }

    /// A decoder for a child value.
    func child(_ node: Int, key: any CodingKey) -> DocumentDecoder {
        DocumentDecoder(document: document, node: node, codingPath: codingPath + [key])
    }

    private func expect(_ kind: NodeKind, _ what: String) throws {
        if document.kind(node) == .null {
            throw DecodingError.valueNotFound([String: Any].self, .init(codingPath: codingPath, debugDescription: "Expected \(what) but found null instead."))
        }
        guard document.kind(node) == kind else {
            throw DecodingError.typeMismatch(kind == .object ? [String: Any].self : [Any].self,
                                             .init(codingPath: codingPath, debugDescription: "Expected to decode \(what) but found \(document.element(node)) instead."))
        }
    }

    /// Decodes any `Decodable` at this decoder's node. Built-in scalars, `Decimal`, `URL`, `Date` (seconds
    /// since 2001, like `JSONDecoder`'s default) and `Data` (base64) are converted directly.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if document.kind(node) == .null, !(T.self is any OptionalMarker.Type) {
            throw DecodingError.valueNotFound(T.self, .init(codingPath: codingPath, debugDescription: "Expected \(T.self) value but found null instead."))
        }
        if let scalar = T.self as? any ScalarDecodable.Type {
            return try convert(scalar, as: T.self)
        }
        if T.self == URL.self {
            let text = try convert(String.self, as: String.self)
            guard let url = URL(string: text) as? T else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Invalid URL string."))
            }
            return url
        }
        if T.self == Date.self, let date = Date(timeIntervalSinceReferenceDate: try convert(Double.self, as: Double.self)) as? T {
            return date
        }
        if T.self == Data.self {
            let text = try convert(String.self, as: String.self)
            guard let data = Data(base64Encoded: text) as? T else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Encountered Data is not valid Base64."))
            }
            return data
        }
        return try T(from: self)
    }

    /// Converts with a built-in conversion, mapping failures to the `DecodingError` `JSONDecoder` would throw.
    func convert<S: ScalarDecodable, T>(_ scalar: S.Type, as type: T.Type) throws -> T {
        guard let value = S.convert(document, node: node) else {
            let reason = S.failure(document, node: node)
            if case .unexpectedJSONType(let actual) = reason {
                throw DecodingError.typeMismatch(T.self, .init(codingPath: codingPath, debugDescription: "Expected to decode \(T.self) but found \(actual) instead."))
            }
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(reason)."))
        }
        guard let converted = value as? T else {
            throw DecodingError.typeMismatch(T.self, .init(codingPath: codingPath, debugDescription: "Internal conversion mismatch."))
        }
        return converted
    }
}

/// Lets the bridge recognise `Optional` types, which accept `null`.
protocol OptionalMarker {}
extension Optional: OptionalMarker {}

/// `singleValueContainer()`: the decoder's own value.
struct SingleValueContainer: SingleValueDecodingContainer {
    let decoder: DocumentDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.document.kind(decoder.node) == .null }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(T.self) }
}
