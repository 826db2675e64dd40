import Foundation
import Salvage
import Testing

/// Review finding (2026-11-25): an envelope's key, and the blanks around its `:`, were read without the
/// `maximumRecordSize` bound that every record and member value has — a key that did not end (hostile or cut input
/// without a line break) was kept whole in the window, and the error came only once the key ended. Now they are
/// bounded like the rest of a member.
struct StreamedEnvelopeKeyBoundTests {
    /// What a streamed envelope decode of `text` gave: its records, and the bytes read when the first one arrived.
    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    private static func firstRecord(of text: String) async throws -> (records: [String], bytesReadAtFirst: Int?) {
        let reads = ReadCounter()
        let bytes = StreamedRecordTests.ChunkedBytes(bytes: Array(text.utf8), sizes: [1_024])
        var records: [String] = []
        var bytesReadAtFirst: Int?
        for try await record in APIDataDecoder().records(from: bytes, to: Int.self, at: "orders", maximumRecordSize: 64,
                                                        progress: { reads.latest = $0.bytesRead }, envelope: { _ in }) {
            if bytesReadAtFirst == nil { bytesReadAtFirst = reads.latest }
            records.append(record.result.errors.map(\.description).joined())
        }
        return (records, bytesReadAtFirst)
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test(arguments: ["a 200,000-byte key", "200,000 blanks before a key's colon"])
    func aHugeEnvelopeKeyIsReportedOnceItPassesTheBound(shape: String) async throws {
        let text = shape.hasPrefix("a ")
            ? "{\"" + String(repeating: "a", count: 200_000) + "\": 1, \"orders\": [1]}"
            : "{\"key\"" + String(repeating: " ", count: 200_000) + ": 1, \"orders\": [1]}"
        let outcome = try await Self.firstRecord(of: text)
        #expect(outcome.records == ["root(Int) : Invalid JSON at line 1, column 2 (byte 1): A member of the envelope is larger than maximumRecordSize (64 bytes)"])
        // Bounded: the error comes after the first read of the sequence (64 KiB; the whole 200,000-byte key before).
        let bytesRead: Int = outcome.bytesReadAtFirst ?? .max
        #expect(bytesRead <= 65_536)
    }
}

/// The latest `bytesRead` reported (the closure runs on the iterating task).
private final class ReadCounter: @unchecked Sendable {
    var latest = 0
}
