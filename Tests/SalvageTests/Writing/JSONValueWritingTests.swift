import Foundation
import Salvage
import Testing

// Writing a `JSONValue` as JSON text: exact output for every option, the same bytes as `JSONEncoder`
// (which encodes `JSONValue` through `Codable`), exact number text, escaping, and errors with paths.

@Suite struct JSONValueWritingTests {
    private static let sample: JSONValue = [
        "name": "Ada / Lovelace", "id": 7, "ratio": 0.5, "tags": ["a", "b"], "none": .null, "ok": false,
        "empty": [], "nested": ["inner": [:], "list": [1, [2, []]]],
    ]

    @Test func compactSorted() throws {
        let text = try JSONValueWritingTests.sample.jsonString(options: .sortedKeys)
        #expect(text == #"{"empty":[],"id":7,"name":"Ada \/ Lovelace","nested":{"inner":{},"list":[1,[2,[]]]},"none":null,"ok":false,"ratio":0.5,"tags":["a","b"]}"#)
    }

    @Test func prettySortedWithoutEscapingSlashes() throws {
        let text = try JSONValueWritingTests.sample.jsonString(options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        let expected = """
        {
          "empty" : [

          ],
          "id" : 7,
          "name" : "Ada / Lovelace",
          "nested" : {
            "inner" : {

            },
            "list" : [
              1,
              [
                2,
                [

                ]
              ]
            ]
          },
          "none" : null,
          "ok" : false,
          "ratio" : 0.5,
          "tags" : [
            "a",
            "b"
          ]
        }
        """
        #expect(text == expected)
    }

    @Test(arguments: [
        JSONWritingOptions.sortedKeys, [.sortedKeys, .prettyPrinted], [.sortedKeys, .withoutEscapingSlashes],
        [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes],
    ])
    func sameBytesAsJSONEncoder(options: JSONWritingOptions) throws {
        let encoder = matchingJSONEncoder(options)
        let controls = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
        let values: [JSONValue] = [
            JSONValueWritingTests.sample, "x", 1, [], [:], .null,
            ["s": .string(controls + "\"\\/\u{7F}é😀\u{2028}\u{2029}"), "B": 1, "a10": 2, "a9": 3, "_": 4, "é": 5, "f": 6],
        ]
        for value in values {
            let reference = String(decoding: try encoder.encode(value), as: UTF8.self)
            #expect(try value.jsonString(options: options) == reference)
        }
    }

    @Test func escapesControlCharactersAsRFC8259Requires() throws {
        let value = JSONValue.string("\u{0}\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}\"\\/\u{7F}")
        #expect(try value.jsonString() == #""\u0000\u0001\b\t\n\f\r\u001f\"\\\/\#u{7F}""#)
    }

    @Test func javaScriptSafeEscapesLineSeparators() throws {
        let value = JSONValue.string("a\u{2028}b\u{2029}c</script>\u{2027}")
        #expect(try value.jsonString() == "\"a\u{2028}b\u{2029}c<\\/script>\u{2027}\"")
        #expect(try value.jsonString(options: .javaScriptSafe) == "\"a\\u2028b\\u2029c<\\/script>\u{2027}\"")
        #expect(try value.jsonString(options: [.javaScriptSafe, .withoutEscapingSlashes]) == "\"a\\u2028b\\u2029c</script>\u{2027}\"")
    }

    @Test func keepsTheExactTextOfNumbers() throws {
        let input = #"[1.10,-0.0,1E5,2e-3,12345678901234567890123456789,0.1000000000000000055511151231257827]"#
        let value = try #require(APIDataDecoder().decode(string: input, to: JSONValue.self).value)
        #expect(try value.jsonString() == input)
    }

    @Test(arguments: [
        #"{"a":[1.10,true,null,"x\/y\n\u0001é😀"],"b":{},"c":[[],{"d":-0.5e+10}]}"#,
        #"[]"#, #""\\\"""#, #"-0"#, #"{"":{"":[""]}}"#,
    ])
    func compactSortedInputRoundTripsByteForByte(input: String) throws {
        let value = try #require(APIDataDecoder().decode(string: input, to: JSONValue.self).value)
        #expect(try value.jsonData(options: .sortedKeys) == Data(input.utf8))
    }

    @Test func aNumberThatIsNotJSONIsReportedWithItsPath() throws {
        let value: JSONValue = ["a": [1, ["b": .number(JSONNumber(text: "1."))]]]
        let error = try #require(throws: JSONValueError.self) { try value.jsonData() }
        #expect(error.path == APIQueryPath([.key("a"), .index(1), .key("b")]))
        #expect(error.description == #"The value at ["a"][1]["b"] is not a JSON number: "1.""#)
        let root = try #require(throws: JSONValueError.self) { try JSONValue.number(JSONNumber(text: "NaN")).jsonString() }
        #expect(root.description == #"The value at the root is not a JSON number: "NaN""#)
    }

    @Test func writesDeepValues() throws {
        var value: JSONValue = 1
        for _ in 0..<3_000 { value = [value] }
        let text = try value.jsonString()
        #expect(text == String(repeating: "[", count: 3_000) + "1" + String(repeating: "]", count: 3_000))
    }
}

@Suite struct DecodeFromJSONValueTests {
    @Test func sameErrorsAsFromBytesWithoutLocations() throws {
        let value = try #require(APIDataDecoder().decode(string: personJSON, to: JSONValue.self).value)
        let fromBytes = APIDataDecoder().decode(string: personJSON, to: Person.self)
        let fromValue = APIDataDecoder().decode(jsonValue: value, to: Person.self)
        #expect(fromValue.value?.id == 8675309)
        #expect(fromValue.value?.phoneNumber == "(312) 555-1212")
        #expect(fromValue.value?.height == nil)
        #expect(fromValue.errors.map(\.description) == [#"root(Person person_id=8675309) > "height"(Double) : Unexpectedly found a string"#])
        #expect(fromValue.errors.map(\.description) == fromBytes.errors.map(\.description))
        #expect(fromValue.errors.map(\.code) == fromBytes.errors.map(\.code))
        #expect(fromBytes.errors.first?.location != nil)
        #expect(fromValue.errors.first?.location == nil)
    }

