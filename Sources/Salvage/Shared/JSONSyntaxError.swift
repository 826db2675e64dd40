/// Why the input is not valid JSON, and where.
///
/// Produced by Salvage's parser and carried by ``APIDecodeErrorReason/invalidJSON(_:)``.
///
/// ```swift
/// let result = APIDataDecoder().decode(string: "[1, 2,]", to: [Int].self)
/// print(result.errors[0].reason)
/// // Invalid JSON at line 1, column 7 (byte 6): Trailing comma: expected a value after ','
/// ```
public struct JSONSyntaxError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// What is wrong, in words.
    public let message: String
    /// Where the offending byte is.
    public let location: SourceLocation
    /// The limit the input exceeded, when it was rejected by one rather than by the JSON grammar: an option
    /// of ``APIDecodeOptions`` (`maximumDepth`, `maximumStringLength`, `maximumInputSize`) or a limit of
    /// Salvage's own format (`containerSize`: more elements in one array or object than it indexes,
    /// `valueCount`: more values in one document). Such an error has the code `limit_exceeded` instead of
    /// `invalid_json`; nil for input that is not JSON.
    ///
    /// ```swift
    /// var options = APIDecodeOptions()
    /// options.maximumDepth = 1
    /// let error = APIDataDecoder(options: options).decode(string: "[[1]]", to: JSONValue.self).errors[0]
    /// print(error.code)   // limit_exceeded
    /// if case .invalidJSON(let syntax) = error.reason { print(syntax.limit ?? "") }   // maximumDepth
    /// ```
    public let limit: String?

    /// Creates an error from its parts; `limit` names the limit exceeded, if that is why the input was rejected.
    public init(message: String, location: SourceLocation, limit: String? = nil) {
        self.message = message
        self.location = location
        self.limit = limit
    }

    /// `<message> at line L, column C (byte B)`.
    public var description: String { "\(message) at \(location)" }
}
