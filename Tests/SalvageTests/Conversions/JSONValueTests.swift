import Foundation
import Salvage
import Testing

// `JSONValue` as a value: literals, subscripts by key, index and path, `Codable` through Foundation's coders,
// and Foundation object trees both ways (with the NSNumber/Bool bridging pitfalls).

@Suite struct JSONValueLiteralAndSubscriptTests {
    private static func number(_ text: String) -> JSONValue { .number(JSONNumber(text: text)) }

    @Test func literalsBuildEveryKind() {
        let value: JSONValue = ["id": 7, "price": 1.5, "tags": ["a", "b"], "note": .null, "ok": true, "empty": [:]]
        let expected: JSONValue = .object([
            "id": .number(JSONNumber(text: "7")), "price": .number(JSONNumber(text: "1.5")),
            "tags": .array([.string("a"), .string("b")]), "note": .null, "ok": .bool(true), "empty": .object([:]),
        ])
        #expect(value == expected)
    }

    /// `JSONValue` is not `ExpressibleByNilLiteral`: with it, the `nil` of a ternary became `.null`, and
    /// `RoundTripTests`' reference parser returned `.null` for every input it rejects.
    @Test func nilInATernaryIsNoValue() {
        func accepted(_ value: JSONValue, if condition: Bool) -> JSONValue? { condition ? value : nil }
        #expect(accepted(1, if: false) == Optional<JSONValue>.none)
        #expect(!(JSONValue.self is any ExpressibleByNilLiteral.Type))
    }

    @Test(arguments: [(100.0, "100"), (1e20, "1e+20"), (-0.25, "-0.25"), (0.1, "0.1"), (Double.leastNonzeroMagnitude, "5e-324")])
    func floatLiteralsKeepDoublesShortestText(value: Double, text: String) {
        #expect(JSONValue(floatLiteral: value) == .number(JSONNumber(text: text)))
    }

    @Test func subscriptsByKeyAndIndex() {
        let value: JSONValue = ["user": ["name": "Ada", "langs": ["en", "fr"]]]
        #expect(value["user"]?["name"] == .string("Ada"))
        #expect(value["user"]?["langs"]?[1] == .string("fr"))
        #expect(value["user"]?["langs"]?[2] == nil)
        #expect(value["user"]?["langs"]?[-1] == nil)
        #expect(value["missing"] == nil)
        #expect(value[0] == nil)
        #expect(value["user"]?["name"]?["x"] == nil)
    }

    struct PathCase: Sendable, CustomStringConvertible {
        let path: String
        let expected: JSONValue?
        var description: String { path }
    }

    @Test(arguments: [
        PathCase(path: "items.0.name", expected: .string("pen")),
        PathCase(path: "items.1", expected: nil),
        PathCase(path: "counts.0", expected: .string("zero")),  // digits are a key in an object
        PathCase(path: "version\\.major", expected: JSONValueLiteralAndSubscriptTests.number("2")),
        PathCase(path: "version.major", expected: nil),
        PathCase(path: "items.x", expected: nil),
        PathCase(path: "", expected: .string("empty key")),
    ])
    func pathsUseTheDecodersSyntax(_ test: PathCase) {
        let value: JSONValue = ["items": [["name": "pen"]], "counts": ["0": "zero"], "version.major": 2, "": "empty key"]
        #expect(value[path: APIQueryPath(test.path)] == test.expected)
    }

    @Test func arrayLiteralPathsAreWholeKeys() {
        let value: JSONValue = ["version.major": ["list": [true]]]
        #expect(value[path: ["version.major", "list", 0]] == .bool(true))
    }
}

@Suite struct JSONValueCodableTests {
    private struct Envelope: Codable, Equatable {
        let id: Int
        let extra: JSONValue
    }

    @Test func decodesFromJSONDecoder() throws {
        let json = #"{"a":[1,-2,1.5,"s",true,null,{}],"big":18446744073709551615,"neg":-9223372036854775808}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        let expected: JSONValue = [
            "a": [1, -2, 1.5, "s", true, .null, [:]],
            "big": .number(JSONNumber(text: "18446744073709551615")),
            "neg": .number(JSONNumber(text: "-9223372036854775808")),
        ]
        #expect(value == expected)
    }

    @Test func nestsInCodableModelsBothWays() throws {
        let envelope = Envelope(id: 3, extra: ["flags": [true, false], "name": "x/y", "n": 2.5, "none": .null])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(envelope)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text == #"{"extra":{"flags":[true,false],"n":2.5,"name":"x\/y","none":null},"id":3}"#)
        #expect(try JSONDecoder().decode(Envelope.self, from: data) == envelope)
    }

    @Test func salvagesBridgeKeepsTheExactText() throws {
        let json = #"{"id":3,"extra":{"price":1.10,"big":1e400,"list":[-0.0]}}"#
        let result = APIDataDecoder().decode(string: json, toDecodable: Envelope.self)
        #expect(result.errors.isEmpty)
        let envelope = try #require(result.value)
        #expect(try envelope.extra.jsonString(options: .sortedKeys) == #"{"big":1e400,"list":[-0.0],"price":1.10}"#)
    }

    @Test func encodingANumberThatIsNotJSONThrows() {
        let value: JSONValue = ["bad": [.number(JSONNumber(text: "1."))]]
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(value) }
    }
}

