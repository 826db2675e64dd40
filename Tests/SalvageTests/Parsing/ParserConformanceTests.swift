// RFC 8259 conformance of Salvage's parser, observed through the public API only:
// `APIDataDecoder().decode(bytes:to: JSONValue.self)` and typed decodes for number conversions.
//
// Every expected message, offset, line and column below was derived by reading
// Sources/Salvage/Parsing (JSONParser, StringScanning, NumberScanning) and Shared/SourceLocation.swift (with Parsing/SourceLocation+Locating.swift),
// then confirmed by running. Where the library's behaviour looked wrong, the test states the behaviour
// we expect and wraps that single assertion in `withKnownIssue` (none do at present).

import Foundation
import Salvage
import Testing

/// Salvage's location type (Testing has a `SourceLocation` too).
private typealias Location = Salvage.SourceLocation

/// A JSON number value with this exact text.
private func num(_ text: String) -> JSONValue { .number(JSONNumber(text: text)) }

/// The UTF-8 bytes of `text`.
private func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

/// A readable rendering of arbitrary bytes for test names and failure messages.
private func render(_ bytes: [UInt8]) -> String {
    var result = ""
    var index = 0
    while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case 0x0A: result += "\\n"
        case 0x0D: result += "\\r"
        case 0x09: result += "\\t"
        case 0x20..<0x7F: result.append(Character(Unicode.Scalar(byte)))
        default: result += "<\(String(byte, radix: 16, uppercase: true))>"
        }
        index += 1
    }
    return result.count > 60 ? String(result.prefix(60)) + "…(\(bytes.count) bytes)" : result
}

@Suite("Parser conformance (RFC 8259)")
struct ParserConformanceTests {

    // MARK: - Valid documents

    struct ValidCase: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let expected: JSONValue

        init(_ name: String, _ text: String, _ expected: JSONValue) {
            self.name = name
            self.bytes = utf8(text)
            self.expected = expected
        }

        init(_ name: String, bytes: [UInt8], _ expected: JSONValue) {
            self.name = name
            self.bytes = bytes
            self.expected = expected
        }

