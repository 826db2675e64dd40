// Validating strings: escapes, control characters and UTF-8, without unescaping anything.
//
// The fast path (`plainStringEnd`, PlainTextScanning.swift, inlined in the structure loop) looks at sixteen bytes
// at a time, up to 48, and stops only at a quote, a backslash, a control character or a non-ASCII byte; most
// strings in real JSON are plain ASCII and end there. The rest go on in `scanLongString`, out of line: plain text
// sixteen bytes at a time (`skipPlainASCII`), escapes, and runs of multi-byte characters a character per word load.

// Everything here but `scanString` is `static` and takes the reader as an argument, for the reason JSONParser.swift
// gives: the parser's state stays in registers only while no call is given its address.

extension JSONParser {
    /// Scans the string whose opening quote is at `position`, appends its node and moves past its closing
    /// quote; for keys, also records the key in the enclosing object's duplicate filter (`first`: the object's
    /// first key, which looks for a template).
    ///
    /// Plain ASCII that closes within 48 bytes (most keys and values) is measured here, up to three masks of
    /// sixteen bytes (`plainStringEnd`); anything else goes on in `scanLongString`, out of line, from the first
    /// byte that needs a look, or from the first byte not yet looked at (past 48 plain bytes, or where fewer than
    /// sixteen bytes of input are left).
    @inline(always)
    mutating func scanString(isKey: Bool, first: Bool = false) throws(ParseFailure) {
        let quote = position
        let start = quote &+ 1
        let length: Int
        var hasEscapes = false
        var nonASCII = false
        let stop = plainStringEnd(from: start)
        if stop >= 0 && input.byte(stop) == UInt8(ascii: "\"") {
            length = stop &- start
        } else {
            let scanned = try JSONParser.scanLongString(input, quote: quote, from: stop >= 0 ? stop : ~stop)
            length = (scanned & JSONParser.scannedOffsetMask) &- start
            hasEscapes = scanned & JSONParser.scannedEscapesBit != 0
            nonASCII = scanned & JSONParser.scannedNonASCIIBit != 0
        }
        if length > limits.maximumStringLength {
            throw JSONParser.stringLengthFailure(limits, length: length, quote: quote, isKey: isKey)
        }
        tape.append(TapeNode(stringAt: UInt32(truncatingIfNeeded: start), length: UInt32(truncatingIfNeeded: length), hasEscapes: hasEscapes, nonASCII: nonASCII))
        position = start &+ length &+ 1
        if isKey {
            if first {
                noteFirstKey(start: start, length: length, hasEscapes: hasEscapes)
            } else {
                noteKey(start: start, length: length, hasEscapes: hasEscapes)
            }
        }
    }

    /// `scanLongString`'s result: the closing quote's offset (below 2^32) in the low bits, and two flags (the
    /// library runs on 64-bit platforms only: `ParseLimits.largestReadableInput` does not fit a 32-bit `Int`).
    static let scannedOffsetMask = (1 << 48) - 1, scannedEscapesBit = 1 << 48, scannedNonASCIIBit = 1 << 49

    /// Scans the string whose opening quote is at `quote`, from `start` on (the bytes before it are plain
    /// ASCII): validates its escapes, control characters and UTF-8, and returns its closing quote's offset with
    /// `scannedEscapesBit` and `scannedNonASCIIBit` set as found.
    @inline(never)
    static func scanLongString(_ input: ByteReader, quote: Int, from start: Int) throws(ParseFailure) -> Int {
        var index = start
        var flags = 0
        while true {
            index = skipPlainASCII(input, from: index)
            guard index < input.count else {
                throw ParseFailure(message: "Unterminated string: the input ends before the closing '\"'", offset: quote)
            }
            let byte = input.byte(index)
            if byte == UInt8(ascii: "\"") {
                return index | flags
            } else if byte == UInt8(ascii: "\\") {
                flags |= scannedEscapesBit
                index = try validateEscape(input, at: index)
            } else if byte < 0x20 {
                throw ParseFailure(message: "Unescaped control character U+00\(hex2(byte)) in a string", offset: index)
            } else {
                // Text in non-Latin scripts is mostly multi-byte characters in a row: stay here while it is.
                flags |= scannedNonASCIIBit
                index = try skipMultiByteRun(input, from: index)
            }
        }
    }

    /// Validates the escape whose backslash is at `index`; returns the index after it.
    @inline(never)
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
    /// Five well-formed three-byte characters in a row are checked in one step where sixteen bytes are left
    /// (`ByteReader.startsFiveThreeByteCharacters`, SSE2). Otherwise well-formed two- and three-byte characters
    /// are checked with one word load each (two three-byte characters in a row with one load for both): masks for the
    /// `110xxxxx 10xxxxxx` and `1110xxxx 10xxxxxx 10xxxxxx` patterns, then the lead's payload bits for overlong
    /// forms and, for three bytes, the second byte's 0x20 bit against the lead's low nibble: E0 needs it
    /// set (A0–BF, not overlong), ED needs it clear (80–9F, no surrogates). Anything else, and the last
    /// seven bytes of the input, go through the byte-at-a-time validator.
    @inline(__always)
    private static func skipMultiByteRun(_ input: ByteReader, from start: Int) throws(ParseFailure) -> Int {
        var index = start
        while index + 8 <= input.count {
            // Five CJK characters in one step where sixteen bytes are left (most of twitter.json's Japanese text
            // is in runs of more than ten).
            if index &+ 16 <= input.count && input.startsFiveThreeByteCharacters(index) {
                index &+= 15
                continue
            }
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
