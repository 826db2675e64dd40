import Foundation
import Salvage
import Testing

// Issue #17 item 4 held to its text where the streaming suites stop: "the same error semantics as the
// in-memory path" for an envelope whose records member is missing or not an array. In memory, a model reading
// `decoder["items"] --> [Int].self` records an error; a streamed envelope gives one record with no value and
// that error (at the envelope's `}` when the member is missing, at its value otherwise); the member, when
// present, is still handed to `envelope` like any other.
struct Issue17StreamingConformanceTests {
    /// The bytes of `text`, one at a time, as an `AsyncSequence` of bytes.
    private static func bytes(_ text: String) -> AsyncStream<UInt8> {
        AsyncStream { continuation in
            for byte in text.utf8 { continuation.yield(byte) }
            continuation.finish()
        }
    }

    private final class Received: @unchecked Sendable {
        var envelopes: [JSONValue] = []
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let json: String
        let description: String
        let column: Int
        var testDescription: String { json }
    }

    @Test(arguments: [
        Case(json: #"{"next": "a"}"#, description: #"root > "items"(Array<Int>) : No value is present"#, column: 13),
        Case(json: #"{"items": 5, "next": "a"}"#, description: #"root > "items"(Array<Int>) : Unexpectedly found an integer"#, column: 11),
        Case(json: #"{"items": null, "next": "a"}"#, description: #"root > "items"(Array<Int>) : Unexpectedly found null"#, column: 11),
        Case(json: #"{"items": {"a": 1}}"#, description: #"root > "items"(Array<Int>) : Unexpectedly found an object"#, column: 11),
    ])
    func anEnvelopeWithoutItsRecordsArrayIsAnError(_ example: Case) async throws {
        let received = Received()
        var records: [APIDecodeRecord<Int>] = []
        for try await record in APIDataDecoder().records(from: Self.bytes(example.json), to: Int.self, at: "items", envelope: { received.envelopes.append($0) }) {
            records.append(record)
        }
        let inMemory = APIDataDecoder().decode(string: example.json, to: Page.self)
        #expect(inMemory.value == nil && inMemory.errors.count == 1)
        let record = try #require(records.first)
        #expect(records.count == 1)
        #expect(record.index == 0)
        #expect(record.result.value == nil)
        #expect(record.result.errors.map(\.description) == [example.description])
        #expect(record.result.errors.map(\.code) == inMemory.errors.map(\.code))
        // The same error as in memory, but for the root, which is the envelope here, not a model.
        #expect(record.result.errors.map(\.description) == inMemory.errors.map { $0.description.replacingOccurrences(of: "root(Page)", with: "root") })
        #expect(record.result.errors.first?.location?.line == 1)
        #expect(record.result.errors.first?.location?.column == example.column)
        // The member, when present, is one of the envelope's members as before.
        let envelope = try #require(received.envelopes.first)
        #expect(received.envelopes.count == 1)
        let whole = try JSONValue(jsonObject: try JSONSerialization.jsonObject(with: Data(example.json.utf8)))
        #expect(envelope["items"] == whole["items"])
        #expect(envelope["next"] == whole["next"])
    }

    @Test func anEnvelopeWithItsRecordsArrayRecordsNoSuchError() async throws {
        var records: [APIDecodeRecord<Int>] = []
        for try await record in APIDataDecoder().records(from: Self.bytes(#"{"items": [1, 2], "next": "a"}"#), to: Int.self, at: "items", envelope: { _ in }) {
            records.append(record)
        }
        #expect(records.map(\.result.value) == [1, 2])
        #expect(records.flatMap(\.result.errors).isEmpty)
    }

    @Test func aBrokenEnvelopeGivesItsSyntaxErrorOnly() async throws {
        var records: [APIDecodeRecord<Int>] = []
        for try await record in APIDataDecoder().records(from: Self.bytes(#"{"next": "a""#), to: Int.self, at: "items", envelope: { _ in }) {
            records.append(record)
        }
        #expect(records.flatMap(\.result.errors).map(\.code) == ["invalid_json"])
    }

    private struct Page: APIDecodable {
        let items: [Int]
        init?(from decoder: APIDecoder) {
            guard let items = decoder["items"] --> [Int].self else { return nil }
            self.items = items
        }
    }
}
