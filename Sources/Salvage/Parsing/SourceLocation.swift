/// Where something is in the input: a byte offset plus a 1-based line and column.
///
/// Columns count Unicode scalars (characters as most editors show them), not bytes; lines are separated by
/// `\n`, `\r\n` or `\r`. Locations are computed only when an error is described, by rescanning the input up
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

    /// Computes the line and column of `offset` by scanning `bytes` forward from `known`, a location
    /// at or before `offset` (the start of the input by default).
    ///
    /// Errors are usually recorded in document order, so each scan covers only the bytes since the previous
    /// error. Line breaks are found with `memchr`; columns are counted only on the last line, from its
    /// start (or from `known`) to `offset`.
    static func locate(offset: Int, in bytes: ByteReader, from known: SourceLocation = .start) -> SourceLocation {
        let end = min(max(offset, 0), bytes.count)
        let origin = known.offset <= end ? known : .start
        var line = origin.line
        var lineStart = origin.offset
        var column = origin.column
        if bytes.firstIndex(of: UInt8(ascii: "\r"), from: origin.offset, to: end) == nil {
            // The common case: `\n` is the only line break.
            while let newline = bytes.firstIndex(of: UInt8(ascii: "\n"), from: lineStart, to: end) {
                line += 1
                lineStart = newline + 1
                column = 1
            }
        } else {
            var index = origin.offset
            while index < end {
                let byte = bytes[index]
                // "\r\n" counts as one line break, taken at the "\n".
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") && !(index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n")) {
                    line += 1
                    lineStart = index + 1
                    column = 1
                }
                index += 1
            }
        }
        column += scalarCount(in: bytes, from: lineStart, to: end)
        return SourceLocation(offset: end, line: line, column: column)
    }

    /// The number of Unicode scalars that start in `start ..< end` (bytes that are not UTF-8 continuation
    /// bytes), eight bytes at a time while they are ASCII. A `\r` of a `\r\n` counts as a column, as the
    /// line break is taken at the `\n`.
    private static func scalarCount(in bytes: ByteReader, from start: Int, to end: Int) -> Int {
        var count = 0
        var index = start
        while index + 8 <= end, bytes.word(index) & 0x8080_8080_8080_8080 == 0 {
            count += 8
            index += 8
        }
        while index < end {
            if bytes[index] & 0b1100_0000 != 0b1000_0000 { count += 1 }
            index += 1
        }
        return count
    }
}