        var testDescription: String { "\(name): \(render(bytes))" }
    }

    static let longDigits = String(repeating: "1234567890", count: 40)

    // Split into several literals so that each type-checks quickly.
    static let validCases1: [ValidCase] = [
        // Scalars at the top level (top-level `null` is tested separately, see `topLevelNull`).
        ValidCase("zero", "0", num("0")),
        ValidCase("negative zero", "-0", num("-0")),
        ValidCase("string", #""x""#, .string("x")),
        ValidCase("empty string", #""""#, .string("")),
        ValidCase("true", "true", .bool(true)),
        ValidCase("false", "false", .bool(false)),
        ValidCase("null inside an array", "[null]", .array([.null])),
        ValidCase("null as a member", #"{"a":null}"#, .object(["a": .null])),

        // Containers.
        ValidCase("empty array", "[]", .array([])),
        ValidCase("empty object", "{}", .object([:])),
        ValidCase("empty containers nested", #"[[],{},[[]],{"a":{}}]"#,
                  .array([.array([]), .object([:]), .array([.array([])]), .object(["a": .object([:])])])),
        ValidCase("every kind in an array", #"[0,-1,"s",true,false,null,1.5,[],{}]"#,
                  .array([num("0"), num("-1"), .string("s"), .bool(true), .bool(false), .null, num("1.5"), .array([]), .object([:])])),
        ValidCase("nested objects and arrays", #"{"a":[1,{"b":null}],"c":{"d":true,"e":[false,[[]]]}}"#,
                  .object([
                      "a": .array([num("1"), .object(["b": .null])]),
                      "c": .object(["d": .bool(true), "e": .array([.bool(false), .array([.array([])])])]),
                  ])),
        ValidCase("empty key", #"{"":""}"#, .object(["": .string("")])),

        // Whitespace: space, tab, line feed, carriage return, everywhere it is allowed.
        ValidCase("all four whitespace kinds everywhere",
                  " \t\n\r[ \t\n\r1 \t\n\r, \t\n\r{ \t\n\r\"k\" \t\n\r: \t\n\r\"v\" \t\n\r} \t\n\r, \t\n\rtrue \t\n\r] \t\n\r",
                  .array([num("1"), .object(["k": .string("v")]), .bool(true)])),
        ValidCase("whitespace inside empty containers", "[ \t\n\r] ", .array([])),
        ValidCase("whitespace inside empty object", "{\r\n}", .object([:])),
        ValidCase("whitespace around a scalar", "\n\t 42 \r\n", num("42")),
        ValidCase("long runs of spaces", "[" + String(repeating: " ", count: 20) + "1" + String(repeating: " ", count: 17) + ","
                  + String(repeating: " ", count: 9) + "2" + String(repeating: " ", count: 8) + "]" + String(repeating: " ", count: 16),
                  .array([num("1"), num("2")])),
        ValidCase("spaces inside a string are kept", "\"  x  \"", .string("  x  ")),

        // Escapes.
        ValidCase("all short escapes", #""\"\\\/\b\f\n\r\t""#, .string("\"\\/\u{08}\u{0C}\n\r\t")),
        ValidCase("escape \\u00e9", #""\u00e9""#, .string("é")),
    ]

    static let validCases2: [ValidCase] = [
        ValidCase("escape \\u00E9 upper case", #""\u00E9""#, .string("é")),
        ValidCase("escape \\u0041 between text", #""x\u0041y""#, .string("xAy")),
        ValidCase("surrogate pair", #""\ud83d\ude00""#, .string("😀")),
        ValidCase("surrogate pair upper case", #""\uD83D\uDE00""#, .string("😀")),
        ValidCase("surrogate pair, lowest", #""\ud800\udc00""#, .string("\u{10000}")),
        ValidCase("surrogate pair, highest", #""\udbff\udfff""#, .string("\u{10FFFF}")),
        ValidCase("escaped NUL", #""a\u0000b""#, .string("a\u{0}b")),
        ValidCase("escaped U+001F", #""\u001f""#, .string("\u{1F}")),
        ValidCase("escaped U+FFFF", #""\uffff""#, .string("\u{FFFF}")),
        ValidCase("escaped U+E000 (after the surrogates)", #""\ue000""#, .string("\u{E000}")),
        ValidCase("escaped slash and backslash runs", #""\\\\\/\/""#, .string("\\\\//")),
        ValidCase("escaped key", #"{"\u0061\n":1}"#, .object(["a\n": num("1")])),
        ValidCase("escape after a long plain run", #""abcdefghijklmnop\"qrstuvwx""#, .string("abcdefghijklmnop\"qrstuvwx")),
        ValidCase("escaped quote at the end", #""abcdefgh\"""#, .string("abcdefgh\"")),
        ValidCase("escaped slashes of a URL", #""https:\/\/t.co\/a1b2c3""#, .string("https://t.co/a1b2c3")),

        // Multi-byte UTF-8, unescaped.
        ValidCase("2-byte UTF-8", "\"é\"", .string("é")),
        ValidCase("3-byte UTF-8", "\"€\"", .string("€")),
        ValidCase("4-byte UTF-8", "\"😀\"", .string("😀")),
        ValidCase("UTF-8 boundary scalars", "\"\u{80}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFD}\u{FFFF}\u{10000}\u{10FFFF}\"",
                  .string("\u{80}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFD}\u{FFFF}\u{10000}\u{10FFFF}")),
        ValidCase("DEL is not a control character", "\"\u{7F}\"", .string("\u{7F}")),
        ValidCase("long mixed text", "\"Grüße aus Köln — 日本語 😀👍🏽 ok\"", .string("Grüße aus Köln — 日本語 😀👍🏽 ok")),
        ValidCase("non-ASCII key and value", "{\"clé\":\"välue\"}", .object(["clé": .string("välue")])),
        ValidCase("escapes mixed with multi-byte", #""é\n😀\u00e9""#, .string("é\n😀é")),
    ]

    static let validCases3: [ValidCase] = [

        // Numbers keep their exact text.
        ValidCase("0.1e1", "0.1e1", num("0.1e1")),
        ValidCase("1E400 stays text", "1E400", num("1E400")),
        ValidCase("-1e-400 stays text", "-1e-400", num("-1e-400")),
        ValidCase("400-digit integer", longDigits, num(longDigits)),
        ValidCase("negative 400-digit integer in array", "[-\(longDigits)]", .array([num("-\(longDigits)")])),
        ValidCase("1e+2", "1e+2", num("1e+2")),
        ValidCase("1E-2", "1E-2", num("1E-2")),
        ValidCase("-0.0", "-0.0", num("-0.0")),
        ValidCase("0e0", "0e0", num("0e0")),
        ValidCase("0E+00", "0E+00", num("0E+00")),
        ValidCase("exponent with leading zeros", "1e007", num("1e007")),
        ValidCase("-123.456e-789", "-123.456e-789", num("-123.456e-789")),
        ValidCase("numbers in containers", #"{"a":[10,-2.5E+3,0.000]}"#, .object(["a": .array([num("10"), num("-2.5E+3"), num("0.000")])])),
        ValidCase("number then whitespace", "[1 ,2\n]", .array([num("1"), num("2")])),

        // Duplicate keys: the last member wins.
        ValidCase("duplicate keys", #"{"a":1,"a":2}"#, .object(["a": num("2")])),
        ValidCase("duplicate keys, not adjacent", #"{"a":1,"b":2,"a":3}"#, .object(["a": num("3"), "b": num("2")])),
        ValidCase("duplicate key spelled with an escape", #"{"a":1,"\u0061":2}"#, .object(["a": num("2")])),
        ValidCase("duplicate key, escape first", #"{"\u0061":1,"a":2}"#, .object(["a": num("2")])),
        ValidCase("duplicate key with container values", #"{"a":[1],"b":{},"a":{"c":[]}}"#,
                  .object(["a": .object(["c": .array([])]), "b": .object([:])])),

        // Byte order mark.
        ValidCase("UTF-8 BOM before an array", "\u{FEFF}[1]", .array([num("1")])),
        ValidCase("UTF-8 BOM before whitespace and a string", "\u{FEFF} \"x\" ", .string("x")),
    ]

    static let validCases: [ValidCase] = validCases1 + validCases2 + validCases3

    @Test(arguments: validCases)
    func validDocument(_ testCase: ValidCase) throws {
        let result = APIDataDecoder().decode(bytes: testCase.bytes, to: JSONValue.self)
        #expect(result.errors.isEmpty, "\(result.errors)")
        let value = try #require(result.value)
        #expect(value == testCase.expected)
    }

    /// The same document through all three entry points gives the same value.
    @Test func entryPointsAgree() throws {
        let text = #"{"a":[1,"é",{"b":null}],"c":-0.5e1}"#
        let decoder = APIDataDecoder()
        let fromString = try #require(decoder.decode(string: text, to: JSONValue.self).value)
        let fromBytes = try #require(decoder.decode(bytes: Array(text.utf8), to: JSONValue.self).value)
        let fromData = try #require(decoder.decode(data: Data(text.utf8), to: JSONValue.self).value)
        #expect(fromString == fromBytes)
        #expect(fromString == fromData)
        #expect(fromString == .object(["a": .array([num("1"), .string("é"), .object(["b": .null])]), "c": num("-0.5e1")]))
    }

    /// RFC 8259 §2: `null` is a valid JSON text, and `JSONValue` decodes any present value, including `null`.
    @Test func topLevelNull() {
        let result = APIDataDecoder().decode(string: "null", to: JSONValue.self)
        #expect(result.value == .null)
        #expect(result.errors.isEmpty)
    }

    /// Keys are distinct in JSON when their code points differ; Swift `String` equality is canonical
    /// equivalence, so `JSONValue.object` (a `[String: JSONValue]`) merges "é" and "e\u{301}", last wins,
    /// as its documentation says.
    @Test func canonicallyEquivalentKeysAreDistinctInJSON() throws {
        let result = APIDataDecoder().decode(string: "{\"\u{E9}\":1,\"e\u{301}\":2}", to: JSONValue.self)
        #expect(result.errors.isEmpty)
        let value = try #require(result.value)
        guard case .object(let members) = value else {
            Issue.record("expected an object, got \(value)")
            return
        }
        // Documented on `JSONValue.object`: Swift string keys merge canonically equivalent spellings.
        #expect(members.count == 1)
        #expect(members["\u{E9}"] == .number(JSONNumber(text: "2")))
    }

    /// Strings with a quote, backslash, control character or non-ASCII byte at every position of the
    /// eight-byte fast path and the tail loop.
    @Test(arguments: 0..<20)
    func specialByteAtEveryPosition(_ position: Int) throws {
        let prefix = String(repeating: "a", count: position)
        let decoder = APIDataDecoder()
        for (escaped, unescaped) in [(#"\""#, "\""), (#"\\"#, "\\"), ("é", "é"), ("😀", "😀"), (#"\u0001"#, "\u{01}")] {
            let text = "[\"\(prefix)\(escaped)bcdefghijk\"]"
            let result = decoder.decode(string: text, to: JSONValue.self)
            #expect(result.errors.isEmpty, "\(text): \(result.errors)")
            #expect(result.value == .array([.string(prefix + unescaped + "bcdefghijk")]), "\(text)")
        }
        // An unescaped control character at this position is reported exactly there.
        let invalid = "[\"\(prefix)\u{1F}bcdefghijk\"]"
        let result = decoder.decode(string: invalid, to: JSONValue.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.reason) == [.invalidJSON(JSONSyntaxError(
            message: "Unescaped control character U+001F in a string",
            location: Location(offset: 2 + position, line: 1, column: 3 + position)))])
        // So is an unterminated string of this length.
        let unterminated = "[\"\(prefix)"
        #expect(decoder.decode(string: unterminated, to: JSONValue.self).errors.map(\.reason) == [.invalidJSON(JSONSyntaxError(
            message: #"Unterminated string: the input ends before the closing '"'"#,
            location: Location(offset: 1, line: 1, column: 2)))])
    }

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
        InvalidCase("byte order mark only", "\u{FEFF}", "The input contains no JSON value", offset: 3, line: 1, column: 2),
        InvalidCase("two byte order marks", "\u{FEFF}\u{FEFF}1", "Unexpected byte 0xEF: expected a value", offset: 3, line: 1, column: 2),
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
        #expect(result.value == nil)
        #expect(result.errors.count == 1)
        let error = try #require(result.errors.first)
        #expect(error.path == ["root"])
        guard case .invalidJSON(let syntaxError) = error.reason else {
            Issue.record("expected .invalidJSON, got \(error.reason)")
            return
        }
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

    // MARK: - Depth

    /// The depth of the leftmost chain of containers.
    private static func depth(_ value: JSONValue) -> Int {
        var depth = 0
        var current = value
        while true {
            switch current {
            case .array(let elements):
                depth += 1
                guard let first = elements.first else { return depth }
                current = first
            case .object(let members):
                depth += 1
                guard let first = members.values.first else { return depth }
                current = first
            default:
                return depth
            }
        }
    }

    @Test func depth512IsAcceptedByDefault() throws {
        let arrays = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        let result = APIDataDecoder().decode(string: arrays, to: JSONValue.self)
        #expect(result.errors.isEmpty)
        #expect(Self.depth(try #require(result.value)) == 512)

        let objects = String(repeating: #"{"a":"#, count: 511) + "{}" + String(repeating: "}", count: 511)
        let objectResult = APIDataDecoder().decode(string: objects, to: JSONValue.self)
        #expect(objectResult.errors.isEmpty)
        #expect(Self.depth(try #require(objectResult.value)) == 512)
    }

    struct DepthCase: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let maximumDepth: Int?
        let offset: Int

        var testDescription: String { name }
    }

    static let depthCases: [DepthCase] = [
        DepthCase(name: "513 arrays", text: String(repeating: "[", count: 513) + String(repeating: "]", count: 513), maximumDepth: nil, offset: 512),
        DepthCase(name: "513 objects", text: String(repeating: #"{"a":"#, count: 512) + "{}" + String(repeating: "}", count: 512),
                  maximumDepth: nil, offset: 2560),
        DepthCase(name: "512 arrays then an object", text: String(repeating: "[", count: 512) + "{}" + String(repeating: "]", count: 512),
                  maximumDepth: nil, offset: 512),
        DepthCase(name: "100,000 open brackets", text: String(repeating: "[", count: 100_000), maximumDepth: nil, offset: 512),
        DepthCase(name: "100,000 nested objects", text: String(repeating: #"{"":"#, count: 100_000), maximumDepth: nil, offset: 2048),
        DepthCase(name: "4 arrays, limit 3", text: "[[[[]]]]", maximumDepth: 3, offset: 3),
        DepthCase(name: "4 objects, limit 3", text: #"{"a":{"b":{"c":{}}}}"#, maximumDepth: 3, offset: 15),
        DepthCase(name: "mixed, limit 3", text: #"[{"a":[[]]}]"#, maximumDepth: 3, offset: 7),
        DepthCase(name: "limit 1", text: "[[]]", maximumDepth: 1, offset: 1),
    ]

    @Test(arguments: depthCases)
    func tooDeep(_ testCase: DepthCase) throws {
        let options = testCase.maximumDepth.map { APIDecodeOptions(maximumDepth: $0) } ?? APIDecodeOptions()
        let result = APIDataDecoder(options: options).decode(string: testCase.text, to: JSONValue.self)
        #expect(result.value == nil)
        #expect(result.errors.count == 1)
        let limit = testCase.maximumDepth ?? 512
        #expect(result.errors.first?.reason == .invalidJSON(JSONSyntaxError(
            message: "Nesting is deeper than maximumDepth (\(limit) levels)",
            location: Location(offset: testCase.offset, line: 1, column: testCase.offset + 1), limit: "maximumDepth")))
        #expect(result.errors.map(\.code) == ["limit_exceeded"])
    }

    @Test func customLimitAcceptsUpToTheLimit() throws {
        let decoder = APIDataDecoder(options: APIDecodeOptions(maximumDepth: 3))
        let result = decoder.decode(string: #"[{"a":[1]}]"#, to: JSONValue.self)
        #expect(result.errors.isEmpty)
        #expect(result.value == .array([.object(["a": .array([num("1")])])]))
        #expect(decoder.decode(string: "[[[]]]", to: JSONValue.self).value == .array([.array([.array([])])]))
        // Scalars have no depth.
        #expect(decoder.decode(string: "7", to: JSONValue.self).value == num("7"))
    }

    /// A huge limit is capped at `APIDecodeOptions.maximumDepthCeiling` (1,000): 100,000 unclosed brackets
    /// end in the depth error at the 1,001st bracket, never in a stack overflow.
    @Test func hugeLimitIsCappedAtTheCeiling() {
        let result = APIDataDecoder(options: APIDecodeOptions(maximumDepth: 1_000_000))
            .decode(string: String(repeating: "[", count: 100_000), to: JSONValue.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.reason) == [.invalidJSON(JSONSyntaxError(
            message: "Nesting is deeper than maximumDepth (1000 levels)",
            location: Location(offset: 1_000, line: 1, column: 1_001), limit: "maximumDepth"))])
    }

    /// `maximumDepth` is "the deepest nesting of arrays and objects accepted"; 0 should accept no
    /// container at all.
    @Test func zeroLimit() {
        let decoder = APIDataDecoder(options: APIDecodeOptions(maximumDepth: 0))
        #expect(decoder.decode(string: "1", to: JSONValue.self).value == num("1"))
        let result = decoder.decode(string: "[]", to: JSONValue.self)
        #expect(result.errors.map(\.reason) == [.invalidJSON(JSONSyntaxError(
            message: "Nesting is deeper than maximumDepth (0 levels)", location: Location(offset: 0, line: 1, column: 1), limit: "maximumDepth"))])
        #expect(decoder.decode(string: "[[]]", to: JSONValue.self).errors.map(\.reason) == [.invalidJSON(JSONSyntaxError(
            message: "Nesting is deeper than maximumDepth (0 levels)", location: Location(offset: 0, line: 1, column: 1), limit: "maximumDepth"))])
    }

    // MARK: - Numbers to integers

    enum Outcome<T: Sendable>: Sendable {
        case value(T)
        /// The exact reason (for values whose `Decimal` is well defined).
        case reason(APIDecodeErrorReason)
        /// `numericOverflow` with this type name (value not checked).
        case overflow(type: String)
        /// `lossOfPrecision` with this type name (value not checked).
        case lossOfPrecision(type: String)
    }

    struct NumberCase<T: Sendable>: Sendable, CustomTestStringConvertible {
        let json: String
        let expected: Outcome<T>

        init(_ json: String, _ expected: Outcome<T>) {
            self.json = json
            self.expected = expected
        }

        var testDescription: String { "\(json) as \(T.self)" }
    }

    /// Decodes `[json]` as `[T]` and checks the element against `expected`.
    private func check<T: APIDecodable & Equatable & Sendable>(_ testCase: NumberCase<T>, equal: (T, T) -> Bool = { $0 == $1 }) throws {
        let result = APIDataDecoder().decode(string: "[\(testCase.json)]", to: [T].self)
        let values = try #require(result.value, "\(result.errors)")
        switch testCase.expected {
        case .value(let expected):
            #expect(result.errors.isEmpty, "\(result.errors)")
            let value = try #require(values.first)
            #expect(values.count == 1)
            #expect(equal(value, expected), "\(value) != \(expected)")
        case .reason(let reason):
            #expect(values.isEmpty)
            #expect(result.errors == [APIDecodeError(path: ["root", 0], reason: reason)])
            #expect(result.errors.first?.location == Location(offset: 1, line: 1, column: 2))
        case .overflow(let type):
            #expect(values.isEmpty)
            #expect(result.errors.count == 1)
            let error = try #require(result.errors.first)
            #expect(error.path == ["root", 0])
            switch error.reason {
            case .numericOverflow(_, let actualType), .numericOverflowAsWritten(_, let actualType): #expect(actualType == type)
            default: Issue.record("expected numericOverflow, got \(error.reason)")
            }
        case .lossOfPrecision(let type):
            #expect(values.isEmpty)
            #expect(result.errors.count == 1)
            let error = try #require(result.errors.first)
            #expect(error.path == ["root", 0])
            switch error.reason {
            case .lossOfPrecision(_, let actualType), .lossOfPrecisionAsWritten(_, let actualType): #expect(actualType == type)
            default: Issue.record("expected lossOfPrecision, got \(error.reason)")
            }
        }
    }

    static let int8Cases: [NumberCase<Int8>] = [
        NumberCase("127", .value(127)),
        NumberCase("-128", .value(-128)),
        NumberCase("127.0", .value(127)),
        NumberCase("-1.28e2", .value(-128)),
        NumberCase("128", .reason(.numericOverflow(value: Decimal(128), type: "Int8"))),
        NumberCase("-129", .reason(.numericOverflow(value: Decimal(-129), type: "Int8"))),
        NumberCase("1.28e2", .reason(.numericOverflow(value: Decimal(128), type: "Int8"))),
        NumberCase("1000", .reason(.numericOverflow(value: Decimal(1000), type: "Int8"))),
        NumberCase("0.5", .reason(.lossOfPrecision(value: Decimal(sign: .plus, exponent: -1, significand: 5), type: "Int8"))),
    ]

    static let int64Cases: [NumberCase<Int64>] = [
        NumberCase("9223372036854775807", .value(.max)),
        NumberCase("-9223372036854775808", .value(.min)),
        NumberCase("9223372036854775808", .reason(.numericOverflow(value: Decimal(UInt64(9_223_372_036_854_775_808)), type: "Int64"))),
        NumberCase("-9223372036854775809", .reason(.numericOverflow(value: -(Decimal(UInt64(9_223_372_036_854_775_808)) + 1), type: "Int64"))),
        NumberCase("9223372036854775807.0", .value(.max)),
        NumberCase("9.223372036854775807e18", .value(.max)),
        NumberCase("-9.223372036854775808E+18", .value(.min)),
        NumberCase("9.223372036854775808e18", .overflow(type: "Int64")),
        NumberCase("3.0", .value(3)),
        NumberCase("3e2", .value(300)),
        NumberCase("1.5e1", .value(15)),
        NumberCase("300e-2", .value(3)),
        NumberCase("0.03e2", .value(3)),
        NumberCase("12.50e1", .value(125)),
        NumberCase("1E2", .value(100)),
        NumberCase("-0", .value(0)),
        NumberCase("-0.0", .value(0)),
        NumberCase("0e400", .value(0)),
        NumberCase("0.000", .value(0)),
        NumberCase("3.5", .reason(.lossOfPrecision(value: Decimal(sign: .plus, exponent: -1, significand: 35), type: "Int64"))),
        NumberCase("-3.5", .reason(.lossOfPrecision(value: Decimal(sign: .minus, exponent: -1, significand: 35), type: "Int64"))),
        NumberCase("1e400", .overflow(type: "Int64")),
        NumberCase("-1e400", .overflow(type: "Int64")),
        NumberCase("1e-400", .lossOfPrecision(type: "Int64")),
        NumberCase("1e20", .overflow(type: "Int64")),
        NumberCase("123456789012345678901234567890", .overflow(type: "Int64")),
        NumberCase(longDigits, .overflow(type: "Int64")),
        NumberCase("1e99999999999999999999", .overflow(type: "Int64")),
        NumberCase("1e-99999999999999999999", .lossOfPrecision(type: "Int64")),
        NumberCase("10000000000000000000000e-22", .value(1)),
        NumberCase("0.00000000000000000000000000000000000000000001e44", .value(1)),
        NumberCase("123456789012345678901234567890.5", .lossOfPrecision(type: "Int64")),
    ]

    static let uint64Cases: [NumberCase<UInt64>] = [
        NumberCase("18446744073709551615", .value(.max)),
        NumberCase("1.8446744073709551615e19", .value(.max)),
        NumberCase("18446744073709551616", .reason(.numericOverflow(value: Decimal(UInt64.max) + 1, type: "UInt64"))),
        NumberCase("0", .value(0)),
        NumberCase("-0", .value(0)),
        NumberCase("-0.0e1", .value(0)),
        NumberCase("-1", .reason(.numericOverflow(value: Decimal(-1), type: "UInt64"))),
        NumberCase("-1.0", .reason(.numericOverflow(value: Decimal(-1), type: "UInt64"))),
        NumberCase("3e2", .value(300)),
        NumberCase("1e400", .overflow(type: "UInt64")),
        NumberCase("1e-400", .lossOfPrecision(type: "UInt64")),
    ]

    @Test(arguments: int8Cases) func int8(_ testCase: NumberCase<Int8>) throws { try check(testCase) }
    @Test(arguments: int64Cases) func int64(_ testCase: NumberCase<Int64>) throws { try check(testCase) }
    @Test(arguments: uint64Cases) func uint64(_ testCase: NumberCase<UInt64>) throws { try check(testCase) }

    // MARK: - Numbers to floating point and Decimal

    /// Same value and same sign (so -0.0 and 0.0 differ).
    private static func identical(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }
    private static func identical(_ a: Float, _ b: Float) -> Bool { a.bitPattern == b.bitPattern }

    static let doubleCases: [NumberCase<Double>] = [
        NumberCase("1e400", .overflow(type: "Double")),
        NumberCase("-1e400", .overflow(type: "Double")),
        NumberCase("1.7976931348623159e308", .overflow(type: "Double")),
        NumberCase("-1e-400", .value(-0.0)),
        NumberCase("1e-400", .value(0.0)),
        NumberCase("-0", .value(-0.0)),
        NumberCase("-0.0", .value(-0.0)),
        NumberCase("0", .value(0.0)),
        NumberCase("-0e400", .value(-0.0)),
        NumberCase("0.1", .value(0.1)),
        NumberCase("5e-324", .value(.leastNonzeroMagnitude)),
        NumberCase("4.9406564584124654e-324", .value(.leastNonzeroMagnitude)),
        NumberCase("2.4703282292062328e-324", .value(.leastNonzeroMagnitude)),
        NumberCase("2.2250738585072014e-308", .value(.leastNormalMagnitude)),
        NumberCase("1.7976931348623157e308", .value(.greatestFiniteMagnitude)),
        NumberCase("1.7976931348623158e308", .value(.greatestFiniteMagnitude)),
        NumberCase("-1.7976931348623157e308", .value(-.greatestFiniteMagnitude)),
        NumberCase("9007199254740993", .value(9_007_199_254_740_992)),
        NumberCase("9223372036854775807", .value(9.223372036854775808e18)),
        NumberCase("1e22", .value(1e22)),
        NumberCase("1e23", .value(1e23)),
        NumberCase("123456789012345e-22", .value(123456789012345e-22)),
        NumberCase("0.000000000000000000000000001", .value(1e-27)),
        NumberCase("3e2", .value(300)),
        NumberCase("1.5E+1", .value(15)),
    ]

    @Test(arguments: doubleCases) func double(_ testCase: NumberCase<Double>) throws {
        try check(testCase, equal: Self.identical)
    }

    /// 17-significant-digit values as in canada.json, and others either side of the 15-digit fast path:
    /// all must equal the standard library's correctly rounded conversion bit for bit.
    @Test(arguments: [
        "-65.613616999999977", "43.420273000000009", "-75.140272999999979", "-65.61361699999998",
        "45.174698000000007", "0.30000000000000004", "2.2250738585072011e-308", "4.35", "123456789012345",
        "1234567890123456", "12345678901234567890", "0.1234567890123456789", "1e-22", "1e-23", "8.5e-17",
        "7.2057594037927933e16", "17976931348623157" + String(repeating: "0", count: 292),
        "1.00000000000000011102230246251565404236316680908203125",
        "1.00000000000000011102230246251565404236316680908203124",
        "1.00000000000000011102230246251565404236316680908203126",
    ])
    func doubleMatchesStandardLibrary(_ text: String) throws {
        let expected = try #require(Double(text))
        #expect(expected.isFinite)
        try check(NumberCase<Double>(text, .value(expected)), equal: Self.identical)
    }

    static let floatCases: [NumberCase<Float>] = [
        NumberCase("1e39", .overflow(type: "Float")),
        NumberCase("-1e39", .overflow(type: "Float")),
        NumberCase("3.4028235e38", .value(.greatestFiniteMagnitude)),
        NumberCase("0.1", .value(0.1)),
        NumberCase("-0", .value(-0.0)),
        NumberCase("16777217", .value(16_777_216)),
        NumberCase("1e-50", .value(0)),
    ]

    @Test(arguments: floatCases) func float(_ testCase: NumberCase<Float>) throws {
        try check(testCase, equal: Self.identical)
    }

    @Test(arguments: ["0.1", "-123.456", "1e-5", "12345678901234567890123456789012345678", "3.0", "-0"])
    func decimal(_ text: String) throws {
        let expected = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        try check(NumberCase<Decimal>(text, .value(expected)))
    }

    /// `Decimal`'s mantissa holds 38 significant digits (39 below 2^128). The conversion is documented as
    /// exact, so more digits than that must be reported, not dropped — as written, since no `Decimal` is true.
    @Test(arguments: ["12345678901234567890123456789012345678901", "1234567890123456789012345678901234567890.5"])
    func decimalWithMoreThan38Digits(_ text: String) throws {
        let result = APIDataDecoder().decode(string: "[\(text)]", to: [Decimal].self)
        #expect(result.value == [])
        #expect(result.errors == [APIDecodeError(path: ["root", 0], reason: .lossOfPrecisionAsWritten(text: text, type: "Decimal"))])
    }

    /// Numbers beyond `Decimal`'s range are reported as written (a clamped `Decimal` named a different
    /// number); those within it with their exact value, and `1e128` (10 × 10^127) is a `Decimal`.
    @Test(arguments: [
        ("1e400", "Double", APIDecodeErrorReason.numericOverflowAsWritten(text: "1e400", type: "Double")),
        ("-1e400", "Double", .numericOverflowAsWritten(text: "-1e400", type: "Double")),
        ("1e400", "Int64", .numericOverflowAsWritten(text: "1e400", type: "Int64")),
        ("1e39", "Float", .numericOverflow(value: Decimal(sign: .plus, exponent: 39, significand: 1), type: "Float")),
        ("1e128", "Decimal", nil),
    ])
    func hugeNumbersReportTheirValue(_ text: String, type: String, reason: APIDecodeErrorReason?) throws {
        let decoder = APIDataDecoder()
        let errors: [APIDecodeError]
        switch type {
        case "Double": errors = decoder.decode(string: "[\(text)]", to: [Double].self).errors
        case "Float": errors = decoder.decode(string: "[\(text)]", to: [Float].self).errors
        case "Int64": errors = decoder.decode(string: "[\(text)]", to: [Int64].self).errors
        default: errors = decoder.decode(string: "[\(text)]", to: [Decimal].self).errors
        }
        #expect(errors == (reason.map { [APIDecodeError(path: ["root", 0], reason: $0)] } ?? []))
    }

    /// A number too small for `Decimal` (1e-400) is not huge, nor zero: it is reported as written;
    /// one `Decimal` holds (1.5e-200 is not) with its exact value.
    @Test(arguments: [
        ("1e-400", "Int64", APIDecodeErrorReason.lossOfPrecisionAsWritten(text: "1e-400", type: "Int64")),
        ("1e-400", "Decimal", .lossOfPrecisionAsWritten(text: "1e-400", type: "Decimal")),
        ("1.5e-200", "Decimal", .lossOfPrecisionAsWritten(text: "1.5e-200", type: "Decimal")),
        ("-1e-400", "UInt8", .lossOfPrecisionAsWritten(text: "-1e-400", type: "UInt8")),
        ("1.5e-120", "UInt8", .lossOfPrecision(value: Decimal(sign: .plus, exponent: -121, significand: 15), type: "UInt8")),
    ])
    func tinyNumbersReportTheirValue(_ text: String, type: String, reason: APIDecodeErrorReason) throws {
        let decoder = APIDataDecoder()
        let errors: [APIDecodeError]
        switch type {
        case "Int64": errors = decoder.decode(string: "[\(text)]", to: [Int64].self).errors
        case "UInt8": errors = decoder.decode(string: "[\(text)]", to: [UInt8].self).errors
        default: errors = decoder.decode(string: "[\(text)]", to: [Decimal].self).errors
        }
        #expect(errors == [APIDecodeError(path: ["root", 0], reason: reason)])
    }

    @Test func decimalOfPointOneIsExact() throws {
        let result = APIDataDecoder().decode(string: "[0.1]", to: [Decimal].self)
        #expect(result.errors.isEmpty)
        #expect(result.value == [Decimal(sign: .plus, exponent: -1, significand: 1)])
        #expect(result.value == [try #require(Decimal(string: "0.1"))])
    }
}
