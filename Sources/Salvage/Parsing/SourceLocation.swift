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
    /// error. The scan skips eight bytes at a time while they hold no line break and no UTF-8 lead byte
    /// outside ASCII, counting columns by the word.
    static func locate(offset: Int, in bytes: ByteReader, from known: SourceLocation = .start) -> SourceLocation {
        let end = min(max(offset, 0), bytes.count)
        let origin = known.offset <= end ? known : .start
        var line = origin.line
        var column = origin.column
        var index = origin.offset
        while index < end {
            if index + 8 <= end {
                let word = bytes.word(index)
                // Plain ASCII without '\n' or '\r': eight more columns.
                let ones: UInt64 = 0x0101_0101_0101_0101
                let high: UInt64 = 0x8080_8080_8080_8080
                let newlines = word ^ (ones &* 0x0A)
                let returns = word ^ (ones &* 0x0D)
                let hasBreak = ((newlines &- ones) & ~newlines | (returns &- ones) & ~returns) & high
                if hasBreak == 0 && word & high == 0 {
                    column += 8
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte == UInt8(ascii: "\r") {
                // "\r\n" counts as one line break, taken at the "\n".
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
                    column += 1
                } else {
                    line += 1
                    column = 1
                }
            } else if byte & 0b1100_0000 != 0b1000_0000 {
                // Not a UTF-8 continuation byte: a new scalar starts here.
                column += 1
            }
            index += 1
        }
        return SourceLocation(offset: end, line: line, column: column)
}
}
