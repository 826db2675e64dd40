/// Small questions about the bytes around a position in the window: line starts, line breaks, blanks.
extension RecordStreamEngine {
    /// Whether the byte at `index` begins a line (the byte before it, still in the window, is a line break).
    func startsLine(_ index: Int, _ bytes: ByteReader) -> Bool {
        index > 0 && (bytes[index - 1] == UInt8(ascii: "\n") || bytes[index - 1] == UInt8(ascii: "\r"))
    }

    /// Whether the window holds a byte other than a space or tab at or after `index` (a line break counts).
    func hasNonBlankByte(from index: Int, _ bytes: ByteReader) -> Bool {
        var index = index
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        return index < bytes.count
    }

    /// Whether the window holds a line break (`\n` or `\r`) at or after `index`.
    func hasLineBreak(from index: Int, _ bytes: ByteReader) -> Bool {
        bytes.firstIndex(of: UInt8(ascii: "\n"), from: index, to: bytes.count) != nil
            || bytes.firstIndex(of: UInt8(ascii: "\r"), from: index, to: bytes.count) != nil
    }

    /// Whether an error at `index` can be recorded with the window as it is: its value, the start of its line
    /// (`appendFailure`), is whole in the window (up to the line break or the cut at `maximumValueLength`), or the
    /// stream ends there, or the line is longer than `maximumRecordSize`. The value must not depend on where a chunk
    /// of the stream ended.
    func holdsValue(from index: Int, _ bytes: ByteReader, atEnd: Bool) -> Bool {
        atEnd || bytes.count - index > maximumRecordSize
            || !DecodeDriver.leadingTextScan(of: bytes, from: index, throughLineEnd: true, options: options).readsToEnd
    }

    /// Whether a broken array element at `index`, whose line goes on past the window (a one-line array), is decided
    /// all the same: the `,` or `]` that ends it (`resynchronize`) and its error's whole value are in the window, so
    /// no later byte changes its record. Waiting for a line break instead, a minified array's window grew past
    /// `maximumRecordSize` and a small broken element was reported as a record larger than that.
    func brokenElementIsDecided(at index: Int, _ bytes: ByteReader) -> Bool {
        RecordBoundaries.elementEnd(in: bytes, from: index, to: bytes.count) != nil && holdsValue(from: index, bytes, atEnd: false)
    }

    /// The same for a broken value of NDJSON, whose recovery (`recover`) reads only up to the failing byte and then skips
    /// the rest of its line as it streams by: decided once its error's whole value is in the window, unless it failed
    /// at a `"` (an unterminated string is reported at its opening quote, and later bytes may end it).
    func brokenValueIsDecided(at index: Int, failure: ParseFailure, _ bytes: ByteReader) -> Bool {
        bytes[failure.offset] != UInt8(ascii: "\"") && holdsValue(from: index, bytes, atEnd: false)
    }
}
