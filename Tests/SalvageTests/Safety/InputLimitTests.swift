import Foundation
import Salvage
import Testing

/// `maximumInputSize`, `maximumStringLength` and `maximumDepth`: each violation is one `limit_exceeded`
/// error at the offending byte whose message names the option.
@Suite struct InputLimitTests {
    struct LimitCase: CustomTestStringConvertible, Sendable {
        let name: String
        let json: String
        let inputSize: Int?
        let stringLength: Int?
        let depth: Int
        /// The one expected error's description, or nil when the input is within every limit.
        let expected: String?
        /// The expected error's code: `limit_exceeded` unless the input breaks no limit but is not JSON.
        var code = "limit_exceeded"
        var testDescription: String { name }
    }

    static let cases: [LimitCase] = [
        LimitCase(name: "input one byte over", json: #"{"name": "abcdef"}"#, inputSize: 17, stringLength: nil, depth: 512,
                  expected: "root(JSONValue) : Invalid JSON at line 1, column 1 (byte 0): The input is 18 bytes, more than maximumInputSize (17 bytes)"),
        LimitCase(name: "input exactly at the limit", json: #"{"name": "abcdef"}"#, inputSize: 18, stringLength: nil, depth: 512, expected: nil),
        LimitCase(name: "empty input, zero limit", json: "", inputSize: 0, stringLength: nil, depth: 512,
                  expected: "root(JSONValue) : Invalid JSON at line 1, column 1 (byte 0): The input is empty", code: "invalid_json"),
        LimitCase(name: "string value one byte over", json: #"{"name": "abcdef"}"#, inputSize: nil, stringLength: 5, depth: 512,
                  expected: "root(JSONValue) : Invalid JSON at line 1, column 10 (byte 9): String of 6 bytes is longer than maximumStringLength (5 bytes)"),
        LimitCase(name: "string value at the limit", json: #"{"name": "abcdef"}"#, inputSize: nil, stringLength: 6, depth: 512, expected: nil),
        LimitCase(name: "key over the limit", json: "{\"abcdefg\": 1}", inputSize: nil, stringLength: 6, depth: 512,
                  expected: "root(JSONValue) : Invalid JSON at line 1, column 2 (byte 1): Key of 7 bytes is longer than maximumStringLength (6 bytes)"),
        LimitCase(name: "escape counts as written", json: #"["\u00e9"]"#, inputSize: nil, stringLength: 5, depth: 512,
                  expected: "root(JSONValue) : Invalid JSON at line 1, column 2 (byte 1): String of 6 bytes is longer than maximumStringLength (5 bytes)"),
        LimitCase(name: "escape within the limit", json: #"["\u00e9"]"#, inputSize: nil, stringLength: 6, depth: 512, expected: nil),
        LimitCase(name: "multi-byte characters count their bytes", json: "\n [\"ééé\"]", inputSize: nil, stringLength: 5, depth: 512,
                  expected: "root(JSONValue) : Invalid JSON at line 2, column 3 (byte 3): String of 6 bytes is longer than maximumStringLength (5 bytes)"),
        LimitCase(name: "zero-length limit accepts empty strings", json: #"{"": ""}"#, inputSize: nil, stringLength: 0, depth: 512, expected: nil),
        LimitCase(name: "depth one over", json: "[[[1]]]", inputSize: nil, stringLength: nil, depth: 2,
                  expected: "root(JSONValue) : Invalid JSON at line 1, column 3 (byte 2): Nesting is deeper than maximumDepth (2 levels)"),
        LimitCase(name: "depth at the limit", json: "[[1]]", inputSize: nil, stringLength: nil, depth: 2, expected: nil),
        LimitCase(name: "size is checked before anything else", json: "[\"abcdef\", [[[", inputSize: 3, stringLength: 1, depth: 1,
                  expected: "root(JSONValue) : Invalid JSON at line 1, column 1 (byte 0): The input is 14 bytes, more than maximumInputSize (3 bytes)"),
    ]

    static func options(_ limitCase: LimitCase) -> APIDecodeOptions {
        var options = APIDecodeOptions(maximumDepth: limitCase.depth)
        options.maximumInputSize = limitCase.inputSize
        options.maximumStringLength = limitCase.stringLength
        return options
    }

    @Test(arguments: cases)
    func limitViolationIsOneLocatedError(_ limitCase: LimitCase) {
        let result = APIDataDecoder(options: Self.options(limitCase)).decode(data: Data(limitCase.json.utf8), to: JSONValue.self)
        if let expected = limitCase.expected {
            #expect(result.value == nil)
            #expect(result.errors.map(\.description) == [expected])
            #expect(result.errors.map(\.code) == [limitCase.code])
            #expect(result.errors.map(\.severity) == [.failure])
        } else {
            // Within every limit: exactly what an unlimited decode gives.
            let unlimited = APIDataDecoder().decode(data: Data(limitCase.json.utf8), to: JSONValue.self)
            #expect(unlimited.value != nil)
            #expect(result.value == unlimited.value)
            #expect(result.errors.isEmpty)
        }
    }

    @Test(arguments: cases)
    func codablePathEnforcesTheSameLimits(_ limitCase: LimitCase) {
        let result = APIDataDecoder(options: Self.options(limitCase)).decode(string: limitCase.json, toDecodable: AnyCodableJSON.self)
        let expected: [String] = limitCase.expected.map { [$0.replacingOccurrences(of: "root(JSONValue)", with: "root(AnyCodableJSON)")] } ?? []
        #expect(result.errors.map(\.description) == expected)
    }

    @Test func recordStreamOverTheSizeLimitIsOneFailedRecord() {
        var options = APIDecodeOptions()
        options.maximumInputSize = 10
        let records = APIDataDecoder(options: options).decodeRecords(string: "{\"a\": 1}\n{\"a\": 2}\n", to: JSONValue.self)
        #expect(records.count == 1)
        #expect(records.first?.index == 0)
        #expect(records.first?.line == 1)
        #expect(records.first?.result.value == nil)
        #expect(records.first?.result.errors.map(\.description) == [
            "root(JSONValue) : Invalid JSON at line 1, column 1 (byte 0): The input is 18 bytes, more than maximumInputSize (10 bytes)",
        ])
    }

    @Test func recordStreamStringLimitFailsOnlyTheRecordWithTheLongString() {
        var options = APIDecodeOptions()
        options.maximumStringLength = 3
        let records = APIDataDecoder(options: options).decodeRecords(string: "[\"abc\"]\n[\"abcd\"]\n[\"x\"]\n", to: [String].self)
        #expect(records.map(\.result.value) == [["abc"], nil, ["x"]])
        #expect(records[1].result.errors.map(\.description) == [
            "root(Array<String>) : Invalid JSON at line 2, column 2 (byte 9): String of 4 bytes is longer than maximumStringLength (3 bytes)",
        ])
    }

