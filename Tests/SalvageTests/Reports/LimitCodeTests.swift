import Foundation
import Salvage
import Testing

/// Input rejected by a limit (depth, string length, input size) has the code `limit_exceeded`, not
/// `invalid_json`, so alerts can tell hostile or oversized input from a broken server; the message is unchanged.
struct LimitCodeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let options: APIDecodeOptions
        let input: String
        let description: String
        var testDescription: String { name }
    }

    static let cases: [Case] = {
        var depth = APIDecodeOptions()
        depth.maximumDepth = 2
        var string = APIDecodeOptions()
        string.maximumStringLength = 3
        var size = APIDecodeOptions()
        size.maximumInputSize = 4
        return [
            Case(name: "depth", options: depth, input: "[[[1]]]",
                 description: "root(JSONValue) : Invalid JSON at line 1, column 3 (byte 2): Nesting is deeper than maximumDepth (2 levels)"),
            Case(name: "string", options: string, input: #"["abcd"]"#,
                 description: "root(JSONValue) : Invalid JSON at line 1, column 2 (byte 1): String of 4 bytes is longer than maximumStringLength (3 bytes)"),
            Case(name: "key", options: string, input: #"{"abcd": 1}"#,
                 description: "root(JSONValue) : Invalid JSON at line 1, column 2 (byte 1): Key of 4 bytes is longer than maximumStringLength (3 bytes)"),
            Case(name: "input size", options: size, input: "[1, 2]",
                 description: "root(JSONValue) : Invalid JSON at line 1, column 1 (byte 0): The input is 6 bytes, more than maximumInputSize (4 bytes)"),
        ]
    }()

    @Test(arguments: cases) func aLimitHasItsOwnCode(_ limit: Case) throws {
        let result = APIDataDecoder(options: limit.options).decode(string: limit.input, to: JSONValue.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [limit.description])
        #expect(result.errors.map(\.code) == ["limit_exceeded"])
        #expect(result.errors.map(\.severity) == [.failure])
        let codable = APIDataDecoder(options: limit.options).decode(string: limit.input, toDecodable: [[[Int]]].self)
        #expect(codable.errors.map(\.code) == ["limit_exceeded"])
        let records = APIDataDecoder(options: limit.options).decodeRecords(string: limit.input, to: JSONValue.self)
        #expect(records.flatMap(\.result.errors).map(\.code) == ["limit_exceeded"])
    }

    @Test func syntaxErrorsKeepInvalidJSON() {
        var options = APIDecodeOptions()
        options.maximumDepth = 2
        let result = APIDataDecoder(options: options).decode(string: "[1,]", to: JSONValue.self)
        #expect(result.errors.map(\.code) == ["invalid_json"])
    }

    @Test func theCodeReachesEveryRendering() throws {
        var options = APIDecodeOptions()
        options.maximumDepth = 1
        let error = try #require(APIDataDecoder(options: options).decode(string: "[[1]]", to: JSONValue.self).errors.first)
        #expect(error.diagnostic() == """
        error: Invalid JSON at line 1, column 2 (byte 1): Nesting is deeper than maximumDepth (1 level) [limit_exceeded]
         --> line 1, column 2: root(JSONValue)
        """)
        #expect(error.metadata["salvage.error.code"] == "limit_exceeded")
        #expect(error.metadata["salvage.error.limit"] == "maximumDepth")
        #expect(error.jsonLine.contains(#""limit":"maximumDepth""#))
        let decoded = try JSONDecoder().decode(APIDecodeError.self, from: JSONEncoder().encode(error))
        #expect(decoded.code == "limit_exceeded")
        #expect(decoded == error)
    }
}
