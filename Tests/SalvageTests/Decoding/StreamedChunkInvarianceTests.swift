import Foundation
import Salvage
import Testing

/// `records(from:to:)` over random top-level arrays and envelopes built from hostile pieces (truncated strings,
/// escapes, literals and UTF-8, byte order marks, lone CRs, `]` and `[` out of place, garbage after the array),
/// with small `maximumRecordSize`s: the records (values, errors, locations) are the same whatever the chunks, and
/// the progress reports grow and end with exactly the bytes, records and errors the stream gave, once.
/// (A review's attack that held; kept as a guard.)
struct StreamedChunkInvarianceTests {
    /// The records, progress reports and envelopes of one streamed decode.
    struct Outcome: Equatable {
        var records: [String] = []
        var errors = 0
        var progress: [APIRecordProgress] = []
        var envelopes: [JSONValue] = []
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    static func streamed(_ text: String, sizes: [Int], maximumRecordSize: Int, member: String? = nil) async throws -> Outcome {
        let bytes = StreamedRecordTests.ChunkedBytes(bytes: Array(text.utf8), sizes: sizes)
        let progress = Log<APIRecordProgress>()
        let envelopes = Log<JSONValue>()
        let stream = member.map {
            APIDataDecoder().records(from: bytes, to: Int.self, at: $0, maximumRecordSize: maximumRecordSize,
                                     progress: { progress.append($0) }, envelope: { envelopes.append($0) })
        } ?? APIDataDecoder().records(from: bytes, to: Int.self, maximumRecordSize: maximumRecordSize, progress: { progress.append($0) })
        var outcome = Outcome()
        for try await record in stream {
            outcome.records.append(StreamedRecordTests.rendered(record))
            outcome.errors += record.result.errors.count
        }
        outcome.progress = progress.all
        outcome.envelopes = envelopes.all
        return outcome
    }

    /// Problems with the progress reports of `outcome`, a decode of `byteCount` bytes.
    static func progressProblems(_ outcome: Outcome, byteCount: Int) -> [String] {
        var problems: [String] = []
        let final = APIRecordProgress(bytesRead: byteCount, records: outcome.records.count, errors: outcome.errors, isFinished: true)
        if outcome.progress.last != final { problems.append("last report \(String(describing: outcome.progress.last)), expected \(final)") }
        if outcome.progress.filter(\.isFinished).count != 1 { problems.append("\(outcome.progress.filter(\.isFinished).count) final reports") }
        for (earlier, later) in zip(outcome.progress, outcome.progress.dropFirst())
        where later.bytesRead < earlier.bytesRead || later.records < earlier.records || later.errors < earlier.errors {
            problems.append("went back: \(earlier) then \(later)")
        }
        return problems
    }

    static let elementPieces = ["1", "\"x\"", "tru", "nul", "[1,2]", "{\"a\":1}", "{\"a\":", "\"key\": 1", "}", "]", "[", ",", ",,", " ", "\n",
                                "\r\n", "\r", "\u{FEFF}", "\"é\"", "\"\\u00e9\"", "\"\\", "1e5", "-", "1.", "\"unterminated", "\u{0}",
                                "12345678901234567890"]

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func randomArraysGiveTheSameRecordsInAnyChunks() async throws {
        var random = SplitMix64(seed: 99)
        var problems: [String] = []
        for _ in 0 ..< 120 {
            var text = random.pick(["[", "\u{FEFF}[", " \n["])
            for _ in 0 ..< random.int(0 ... 14) {
                text += random.pick(Self.elementPieces)
                if random.chance(0.6) { text += random.pick([",", ", ", ",\n", "\n,", ""]) }
            }
            if random.chance(0.5) { text += "]" }
            if random.chance(0.3) { text += random.pick(["[1]", "\n[2,3]", " x", "\n", "]", "[", "{}"]) }
            let maximumRecordSize = random.pick([64 << 20, 4, 9, 20])
            let whole = try await Self.streamed(text, sizes: [1 << 20], maximumRecordSize: maximumRecordSize)
            problems += Self.progressProblems(whole, byteCount: text.utf8.count).map { "\(text.debugDescription): \($0)" }
            for sizes in [[1], [2], [3, 1, 7], [random.int(1 ... 20)]] {
                let chunked = try await Self.streamed(text, sizes: sizes, maximumRecordSize: maximumRecordSize)
                if chunked.records != whole.records {
                    problems.append("\(text.debugDescription) in chunks of \(sizes), maximumRecordSize \(maximumRecordSize):\n\(chunked.records)\n\(whole.records)")
                }
                problems += Self.progressProblems(chunked, byteCount: text.utf8.count).map { "\(text.debugDescription) in chunks of \(sizes): \($0)" }
            }
        }
        #expect(problems == [])
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func randomEnvelopesGiveTheSameRecordsAndMembersInAnyChunks() async throws {
        var random = SplitMix64(seed: 7)
        var problems: [String] = []
        let memberPieces = [#""next": "a""#, #""n": 1"#, #""o": {"x": [1, 2]}"#, #""orders": [1, "x", 3]"#, #""orders": []"#, #""orders": 5"#,
                            #""or\"ders": [1]"#, #""bad" 1"#, #""a": tru"#, "oops", #""k":"#, #""u": "\u00e9""#, "\n", " "]
        for _ in 0 ..< 100 {
            var text = random.chance(0.8) ? "{" : "[1,2"
            for index in 0 ..< random.int(0 ... 6) {
                if index > 0 { text += random.pick([",", ", ", ",\n", " "]) }
                text += random.pick(memberPieces)
            }
            if random.chance(0.7) { text += "}" }
            if random.chance(0.3) { text += random.pick(["[1]", "\n{}", " x", "\n", "}"]) }
            let maximumRecordSize = random.pick([64 << 20, 6, 12, 30])
            let whole = try await Self.streamed(text, sizes: [1 << 20], maximumRecordSize: maximumRecordSize, member: "orders")
            for sizes in [[1], [2], [5, 1, 3]] {
                let chunked = try await Self.streamed(text, sizes: sizes, maximumRecordSize: maximumRecordSize, member: "orders")
                if chunked.records != whole.records || chunked.envelopes != whole.envelopes {
                    problems.append("\(text.debugDescription) in chunks of \(sizes): \(chunked.records) \(chunked.envelopes)\n\(whole.records) \(whole.envelopes)")
                }
                problems += Self.progressProblems(chunked, byteCount: text.utf8.count).map { "\(text.debugDescription) in chunks of \(sizes): \($0)" }
            }
        }
        #expect(problems == [])
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func anEmptyOrBlankFileHasNoRecordsAndADirectoryThrows() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvage-chunks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in [("empty.ndjson", ""), ("blank.ndjson", "\n\n  \r\n\u{FEFF}\n\r")] {
            let url = folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            let progress = Log<APIRecordProgress>()
            var records = 0
            for try await _ in APIDataDecoder().records(from: url, to: Int.self, progress: { progress.append($0) }) { records += 1 }
            #expect(records == 0)
            #expect(progress.all.last == APIRecordProgress(bytesRead: text.utf8.count, records: 0, errors: 0, isFinished: true))
        }
        await #expect(throws: (any Error).self) {
            for try await _ in APIDataDecoder().records(from: folder, to: Int.self) {}
        }
    }
}

/// What a stream's closures received, in order (they run on the iterating task, one at a time).
private final class Log<Value>: @unchecked Sendable {
    private var values: [Value] = []
    func append(_ value: Value) { values.append(value) }
    var all: [Value] { values }
}
