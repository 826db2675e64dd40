import Foundation

// Finding the line and column of a byte offset: reads the input, so it belongs with the readers of bytes.
extension SourceLocation {
    /// Computes the line and column of `offset` by scanning `bytes` forward from `known`, a location
    /// at or before `offset` (the start of the input by default). `bytesStartTheInput` says that byte 0 of
    /// `bytes` is the input's first byte (not a window's): only then is a byte order mark there left out of
    /// line 1's columns, as editors hide it.
    ///
    /// Errors are usually recorded in document order, so each scan covers only the bytes since the previous
    /// error. Line breaks are found with `memchr`; columns are counted only on the last line, from its
    /// start (or from `known`) to `offset`.
    static func locate(offset: Int, in bytes: ByteReader, from known: SourceLocation = .start, bytesStartTheInput: Bool = true) -> SourceLocation {
        let end = min(max(offset, 0), bytes.count)
        let origin = known.offset <= end ? known : .start
        var line = origin.line
        var lineStart = origin.offset
        var column = origin.column
        if bytes.firstIndex(of: UInt8(ascii: "\r"), from: origin.offset, to: end) == nil {
            // The common case: `\n` is the only line break. Long lines (minified JSON has one) are skipped by
            // `memchr`; from the first short one on, the rest are counted in blocks (`lineFeeds`), which costs
            // less than a call per line.
            while let newline = bytes.firstIndex(of: UInt8(ascii: "\n"), from: lineStart, to: end) {
                let isShortLine = newline - lineStart < Self.shortLine
                line += 1
                lineStart = newline + 1
                column = 1
                if isShortLine {
                    let rest = lineFeeds(in: bytes, from: lineStart, to: end)
                    if rest.count > 0 {
                        line += rest.count
                        lineStart = rest.last + 1
                    }
                    break
                }
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
        if lineStart == 0 && origin == .start && bytesStartTheInput {
            column -= byteOrderMarkColumns(in: bytes, before: end)
        }
        return SourceLocation(offset: end, line: line, column: column)
    }

    /// 1 when `bytes` begin with a UTF-8 byte order mark that ends at or before `end`, else 0: the column the
    /// mark would take at the start of line 1, which editors do not show (the parser skips it, RFC 8259 §8.1).
    static func byteOrderMarkColumns(in bytes: ByteReader, before end: Int) -> Int {
        end >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 1 : 0
    }

    /// Lines shorter than this many bytes are counted in blocks rather than found one `memchr` call each.
    private static let shortLine = 512

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

/// Computes line and column for offsets that mostly arrive in increasing order (errors are recorded in
/// document order), by continuing from the previous answer instead of rescanning from the start.
struct IncrementalLocator {
    /// A location known to come before every offset asked for (the start, or a record's start in a stream).
    private let floor: SourceLocation
    /// The previous answer.
    private var last: SourceLocation
    /// Added to every offset answered: the position of `bytes` in the whole stream when they are a window
    /// of it (streamed records); 0 otherwise. Lines and columns in `last` are already absolute.
    let offsetBase: Int

    init(last: SourceLocation = .start, offsetBase: Int = 0) {
        self.floor = last
        self.last = last
        self.offsetBase = offsetBase
    }

    mutating func locate(offset: Int, in bytes: ByteReader) -> SourceLocation {
        let known = last.offset <= offset ? last : floor
        last = SourceLocation.locate(offset: offset, in: bytes, from: known, bytesStartTheInput: offsetBase == 0)
        return offsetBase == 0 ? last : SourceLocation(offset: last.offset + offsetBase, line: last.line, column: last.column)
    }

    /// Where `offset` is, found from the location known to come before it and without changing the locator
    /// (for a decode that has ended): lines and columns counted in the whole stream, like `locate`'s.
    func locateFromFloor(offset: Int, in bytes: ByteReader) -> SourceLocation {
        let found = SourceLocation.locate(offset: offset, in: bytes, from: floor, bytesStartTheInput: offsetBase == 0)
        return SourceLocation(offset: found.offset + offsetBase, line: found.line, column: found.column)
    }
}
