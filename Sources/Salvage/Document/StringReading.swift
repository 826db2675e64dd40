// Turning string nodes into Swift `String`s, only when a decoder asks.
//
// A string without escapes becomes a `String` straight from its bytes, without a second UTF-8 validation
// (the parser has already validated them). Strings with escapes take `unescapedString(_:isASCIIText:)`, the
// slow path.
//
// Why unsafe: `String(decoding:as:)` validates its input as UTF-8 (and repairs it), and so does
// `String(unsafeUninitializedCapacity:initializingUTF8With:)` after its closure returns: for the strings of
// a document that is a second pass over every byte the parser has just checked (8% of decoding twitter.json
// in the 2026-11-24 profiles). The standard library's one public way to skip that is
// `String(copying: UTF8Span)` with a span made by `UTF8Span(unchecked:isKnownASCII:)`: it copies the bytes
// as they are (the stdlib's own `_uncheckedFromUTF8`), and an invalid byte sequence would make an invalid
// `String`. It is called here for the bytes of string nodes, which `scanString` validated exactly
// (overlongs, surrogates, truncated sequences rejected), and for the output of unescaping them, which is
// valid by construction (see `unescape`), with `isKnownASCII` only when no byte is >= 0x80 (the tape's
// non-ASCII bit, and the `\u` escapes seen), so both promises hold. Escaped strings are unescaped into a
// scratch buffer (stack up to 1 KiB) and copied from there. Where `UTF8Span` is not available (Apple
// systems before the 26 releases), the validating initializer is used.

extension JSONDocument {
    /// The unescaped text of string node `node`.
    @usableFromInline
    func string(_ node: Int) -> String {
        let entry = tape[node]
        let start = Int(entry.start)
        let length = entry.length(in: input)
        // Short strings without escapes: built in place from two word loads (`SmallStrings.swift`); the
        // closing quote follows the text, so 16 bytes from `start` are inside the input except near its end.
        // Not in debug builds: unoptimized, the in-place path's generic helpers cost more than the public one's
        // single call (+1.2% instructions on flaky); `SmallStringTests` checks the builder directly there.
        #if !DEBUG
        if !entry.flag, length <= SmallStringLayout.capacity, start &+ 16 <= input.count, makesSmallStrings {
            return SmallStringLayout.string(low: input.word(start), high: input.word(start &+ 8), count: length)
        }
        #endif
        let text = input.slice(start, length: length)
        let isASCII = entry.isASCIIString
        return entry.flag ? unescapedString(text, isASCIIText: isASCII) : JSONDocument.string(validatedUTF8: text, isASCII: isASCII)
    }

    /// The raw text of any scalar node, as it appears in the input (for numbers: their digits); empty for a
    /// container.
    func rawText(_ node: Int) -> String {
        let entry = tape[node]
        if entry.isContainer { return "" }
        return String(decoding: input.slice(Int(entry.start), length: entry.length(in: input)).buffer, as: UTF8.self)
    }

    /// Decodes the escapes of an already validated string body (`isASCIIText`: the body has no byte >= 0x80).
    /// The text is unescaped into a scratch buffer (on the stack up to 1 KiB) and copied into the `String`
    /// unchecked: a copy costs less than the second validation `String(unsafeUninitializedCapacity:…)` runs.
    /// Kept out of line: `string(_:)` is inlined into every String read, and this is its slow path.
    @inline(never)
    private func unescapedString(_ text: ByteReader, isASCIIText: Bool) -> String {
        // Unescaping never makes the text longer.
        if text.count <= 1024 {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.count) { buffer in
                JSONDocument.unescape(text, isASCIIText: isASCIIText, into: buffer)
            }
        }
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.count)
        defer { buffer.deallocate() }
        return JSONDocument.unescape(text, isASCIIText: isASCIIText, into: buffer)
    }

    /// Unescapes `text` into `output` (at least `text.count` bytes) and returns the result as a `String`.
    ///
    /// The output is valid UTF-8 whenever `text` passed the parser: the runs between backslashes are copied
    /// whole (a backslash is ASCII, so a run is whole characters), and every escape becomes one valid scalar
    /// (U+FFFD for anything that is not one, which the parser never lets through).
    private static func unescape(_ text: ByteReader, isASCIIText: Bool, into output: UnsafeMutableBufferPointer<UInt8>) -> String {
        guard let destination = output.baseAddress, output.count >= text.count else { return "" }
        var written = 0
        var index = 0
        var isASCII = isASCIIText
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
                destination[written] = text[index]
                written += 1
                index += 1
                continue
            }
            let escaped = text[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "b"): destination[written] = 0x08; written += 1
            case UInt8(ascii: "f"): destination[written] = 0x0C; written += 1
            case UInt8(ascii: "n"): destination[written] = 0x0A; written += 1
            case UInt8(ascii: "r"): destination[written] = 0x0D; written += 1
            case UInt8(ascii: "t"): destination[written] = 0x09; written += 1
            case UInt8(ascii: "u"):
                // A truncated `\u` cannot pass the parser; dropped, so the output never outgrows the text.
                guard index + 4 <= text.count else { index = text.count; continue }
                var scalar = UInt32(hexQuad(text, at: index))
                index += 4
                if (0xD800...0xDBFF).contains(scalar), index + 6 <= text.count {
                    // The parser guarantees a low surrogate escape follows.
                    let low = UInt32(hexQuad(text, at: index + 2))
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low &- 0xDC00)
                    index += 6
                }
                if scalar >= 0x80 { isASCII = false }
                // `\u` text is six bytes or twelve for a pair; its UTF-8 is at most three or four.
                for unit in UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") ?? UTF8.EncodedScalar() {
                    destination[written] = unit
                    written += 1
                }
            default:
                // '"', '\\' and '/' stand for themselves.
                destination[written] = escaped
                written += 1
            }
        }
        let result = ByteReader(UnsafeBufferPointer(start: destination, count: written))
        return JSONDocument.string(validatedUTF8: result, isASCII: isASCII)
    }

    private static func hexQuad(_ text: ByteReader, at index: Int) -> UInt16 {
        var value: UInt16 = 0
        for offset in 0..<4 where index + offset < text.count {
            value = value << 4 | UInt16(hexDigitValue(text[index + offset]) ?? 0)
        }
        return value
    }

    /// A `String` holding a copy of `text`, which the parser validated as UTF-8; `isASCII` must be true
    /// only when no byte of `text` is >= 0x80.
    @inline(__always)
    static func string(validatedUTF8 text: ByteReader, isASCII: Bool) -> String {
        #if !DEBUG
        if text.count <= SmallStringLayout.capacity, SmallStringLayout.isVerified {
            return SmallStringLayout.string(text.buffer)
        }
        #endif
        if #available(macOS 26, iOS 26, watchOS 26, tvOS 26, visionOS 26, *) {
            let span = text.buffer.span
            return String(copying: UTF8Span(unchecked: span, isKnownASCII: isASCII))
        }
        return String(decoding: text.buffer, as: UTF8.self)
    }
}
