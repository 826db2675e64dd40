/// Where something is in the input: a byte offset plus a 1-based line and column.
///
/// Columns count Unicode scalars (characters as most editors show them), not bytes; a byte order mark that
/// starts the input is not counted (editors hide it). Lines are separated by `\n`, `\r\n` or `\r`. Locations are computed only when an error is described, by rescanning the input up
/// to the offset, so they cost nothing on the happy path.
///
/// ```swift
/// let location = SourceLocation(offset: 12, line: 2, column: 5)
/// print(location) // "line 2, column 5 (byte 12)"
/// ```
public struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Zero-based byte offset into the UTF-8 input.
    public let offset: Int
    /// One-based line number.
    public let line: Int
    /// One-based column, counted in Unicode scalars.
    public let column: Int

    /// Creates a location from its parts.
    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// `line L, column C (byte B)`.
    public var description: String { "line \(line), column \(column) (byte \(offset))" }
}

extension SourceLocation {
    /// The location of the first byte of the input.
    static let start = SourceLocation(offset: 0, line: 1, column: 1)
}
