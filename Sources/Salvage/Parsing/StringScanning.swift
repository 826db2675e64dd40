// Validating strings: escapes, control characters and UTF-8, without unescaping anything.
//
// The fast path (`skipPlainASCII`, PlainTextScanning.swift) looks at sixteen bytes at a time and stops only at
// a quote, a backslash, a control character or a non-ASCII byte; most strings in real JSON are plain ASCII
// and are crossed in a step or two. Runs of multi-byte characters are validated a character per word load.

// The helpers below are `static` and take the reader as an argument: called as methods from the mutating
// `scanString`, they made the compiler copy the whole parser (136 bytes) for every non-ASCII character
// and every escape.

extension JSONParser {
    /// Appends the node of a string of `length` plain ASCII bytes whose opening quote is at `position`
    /// (measured by `shortPlainStringLength`) and moves past its closing quote; for keys, also records the
    /// key in the enclosing object's duplicate filter.
    ///
    /// Never inlined: `@inline(always)` made the structure loop big enough to cost more than the call (canada
    /// +2.2%, the parse suite +6.2% instructions), and so did the optimizer's own inlining once the key
    /// filter's walk moved out of it (canada +2.2%, parse +4.6%).
    @inline(never)
    mutating func appendShortPlainString(length: Int, isKey: Bool) throws(ParseFailure) {
        let quote = position
        if length > limits.maximumStringLength {
            throw JSONParser.stringLengthFailure(limits, length: length, quote: quote, isKey: isKey)
        }
        tape.append(TapeNode(stringAt: UInt32(truncatingIfNeeded: quote &+ 1), length: UInt32(truncatingIfNeeded: length), hasEscapes: false, nonASCII: false))
        position = quote &+ length &+ 2
        if isKey {
            noteKey(start: quote &+ 1, length: length, hasEscapes: false)
        }
    }

    /// The failure for a string longer than `maximumStringLength`. Never inlined: building the message in
    /// `appendShortPlainString` gave the common path a bigger stack frame and more saved registers.
    @inline(never)
    static func stringLengthFailure(_ limits: ParseLimits, length: Int, quote: Int, isKey: Bool) -> ParseFailure {
        ParseFailure(message: "\(isKey ? "Key" : "String") of \(length) bytes is longer than maximumStringLength (\(limits.maximumStringLength) bytes)", offset: quote, limit: "maximumStringLength")
    }

