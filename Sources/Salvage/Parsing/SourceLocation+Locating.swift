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
        column += scalarCount(in: bytes, from: lineStart, to: end, bytesStartTheInput: bytesStartTheInput)
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

    /// The number of Unicode scalars in `start ..< end`, eight bytes at a time while they are ASCII. A `\r` of a
    /// `\r\n` counts as a column, as the line break is taken at the `\n`.
    ///
    /// Bytes that are not UTF-8 count as `String(decoding:as: UTF8.self)` shows them — one U+FFFD for each
    /// maximal subpart of an ill-formed sequence (a stray continuation byte is one) — so that the column agrees
    /// with the line `APIDecodeError.diagnostic(source:)` shows. Only a broken element of a streamed array is
    /// followed by more errors on its line; counting lead bytes alone put their carets left of their values.
    static func scalarCount(in bytes: ByteReader, from start: Int, to end: Int, bytesStartTheInput: Bool) -> Int {
        var count = 0
        var index = start
        if index < end && bytes[index] & 0b1100_0000 == 0b1000_0000 {
            index = endOfCharacter(continuedAt: index, in: bytes, end: end, bytesStartTheInput: bytesStartTheInput)
        }
        while index + 8 <= end, bytes.word(index) & 0x8080_8080_8080_8080 == 0 {
            count += 8
            index += 8
        }
        while index < end {
            count += 1
            index += bytes[index] < 0x80 ? 1 : sequenceLength(in: bytes, at: index, end: end)
        }
        return count
    }

    /// Where counting goes on when it starts at `index`, a continuation byte: after the character (or U+FFFD)
    /// that began before `index` and goes on through it — counted with the column already known — or at
    /// `index` itself when it is a stray byte (no lead in the three bytes before it takes it), a U+FFFD of its
    /// own. When the bytes before `index` are not at hand (a stream's window starts there, not the input), the
    /// continuation bytes are taken to belong to the character before them.
    private static func endOfCharacter(continuedAt index: Int, in bytes: ByteReader, end: Int, bytesStartTheInput: Bool) -> Int {
        for back in 1 ... 3 {
            let lead = index - back
            guard lead >= 0 else {
                if bytesStartTheInput { return index }
                var next = index
                while next < end && bytes[next] & 0b1100_0000 == 0b1000_0000 { next += 1 }
                return next
            }
            let byte = bytes[lead]
            if byte & 0b1100_0000 == 0b1000_0000 { continue }
            if byte < 0x80 { return index }
            let length = sequenceLength(in: bytes, at: lead, end: end)
            return lead + length > index ? lead + length : index
        }
        return index
    }

    /// The bytes one scalar takes at `index` (a non-ASCII lead byte), or, where the bytes are not UTF-8, the
    /// bytes of the maximal subpart that one U+FFFD stands for (at least 1): the lead byte and the continuation
    /// bytes that are valid after it (Unicode's table 3-7), none past `end`.
    static func sequenceLength(in bytes: ByteReader, at index: Int, end: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80 ... 0xBF
        switch lead {
        case 0xC2 ... 0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0 ... 0xBF
        case 0xED: length = 3; secondRange = 0x80 ... 0x9F
        case 0xE1 ... 0xEF: length = 3
        case 0xF0: length = 4; secondRange = 0x90 ... 0xBF
        case 0xF4: length = 4; secondRange = 0x80 ... 0x8F
        case 0xF1 ... 0xF3: length = 4
        default: return 1
        }
        var taken = 1
        while taken < length, index + taken < end {
            let byte = bytes[index + taken]
            guard (taken == 1 ? secondRange : 0x80 ... 0xBF).contains(byte) else { break }
            taken += 1
        }
        return taken
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
