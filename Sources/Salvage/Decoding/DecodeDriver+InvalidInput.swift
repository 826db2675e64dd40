/// What an error about input that is not JSON keeps of it: its first bytes as ``APIDecodeError/value``, so
/// an HTML error page or a plain-text "Service Unavailable" is recognisable in the logs.
extension DecodeDriver {
    /// The `value` of an error about the input (or the record) starting at `start` in `bytes`: its text from
    /// the first byte that is not whitespace or a byte order mark, cut to ``APIDecodeOptions/maximumValueLength``
    /// characters like any value (and then ending with `…`), to the end of that line when `throughLineEnd`.
    /// Bytes that are not UTF-8 show as U+FFFD, line breaks and tabs as spaces and other control characters as
    /// U+FFFD, so a binary response renders safely. `<redacted>` when the decode redacts values (any byte of a
    /// page may be a redacted value), nil when values are not kept or there is no text.
    static func leadingText(of bytes: ByteReader, from start: Int, throughLineEnd: Bool, options: APIDecodeOptions) -> String? {
        guard options.keepsValues else { return nil }
        var first = start
        if first + 2 < bytes.count && bytes.byte(first) == 0xEF && bytes.byte(first + 1) == 0xBB && bytes.byte(first + 2) == 0xBF {
            first += 3
        }
        while first < bytes.count, isWhitespace(bytes.byte(first)) { first += 1 }
        guard first < bytes.count else { return nil }
        guard options.redactedKeys.isEmpty && options.redactedPaths.isEmpty else { return redactedText }
        // Enough bytes for `maximumValueLength` characters of up to 8 bytes, and one more to know it was cut.
        let limit = max(0, options.maximumValueLength)
        let budget = limit >= (Int.max - 16) / 8 ? bytes.count - first : limit * 8 + 8
        var end = first
        while end < bytes.count && end - first < budget {
            let byte = bytes.byte(end)
            if throughLineEnd && (byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")) { break }
            end += 1
        }
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
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "…"
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