    /// Scans the string starting at the quote at `position` and appends its node.
    /// For keys, also records the key in the enclosing object's duplicate filter.
    mutating func scanString(isKey: Bool) throws(ParseFailure) {
        let quote = position
        var index = quote + 1
        var hasEscapes = false
        var nonASCII = false
        while true {
            index = skipPlainASCII(from: index)
            guard index < input.count else {
                throw ParseFailure(message: "Unterminated string: the input ends before the closing '\"'", offset: quote)
            }
            let byte = input.byte(index)
            if byte == UInt8(ascii: "\"") {
                break
            } else if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                index = try JSONParser.validateEscape(input, at: index)
            } else if byte < 0x20 {
                throw ParseFailure(message: "Unescaped control character U+00\(hex2(byte)) in a string", offset: index)
            } else {
                // Text in non-Latin scripts is mostly multi-byte characters in a row: stay here while it is.
                nonASCII = true
                index = try JSONParser.skipMultiByteRun(input, from: index)
            }
        }
        let length = index - quote - 1
        if length > limits.maximumStringLength {
            throw JSONParser.stringLengthFailure(limits, length: length, quote: quote, isKey: isKey)
        }
        tape.append(TapeNode(stringAt: UInt32(truncatingIfNeeded: quote + 1), length: UInt32(truncatingIfNeeded: length), hasEscapes: hasEscapes, nonASCII: nonASCII))
        position = index + 1
        if isKey {
            noteKey(start: quote + 1, length: length, hasEscapes: hasEscapes)
        }
    }

    /// Validates the escape whose backslash is at `index`; returns the index after it.
    private static func validateEscape(_ input: ByteReader, at index: Int) throws(ParseFailure) -> Int {
        guard index + 1 < input.count else {
            throw ParseFailure(message: "Unterminated string: the input ends inside an escape sequence", offset: index)
        }
        switch input.byte(index + 1) {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return index + 2
        case UInt8(ascii: "u"):
            let unit = try hexQuad(input, at: index + 2, escapeStart: index)
            switch unit {
            case 0xD800...0xDBFF:
                // A high surrogate must be followed by an escaped low surrogate.
                guard index + 7 < input.count, input.byte(index + 6) == UInt8(ascii: "\\"), input.byte(index + 7) == UInt8(ascii: "u") else {
                    throw ParseFailure(message: "Unpaired UTF-16 surrogate \\u\(hex4(unit)) in a string", offset: index)
                }
                let low = try hexQuad(input, at: index + 8, escapeStart: index + 6)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw ParseFailure(message: "Unpaired UTF-16 surrogate \\u\(hex4(unit)) in a string", offset: index)
                }
                return index + 12
            case 0xDC00...0xDFFF:
                throw ParseFailure(message: "Unpaired UTF-16 surrogate \\u\(hex4(unit)) in a string", offset: index)
            default:
                return index + 6
            }
        default:
            let escaped = JSONParser.describeByte(input, at: index + 1)
            throw ParseFailure(message: "Invalid escape sequence: '\\' followed by \(escaped)", offset: index)
        }
    }

    /// Reads four hex digits at `index`.
    private static func hexQuad(_ input: ByteReader, at index: Int, escapeStart: Int) throws(ParseFailure) -> UInt16 {
        var value: UInt16 = 0
        for offset in 0..<4 {
            guard index + offset < input.count else {
                throw ParseFailure(message: "Unterminated string: the input ends inside a \\u escape", offset: escapeStart)
            }
            guard let digit = hexDigitValue(input.byte(index + offset)) else {
                throw ParseFailure(message: "Invalid \\u escape: expected four hexadecimal digits", offset: escapeStart)
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// Skips the run of multi-byte UTF-8 characters starting at `start` (a byte >= 0x80); returns the index
    /// of the first ASCII byte after it (or `input.count`).
    ///
    /// Well-formed two- and three-byte characters are checked with one word load each (two three-byte
    /// characters in a row with one load for both): masks for the
    /// `110xxxxx 10xxxxxx` and `1110xxxx 10xxxxxx 10xxxxxx` patterns, then the lead's payload bits for overlong
    /// forms and, for three bytes, the second byte's 0x20 bit against the lead's low nibble: E0 needs it
    /// set (A0–BF, not overlong), ED needs it clear (80–9F, no surrogates). Anything else, and the last
    /// seven bytes of the input, go through the byte-at-a-time validator.
    @inline(__always)
    private static func skipMultiByteRun(_ input: ByteReader, from start: Int) throws(ParseFailure) -> Int {
        var index = start
        while index + 8 <= input.count {
            let word = input.word(index)
            if word & 0x80 == 0 { return index }
            // Two three-byte characters in a row (most of a run of CJK text): both patterns and both
            // leads' checks from the same word, six bytes per step.
            if word & 0xC0C0_F0C0_C0F0 == 0x8080_E080_80E0 {
                let first = word & 0x200F
                let second = (word &>> 24) & 0x200F
                if first != 0 && first != 0x200D && second != 0 && second != 0x200D {
                    index += 6
                    continue
                }
            }
            if word & 0x00C0_C0F0 == 0x0080_80E0 {
                let bits = word & 0x200F
                if bits != 0 && bits != 0x200D {
                    index += 3
                    continue
                }
            } else if word & 0xC0E0 == 0x80C0 && word & 0x1E != 0 {
                index += 2
                continue
            }
            index = try validateUTF8Sequence(input, at: index)
        }
        while index < input.count && input.byte(index) >= 0x80 {
            index = try validateUTF8Sequence(input, at: index)
        }
        return index
    }

    /// Validates one multi-byte UTF-8 sequence whose lead byte is at `index`; returns the index after it.
    /// Rejects stray continuation bytes, overlong forms, encoded surrogates, values above U+10FFFF and
    /// truncated sequences.
    private static func validateUTF8Sequence(_ input: ByteReader, at index: Int) throws(ParseFailure) -> Int {
        let lead = input.byte(index)
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        case 0x80...0xBF:
            throw ParseFailure(message: "Invalid UTF-8: unexpected continuation byte 0x\(hex2(lead))", offset: index)
        case 0xC0, 0xC1:
            throw ParseFailure(message: "Invalid UTF-8: overlong encoding starting with byte 0x\(hex2(lead))", offset: index)
        default:
            throw ParseFailure(message: "Invalid UTF-8: byte 0x\(hex2(lead)) cannot appear in UTF-8", offset: index)
        }
        for offset in 1..<length {
            guard index + offset < input.count else {
                throw ParseFailure(message: "Invalid UTF-8: the input ends inside a multi-byte character", offset: index)
            }
            let byte = input.byte(index + offset)
            let range = offset == 1 ? secondRange : 0x80...0xBF
            guard range.contains(byte) else {
                let why: String
                if offset == 1 && lead == 0xED && byte >= 0xA0 && byte <= 0xBF {
                    why = "a UTF-16 surrogate encoded in UTF-8"
                } else if offset == 1 && (lead == 0xE0 || lead == 0xF0) && byte >= 0x80 && byte <= 0xBF {
                    why = "an overlong encoding"
                } else if offset == 1 && lead == 0xF4 && byte >= 0x90 && byte <= 0xBF {
                    why = "a code point above U+10FFFF"
                } else {
                    why = "a truncated multi-byte character"
                }
                throw ParseFailure(message: "Invalid UTF-8: \(why) (lead byte 0x\(hex2(lead)), then 0x\(hex2(byte)))", offset: index)
            }
        }
        return index + length
    }
}

/// The value of one hexadecimal digit, or nil.
@inline(__always)
func hexDigitValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte &- UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte &- UInt8(ascii: "a") &+ 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte &- UInt8(ascii: "A") &+ 10
    default: return nil
    }
}

/// Four upper-case hexadecimal digits.
func hex4(_ value: UInt16) -> String {
    hex2(UInt8(truncatingIfNeeded: value >> 8)) + hex2(UInt8(truncatingIfNeeded: value))
}
