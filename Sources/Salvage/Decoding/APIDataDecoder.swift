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
    /// The data is read in place, not copied.
    ///
    /// `options` takes LastMile-style dictionary options (``APIDecodeOptions/rootNodeNameKey``) on top of
    /// this decoder's options.
    public func decode<T: APIDecodable>(data: Data?, to type: T.Type, options: [String: Any] = [:]) -> APIDecodeResult<T> {
        DecodeDriver.decode(input: .data(data ?? Data()), to: T.self, options: self.options.merging(options))
    }

    /// Decodes a JSON string.
    public func decode<T: APIDecodable>(string: String, to type: T.Type) -> APIDecodeResult<T> {
        DecodeDriver.decode(input: .array(Array(string.utf8)), to: T.self, options: options)
    }

    /// Decodes UTF-8 JSON bytes. The array is read in place, not copied.
    public func decode<T: APIDecodable>(bytes: [UInt8], to type: T.Type) -> APIDecodeResult<T> {
        DecodeDriver.decode(input: .array(bytes), to: T.self, options: options)
    }
}
