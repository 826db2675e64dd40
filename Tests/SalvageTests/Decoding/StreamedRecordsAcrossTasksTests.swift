import Foundation
import Salvage
import Testing

/// `APIRecordStream` is not `Sendable` (it holds your progress closure and your byte sequence, neither of which
/// has to be), yet Swift 6 lets you hand a stream you just made to another task and iterate it there: the stream
/// is a value no one else can reach, so it may be *sent*. These tests compile that pattern — a compile error here
/// is one a user would hit — and check what the other task reads.
struct StreamedRecordsAcrossTasksTests {
    private struct Item: APIDecodable, Sendable {
        let id: Int
        init?(from decoder: APIDecoder) {
            guard let id = decoder["id"] --> Int.self else { return nil }
            self.id = id
        }
    }

    private static let input = #"[{"id": 1}, {"id": "two"}, {"id": 3}]"#

    /// What a task reads from the stream: each record's index, id (or `-`) and errors.
    private static func read(_ stream: APIRecordStream<Item>) async throws -> [String] {
        var lines: [String] = []
        for try await record in stream {
            lines.append("#\(record.index) \(record.result.value.map { "\($0.id)" } ?? "-") \(record.result.errors.map(\.description))")
        }
        return lines
    }

    private static let expected = [
        "#0 1 []",
        #"#1 - ["root(Item) > \"id\"(Int) : Unexpectedly found a string"]"#,
        "#2 3 []",
    ]

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func aStreamMadeHereIsIteratedInATask() async throws {
        let bytes = StreamedRecordTests.ChunkedBytes(bytes: Array(Self.input.utf8), sizes: [5])
        let stream = APIDataDecoder().records(from: bytes, to: Item.self)
        let task = Task { try await Self.read(stream) }
        #expect(try await task.value == Self.expected)
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func aStreamMadeHereIsIteratedInADetachedTaskAndOnTheMainActor() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("salvage-across-tasks-\(UUID().uuidString).json")
        try Data(Self.input.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let detached = Task.detached { try await Self.read(APIDataDecoder().records(from: file, to: Item.self)) }
        #expect(try await detached.value == Self.expected)
        let stream = APIDataDecoder().records(from: file, to: Item.self)
        let onMain = Task { @MainActor in
            var ids: [Int] = []
            for try await record in stream { ids.append(record.result.value?.id ?? -1) }
            return ids
        }
        #expect(try await onMain.value == [1, -1, 3])
    }
}
