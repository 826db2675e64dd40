import Foundation
import Salvage
import Testing

/// One `APIDataDecoder` (with a formatted-date strategy) and one `APIDataEncoder` shared by tasks that run at once:
/// a streamed decode whose records are sent to detached tasks and rendered there, an array decode whose errors are
/// rendered in `async let`s, encodes read back through the Codable bridge, and a `JSONValue` written in a detached
/// task and decoded again. Every task's result is the one a lone decode gives. (A review's attack that held, also
/// under ThreadSanitizer; kept as a guard.)
struct SharedAcrossTasksReviewTests {
    private struct Item: APIDecodable, Sendable, CustomStringConvertible {
        let id: Int
        let name: String
        let when: Date?
        init?(from decoder: APIDecoder) {
            guard let id = decoder["id"] --> Int.self, let name = decoder["name"] --> String.self else { return nil }
            (self.id, self.name) = (id, name)
            when = decoder["when"] --> Date?.self
        }
        var description: String { "\(id) \(name) \(when.map { "\($0.timeIntervalSince1970)" } ?? "-")" }
    }

    private struct Stamp: Codable, Sendable {
        let id: Int
        let when: Date
        let tags: [String]
    }

    static let lines = (0 ..< 300).map {
        #"{"id": \#($0), "name": \#($0 % 7 == 0 ? "5" : "\"n\($0)\""), "when": "\#($0 % 5 == 0 ? "bad" : "2024-01-0\($0 % 9 + 1)T00:00:00+0000")"}"#
    }
    static let ndjson = lines.joined(separator: "\n")
    static let array = "[" + lines.joined(separator: ",") + "]"

    private static func rendered(_ result: APIDecodeResult<Item>) -> String {
        "\(result.value.map { "\($0)" } ?? "nil") \(result.errors.map(\.description))"
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func sharedDecodersAndEncodersGiveEachTaskALoneDecodesResult() async throws {
        var options = APIDecodeOptions()
        options.dateDecodingStrategy = .formatted("yyyy-MM-dd'T'HH:mm:ssZ")
        let decoder = APIDataDecoder(options: options)
        let encoder = APIDataEncoder()
        let expectedRecords = decoder.decodeRecords(string: Self.ndjson, to: Item.self).map { Self.rendered($0.result) }
        let expectedErrors = decoder.decode(string: Self.array, to: [Item].self).errors.map(\.description)
        #expect(expectedRecords.count == 300)
        // 43 names that are numbers (every 7th) + 60 bad dates (every 5th) − 9 elements with both (their date is never read).
        #expect(expectedErrors.count == 94)
        let stamps = (0 ..< 50).map { Stamp(id: $0, when: Date(timeIntervalSinceReferenceDate: Double($0)), tags: ["a", "b\($0)"]) }
        let encodedAlone = try encoder.encode(stamps)
        let problems = try await withThrowingTaskGroup(of: [String].self) { group in
            for task in 0 ..< 8 {
                group.addTask {
                    switch task % 4 {
                    case 0:
                        var records: [String] = []
                        let bytes = StreamedRecordTests.ChunkedBytes(bytes: Array(Self.ndjson.utf8), sizes: [97, 13])
                        for try await record in decoder.records(from: bytes, to: Item.self) {
                            records.append(await Task.detached { Self.rendered(record.result) }.value)
                        }
                        return records == expectedRecords ? [] : ["streamed records differ"]
                    case 1:
                        let result = decoder.decode(string: Self.array, to: [Item].self)
                        async let descriptions = result.errors.map(\.description)
                        async let jsonLines = result.errors.map(\.jsonLine)
                        let (errors, exported) = await (descriptions, jsonLines)
                        return errors == expectedErrors && exported.count == errors.count ? [] : ["array errors differ"]
                    case 2:
                        let data = try encoder.encode(stamps)
                        let back = decoder.decode(data: data, toDecodable: [Stamp].self)
                        return data == encodedAlone && back.value?.map(\.id) == Array(0 ..< 50) && back.errors.isEmpty ? [] : ["encode differs"]
                    default:
                        let value = decoder.decode(string: Self.array, to: JSONValue.self).value ?? .null
                        let text = await Task.detached { try? value.jsonString(options: .sortedKeys) }.value
                        let again = decoder.decode(jsonValue: value, to: [Item].self)
                        return text?.utf8.count ?? 0 > Self.array.utf8.count / 2 && again.errors.count == expectedErrors.count ? [] : ["JSON value differs"]
                    }
                }
            }
            var problems: [String] = []
            for try await taskProblems in group { problems += taskProblems }
            return problems
        }
        #expect(problems == [])
    }
}
