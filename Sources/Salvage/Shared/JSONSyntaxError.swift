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

    /// Creates an error from its parts.
    public init(message: String, location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// `<message> at line L, column C (byte B)`.
    public var description: String { "\(message) at \(location)" }
}