@Suite struct JSONValueFoundationTreeTests {
    @Test func readsWhatJSONSerializationReturns() throws {
        let json = #"{"t":true,"f":false,"one":1,"zero":0,"half":1.5,"null":null,"s":"x","big":18446744073709551615,"a":[1,true]}"#
        let tree = try JSONSerialization.jsonObject(with: Data(json.utf8))
        let value = try JSONValue(jsonObject: tree)
        let expected: JSONValue = [
            "t": true, "f": false, "one": 1, "zero": 0, "half": 1.5, "null": .null, "s": "x",
            "big": .number(JSONNumber(text: "18446744073709551615")), "a": [1, true],
        ]
        #expect(value == expected)
    }

    @Test func tellsBooleansFromNumbersByType() throws {
        // On Linux `NSNumber(value: 1) as? Bool` is `true`: the type decides, not the cast.
        let tree: [Any] = [NSNumber(value: 1), NSNumber(value: 0), NSNumber(value: true), true, 1, Int8(1), UInt64.max,
                           NSNumber(value: 2.5), Float(0.1), Decimal(string: "1.10") as Any, NSNull(), "s" as NSString]
        let value = try JSONValue(jsonObject: tree)
        let expected: JSONValue = [1, 0, true, true, 1, 1, .number(JSONNumber(text: "18446744073709551615")),
                                   2.5, .number(JSONNumber(text: "0.1")), .number(JSONNumber(text: "1.1")), .null, "s"]
        #expect(value == expected)
    }

    @Test func nilOptionalsBecomeNull() throws {
        let missing: String? = nil
        let tree: [String: Any] = ["a": missing as Any, "b": Optional("x") as Any]
        #expect(try JSONValue(jsonObject: tree) == ["a": .null, "b": "x"])
    }

    struct FailureCase: Sendable, CustomStringConvertible {
        let name: String
        let description: String
        let tree: @Sendable () -> Any
    }

    @Test(arguments: [
        FailureCase(name: "date", description: #"The value at ["items"][1] is not JSON: Date"#,
                    tree: { ["items": [1, Date(timeIntervalSince1970: 0)] as [Any]] as [String: Any] }),
        FailureCase(name: "root", description: "The value at the root is not JSON: URL",
                    tree: { URL(fileURLWithPath: "/") }),
        FailureCase(name: "nan", description: #"The value at [0]["x"] is not a finite number: nan"#,
                    tree: { [["x": Double.nan]] as [Any] }),
        FailureCase(name: "key", description: #"The value at ["k"] is not JSON: a dictionary with a key that is not a string (1)"#,
                    tree: { ["k": NSDictionary(dictionary: [1: "a"])] as [String: Any] }),
    ])
    func namesThePathOfWhatIsNotJSON(_ test: FailureCase) throws {
        let error = try #require(throws: JSONValueError.self) { try JSONValue(jsonObject: test.tree()) }
        #expect(error.description == test.description)
    }

    @Test func writesATreeJSONSerializationAccepts() throws {
        let value: JSONValue = ["n": 7, "d": 2.5, "big": .number(JSONNumber(text: "18446744073709551615")), "b": true,
                                "s": "x", "z": .null, "a": [1, [:]]]
        let object = value.jsonObject
        let tree = try #require(object as? [String: Any])
        #expect(tree["n"] as? Int == 7)
        #expect(tree["d"] as? Double == 2.5)
        #expect(tree["big"] as? UInt64 == UInt64.max)
        #expect(tree["b"] as? Bool == true && type(of: tree["b"] ?? 0) == Bool.self)
        #expect(tree["z"] is NSNull)
        #expect(JSONSerialization.isValidJSONObject(object))
        let back = try JSONValue(jsonObject: object)
        #expect(back == value)
        // Beyond Double's range no Foundation number holds it.
        #expect(JSONValue.number(JSONNumber(text: "1e400")).jsonObject is NSNull)
    }
}