    @Test func objectTreesAreNotLimitedBySizeOrStringLength() {
        var options = APIDecodeOptions()
        options.maximumStringLength = 1
        options.maximumInputSize = 1
        let result = APIJSONObjectDecoder(options: options).decode(jsonObject: ["name": "a long name"], to: [String: String].self)
        #expect(result.value == ["name": "a long name"])
        #expect(result.errors.isEmpty)
    }

    @Test func defaultsAreNoLimit() {
        let options = APIDecodeOptions()
        #expect(options.maximumInputSize == nil)
        #expect(options.maximumStringLength == nil)
        #expect(options.maximumDepth == 512)
        let long = "[\"" + String(repeating: "x", count: 1_000_000) + "\"]"
        #expect(APIDataDecoder().decode(string: long, to: [String].self).value?.first?.count == 1_000_000)
    }
}

/// Any JSON, through Swift's `Decodable` (to run the limits through the Codable bridge).
private enum AnyCodableJSON: Decodable {
    case value
    init(from decoder: Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            while !array.isAtEnd { _ = try array.decode(AnyCodableJSON.self) }
        } else if let object = try? decoder.container(keyedBy: AnyKey.self) {
            for key in object.allKeys { _ = try object.decode(AnyCodableJSON.self, forKey: key) }
        } else {
            let single = try decoder.singleValueContainer()
            if !single.decodeNil() { _ = try? single.decode(String.self) }
        }
        self = .value
    }
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
