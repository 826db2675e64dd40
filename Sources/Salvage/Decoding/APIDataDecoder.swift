import Foundation

/// Decodes JSON bytes into an ``APIDecodable`` value, collecting every problem on the way.
///
/// ```swift
/// let result = APIDataDecoder().decode(data: data, to: Person.self)
/// print(result.value as Any)
/// result.errors.forEach { print($0) }
/// ```
///
/// Safe to use from many threads at once; each call is independent.
public final class APIDataDecoder: Sendable {
    /// The options every decode of this decoder uses.
    public let options: APIDecodeOptions

    /// Creates a decoder with the given options.
    public init(options: APIDecodeOptions = APIDecodeOptions()) {
        self.options = options
    }

    /// Decodes UTF-8 JSON `data`. Nil or invalid data gives a nil value and one `invalidJSON` error.
    ///
    /// `options` takes LastMile-style dictionary options (``APIDecodeOptions/rootNodeNameKey``) on top of
    /// this decoder's options.
    public func decode<T: APIDecodable>(data: Data?, to type: T.Type, options: [String: Any] = [:]) -> APIDecodeResult<T> {
        let bytes = data.map { [UInt8]($0) } ?? []
        return DecodeRun.decode(bytes: bytes, rawData: data ?? Data(), to: T.self, options: self.options.merging(options))
    }

    /// Decodes a JSON string.
    public func decode<T: APIDecodable>(string: String, to type: T.Type) -> APIDecodeResult<T> {
        let bytes = Array(string.utf8)
        return DecodeRun.decode(bytes: bytes, rawData: Data(bytes), to: T.self, options: options)
    }

    /// Decodes UTF-8 JSON bytes.
    public func decode<T: APIDecodable>(bytes: [UInt8], to type: T.Type) -> APIDecodeResult<T> {
        DecodeRun.decode(bytes: bytes, rawData: Data(bytes), to: T.self, options: options)
    }
}

/// One decode from start to end: parse, decode the root, collect the errors.
enum DecodeRun {
    static func decode<T: APIDecodable>(bytes: [UInt8], rawData: Data?, to type: T.Type, options: APIDecodeOptions) -> APIDecodeResult<T> {
        let document: JSONDocument
        do {
            document = try JSONDocument.parse(bytes, maximumDepth: options.effectiveMaximumDepth)
        } catch {
            return invalidJSON(error, rawData: rawData, to: T.self, options: options)
        }
        return decode(document: document, rootNode: 0, rawData: rawData, reportsLocations: true, to: T.self, options: options)
    }

    static func decode<T: APIDecodable>(document: JSONDocument, rootNode: Int, rawData: Data?, reportsLocations: Bool, to type: T.Type, options: APIDecodeOptions) -> APIDecodeResult<T> {
        let context = DecodingContext(document: document, rootNode: rootNode, options: options, rawData: rawData, reportsLocations: reportsLocations)
        let frame = context.pushFrame(node: -1, parent: -1, step: .root, type: Void.self)
        let root = APIDecoder(context: context, frame: frame, node: rootNode, parent: -1, step: .root)
        let value = root.decodeRequired(T.self)
        return APIDecodeResult(value: value, errors: context.errors)
    }

    /// The result for input that is not JSON: no value (except for ``ResponseData``) and one error.
    static func invalidJSON<T: APIDecodable>(_ error: JSONSyntaxError, rawData: Data?, to type: T.Type, options: APIDecodeOptions) -> APIDecodeResult<T> {
        if T._salvageDecodesAbsence, let empty = try? JSONDocument.parse(Array("null".utf8)) {
            // ResponseData wants the bytes, not the JSON: give them, with no error.
            return decode(document: empty, rootNode: 0, rawData: rawData, reportsLocations: false, to: T.self, options: options)
        }
        let rootKey = APICodingKey(hashKey: options.rootName, swiftType: T.self)
        return APIDecodeResult(value: nil, errors: [APIDecodeError(path: [rootKey], reason: .invalidJSON(error), location: error.location)])
    }
}
