import Foundation
import Salvage
import Testing

/// Every entry point issues #4 and #5 add, on a 512 KiB thread (a secondary thread's default on Darwin), at the
/// default maximum depth: a 256-level model (each level an object and an array: 511 JSON levels) that reads each
/// of its fields with another tool of issue #4 — a fallback, a lenient conversion, a dotted path, a default, a
/// per-field date strategy, a transform, a loss budget — and every report of issue #5 made from the errors met
/// at its deepest level (paths of 500+ steps): summary, JSON Lines, metadata, diagnostic, `Codable` export,
/// strict mode, unknown keys, redaction with the error cap, and records of a stream.
@Suite struct Issue4And5SmallStackTests {
    private final class Level: APIDecodable, Sendable {
        static var idKey: String? { "id" }
        let id: Int
        let count: Int
        let label: String
        let when: Date?
        let size: Int?
        let children: [Level]

        init?(from decoder: APIDecoder) {
            let id = decoder[firstOf: "identifier", "id"] --> Int.self
            let count = decoder["n"].decodeRequired(Int.self, lenient: true)
            label = decoder[path: "meta.label"].decode(String.self, default: "none", when: .missingOrNull)
            when = decoder["t"].decodeOptional(Date.self, strategy: .secondsSince1970)
            size = decoder["size"].decodeOptional(String.self) { Int($0) }
            children = decoder["c"].decodeOptional([Level].self, maxDropped: 1) ?? []
            guard let id, let count else { return nil }
            self.id = id
            self.count = count
        }

        var depth: Int { 1 + (children.first?.depth ?? 0) }
    }

    /// `levels` nested levels; the deepest has a bad date, size and an unread key.
    private static func document(levels: Int) -> String {
        var json = #"{"id": \#(levels), "n": "1", "t": "soon", "size": "big", "extra": true, "c": []}"#
        for level in stride(from: levels - 1, through: 1, by: -1) {
            json = #"{"id": \#(level), "n": 1, "meta": {"label": "x"}, "t": 0, "c": ["# + json + "]}"
        }
        return json
    }

    private struct Outcome: Sendable, Equatable {
        var depth: Int?
        var codes: [String]
        var deepestPathLength: Int
        var summaryLines: Int
        var jsonLineCount: Int
        var metadataCode: String?
        var diagnosticLines: Int
        var roundTrips: Bool
        var strictThrows: Bool
        var cappedUnrecorded: Int
        var records: [Int?]
    }

    @Test func everyToolAndReportOnA512KiBThread() {
        let levels = 256
        let json = Self.document(levels: levels)
        let outcome = onThread(stackSize: 512 * 1024) { () -> Outcome in
            var options = APIDecodeOptions()
            options.reportsUnknownKeys = true
            options.reportsUsedDefaults = true
            let result = APIDataDecoder(options: options).decode(string: json, to: Level.self)
            let deepest = result.errors.map(\.path.count).max() ?? 0
            let encoded = try? JSONEncoder().encode(result.errors)
            let decoded = encoded.flatMap { try? JSONDecoder().decode([APIDecodeError].self, from: $0) }
            let summaryData = try? JSONEncoder().encode(result.summary)
            let summary = summaryData.flatMap { try? JSONDecoder().decode(APIDecodeSummary.self, from: $0) }
            var strictThrows = false
            do { _ = try result.strictValue() } catch let failure as APIDecodeFailure { strictThrows = failure.errors.count == result.errors.count } catch {}
            options.maximumRecordedErrors = 1
            options.redactedPaths = ["*.size"]
            let capped = APIDataDecoder(options: options).decode(string: json, to: Level.self)
            let records = APIDataDecoder().decodeRecords(string: json + "\n" + json, to: Level.self)
            return Outcome(depth: result.value?.depth, codes: result.errors.map(\.code), deepestPathLength: deepest,
                           summaryLines: result.summary.description.split(separator: "\n").count,
                           jsonLineCount: result.jsonLines.split(separator: "\n").count,
                           metadataCode: result.errors.last?.metadata["salvage.error.code"],
                           diagnosticLines: result.errors.last.map { $0.diagnostic(source: json).split(separator: "\n").count } ?? 0,
                           roundTrips: decoded == result.errors && summary == result.summary,
                           strictThrows: strictThrows, cappedUnrecorded: capped.unrecordedErrorCount,
                           records: records.map { $0.result.value?.depth })
        }
        // The deepest level's count is coerced (info), its label defaulted (info), its date (a string for a number
        // strategy) and size are nil (recovered), its unread key is reported (info, after the decode). The
        // default's path is the deepest: the record's 2 × 255 steps below the root, then "meta" and "label".
        #expect(outcome.depth == levels)
        #expect(outcome.codes == ["coerced", "default_used", "type_mismatch", "invalid_format", "unknown_key"])
        let deepest = 2 * levels + 1
        #expect(outcome.deepestPathLength == deepest)
        #expect(outcome.summaryLines > 1)
        #expect(outcome.jsonLineCount == 5)
        #expect(outcome.metadataCode == "unknown_key")
        #expect(outcome.diagnosticLines == 5)
        #expect(outcome.roundTrips)
        #expect(outcome.strictThrows)
        #expect(outcome.cappedUnrecorded == 4)
        #expect(outcome.records == [levels, levels])
    }
}
