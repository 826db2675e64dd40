// Turning string nodes into Swift `String`s, only when a decoder asks.
//
// A string without escapes becomes a `String` straight from its bytes (the parser has already validated the
// UTF-8). Strings with escapes take `unescapedString(_:)`, the slow path.

extension JSONDocument {
    /// The unescaped text of string node `node`.
    @usableFromInline
    func string(_ node: Int) -> String {
        let entry = tape[node]
        let start = Int(entry.start)
        let length = Int(entry.extent)
        let text = input.slice(start, length: length)
        return entry.flag ? unescapedString(text) : String(decoding: text.buffer, as: UTF8.self)
    }

    /// The raw text of any scalar node, as it appears in the input (for numbers: their digits).
    func rawText(_ node: Int) -> String {
        let entry = tape[node]
        let start = Int(entry.start)
        let length = entry.isContainer ? 0 : Int(entry.extent)
        return String(decoding: input.slice(start, length: length).buffer, as: UTF8.self)
    }

    /// Decodes the escapes of an already validated string body, writing UTF-8 straight into the new
    /// `String`'s storage (unescaping never makes the text longer).
    private func unescapedString(_ text: ByteReader) -> String {
        String(unsafeUninitializedCapacity: text.count) { output in
            guard let destination = output.baseAddress else { return 0 }
            var written = 0
            var index = 0
            while index < text.count {
                // The text up to the next backslash in one copy (URLs escape every '/': "https:\/\/t.co\/…").
                let runEnd = text.firstIndex(of: UInt8(ascii: "\\"), from: index, to: text.count) ?? text.count
                if runEnd > index {
                    (destination + written).initialize(from: text.base + index, count: runEnd - index)
                    written += runEnd - index
                    index = runEnd
                    continue
                }
                guard index + 1 < text.count else {
                    // A lone trailing backslash cannot pass the parser; copied as is, for safety.
                    output[written] = text[index]
                    written += 1
                    index += 1
                    continue
                }
                let escaped = text[index + 1]
                index += 2
                switch escaped {
                case UInt8(ascii: "b"): output[written] = 0x08; written += 1
                case UInt8(ascii: "f"): output[written] = 0x0C; written += 1
                case UInt8(ascii: "n"): output[written] = 0x0A; written += 1
                case UInt8(ascii: "r"): output[written] = 0x0D; written += 1
                case UInt8(ascii: "t"): output[written] = 0x09; written += 1
                case UInt8(ascii: "u"):
                    var scalar = UInt32(hexQuad(text, at: index))
                    index += 4
                    if (0xD800...0xDBFF).contains(scalar), index + 6 <= text.count {
                        // The parser guarantees a low surrogate escape follows.
                        let low = UInt32(hexQuad(text, at: index + 2))
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low &- 0xDC00)
                        index += 6
                    }
                    for unit in UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") ?? UTF8.EncodedScalar() {
                        output[written] = unit
                        written += 1
                    }
                default:
                    // '"', '\\' and '/' stand for themselves.
                    output[written] = escaped
                    written += 1
                }
            }
            return written
        }
    }

    private func hexQuad(_ text: ByteReader, at index: Int) -> UInt16 {
        var value: UInt16 = 0
        for offset in 0..<4 where index + offset < text.count {
            value = value << 4 | UInt16(hexDigitValue(text[index + offset]) ?? 0)
        }
        return value
    }
}
