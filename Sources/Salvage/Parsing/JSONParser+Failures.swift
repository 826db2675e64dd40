// The parser's failures and their messages, built out of line.
//
// Every function here is `static`, takes plain values and is never inlined: the structure loop stays small, and
// no failure path is given the parser's address (which would keep its state in memory; see JSONParser.swift).
// Messages of a fixed text are built by `failure(_:at:limit:)`; one, `containerSize`'s, is interpolated in
// `closeContainer` itself (JSONParser.swift says why).
// The messages are part of what users see (`JSONSyntaxError.message`); ParserConformanceTests pins them.

extension JSONParser {
    /// A failure at `offset` with a fixed message.
    @inline(never)
    static func failure(_ message: String, at offset: Int, limit: String? = nil) -> ParseFailure {
        ParseFailure(message: message, offset: offset, limit: limit)
    }

    /// Something other than whitespace after the top-level value.
    @inline(never)
    static func trailingContentFailure(_ input: ByteReader, at offset: Int) -> ParseFailure {
        ParseFailure(message: "Unexpected \(describeByte(input, at: offset)) after the top-level value", offset: offset)
    }

    /// A byte after an element or member that is neither a comma nor the container's closing bracket.
    @inline(never)
    static func separatorFailure(_ input: ByteReader, at offset: Int, inObject: Bool) -> ParseFailure {
        let expected = inObject ? "',' or '}' after an object member" : "',' or ']' after an array element"
        return ParseFailure(message: "Unexpected \(describeByte(input, at: offset)): expected \(expected)", offset: offset)
    }

    /// No string key where an object member starts. A `}` there follows a comma (after `{` it closes an empty
    /// object before any key is looked for).
    @inline(never)
    static func keyFailure(_ input: ByteReader, at offset: Int) -> ParseFailure {
        guard offset < input.count else {
            return ParseFailure(message: "Unexpected end of input: expected a key", offset: offset)
        }
        if input.byte(offset) == UInt8(ascii: "}") {
            return ParseFailure(message: "Trailing comma: expected a key after ','", offset: offset)
        }
        let hint = input.byte(offset) == UInt8(ascii: "'") ? "; keys must use double quotes" : ""
        return ParseFailure(message: "Unexpected \(describeByte(input, at: offset)): expected a string key\(hint)", offset: offset)
    }

    /// No `:` after a key.
    @inline(never)
    static func colonFailure(_ input: ByteReader, at offset: Int) -> ParseFailure {
        guard offset < input.count else {
            return ParseFailure(message: "Unexpected end of input: expected ':'", offset: offset)
        }
        return ParseFailure(message: "Unexpected \(describeByte(input, at: offset)): expected ':' after a key", offset: offset)
    }

    /// A container opened deeper than `maximumDepth`.
    @inline(never)
    static func depthFailure(_ limits: ParseLimits, at offset: Int) -> ParseFailure {
        ParseFailure(message: limits.depthMessage, offset: offset, limit: "maximumDepth")
    }

    /// A `t`, `f` or `n` that does not start `true`, `false` or `null`.
    @inline(never)
    static func literalFailure(_ kind: NodeKind, at offset: Int) -> ParseFailure {
        let literal = kind == .true ? "true" : kind == .false ? "false" : "null"
        return ParseFailure(message: "Invalid literal: expected '\(literal)'", offset: offset)
    }

    /// The failure for a string longer than `maximumStringLength`.
    @inline(never)
    static func stringLengthFailure(_ limits: ParseLimits, length: Int, quote: Int, isKey: Bool) -> ParseFailure {
        ParseFailure(message: "\(isKey ? "Key" : "String") of \(length) bytes is longer than maximumStringLength (\(limits.maximumStringLength) bytes)", offset: quote, limit: "maximumStringLength")
    }

    /// A byte that cannot start a value, at `offset`. In an array (`afterCommaInArray`), a `]` where a value
    /// should start follows a comma: after `[` it closes an empty array before any value is looked for.
    @inline(never)
    static func valueFailure(_ input: ByteReader, at offset: Int, afterCommaInArray: Bool) -> ParseFailure {
        if afterCommaInArray && input.byte(offset) == UInt8(ascii: "]") {
            return ParseFailure(message: "Trailing comma: expected a value after ','", offset: offset)
        }
        return ParseFailure(message: unexpectedValueMessage(input, at: offset), offset: offset)
    }

    /// A message for a byte that cannot start a value, at `offset`, with a hint for the usual mistakes.
    @inline(never)
    static func unexpectedValueMessage(_ input: ByteReader, at offset: Int) -> String {
        let byte = input.byte(offset)
        let what = describeByte(input, at: offset)
        switch byte {
        case UInt8(ascii: "+"): return "Unexpected \(what): a number cannot start with '+'"
        case UInt8(ascii: "."): return "Unexpected \(what): a number must start with a digit"
        case UInt8(ascii: "'"): return "Unexpected \(what): strings must use double quotes"
        case UInt8(ascii: "/"): return "Unexpected \(what): comments are not allowed in JSON"
        case UInt8(ascii: "N"), UInt8(ascii: "I"): return "Unexpected \(what): NaN and Infinity are not valid JSON numbers"
        default: return "Unexpected \(what): expected a value"
        }
    }

    /// `character 'x'` for printable ASCII, `byte 0xNN` otherwise.
    @inline(never)
    static func describeByte(_ input: ByteReader, at offset: Int) -> String {
        let byte = input.byte(offset)
        if byte >= 0x20 && byte < 0x7F {
            return "character '\(Character(Unicode.Scalar(byte)))'"
        }
        return "byte 0x\(hex2(byte))"
    }
}

/// Two upper-case hexadecimal digits.
func hex2(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
}
