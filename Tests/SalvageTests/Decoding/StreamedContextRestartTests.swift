import Foundation
import Salvage
import Testing

/// A stream's next record is decoded in the last record's context, restarted (`DecodingContext.restart`), which keeps
/// the ledger's cap and frame limit, the date strategy and unused element cursors as they are: each record must
/// still decode as if alone, after records that decoded dates with their own strategy, indexed arrays, recorded
/// errors past the cap, or kept a decoder that tries all of these again later.
struct StreamedContextRestartTests {
    /// What a decoder kept from the first record is (see `Stamped`).
    final class Kept: @unchecked Sendable {
        var decoder: APIDecoder?
    }

    static let keptKey = CodingUserInfoKey(rawValue: "kept")!

    /// Dates with the options' strategy and with their own, elements by index, and many errors.
    struct Stamped: APIDecodable, Equatable {
        let at: Date?
        let seconds: Date?
        let picked: [Int?]
        let keptSaw: String?

        init?(from decoder: APIDecoder) {
            // The kept decoder (of the first record) tries a date with its own strategy and an index: it writes nothing.
            let kept = decoder.userInfo[keptKey] as? Kept
            keptSaw = kept?.decoder.map { "\($0["secs"].decodeOptional(Date.self, strategy: .secondsSince1970) as Any) \(($0["tags"][3] --> Int?.self) as Any)" }
            if kept?.decoder == nil { kept?.decoder = decoder }
            at = decoder["at"] --> Date?.self
            seconds = decoder["secs"].decodeOptional(Date.self, strategy: .secondsSince1970)
            let indices = (decoder["pick"] --> [Int]?.self) ?? []
            picked = indices.map { decoder["tags"][$0] --> Int?.self }
            for index in 0 ..< ((decoder["errors"] --> Int?.self) ?? 0) { _ = decoder["missing\(index)"] --> Int.self }
        }
    }

    static let lines = [
        #"{"at": "2024-01-02T03:04:05Z", "secs": 1700000000, "tags": [10, 11, 12, 13, 14], "pick": [3, 1], "errors": 5}"#,
        #"{"at": "2024-02-03T04:05:06Z", "tags": [20, 21, 22], "pick": [0, 2]}"#,
        #"{"at": 12, "secs": "soon", "tags": [30], "pick": [0, 3], "errors": 1}"#,
        #"{"at": "2024-03-04T05:06:07Z", "tags": [40, 41, 42, 43, 44, 45], "pick": [5, 4, 3]}"#,
    ]

    static func options() -> APIDecodeOptions {
        var options = APIDecodeOptions()
        options.maximumRecordedErrors = 3
        options.userInfo[keptKey] = Kept()
        return options
    }

    /// Each record decoded alone, by a decoder of its own (no context reused): its value and errors.
    static func alone(_ line: String) -> String {
        let result = APIDataDecoder(options: options()).decode(string: line, to: Stamped.self)
        return "\(result.value.map { "\($0.at as Any) \($0.seconds as Any) \($0.picked)" } ?? "nil") \(result.errors.count) \(result.unrecordedErrorCount)"
    }

    static func streamed(_ record: APIDecodeRecord<Stamped>) -> String {
        let value = record.result.value.map { "\($0.at as Any) \($0.seconds as Any) \($0.picked)" } ?? "nil"
        return "\(value) \(record.result.errors.count) \(record.result.unrecordedErrorCount)"
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func restartedContextsDecodeEachRecordAsAlone() async throws {
        let expected = Self.lines.map(Self.alone)
        let ndjson = Self.lines.joined(separator: "\n") + "\n"
        #expect(APIDataDecoder(options: Self.options()).decodeRecords(string: ndjson, to: Stamped.self).map(Self.streamed) == expected)
        // A top-level array long enough to be decoded in batches (64 KiB) too.
        let repeated = Array(repeating: Self.lines, count: 400).flatMap { $0 }
        let array = "[\n" + repeated.joined(separator: ",\n") + "\n]\n"
        var records: [String] = []
        var keptSaw: Set<String> = []
        let bytes = StreamedRecordTests.ChunkedBytes(bytes: Array(array.utf8), sizes: [1 << 20])
        for try await record in APIDataDecoder(options: Self.options()).records(from: bytes, to: Stamped.self) {
            records.append(Self.streamed(record))
            if let saw = record.result.value?.keptSaw { keptSaw.insert(saw) }
        }
        let everyRecord: [String] = Array(repeating: expected, count: 400).flatMap { (block: [String]) -> [String] in block }
        #expect(records == everyRecord)
        #expect(keptSaw == ["nil nil"])
    }
}
