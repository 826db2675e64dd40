/// What an error about input that is not JSON keeps of it: its first bytes as ``APIDecodeError/value``, so
/// an HTML error page or a plain-text "Service Unavailable" is recognisable in the logs.
extension DecodeDriver {
    /// The `value` of an error about the input (or the record) starting at `start` in `bytes`: its text from
    /// the first byte that is not whitespace or a byte order mark, cut to ``APIDecodeOptions/maximumValueLength``
    /// characters like any value (and then ending with `…`), to the end of that line when `throughLineEnd` (a
    /// record that is a stray byte order mark alone on its line: nil).
    /// Bytes that are not UTF-8 show as U+FFFD, line breaks and tabs as spaces and other control characters as
    /// U+FFFD, so a binary response renders safely. `<redacted>` when the decode redacts values (any byte of a
    /// page may be a redacted value), nil when values are not kept or there is no text.
    static func leadingText(of bytes: ByteReader, from start: Int, throughLineEnd: Bool, options: APIDecodeOptions) -> String? {
        leadingTextScan(of: bytes, from: start, throughLineEnd: throughLineEnd, options: options).text
    }

    /// `leadingText`, and whether that text ran into the end of `bytes` before its own end (a line break, or the cut
    /// at `maximumValueLength`): then bytes after these — a stream's next chunk — would change it.
    static func leadingTextScan(of bytes: ByteReader, from start: Int, throughLineEnd: Bool, options: APIDecodeOptions)
        -> (text: String?, readsToEnd: Bool) {
        guard options.keepsValues else { return (nil, false) }
        var first = start
        let hasMark = first + 2 < bytes.count && bytes.byte(first) == 0xEF && bytes.byte(first + 1) == 0xBB && bytes.byte(first + 2) == 0xBF
        if hasMark { first += 3 }
        while first < bytes.count, isWhitespace(bytes.byte(first)) {
            // A stream's record that is a stray byte order mark (not the input's own, at its start) keeps its own
            // line: past the line break is the next line's text, not the record's, which the window need not hold.
            if throughLineEnd && hasMark && start > 0 && isLineBreak(bytes.byte(first)) { return (nil, false) }
            first += 1
        }
        guard first < bytes.count else { return (nil, true) }
        guard options.redactedKeys.isEmpty && options.redactedPaths.isEmpty else { return (redactedText, false) }
        // Enough bytes for `maximumValueLength` characters of up to 8 bytes, and one more to know it was cut;
        // when that is still too few characters (a family emoji is 25 bytes), read twice as many.
        let limit = max(0, options.maximumValueLength)
        var budget = limit >= (Int.max - 16) / 8 ? bytes.count - first : limit * 8 + 8
        while true {
            var end = first
            while end < bytes.count && end - first < budget {
                let byte = bytes.byte(end)
                if throughLineEnd && (byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")) { break }
                end += 1
            }
            let stoppedEarly = end - first >= budget && end < bytes.count
            // A read that stopped early ends at a whole scalar (a cut one would read as U+FFFD, a character
            // of its own); then more than `limit` characters means the first `limit` are whole (only the
            // last one read can be cut short), and they are the value, with `…`.
            let text = printableText(of: bytes, from: first, to: stoppedEarly ? scalarBoundary(in: bytes, before: end, after: first) : end)
            if text.count > limit { return (String(text.prefix(limit)) + "…", false) }
            if !stoppedEarly { return (text, end == bytes.count) }
            budget = budget > (bytes.count - first) / 2 ? bytes.count - first : budget * 2
        }
    }

    /// `end`, or the start of the UTF-8 sequence that `end` cuts (not before `first`).
    private static func scalarBoundary(in bytes: ByteReader, before end: Int, after first: Int) -> Int {
        var lead = end - 1
        while lead > first && lead > end - 4 && bytes.byte(lead) & 0xC0 == 0x80 { lead -= 1 }
        guard lead >= first else { return end }
        let byte = bytes.byte(lead)
        let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        return lead + length > end ? lead : end
    }

    /// The bytes `first ..< end` as text: not UTF-8 as U+FFFD, line breaks and tabs as spaces, other control
    /// characters as U+FFFD.
    private static func printableText(of bytes: ByteReader, from first: Int, to end: Int) -> String {
        var raw: [UInt8] = []
        raw.reserveCapacity(end - first)
        for index in first ..< end { raw.append(bytes.byte(index)) }
        var text = ""
        for scalar in String(decoding: raw, as: UTF8.self).unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: text.unicodeScalars.append(" ")
            case 0x00 ..< 0x20, 0x7F: text.unicodeScalars.append("\u{FFFD}")
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    private static func isLineBreak(_ byte: UInt8) -> Bool {
        byte == 0x0A || byte == 0x0D
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
