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
// `num`, `utf8`, `render` and `Location` are in Support/ConformanceSupport.swift; invalid documents are in
// ParserConformanceTests+Invalid.swift, number conversions in ParserConformanceTests+Numbers.swift.

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
            message: "Nesting is deeper than maximumDepth (\(limit) \(limit == 1 ? "level" : "levels"))",
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
}