    @Test func handBuiltValuesAndOptions() {
        var options = APIDecodeOptions()
        options.rootName = "cache"
        let value: JSONValue = ["person_id": 1, "first_name": "Ada", "last_name": .null, "height": 1.70]
        let result = APIDataDecoder(options: options).decode(jsonValue: value, to: Person.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [#"cache(Person person_id=1) > "last_name"(String) : Unexpectedly found null"#])
        #expect(result.errors.first?.location == nil)
    }

    @Test func slashesAndEscapesSurvive() {
        let value: JSONValue = ["a/b": "c/d\u{2028}\u{0}"]
        #expect(APIDataDecoder().decode(jsonValue: value, to: [String: String].self).value == ["a/b": "c/d\u{2028}\u{0}"])
    }

    @Test func tooDeepOrNotWritableGivesOneErrorAtTheRoot() {
        var options = APIDecodeOptions()
        options.maximumDepth = 3
        let deep: JSONValue = [[[[1]]]]
        let result = APIDataDecoder(options: options).decode(jsonValue: deep, to: JSONValue.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == ["root(JSONValue) : Nesting is deeper than maximumDepth (3 levels)"])
        let bad: JSONValue = ["n": .number(JSONNumber(text: "x"))]
        let unwritable = APIDataDecoder().decode(jsonValue: bad, to: JSONValue.self)
        #expect(unwritable.value == nil)
        #expect(unwritable.errors.map(\.description) == [#"root(JSONValue) : The value at ["n"] is not a JSON number: "x""#])
    }
}
