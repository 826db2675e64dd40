import Foundation
import Salvage
import Testing

/// `records(from:to:)`: the streamed decode of NDJSON and of a top-level array, fed in chunks of every size.
/// (Each test is `@available` where the API is: Swift Testing takes it on functions, not on the suite.)
struct StreamedRecordTests {
    /// Bytes handed out in chunks of `sizes` (cycled), as a network would, then `failure` if one is given.
    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    struct ChunkedBytes: AsyncSequence {
        typealias Element = UInt8
        let bytes: [UInt8]
        let sizes: [Int]
        var failure: (any Error)? = nil

        struct AsyncIterator: AsyncIteratorProtocol {
            let source: ChunkedBytes
            var offset = 0
            var buffered: ArraySlice<UInt8> = []
            var chunk = 0

            mutating func next() async throws -> UInt8? {
                if buffered.isEmpty {
                    guard offset < source.bytes.count else {
                        if let failure = source.failure { throw failure }
                        return nil
                    }
                    await Task.yield()
                    let size = source.sizes[chunk % source.sizes.count]
                    chunk += 1
                    let end = Swift.min(offset + size, source.bytes.count)
                    buffered = source.bytes[offset ..< end]
                    offset = end
                }
                return buffered.popFirst()
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(source: self) }
    }

    struct ReadFailure: Error, Equatable {}

    /// Every record as one line of text: index, line, value, and each error with its location.
    static func rendered<T>(_ record: APIDecodeRecord<T>) -> String {
        let errors = record.result.errors.map { "\($0) @ \($0.location.map { "\($0)" } ?? "-")" }
        return "#\(record.index) line \(record.line): \(record.result.value.map { "\($0)" } ?? "nil") \(errors)"
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    static func streamed<T: APIDecodable>(_ text: String, sizes: [Int], to type: T.Type, maximumRecordSize: Int = 64 << 20) async throws -> [String] {
        var lines: [String] = []
        let bytes = ChunkedBytes(bytes: Array(text.utf8), sizes: sizes)
        for try await record in APIDataDecoder().records(from: bytes, to: T.self, maximumRecordSize: maximumRecordSize) {
            lines.append(rendered(record))
        }
        return lines
    }

    static let ndjson = "\u{FEFF}" + """
    {"person_id": 1, "first_name": "Ada", "last_name": "Lovelace"}\r
    {"person_id": 2, "first_name": "Alan", "height": "tall", "last_name": "Turing"}
    {"person_id": 3, "first_name": oops}
    {"person_id": 4,
     "first_name": "Grace", "last_name": "Hopper"}{"person_id": 5, "first_name": "Edsger", "last_name": "Dijkstra"}
    {"person_id": 6, "first_name": "Trunc
    "last_name": "x"}
    \u{FEFF}{"person_id": 7, "first_name": "Éva", "last_name": "Tardos", "height": 1.7e0}
    {"person_id": 8
    """

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test(arguments: [[1], [2], [3], [5], [7], [64], [1 << 20], [1, 13, 2, 40, 3]])
    func ndjsonInAnyChunksMatchesTheInMemoryDecode(sizes: [Int]) async throws {
        let expected = APIDataDecoder().decodeRecords(string: Self.ndjson, to: Person.self).map(Self.rendered)
        #expect(expected.count == 8)
        // The byte order marks, the CRLF and the broken lines are accounted for in the absolute locations.
        #expect(expected[5] == #"#5 line 6: nil ["root(Person) : Invalid JSON at line 6, column 38 (byte 350): Unescaped control character U+000A in a string @ line 6, column 38 (byte 350)"]"#)
        #expect(expected[6].hasPrefix(#"#6 line 8: Person(id: 7, firstName: "Éva""#))
        #expect(expected[7] == #"#7 line 9: nil ["root(Person) : Invalid JSON at line 9, column 16 (byte 466): Unexpected end of input: expected \',\' or \'}\' @ line 9, column 16 (byte 466)"]"#)
        #expect(try await Self.streamed(Self.ndjson, sizes: sizes, to: Person.self) == expected)
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func randomStreamsInRandomChunksMatchTheInMemoryDecode() async throws {
        var random = SplitMix64(seed: 17)
        let pieces = [#"{"person_id": 1, "first_name": "A", "last_name": "B"}"#, #"{"person_id": "x", "first_name": "A"}"#,
                      #"{"person_id": 3, "first_name": "Zoë", "last_name": "B", "height": "h"}"#, #"{"person_id": 4,"#,
                      #""first_name": "C"}"#, "[1, 2", "]", "}", "42", #""key": 1"#, "tru", "\u{FEFF}{}", "{\"a\":\n1}", "  ", "nul"]
        for _ in 0 ..< 40 {
            // NDJSON (a stream starting with `[` would be read as one array's elements).
            var text = #"{"person_id": 0, "first_name": "A", "last_name": "B"}"# + "\n"
            for _ in 0 ..< random.int(1 ... 12) {
                text += random.pick(pieces) + random.pick(["\n", "\r\n", " ", "", "\n\n"])
            }
            let expected = APIDataDecoder().decodeRecords(string: text, to: Person.self).map(Self.rendered)
            let sizes = (0 ..< 4).map { _ in random.int(1 ... 9) }
            let streamed = try await Self.streamed(text, sizes: sizes, to: Person.self)
            #expect(streamed == expected, "\(text.debugDescription) in chunks of \(sizes)")
        }
    }

    /// A top-level array and what its streamed decode yields: each element's value or errors.
    struct ArrayCase: Sendable, CustomStringConvertible {
        let json: String
        let records: [String]
        var description: String { json }
    }

    static let arrayCases = [
        ArrayCase(json: "[]", records: []),
        ArrayCase(json: "[1, 2,\r\n 3]", records: ["#0 line 1: 1 []", "#1 line 1: 2 []", "#2 line 2: 3 []"]),
        ArrayCase(json: #"[1, "x", 3]"#, records: ["#0 line 1: 1 []", "#1 line 1: nil [\"root(Int) : Unexpectedly found a string @ line 1, column 5 (byte 4)\"]", "#2 line 1: 3 []"]),
        ArrayCase(json: "[1, 2", records: ["#0 line 1: 1 []", "#1 line 1: 2 []",
                                          "#2 line 1: nil [\"root(Int) : Invalid JSON at line 1, column 6 (byte 5): Unexpected end of input: expected \\',\\' or \\']\\' @ line 1, column 6 (byte 5)\"]"]),
        ArrayCase(json: "[1,\n", records: ["#0 line 1: 1 []",
                                          "#1 line 2: nil [\"root(Int) : Invalid JSON at line 2, column 1 (byte 4): Unexpected end of input: expected a value @ line 2, column 1 (byte 4)\"]"]),
        ArrayCase(json: "[1][2]\n[]", records: ["#0 line 1: 1 []", "#1 line 1: 2 []"]),
        ArrayCase(json: "[1] x [2]", records: ["#0 line 1: 1 []",
                                               "#1 line 1: nil [\"root(Int) : Invalid JSON at line 1, column 5 (byte 4): Unexpected character \\'x\\' after the top-level value @ line 1, column 5 (byte 4)\"]"]),
        ArrayCase(json: "[1 2]", records: ["#0 line 1: 1 []",
                                           "#1 line 1: nil [\"root(Int) : Invalid JSON at line 1, column 4 (byte 3): Unexpected character \\'2\\': expected \\',\\' or \\']\\' after an array element @ line 1, column 4 (byte 3)\"]"]),
        ArrayCase(json: "[1,\n tru,\n 3]", records: ["#0 line 1: 1 []",
                                                    "#1 line 2: nil [\"root(Int) : Invalid JSON at line 2, column 2 (byte 5): Invalid literal: expected \\'true\\' @ line 2, column 2 (byte 5)\"]",
                                                    "#2 line 3: 3 []"]),
    ]

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test(arguments: arrayCases)
    func arrayElementsTruncationAndGarbage(_ arrayCase: ArrayCase) async throws {
        for sizes in [[1], [2], [3], [1 << 20]] {
            #expect(try await Self.streamed(arrayCase.json, sizes: sizes, to: Int.self) == arrayCase.records, "chunks of \(sizes)")
        }
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func arrayElementsMatchTheInMemoryArrayDecode() async throws {
        let json = "[\n" + (1 ... 30).map { #" {"person_id": \#($0), "first_name": "P\#($0)", "last_name": "L", "height": \#($0 % 4 == 0 ? "\"x\"" : "1.5")}"# }
            .joined(separator: ",\n") + "\n]"
        var streamed: [APIDecodeRecord<Person>] = []
        for try await record in APIDataDecoder().records(from: ChunkedBytes(bytes: Array(json.utf8), sizes: [7, 3]), to: Person.self) {
            streamed.append(record)
        }
        let whole = APIDataDecoder().decode(data: Data(json.utf8), to: [Person].self)
        #expect(streamed.map(\.index) == Array(0 ..< 30))
        #expect(streamed.compactMap(\.result.value).map { "\($0)" } == whole.value?.map { "\($0)" })
        // The same errors at the same locations; the streamed paths start at the element.
        #expect(streamed.flatMap(\.result.errors).map(\.location) == whole.errors.map(\.location))
        #expect(streamed[3].result.errors.map(\.description) == [#"root(Person person_id=4) > "height"(Double) : Unexpectedly found a string"#])
        #expect(whole.errors.first?.description == #"root(Array<Person>) > [3](Person person_id=4) > "height"(Double) : Unexpectedly found a string"#)
    }

    /// An envelope object around the records' array, and what its streamed decode yields.
    struct EnvelopeCase: Sendable, CustomStringConvertible {
        let json: String
        let records: [String]
        let envelope: JSONValue
        var description: String { json }
    }

    static let envelopeCases = [
        EnvelopeCase(json: #"{"count": "3", "orders": [1, "x",\#n 3], "next_cursor": "abc", "meta": {"page": "2", "tags": ["a"]}}"#,
                     records: ["#0 line 1: 1 []", "#1 line 1: nil [\"root(Int) : Unexpectedly found a string @ line 1, column 30 (byte 29)\"]", "#2 line 2: 3 []"],
                     envelope: ["count": "3", "next_cursor": "abc", "meta": ["page": "2", "tags": ["a"]]]),
        EnvelopeCase(json: #"{"next": "a", "orders": [1, 2"#,
                     records: ["#0 line 1: 1 []", "#1 line 1: 2 []",
                               "#2 line 1: nil [\"root(Int) : Invalid JSON at line 1, column 30 (byte 29): Unexpected end of input: expected \\',\\' or \\']\\' @ line 1, column 30 (byte 29)\"]"],
                     envelope: ["next": "a"]),
        EnvelopeCase(json: #"{"next": "a", oops, "orders": [1]}"#,
                     records: ["#0 line 1: nil [\"root(Int) : Invalid JSON at line 1, column 15 (byte 14): Unexpected character \\'o\\': expected a key @ line 1, column 15 (byte 14)\"]"],
                     envelope: ["next": "a"]),
        EnvelopeCase(json: #"{"other": [1], "orders": []}"#, records: [], envelope: ["other": [1]]),
        // No records member: one record with the error the in-memory decode of `[Int]` there gives.
        EnvelopeCase(json: #"{}"#, records: [#"#0 line 1: nil ["root > \"orders\"(Array<Int>) : No value is present @ line 1, column 2 (byte 1)"]"#], envelope: [:]),
    ]

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test(arguments: envelopeCases)
    func envelopeMembersComeAtTheEnd(_ envelopeCase: EnvelopeCase) async throws {
        for sizes in [[1], [2], [5], [1 << 20]] {
            let received = EnvelopeLog()
            var lines: [String] = []
            let bytes = ChunkedBytes(bytes: Array(envelopeCase.json.utf8), sizes: sizes)
            for try await record in APIDataDecoder().records(from: bytes, to: Int.self, at: "orders", envelope: { received.append($0) }) {
                lines.append(Self.rendered(record))
            }
            #expect(lines == envelopeCase.records, "chunks of \(sizes)")
            #expect(received.all == [envelopeCase.envelope], "chunks of \(sizes)")
        }
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func aReadFailureIsThrownAfterTheRecordsBeforeIt() async throws {
        let bytes = ChunkedBytes(bytes: Array("1\n2\n3".utf8), sizes: [2], failure: ReadFailure())
        var values: [Int?] = []
        await #expect(throws: ReadFailure.self) {
            for try await record in APIDataDecoder().records(from: bytes, to: Int.self) { values.append(record.result.value) }
        }
        #expect(values == [1, 2])
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func aRecordOverTheMaximumSizeIsOneErrorThenDecodingGoesOn() async throws {
        let text = "{\"a\": [" + String(repeating: "1,", count: 100) + "1]}\n7\n"
        #expect(try await Self.streamed(text, sizes: [16], to: Int.self, maximumRecordSize: 64) == [
            "#0 line 1: nil [\"root(Int) : Invalid JSON at line 1, column 1 (byte 0): A record is larger than maximumRecordSize (64 bytes) @ line 1, column 1 (byte 0)\"]",
            "#1 line 2: 7 []",
        ])
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func aFileDecodesInChunksWithProgress() async throws {
        let lines = (0 ..< 3000).map { #"{"person_id": \#($0), "first_name": "F", "last_name": "\#($0 % 1000 == 7 ? "" : "L")"}"# }
        let text = lines.joined(separator: "\n") + "\n{broken\n"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("salvage-stream-\(UUID().uuidString).ndjson")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let reports = ProgressLog()
        var streamed: [String] = []
        for try await record in APIDataDecoder().records(from: url, to: Person.self, progress: { reports.append($0) }) {
            streamed.append(Self.rendered(record))
        }
        #expect(streamed == APIDataDecoder().decodeRecords(string: text, to: Person.self).map(Self.rendered))
        #expect(reports.all.last == APIRecordProgress(bytesRead: text.utf8.count, records: 3001, errors: 1, isFinished: true))
        #expect(reports.all.filter(\.isFinished).count == 1)
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func aMissingFileThrowsAtTheFirstRecord() async {
        let url = URL(fileURLWithPath: "/nonexistent/salvage-stream.ndjson")
        await #expect(throws: (any Error).self) {
            for try await _ in APIDataDecoder().records(from: url, to: Int.self) {}
        }
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @MainActor @Test func iteratesOnTheMainActor() async throws {
        var sum = 0
        for try await record in APIDataDecoder().records(from: ChunkedBytes(bytes: Array("[1,2,3]".utf8), sizes: [2]), to: Int.self) {
            sum += record.result.value ?? 0
        }
        #expect(sum == 6)
    }
}

/// The progress reports of one decode, in order.
private final class ProgressLog: @unchecked Sendable {
    private var reports: [APIRecordProgress] = []
    func append(_ report: APIRecordProgress) { reports.append(report) }
    var all: [APIRecordProgress] { reports }
}

/// The envelopes received by one decode.
private final class EnvelopeLog: @unchecked Sendable {
    private var values: [JSONValue] = []
    func append(_ value: JSONValue) { values.append(value) }
    var all: [JSONValue] { values }
}
