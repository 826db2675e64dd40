import Foundation

// Decoding Swift `Decodable` types through Salvage's parser, with every error collected.
extension APIDataDecoder {
    /// Decodes a Swift `Decodable` from UTF-8 JSON `data` through Salvage's parser and Codable bridge, with
    /// the strategies in ``APIDecodeOptions/codable``: the value, or nil and the errors with full paths and
    /// locations — a way to adopt Salvage without rewriting `Codable` models.
    ///
    /// ```swift
    /// var options = APIDecodeOptions()
    /// options.codable.keys = .convertFromSnakeCase
    /// let result = APIDataDecoder(options: options).decode(data: data, toDecodable: User.self)
    /// ```
    ///
    /// `Codable` stops at the first thrown error, so there is at most one error besides invalid JSON.
    public func decode<T: Decodable>(data: Data?, toDecodable type: T.Type) -> APIDecodeResult<T> {
        DecodeDriver.decodeSwift(input: .data(data ?? Data()), to: T.self, options: options)
    }

    /// Decodes a Swift `Decodable` from a JSON string; see ``decode(data:toDecodable:)``.
    public func decode<T: Decodable>(string: String, toDecodable type: T.Type) -> APIDecodeResult<T> {
        DecodeDriver.decodeSwift(input: .array(Array(string.utf8)), to: T.self, options: options)
    }
}

extension DecodeDriver {
    /// Decodes a Swift `Decodable` root through the Codable bridge.
    static func decodeSwift<T: Decodable>(input: InputBytes, to type: T.Type, options: APIDecodeOptions) -> APIDecodeResult<T> {
        parse(input, options: options, ifInvalid: { invalidJSONError($0, for: T.self, options: options) }) { document in
            withRoot(of: document, rootNode: 0, rawInput: input, reportsLocations: true, options: options) {
                $0.decodeRequired(swiftDecodable: T.self)
            }
        }
    }
}
