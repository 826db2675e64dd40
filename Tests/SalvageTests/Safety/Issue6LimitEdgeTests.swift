import Foundation
import Salvage
import Testing

// Issue #6's limits, as its text reads: "options for maximum input size, nesting depth (default 512), number of errors
// recorded, and string length; each limit violation is a clear error with a location". InputLimitTests has the
// table of violations; this suite probes the values a user can set that the table does not: zero, negative and
// huge limits, the error cap at its edges, and a limit met inside one record of a stream.

private struct Pair: APIDecodable, Equatable, Sendable {
    let a: Int
    let b: Int
    init?(from decoder: APIDecoder) {
        guard let (a, b) = decoder.all(decoder["a"] --> Int.self, decoder["b"] --> Int.self) else { return nil }
        self.a = a
        self.b = b
    }
}

@Suite("Issue 6: limits at their edges")
struct Issue6LimitEdgeTests {
    @Test func theDefaultsAreTheIssues() {
        let options = APIDecodeOptions()
        #expect(options.maximumDepth == 512)
        #expect(options.maximumInputSize == nil)
        #expect(options.maximumStringLength == nil)
        #expect(options.maximumRecordedErrors == nil)
    }

    /// A negative depth is 0: scalars only, and a container is one located `limit_exceeded` error.
    @Test(arguments: [0, -1, Int.min])
    func aDepthOfZeroOrLessAcceptsScalarsOnly(depth: Int) {
        let decoder = APIDataDecoder(options: APIDecodeOptions(maximumDepth: depth))
        #expect(decoder.decode(string: " 5", to: Int.self).value == 5)
        let result = decoder.decode(string: " []", to: JSONValue.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == ["root(JSONValue) : Invalid JSON at line 1, column 2 (byte 1): Nesting is deeper than maximumDepth (0 levels)"])
        #expect(result.errors.map(\.code) == ["limit_exceeded"])
    }

    @Test func aDepthAboveTheCeilingIsTheCeiling() {
        let json = String(repeating: "[", count: 1_001) + String(repeating: "]", count: 1_001)
        let result = APIDataDecoder(options: APIDecodeOptions(maximumDepth: Int.max)).decode(string: json, to: JSONValue.self)
        #expect(result.errors.map(\.code) == ["limit_exceeded"])
        #expect(result.errors.first?.description.hasSuffix("Nesting is deeper than maximumDepth (1000 levels)") == true)
    }

    @Test(arguments: [-1, Int.min])
    func aNegativeInputSizeIsZero(size: Int) {
        var options = APIDecodeOptions()
        options.maximumInputSize = size
        let result = APIDataDecoder(options: options).decode(string: "1", to: Int.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == ["root(Int) : Invalid JSON at line 1, column 1 (byte 0): The input is 1 bytes, more than maximumInputSize (0 bytes)"])
        #expect(result.errors.map(\.code) == ["limit_exceeded"])
    }

    @Test(arguments: [-1, Int.min])
    func aNegativeStringLengthIsZero(length: Int) {
        var options = APIDecodeOptions()
        options.maximumStringLength = length
        let result = APIDataDecoder(options: options).decode(string: #"["", "a"]"#, to: JSONValue.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == ["root(JSONValue) : Invalid JSON at line 1, column 6 (byte 5): String of 1 bytes is longer than maximumStringLength (0 bytes)"])
        #expect(result.errors.map(\.code) == ["limit_exceeded"])
        // Empty strings only, no violation.
        #expect(APIDataDecoder(options: options).decode(string: #"{"": [""]}"#, to: JSONValue.self).value == ["": [""]])
    }

    /// "Decoding itself is unaffected" by the error cap: the same value, the errors past the cap counted.
    @Test(arguments: [0, 1, 2, 3])
    func theErrorCapChangesOnlyWhatIsRecorded(cap: Int) {
        let json = #"[{"a": 1, "b": "x"}, {"a": 2, "b": 3}, {"a": "y"}]"#
        let unlimited = APIDataDecoder().decode(string: json, to: [Pair].self)
        var options = APIDecodeOptions()
        options.maximumRecordedErrors = cap
        let capped = APIDataDecoder(options: options).decode(string: json, to: [Pair].self)
        #expect(unlimited.errors.count == 3)
        #expect(capped.value == unlimited.value)
        #expect(capped.value == [Pair(2, 3)])
        #expect(capped.errors.map(\.description) == Array(unlimited.errors.prefix(cap)).map(\.description))
        #expect(capped.unrecordedErrorCount == 3 - min(cap, 3))
    }

    @Test func aNegativeErrorCapRecordsNothingAndCountsEverything() {
        var options = APIDecodeOptions()
        options.maximumRecordedErrors = -5
        let result = APIDataDecoder(options: options).decode(string: #"{"a": "x"}"#, to: Pair.self)
        #expect(result.value == nil)
        #expect(result.errors.isEmpty)
        #expect(result.unrecordedErrorCount == 2)
    }

    /// A limit met inside one record of a stream costs that record only.
    @Test func aStringOverTheLimitFailsOnlyItsRecord() {
        var options = APIDecodeOptions()
        options.maximumStringLength = 3
        let stream = "{\"a\":1,\"b\":2}\n{\"a\":1,\"b\":\"long\"}\n{\"a\":3,\"b\":4}\n"
        let records = APIDataDecoder(options: options).decodeRecords(string: stream, to: Pair.self)
        #expect(records.map(\.result.value) == [Pair(1, 2), nil, Pair(3, 4)])
        #expect(records.map { $0.result.errors.map(\.description) } == [
            [],
            ["root(Pair) : Invalid JSON at line 2, column 12 (byte 25): String of 4 bytes is longer than maximumStringLength (3 bytes)"],
            [],
        ])
    }
}

private extension Pair {
    init(_ a: Int, _ b: Int) {
        self.a = a
        self.b = b
    }
}
