// RFC 8259 conformance of Salvage's parser: invalid documents, their messages and positions (the suite and its method are in
// ParserConformanceTests.swift).

import Foundation
import Salvage
import Testing

extension ParserConformanceTests {
    // MARK: - Invalid documents

    struct InvalidCase: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let message: String
        let location: Salvage.SourceLocation

        /// A single-line, ASCII-only-before-the-error case: column = offset + 1.
        init(_ name: String, _ text: String, _ message: String, at offset: Int) {
            self.init(name, bytes: utf8(text), message, offset: offset, line: 1, column: offset + 1)
        }

        init(_ name: String, _ text: String, _ message: String, offset: Int, line: Int, column: Int) {
            self.init(name, bytes: utf8(text), message, offset: offset, line: line, column: column)
        }

        init(_ name: String, bytes: [UInt8], _ message: String, at offset: Int) {
            self.init(name, bytes: bytes, message, offset: offset, line: 1, column: offset + 1)
        }

        init(_ name: String, bytes: [UInt8], _ message: String, offset: Int, line: Int, column: Int) {
            self.name = name
            self.bytes = bytes
            self.message = message
            self.location = Location(offset: offset, line: line, column: column)
        }

        var testDescription: String { "\(name): \(render(bytes))" }
    }

    static let q = UInt8(ascii: "\"")

    // Split into several literals so that each type-checks quickly.
    static let invalidCases1: [InvalidCase] = [
        // Empty input.
        InvalidCase("empty input", "", "The input is empty", at: 0),
        InvalidCase("whitespace only", " \t\r\n ", "The input contains no JSON value", offset: 5, line: 2, column: 2),
        InvalidCase("byte order mark only", "\u{FEFF}", "The input contains no JSON value", offset: 3, line: 1, column: 1),
        InvalidCase("two byte order marks", "\u{FEFF}\u{FEFF}1", "Unexpected byte 0xEF: expected a value", offset: 3, line: 1, column: 1),
        InvalidCase("byte order mark after whitespace", " \u{FEFF}1", "Unexpected byte 0xEF: expected a value", at: 1),

        // Trailing and misplaced commas.
        InvalidCase("trailing comma in array", "[1,]", "Trailing comma: expected a value after ','", at: 3),
        InvalidCase("trailing comma in array before newline", "[1,\n]", "Trailing comma: expected a value after ','", offset: 4, line: 2, column: 1),
        InvalidCase("trailing comma in object", #"{"a":1,}"#, "Trailing comma: expected a key after ','", at: 7),
        InvalidCase("trailing comma in object with spaces", #"{"a":1 , }"#, "Trailing comma: expected a key after ','", at: 9),
        InvalidCase("lone comma in array", "[,]", "Unexpected character ',': expected a value", at: 1),
        InvalidCase("leading comma in array", "[,1]", "Unexpected character ',': expected a value", at: 1),
        InvalidCase("double comma", "[1,,2]", "Unexpected character ',': expected a value", at: 3),
        InvalidCase("lone comma in object", "{,}", "Unexpected character ',': expected a string key", at: 1),

        // Numbers.
        InvalidCase("leading zero", "01", "Invalid number: leading zeros are not allowed", at: 0),
        InvalidCase("negative leading zero", "-01", "Invalid number: leading zeros are not allowed", at: 0),
        InvalidCase("double zero in array", "[1,00]", "Invalid number: leading zeros are not allowed", at: 3),
        InvalidCase("plus sign", "+1", "Unexpected character '+': a number cannot start with '+'", at: 0),
        InvalidCase("plus sign in array", "[+1]", "Unexpected character '+': a number cannot start with '+'", at: 1),
        InvalidCase("leading decimal point", ".5", "Unexpected character '.': a number must start with a digit", at: 0),
        InvalidCase("trailing decimal point", "1.", "Invalid number: expected a digit after the decimal point", at: 2),
        InvalidCase("decimal point before exponent", "1.e5", "Invalid number: expected a digit after the decimal point", at: 2),
        InvalidCase("decimal point before bracket", "[1.]", "Invalid number: expected a digit after the decimal point", at: 3),
        InvalidCase("empty exponent", "1e", "Invalid number: expected a digit in the exponent", at: 2),
        // Digit runs are skipped eight at a time: what follows a run of 8 or more digits is still checked.
        InvalidCase("letter after eight digits", "[12345678a]", "Unexpected character 'a': expected ',' or ']' after an array element", at: 9),
        InvalidCase("letter after nine digits", "[123456789a]", "Unexpected character 'a': expected ',' or ']' after an array element", at: 10),
        InvalidCase("colon inside a long fraction", "[0.1234567:89]", "Unexpected character ':': expected ',' or ']' after an array element", at: 10),
        InvalidCase("point after sixteen digits", "1234567890123456.", "Invalid number: expected a digit after the decimal point", at: 17),
        InvalidCase("exponent sign after long digits", "12345678e+", "Invalid number: expected a digit in the exponent", at: 10),
        InvalidCase("exponent sign only", "1e+", "Invalid number: expected a digit in the exponent", at: 3),
        InvalidCase("exponent sign then letter", "1E-x", "Invalid number: expected a digit in the exponent", at: 3),
        InvalidCase("minus alone", "-", "Invalid number: expected a digit after '-', found end of input", at: 1),
        InvalidCase("minus then letter", "-a", "Invalid number: expected a digit after '-', found character 'a'", at: 1),
        InvalidCase("minus then bracket", "[-]", "Invalid number: expected a digit after '-', found character ']'", at: 2),
        InvalidCase("double minus", "--1", "Invalid number: expected a digit after '-', found character '-'", at: 1),
        InvalidCase("minus then space", "- 1", "Invalid number: expected a digit after '-', found character ' '", at: 1),
        InvalidCase("NaN", "NaN", "Unexpected character 'N': NaN and Infinity are not valid JSON numbers", at: 0),
        InvalidCase("NaN in array", "[NaN]", "Unexpected character 'N': NaN and Infinity are not valid JSON numbers", at: 1),
        InvalidCase("Infinity", "Infinity", "Unexpected character 'I': NaN and Infinity are not valid JSON numbers", at: 0),
        InvalidCase("-Infinity", "-Infinity",
                    "Invalid number: expected a digit after '-', found character 'I'; NaN and Infinity are not valid JSON numbers", at: 1),
        InvalidCase("-NaN", "-NaN",
                    "Invalid number: expected a digit after '-', found character 'N'; NaN and Infinity are not valid JSON numbers", at: 1),
        InvalidCase("lower-case nan", "[nan]", "Invalid literal: expected 'null'", at: 1),
        InvalidCase("hexadecimal", "0x1F", "Unexpected character 'x' after the top-level value", at: 1),
        InvalidCase("two decimal points", "1.5.3", "Unexpected character '.' after the top-level value", at: 3),
        InvalidCase("fraction after exponent", "[1e5.0]", "Unexpected character '.': expected ',' or ']' after an array element", at: 4),
        InvalidCase("full-width digit", "１", "Unexpected byte 0xEF: expected a value", at: 0),

    ]

    static let invalidCases2: [InvalidCase] = [
        // Comments.
        InvalidCase("line comment", "// c\n1", "Unexpected character '/': comments are not allowed in JSON", at: 0),
        InvalidCase("block comment", "/* c */ 1", "Unexpected character '/': comments are not allowed in JSON", at: 0),
        InvalidCase("block comment after element", "[1 /* c */]", "Unexpected character '/': expected ',' or ']' after an array element", at: 3),
        InvalidCase("line comment after comma", "[1, // c\n2]", "Unexpected character '/': comments are not allowed in JSON", at: 4),
        InvalidCase("comment after top-level value", "1 // c", "Unexpected character '/' after the top-level value", at: 2),
        InvalidCase("hash comment", "# c\n1", "Unexpected character '#': expected a value", at: 0),

        // Quotes.
        InvalidCase("single-quoted string", "'a'", "Unexpected character ''': strings must use double quotes", at: 0),
        InvalidCase("single-quoted string in array", "['a']", "Unexpected character ''': strings must use double quotes", at: 1),
        InvalidCase("single-quoted key", "{'a':1}", "Unexpected character ''': expected a string key; keys must use double quotes", at: 1),
        InvalidCase("unquoted key", "{a:1}", "Unexpected character 'a': expected a string key", at: 1),

        // Literals.
        InvalidCase("truncated true", "tru", "Invalid literal: expected 'true'", at: 0),
        // A literal with eight bytes left is checked by one word compare: each literal, one byte off.
        InvalidCase("true with a wrong last byte", "[truE, 1234]", "Invalid literal: expected 'true'", at: 1),
        InvalidCase("false with a wrong last byte", "[falsy, 1234]", "Invalid literal: expected 'false'", at: 1),
        InvalidCase("null with a wrong second byte", "[nUll, 1234]", "Invalid literal: expected 'null'", at: 1),
        InvalidCase("true then a letter", "[truex, 1234]", "Unexpected character 'x': expected ',' or ']' after an array element", at: 5),
        InvalidCase("truncated t", "t", "Invalid literal: expected 'true'", at: 0),
        InvalidCase("mixed-case true", "tRUE", "Invalid literal: expected 'true'", at: 0),
        InvalidCase("capitalised True", "True", "Unexpected character 'T': expected a value", at: 0),
        InvalidCase("truncated null", "nul", "Invalid literal: expected 'null'", at: 0),
        InvalidCase("truncated false in array", "[fals]", "Invalid literal: expected 'false'", at: 1),
        InvalidCase("null with an extra letter", "nulll", "Unexpected character 'l' after the top-level value", at: 4),
        InvalidCase("undefined", "undefined", "Unexpected character 'u': expected a value", at: 0),
        InvalidCase("literals without comma", "[true false]", "Unexpected character 'f': expected ',' or ']' after an array element", at: 6),

        // Trailing garbage after the top-level value.
        InvalidCase("garbage after array", "[1] x", "Unexpected character 'x' after the top-level value", at: 4),
        InvalidCase("error after 16 spaces", "[" + String(repeating: " ", count: 16) + "x", "Unexpected character 'x': expected a value", at: 17),
        InvalidCase("end of input after 9 spaces", "[1" + String(repeating: " ", count: 9), "Unexpected end of input: expected ',' or ']'", at: 11),
        InvalidCase("garbage after 15 spaces", "1" + String(repeating: " ", count: 15) + "x", "Unexpected character 'x' after the top-level value", at: 16),
        InvalidCase("two numbers", "1 2", "Unexpected character '2' after the top-level value", at: 2),
        InvalidCase("extra closing brace", "{}}", "Unexpected character '}' after the top-level value", at: 2),
        InvalidCase("extra closing bracket", "[1]]", "Unexpected character ']' after the top-level value", at: 3),
        InvalidCase("two arrays", "[1][2]", "Unexpected character '[' after the top-level value", at: 3),
        InvalidCase("two strings", #""a""b""#, #"Unexpected character '"' after the top-level value"#, at: 3),
        InvalidCase("NUL after value", "1\u{0}", "Unexpected byte 0x00 after the top-level value", at: 1),
        InvalidCase("garbage on line 3", "[1]\n\n  x", "Unexpected character 'x' after the top-level value", offset: 7, line: 3, column: 3),
        InvalidCase("no-break space after value", "[1]\u{A0}", "Unexpected byte 0xC2 after the top-level value", at: 3),
        InvalidCase("no-break space before value", "\u{A0}1", "Unexpected byte 0xC2: expected a value", at: 0),

    ]

    static let invalidCases3: [InvalidCase] = [
        // Unterminated strings and containers.
        InvalidCase("unterminated string", #""abc"#, #"Unterminated string: the input ends before the closing '"'"#, at: 0),
        InvalidCase("unterminated string in array", #"["abc"#, #"Unterminated string: the input ends before the closing '"'"#, at: 1),
        InvalidCase("unterminated long string", #""abcdefghijklmnopqrstuvwxyz"#, #"Unterminated string: the input ends before the closing '"'"#, at: 0),
        InvalidCase("unterminated key", #"{"abc"#, #"Unterminated string: the input ends before the closing '"'"#, at: 1),
        InvalidCase("input ends after backslash", #""a\"#, "Unterminated string: the input ends inside an escape sequence", at: 2),
        InvalidCase("input ends inside \\u", #""\u12"#, #"Unterminated string: the input ends inside a \u escape"#, at: 1),
        InvalidCase("input ends after \\u", #""\u"#, #"Unterminated string: the input ends inside a \u escape"#, at: 1),
        InvalidCase("unterminated array", "[1", "Unexpected end of input: expected ',' or ']'", at: 2),
        InvalidCase("lone open bracket", "[", "Unexpected end of input: expected a value", at: 1),
        InvalidCase("array ends after comma", "[1,", "Unexpected end of input: expected a value", at: 3),
        InvalidCase("unterminated nested array", "[[1]", "Unexpected end of input: expected ',' or ']'", at: 4),
        InvalidCase("array of object, unterminated", "[{}", "Unexpected end of input: expected ',' or ']'", at: 3),
        InvalidCase("open bracket then newline", "[\n", "Unexpected end of input: expected a value", offset: 2, line: 2, column: 1),
        InvalidCase("lone open brace", "{", "Unexpected end of input: expected a key", at: 1),
        InvalidCase("object ends after key", #"{"a""#, "Unexpected end of input: expected ':'", at: 4),
        InvalidCase("object ends after colon", #"{"a":"#, "Unexpected end of input: expected a value", at: 5),
        InvalidCase("object ends after value", #"{"a":1"#, "Unexpected end of input: expected ',' or '}'", at: 6),
        InvalidCase("object ends after comma", #"{"a":1,"#, "Unexpected end of input: expected a key", at: 7),
        InvalidCase("object ends after nested array", #"{"a":[1]"#, "Unexpected end of input: expected ',' or '}'", at: 8),

        // Unescaped control characters.
        InvalidCase("newline in string", "\"a\nb\"", "Unescaped control character U+000A in a string", at: 2),
        InvalidCase("tab in string", "\"a\tb\"", "Unescaped control character U+0009 in a string", at: 2),
        InvalidCase("carriage return in string", "\"a\rb\"", "Unescaped control character U+000D in a string", at: 2),
        InvalidCase("NUL in string", "\"\u{0}\"", "Unescaped control character U+0000 in a string", at: 1),
        InvalidCase("U+001F in string", "\"\u{1F}\"", "Unescaped control character U+001F in a string", at: 1),
        InvalidCase("control character in key", "{\"a\u{8}\":1}", "Unescaped control character U+0008 in a string", at: 3),

    ]

    static let invalidCases4: [InvalidCase] = [
        // Escapes.
        InvalidCase("escape \\x", #""\x""#, #"Invalid escape sequence: '\' followed by character 'x'"#, at: 1),
        InvalidCase("escape \\U", #""\U0041""#, #"Invalid escape sequence: '\' followed by character 'U'"#, at: 1),
        InvalidCase("escape \\'", #""\'""#, #"Invalid escape sequence: '\' followed by character '''"#, at: 1),
        InvalidCase("escape \\a", #""\a""#, #"Invalid escape sequence: '\' followed by character 'a'"#, at: 1),
        InvalidCase("escape \\0", #""\0""#, #"Invalid escape sequence: '\' followed by character '0'"#, at: 1),
        InvalidCase("escape \\ space", #""\ ""#, #"Invalid escape sequence: '\' followed by character ' '"#, at: 1),
        InvalidCase("escaped newline", "\"\\\n\"", #"Invalid escape sequence: '\' followed by byte 0x0A"#, at: 1),
        InvalidCase("escaped non-ASCII", bytes: [q, 0x5C, 0xC3, 0xA9, q], #"Invalid escape sequence: '\' followed by byte 0xC3"#, at: 1),
        InvalidCase("short \\u12", #""\u12""#, #"Invalid \u escape: expected four hexadecimal digits"#, at: 1),
        InvalidCase("non-hex \\u00G0", #""\u00G0""#, #"Invalid \u escape: expected four hexadecimal digits"#, at: 1),
        InvalidCase("signed \\u", #""ab\u-123""#, #"Invalid \u escape: expected four hexadecimal digits"#, at: 3),
        InvalidCase("lone high surrogate", #""\ud800""#, #"Unpaired UTF-16 surrogate \uD800 in a string"#, at: 1),
        InvalidCase("lone low surrogate", #""\udc00""#, #"Unpaired UTF-16 surrogate \uDC00 in a string"#, at: 1),
        InvalidCase("lone low surrogate after text", #""x\uDFFF""#, #"Unpaired UTF-16 surrogate \uDFFF in a string"#, at: 2),
        InvalidCase("high surrogate then \\u0041", #""\ud800\u0041""#, #"Unpaired UTF-16 surrogate \uD800 in a string"#, at: 1),
        InvalidCase("two high surrogates", #""\ud800\ud800""#, #"Unpaired UTF-16 surrogate \uD800 in a string"#, at: 1),
        InvalidCase("high surrogate then text", #""\ud800x""#, #"Unpaired UTF-16 surrogate \uD800 in a string"#, at: 1),
        InvalidCase("high surrogate then \\n", #""\ud800\n""#, #"Unpaired UTF-16 surrogate \uD800 in a string"#, at: 1),
        InvalidCase("high surrogate then U+E000", #""\udbff\ue000""#, #"Unpaired UTF-16 surrogate \uDBFF in a string"#, at: 1),
        InvalidCase("high surrogate then short \\u", #""\ud800\u12""#, #"Invalid \u escape: expected four hexadecimal digits"#, at: 7),
        InvalidCase("high surrogate at end of input", #""\ud800"#, #"Unpaired UTF-16 surrogate \uD800 in a string"#, at: 1),
        InvalidCase("high surrogate, input ends after \\u", #""\ud800\u"#, #"Unterminated string: the input ends inside a \u escape"#, at: 7),

        // Invalid UTF-8 inside strings.
        InvalidCase("stray continuation byte 0x80", bytes: [q, 0x80, q], "Invalid UTF-8: unexpected continuation byte 0x80", at: 1),
        InvalidCase("stray continuation byte 0xBF", bytes: [q, 0xBF, q], "Invalid UTF-8: unexpected continuation byte 0xBF", at: 1),
        InvalidCase("overlong 0xC0 0x80", bytes: [q, 0xC0, 0x80, q], "Invalid UTF-8: overlong encoding starting with byte 0xC0", at: 1),
        InvalidCase("overlong 0xC1 0xBF", bytes: [q, 0xC1, 0xBF, q], "Invalid UTF-8: overlong encoding starting with byte 0xC1", at: 1),
        InvalidCase("overlong 0xE0 0x80 0x80", bytes: [q, 0xE0, 0x80, 0x80, q], "Invalid UTF-8: an overlong encoding (lead byte 0xE0, then 0x80)", at: 1),
        InvalidCase("overlong 0xE0 0x9F 0xBF", bytes: [q, 0xE0, 0x9F, 0xBF, q], "Invalid UTF-8: an overlong encoding (lead byte 0xE0, then 0x9F)", at: 1),
        InvalidCase("overlong 0xF0 0x8F 0xBF 0xBF", bytes: [q, 0xF0, 0x8F, 0xBF, 0xBF, q], "Invalid UTF-8: an overlong encoding (lead byte 0xF0, then 0x8F)", at: 1),
        InvalidCase("surrogate 0xED 0xA0 0x80", bytes: [q, 0xED, 0xA0, 0x80, q], "Invalid UTF-8: a UTF-16 surrogate encoded in UTF-8 (lead byte 0xED, then 0xA0)", at: 1),
        InvalidCase("surrogate 0xED 0xBF 0xBF", bytes: [q, 0xED, 0xBF, 0xBF, q], "Invalid UTF-8: a UTF-16 surrogate encoded in UTF-8 (lead byte 0xED, then 0xBF)", at: 1),
        InvalidCase("above U+10FFFF 0xF4 0x90 0x80 0x80", bytes: [q, 0xF4, 0x90, 0x80, 0x80, q], "Invalid UTF-8: a code point above U+10FFFF (lead byte 0xF4, then 0x90)", at: 1),
        InvalidCase("lead byte 0xF5", bytes: [q, 0xF5, 0x80, 0x80, 0x80, q], "Invalid UTF-8: byte 0xF5 cannot appear in UTF-8", at: 1),
        InvalidCase("lead byte 0xF8", bytes: [q, 0xF8, 0x88, 0x80, 0x80, 0x80, q], "Invalid UTF-8: byte 0xF8 cannot appear in UTF-8", at: 1),
        InvalidCase("byte 0xFE", bytes: [q, 0xFE, q], "Invalid UTF-8: byte 0xFE cannot appear in UTF-8", at: 1),
        InvalidCase("byte 0xFF", bytes: [q, 0xFF, q], "Invalid UTF-8: byte 0xFF cannot appear in UTF-8", at: 1),
        InvalidCase("2-byte sequence cut by end of input", bytes: [q, 0xC3], "Invalid UTF-8: the input ends inside a multi-byte character", at: 1),
        InvalidCase("3-byte sequence cut by end of input", bytes: [q, 0xE2, 0x82], "Invalid UTF-8: the input ends inside a multi-byte character", at: 1),
        InvalidCase("4-byte sequence cut by end of input", bytes: [q, 0xF0, 0x9F, 0x98], "Invalid UTF-8: the input ends inside a multi-byte character", at: 1),
        InvalidCase("lead byte alone at end of input", bytes: [q, 0x61, 0xF0], "Invalid UTF-8: the input ends inside a multi-byte character", at: 2),
        InvalidCase("2-byte sequence cut by quote", bytes: [q, 0xC3, q], "Invalid UTF-8: a truncated multi-byte character (lead byte 0xC3, then 0x22)", at: 1),
        InvalidCase("3-byte sequence cut by quote", bytes: [q, 0xE2, 0x82, q], "Invalid UTF-8: a truncated multi-byte character (lead byte 0xE2, then 0x22)", at: 1),
        InvalidCase("4-byte sequence cut by quote", bytes: [q, 0xF0, 0x9F, 0x98, q], "Invalid UTF-8: a truncated multi-byte character (lead byte 0xF0, then 0x22)", at: 1),
        InvalidCase("2-byte sequence cut by ASCII", bytes: [q, 0xC3, 0x41, q], "Invalid UTF-8: a truncated multi-byte character (lead byte 0xC3, then 0x41)", at: 1),
        InvalidCase("3-byte sequence cut by ASCII", bytes: [q, 0xE2, 0x28, 0xA1, q], "Invalid UTF-8: a truncated multi-byte character (lead byte 0xE2, then 0x28)", at: 1),
        InvalidCase("2-byte sequence cut by another lead", bytes: [q, 0xC3, 0xC3, 0xA9, q], "Invalid UTF-8: a truncated multi-byte character (lead byte 0xC3, then 0xC3)", at: 1),
        InvalidCase("4-byte sequence cut by another lead", bytes: [q, 0xF0, 0x9F, 0x98, 0xC3, 0xA9, q], "Invalid UTF-8: a truncated multi-byte character (lead byte 0xF0, then 0xC3)", at: 1),
        InvalidCase("0xED cut by another lead", bytes: [q, 0xED, 0xC3, 0xA9, q],
                    "Invalid UTF-8: a truncated multi-byte character (lead byte 0xED, then 0xC3)", offset: 1, line: 1, column: 2),
        InvalidCase("0xF4 cut by another lead", bytes: [q, 0xF4, 0xC3, 0xA9, q],
                    "Invalid UTF-8: a truncated multi-byte character (lead byte 0xF4, then 0xC3)", offset: 1, line: 1, column: 2),
        InvalidCase("continuation byte after a valid character", bytes: [q, 0x61, 0xC3, 0xA9, 0x80, q],
                    "Invalid UTF-8: unexpected continuation byte 0x80", offset: 4, line: 1, column: 4),
        InvalidCase("invalid byte after a long ASCII run", bytes: utf8("\"abcdefghij") + [0x80, q], "Invalid UTF-8: unexpected continuation byte 0x80", at: 11),
        InvalidCase("invalid UTF-8 in a key", bytes: [UInt8(ascii: "{"), q, 0x80, q, UInt8(ascii: ":"), UInt8(ascii: "1"), UInt8(ascii: "}")],
                    "Invalid UTF-8: unexpected continuation byte 0x80", at: 2),

    ]

    static let invalidCases5: [InvalidCase] = [
        // Non-ASCII bytes outside strings.
        InvalidCase("byte 0xFF as a value", bytes: [0xFF], "Unexpected byte 0xFF: expected a value", at: 0),
        InvalidCase("DEL as a value", "\u{7F}", "Unexpected byte 0x7F: expected a value", at: 0),
        InvalidCase("unquoted é in array", bytes: [UInt8(ascii: "["), 0xC3, 0xA9, UInt8(ascii: "]")], "Unexpected byte 0xC3: expected a value", at: 1),

        // Missing colon, comma or key.
        InvalidCase("missing colon", #"{"a" 1}"#, "Unexpected character '1': expected ':' after a key", at: 5),
        InvalidCase("comma instead of colon", #"{"a",1}"#, "Unexpected character ',': expected ':' after a key", at: 4),
        InvalidCase("key without value", #"{"a"}"#, "Unexpected character '}': expected ':' after a key", at: 4),
        InvalidCase("equals instead of colon", #"{"a"=1}"#, "Unexpected character '=': expected ':' after a key", at: 4),
        InvalidCase("double colon", #"{"a"::1}"#, "Unexpected character ':': expected a value", at: 5),
        InvalidCase("missing comma in array", "[1 2]", "Unexpected character '2': expected ',' or ']' after an array element", at: 3),
        InvalidCase("missing comma in object", #"{"a":1 "b":2}"#, #"Unexpected character '"': expected ',' or '}' after an object member"#, at: 7),
        InvalidCase("semicolon in array", "[1;2]", "Unexpected character ';': expected ',' or ']' after an array element", at: 2),
        InvalidCase("colon in array", "[1:2]", "Unexpected character ':': expected ',' or ']' after an array element", at: 2),
        InvalidCase("array closed by brace", "[1}", "Unexpected character '}': expected ',' or ']' after an array element", at: 2),
        InvalidCase("object closed by bracket", #"{"a":1]"#, "Unexpected character ']': expected ',' or '}' after an object member", at: 6),
        InvalidCase("number key", "{1:2}", "Unexpected character '1': expected a string key", at: 1),
        InvalidCase("null key", "{null:1}", "Unexpected character 'n': expected a string key", at: 1),
        InvalidCase("array key", "{[]:1}", "Unexpected character '[': expected a string key", at: 1),
        InvalidCase("number as second key", #"{"a":1,2:3}"#, "Unexpected character '2': expected a string key", at: 7),
        InvalidCase("lone closing bracket", "]", "Unexpected character ']': expected a value", at: 0),
        InvalidCase("lone closing brace", "}", "Unexpected character '}': expected a value", at: 0),
        InvalidCase("lone colon", ":", "Unexpected character ':': expected a value", at: 0),

        // Lines and columns.
        InvalidCase("error on line 3 (LF)", "[\n  1,\n  x\n]", "Unexpected character 'x': expected a value", offset: 9, line: 3, column: 3),
        InvalidCase("error on line 3 (CRLF)", "[\r\n  1,\r\n  x\r\n]", "Unexpected character 'x': expected a value", offset: 11, line: 3, column: 3),
        InvalidCase("error on line 3 (CR)", "[1,\r2,\rx]", "Unexpected character 'x': expected a value", offset: 7, line: 3, column: 1),
        InvalidCase("LF then CR are two line breaks", "\n\r1 x", "Unexpected character 'x' after the top-level value", offset: 4, line: 3, column: 3),
        InvalidCase("CR then CRLF are two line breaks", "\r\r\n x", "Unexpected character 'x': expected a value", offset: 4, line: 3, column: 2),
        InvalidCase("columns count scalars, not bytes", "{\n\"a\": 1,\n\"é😀\": x}", "Unexpected character 'x': expected a value",
                    offset: 20, line: 3, column: 7),
        InvalidCase("tab and CJK before the error", "[\n\t\"日本\",\n\t\"語\" 1]", "Unexpected character '1': expected ',' or ']' after an array element",
                    offset: 20, line: 3, column: 6),
        InvalidCase("control character on line 3 after ü", "[\"a\",\n\"b\",\n\"ü\u{1}\"]", "Unescaped control character U+0001 in a string",
                    offset: 14, line: 3, column: 3),
        InvalidCase("invalid UTF-8 on line 3 after é (CRLF)", bytes: utf8("[\r\n\"é\",\r\n\"é") + [0x80, q, UInt8(ascii: "]")],
                    "Invalid UTF-8: unexpected continuation byte 0x80", offset: 13, line: 3, column: 3),
    ]

    static let invalidCases: [InvalidCase] = invalidCases1 + invalidCases2 + invalidCases3 + invalidCases4 + invalidCases5

    @Test(arguments: invalidCases)
    func invalidDocument(_ testCase: InvalidCase) throws {
        let result = APIDataDecoder().decode(bytes: testCase.bytes, to: JSONValue.self)
        guard let syntaxError = onlySyntaxError(of: result), let error = result.errors.first else { return }
        #expect(error.path == ["root"])
        #expect(syntaxError.location == testCase.location)
        #expect(error.location == testCase.location)
        let expected = APIDecodeErrorReason.invalidJSON(JSONSyntaxError(message: testCase.message, location: testCase.location))
        #expect(error.reason == expected)
        let location = testCase.location
        #expect(error.description ==
            "root(JSONValue) : Invalid JSON at line \(location.line), column \(location.column) (byte \(location.offset)): \(testCase.message)")
    }

    /// The rendered forms of a syntax error, spelled out once.
    @Test func syntaxErrorDescriptions() throws {
        let result = APIDataDecoder().decode(string: "[1, 2,]", to: JSONValue.self)
        let error = try #require(result.errors.first)
        #expect(error.description == "root(JSONValue) : Invalid JSON at line 1, column 7 (byte 6): Trailing comma: expected a value after ','")
        #expect(error.reason.description == "Invalid JSON at line 1, column 7 (byte 6): Trailing comma: expected a value after ','")
        guard case .invalidJSON(let syntaxError) = error.reason else {
            Issue.record("expected .invalidJSON, got \(error.reason)")
            return
        }
        #expect(syntaxError.description == "Trailing comma: expected a value after ',' at line 1, column 7 (byte 6)")
        #expect(syntaxError.location.description == "line 1, column 7 (byte 6)")
        #expect(error.path.jsonPath == "root")
    }

    /// Syntax errors do not depend on the requested type.
    @Test func syntaxErrorIsTheSameForEveryTargetType() throws {
        let text = "{\n  \"a\": [1, 2,]\n}"
        let expected = APIDecodeErrorReason.invalidJSON(JSONSyntaxError(
            message: "Trailing comma: expected a value after ','", location: Location(offset: 15, line: 2, column: 14)))
        let asInts = APIDataDecoder().decode(string: text, to: [Int].self)
        #expect(asInts.value == nil)
        #expect(asInts.errors.map(\.reason) == [expected])
        #expect(asInts.errors.first?.description == "root(Array<Int>) : \(expected)")
        let asDictionary = APIDataDecoder().decode(string: text, to: [String: [Int]].self)
        #expect(asDictionary.value == nil)
        #expect(asDictionary.errors.map(\.reason) == [expected])
    }

    @Test func nilDataIsEmptyInput() {
        let result = APIDataDecoder().decode(data: nil, to: JSONValue.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.reason) == [.invalidJSON(JSONSyntaxError(message: "The input is empty", location: Location(offset: 0, line: 1, column: 1)))])
    }
}
