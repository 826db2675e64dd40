import Foundation
import Salvage
import Testing

// Issue #17 item 4 held to its text where the streaming suites stop: "the same error semantics as the
// in-memory path" for an envelope whose records member is not an array. In memory, a model reading
// `decoder["items"] --> [Int].self` records an error for a missing member or a member of another kind; a
// streamed envelope records nothing (the member is handed to `envelope` like any other).
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

    @Test(arguments: [#"{"next": "a"}"#, #"{"items": 5, "next": "a"}"#, #"{"items": null, "next": "a"}"#])
    func anEnvelopeWithoutItsRecordsArrayIsAnError(_ json: String) async throws {
        let received = Received()
        var records: [APIDecodeRecord<Int>] = []
        for try await record in APIDataDecoder().records(from: Self.bytes(json), to: Int.self, at: "items", envelope: { received.envelopes.append($0) }) {
            records.append(record)
        }
        let inMemory = APIDataDecoder().decode(string: json, to: Page.self)
        #expect(inMemory.value == nil && inMemory.errors.count == 1)
        withKnownIssue("a streamed envelope whose records member is missing or not an array records no error (in memory: one)") {
            #expect(records.flatMap(\.result.errors).count == 1)
        }
        // What it does now: no record, and the member (when present) is one of the envelope's members.
        #expect(records.isEmpty)
        let envelope = try #require(received.envelopes.first)
        #expect(received.envelopes.count == 1)
        #expect(envelope["next"] == "a")
        #expect(envelope["items"] == (try JSONValue(jsonObject: try JSONSerialization.jsonObject(with: Data(json.utf8))))["items"])
    }

    private struct Page: APIDecodable {
        let items: [Int]
        init?(from decoder: APIDecoder) {
            guard let items = decoder["items"] --> [Int].self else { return nil }
            self.items = items
        }
    }
}
