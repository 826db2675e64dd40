import Foundation
import Salvage
import Testing

/// How a stream of records recovers from a broken record: one bad record costs only itself, and every line
/// that holds a record yields a record (its value, or its error). The rule is documented on
/// `decodeRecords(data:to:)` and in Docs/ErrorReporting.md ("Streams of records").
struct RecordResyncTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let input: [UInt8]
        /// One line per record: `line: value` or `line: code @ line:column` (the error's location).
        let expected: [String]
        var testDescription: String { name }

        init(_ name: String, _ input: String, _ expected: [String]) {
            self.init(name, Array(input.utf8), expected)
        }

        init(_ name: String, _ input: [UInt8], _ expected: [String]) {
            self.name = name
            self.input = input
            self.expected = expected
        }
    }

    static let cases: [Case] = [
        Case("the issue: a truncated line followed by good lines", "{\"n\":1\n{\"n\":2}\n{\"n\":3}\n",
             ["1: invalid_json @ 2:1", "2: {n:2}", "3: {n:3}"]),
        Case("two truncated lines in a row", "{\"n\":1\n{\"n\":2\n{\"n\":3}\n",
             ["1: invalid_json @ 2:1", "2: invalid_json @ 3:1", "3: {n:3}"]),
        Case("truncated object whose last member waits for a value", "{\"n\":1}\n{\"n\":2, \"m\":\n{\"n\":3}\n{\"n\":4}\n",
             ["1: {n:1}", "2: invalid_json @ 4:1", "3: {n:3}", "4: {n:4}"]),
        Case("truncated object at the end of the stream", "{\"n\":1}\n{\"n\":2, \"m\":\n{\"n\":3}\n",
             ["1: {n:1}", "2: invalid_json @ 4:1", "3: {n:3}"]),
        Case("truncated array after a comma", "[1, 2,\n[3]\n[4]\n",
             ["1: invalid_json @ 3:1", "2: [3]", "3: [4]"]),
        Case("truncated array before a comma", "[1, 2\n[3]\n",
             ["1: invalid_json @ 2:1", "2: [3]"]),
        Case("truncated array of records with trailing commas", "[{\"n\":1},\n{\"n\":2},\n{\"n\":3}\n",
             ["1: invalid_json @ 4:1", "2: {n:2}", "3: {n:3}"]),
        Case("truncated string ending in a newline escape", "{\"s\":\"a\\n\n{\"n\":2}\n",
             ["1: invalid_json @ 1:10", "2: {n:2}"]),
        Case("truncated string ending in a backslash", "{\"s\":\"a\\\n{\"n\":2}\n",
             ["1: invalid_json @ 1:8", "2: {n:2}"]),
        Case("two values on one line", "{\"n\":1}{\"n\":2}\n{\"n\":3}",
             ["1: {n:1}", "1: {n:2}", "2: {n:3}"]),
        Case("a value and garbage on one line", "{\"n\":1} xyz\n{\"n\":2}\n",
             ["1: {n:1}", "1: invalid_json @ 1:9", "2: {n:2}"]),
        Case("values with trailing commas", "{\"n\":1},\n{\"n\":2},\n",
             ["1: {n:1}", "1: invalid_json @ 1:8", "2: {n:2}", "2: invalid_json @ 2:8"]),
        Case("a pretty-printed record between good lines", "{\"n\":1}\n{\n  \"n\": 2,\n  \"m\": [1,\n    2]\n}\n{\"n\":3}\n",
             ["1: {n:1}", "2: {m:[1,2],n:2}", "7: {n:3}"]),
        Case("a multi-line value that parses is one record", "{\"n\":1\n}\n{\"n\":2}\n",
             ["1: {n:1}", "3: {n:2}"]),
        Case("a broken pretty-printed record followed by good lines",
             "{\"n\":1}\n{\n  \"n\": 2,\n  \"m\": oops,\n  \"k\": [\n    3\n  ]\n}\n{\"n\":4}\n{\"n\":5}\n",
             ["1: {n:1}", "2: invalid_json @ 4:8", "6: 3", "7: invalid_json @ 7:3", "9: {n:4}", "10: {n:5}"]),
        Case("a broken pretty-printed record whose members follow the error",
             "{\n  \"n\": 2,\n  \"m\": oops,\n  \"k\": 3\n}\n{\"n\":4}\n",
             ["1: invalid_json @ 3:8", "6: {n:4}"]),
        Case("the broken object of Docs/ErrorReporting.md", "{\n\"n\": 2,\n\"m\": oops,\n\"k\": 3\n}\n{\"n\":4}\n",
             ["1: invalid_json @ 3:6", "6: {n:4}"]),
        Case("a line that is only ]", "{\"n\":1}\n]\n{\"n\":2}\n",
             ["1: {n:1}", "2: invalid_json @ 2:1", "3: {n:2}"]),
        Case("a garbage line", "{\"n\":1}\nxyz\n{\"n\":2}\n",
             ["1: {n:1}", "2: invalid_json @ 2:1", "3: {n:2}"]),
        Case("a garbage line after a truncated one", "{\"n\":1\nxyz\n{\"n\":3}\n",
             ["1: invalid_json @ 2:1", "2: invalid_json @ 2:1", "3: {n:3}"]),
        Case("a closing line after a truncated one belongs to it", "{\"n\":1,\n}\n{\"n\":3}\n",
             ["1: invalid_json @ 2:1", "3: {n:3}"]),
        Case("an object member on a line of its own", "{\"n\":1}\n\"k\": 2\n{\"n\":3}\n",
             ["1: {n:1}", "2: invalid_json @ 2:4", "3: {n:3}"]),
        Case("invalid UTF-8 on one line", Array("{\"n\":1}\n{\"s\":\"".utf8) + [0xFF] + Array("\"}\n{\"n\":3}\n".utf8),
             ["1: {n:1}", "2: invalid_json @ 2:7", "3: {n:3}"]),
        Case("CRLF line endings", "{\"n\":1}\r\n{\"n\":2\r\n{\"n\":3}\r\n",
             ["1: {n:1}", "2: invalid_json @ 3:1", "3: {n:3}"]),
        Case("no newline after the last record", "{\"n\":1}\n{\"n\":2}",
             ["1: {n:1}", "2: {n:2}"]),
        Case("a truncated last record without a newline", "{\"n\":1}\n{\"n\":2",
             ["1: {n:1}", "2: invalid_json @ 2:7"]),
        Case("blank and whitespace-only lines yield nothing", "\n  \n{\"n\":1}\n\t \r\n\n{\"n\":2}\n   ",
             ["3: {n:1}", "6: {n:2}"]),
        Case("empty input", "", []),
    ]

    @Test(arguments: cases)
    func eachLineCostsOnlyItself(_ testCase: Case) {
        let records = APIDataDecoder().decodeRecords(data: Data(testCase.input), to: JSONValue.self)
        #expect(records.map(Self.render) == testCase.expected)
        #expect(records.map(\.index) == Array(records.indices))
    }

    @Test func theIssueExampleInFull() throws {
        let records = APIDataDecoder().decodeRecords(string: "{\"n\":1\n{\"n\":2}\n{\"n\":3}\n", to: JSONValue.self)
        try #require(records.count == 3)
        #expect(records.map(\.index) == [0, 1, 2])
        #expect(records.map(\.line) == [1, 2, 3])
        #expect(records[0].result.value == nil)
        #expect(records[0].result.errors.map(\.description) == [
            "root(JSONValue) : Invalid JSON at line 2, column 1 (byte 7): Unexpected character '{': expected ',' or '}' after an object member",
        ])
        #expect(records[0].result.errors.map(\.location) == [SourceLocation(offset: 7, line: 2, column: 1)])
        #expect(records[1].result.value == .object(["n": .number(JSONNumber(text: "2"))]))
        #expect(records[2].result.value == .object(["n": .number(JSONNumber(text: "3"))]))
        #expect(records[1].result.errors.isEmpty && records[2].result.errors.isEmpty)
    }

    @Test func aBrokenLineEveryOtherLineCostsOnlyThoseLines() {
        for broken in ["{\"n\":", "[1, 2,", "{\"n\": [1, {\"m\": 2", "\"abc", "]", "{\"n\": tru}"] {
            var lines: [String] = []
            for n in 0..<20 {
                lines.append("{\"n\":\(n)}")
                lines.append(broken)
            }
            let records = APIDataDecoder().decodeRecords(string: lines.joined(separator: "\n") + "\n", to: JSONValue.self)
            #expect(records.count == 40, "\(broken)")
            #expect(records.map(\.line) == Array(1...40), "\(broken)")
            #expect(records.compactMap(\.result.value) == (0..<20).map { .object(["n": .number(JSONNumber(text: "\($0)"))]) }, "\(broken)")
            let failures: [[String]] = records.filter { $0.result.value == nil }.map { $0.result.errors.map(\.code) }
            #expect(failures == Array(repeating: ["invalid_json"], count: 20), "\(broken)")
        }
    }

    /// Many broken lines: recovery is linear by construction (each byte is read a bounded number of times),
    /// so these finish quickly; no timing is asserted.
    @Test func manyBrokenLinesStayLinear() {
        let truncated = String(repeating: "{\"n\": [1, 2\n", count: 20_000)
        let records = APIDataDecoder().decodeRecords(string: truncated, to: JSONValue.self)
        #expect(records.count == 20_000)
        #expect(records.allSatisfy { $0.result.errors.map(\.code) == ["invalid_json"] && $0.result.errors.first?.location?.line == $0.line + 1 })

        // Every line opens an array that never closes: each failed record reads at most maximumDepth lines.
        let nested = String(repeating: "[1,\n", count: 20_000)
        let nestedRecords = APIDataDecoder().decodeRecords(string: nested, to: JSONValue.self)
        #expect(nestedRecords.map(\.line) == stride(from: 1, through: 20_000, by: 512).map { $0 })

        // One broken array around 20,000 good lines: every one of them is recovered.
        let around = "[\n" + (0..<20_000).map { "{\"n\":\($0)}," }.joined(separator: "\n") + "\n"
        let aroundRecords = APIDataDecoder().decodeRecords(string: around, to: JSONValue.self)
        #expect(aroundRecords.count == 20_001)
        #expect(aroundRecords.first?.result.errors.map(\.code) == ["invalid_json"])
        #expect(aroundRecords.last?.result.value == .object(["n": .number(JSONNumber(text: "19999"))]))
    }

    /// Decode errors inside records are located in the whole stream, each found from its record's start.
    @Test func decodeErrorsOfManyRecordsAreLocatedInTheStream() {
        let stream = (0..<20_000).map { "{\"person_id\": \($0), \"first_name\": 7, \"last_name\": \"L\"}" }.joined(separator: "\n")
        let records = APIDataDecoder().decodeRecords(string: stream, to: Person.self)
        #expect(records.count == 20_000)
        // The `7` of line L, whose id has the digits of L - 1, is at column 31 + those digits.
        var locations: [[Int]] = []
        var expected: [[Int]] = []
        for (offset, record) in records.enumerated() {
            let location = record.result.errors.count == 1 ? record.result.errors[0].location : nil
            locations.append([location?.line ?? 0, location?.column ?? 0])
            expected.append([offset + 1, 31 + String(offset).count])
        }
        #expect(locations == expected)
    }

    static func render(_ record: APIDecodeRecord<JSONValue>) -> String {
        if let value = record.result.value, record.result.errors.isEmpty {
            return "\(record.line): \(compact(value))"
        }
        let errors = record.result.errors.map { error in
            "\(error.code) @ " + (error.location.map { "\($0.line):\($0.column)" } ?? "nowhere")
        }
        return "\(record.line): " + errors.joined(separator: ", ")
    }

    static func compact(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let bool): return "\(bool)"
        case .number(let number): return number.text
        case .string(let string): return "\"\(string)\""
        case .array(let elements): return "[" + elements.map(compact).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.keys.sorted().map { "\($0):\(compact(members[$0] ?? .null))" }.joined(separator: ",") + "}"
        }
    }
}
