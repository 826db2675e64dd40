import Foundation

// `URL`, `UUID` and `Data` (base64) from JSON strings. A string whose content is not a valid value is an
// `invalidFormat` error naming the text; any other JSON type is `unexpectedJSONType`.

extension APIDecoder {
    /// Reads the string here and converts it with `parse`, recording an error tagged `T` when it cannot.
    func convertString<T>(to type: T.Type, expected: String, _ parse: (String) -> T?) -> T? {
        withContext { context in
            guard node >= 0 else { return nil }
            guard context.document.kind(node) == .string else {
                context.record(wrongType(context.document, node), at: self, decoding: T.self)
                return nil
            }
            let text = context.document.string(node)
            guard let value = parse(text) else {
                context.record(.invalidFormat(value: text, type: "\(T.self)", expected: expected), at: self, decoding: T.self)
                return nil
            }
            return value
        } ?? nil
    }
}

/// `URL`: an absolute or relative URL string (`URL(string:)`).
extension URL: APIDecodable {
    /// Reads a URL string, recording a precise error when it is not one.
    public init?(from decoder: APIDecoder) {
        guard let url = URL._salvageDecode(at: decoder) else { return nil }
        self = url
    }

    /// Converts directly, without a frame of its own.
    public static func _salvageDecode(at decoder: APIDecoder) -> URL? {
        decoder.convertString(to: URL.self, expected: "a URL") { $0.isEmpty ? nil : URL(string: $0) }
    }
}

/// `UUID`: the canonical `8-4-4-4-12` hexadecimal form.
extension UUID: APIDecodable {
    /// Reads a UUID string, recording a precise error when it is not one.
    public init?(from decoder: APIDecoder) {
        guard let uuid = UUID._salvageDecode(at: decoder) else { return nil }
        self = uuid
    }

    /// Converts directly, without a frame of its own.
    public static func _salvageDecode(at decoder: APIDecoder) -> UUID? {
        decoder.convertString(to: UUID.self, expected: "a UUID like 123E4567-E89B-12D3-A456-426614174000") { UUID(uuidString: $0) }
    }
}

/// `Data`: base64 text (RFC 4648, with padding).
extension Data: APIDecodable {
    /// Reads base64 text, recording a precise error when it is not valid base64.
    public init?(from decoder: APIDecoder) {
        guard let data = Data._salvageDecode(at: decoder) else { return nil }
        self = data
    }

    /// Converts directly, without a frame of its own.
    public static func _salvageDecode(at decoder: APIDecoder) -> Data? {
        decoder.convertString(to: Data.self, expected: "base64") { Data(base64Encoded: $0) }
    }
}
