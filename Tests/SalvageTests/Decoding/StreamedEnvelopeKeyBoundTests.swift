import Foundation
import Salvage
import Testing

/// Review finding (2026-11-25), left to the owner of `RecordStreamEngine+Envelope.swift`: an envelope's key, and the
/// blanks between a key and its `:`, are read without the `maximumRecordSize` bound that every record and member
/// value has. A key that does not end (hostile or cut input without a line break) is kept whole in the window, so
/// memory grows with it instead of staying bounded; the error comes only once the key ends.
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
        // Today: one error record, but only after the whole key was read into the window.
        #expect(outcome.records.count == 1)
        let firstRecord: String = outcome.records.first ?? ""
        #expect(firstRecord.contains("larger than maximumRecordSize (64 bytes)"))
        withKnownIssue("envelope keys are not bounded by maximumRecordSize") {
            // Bounded: the error comes within about twice the bound plus two chunks (2 × 64 + 2 × 1,024 bytes), as for
            // records and member values.
            let bytesRead: Int = outcome.bytesReadAtFirst ?? .max
            #expect(bytesRead <= 2_176)
        }
    }
}

/// The latest `bytesRead` reported (the closure runs on the iterating task).
private final class ReadCounter: @unchecked Sendable {
    var latest = 0
}
