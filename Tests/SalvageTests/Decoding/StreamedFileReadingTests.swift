import Foundation
import Salvage
import Testing

/// `records(from: URL, to:)` reads each 1 MiB chunk with `read(2)` straight into its window (`RecordFileReading.swift`):
/// records cut by a chunk's end, broken ones among them, decode as from memory; the chunks (seen in the progress
/// reports) are the ones `FileHandle.read(upToCount:)` gave; a failing read throws `FileHandle`'s error.
struct StreamedFileReadingTests {
    /// A top-level array of persons about 2.3 MiB long, with a record cut by each of the first two chunks' ends
    /// (one of them broken) and every 97th record with a bad field.
    static func arrayText() -> String {
        var text = "[\n"
        var index = 0
        for boundary in [1 << 20, 2 << 20] {
            while text.utf8.count < boundary - 300 {
                text += Self.person(index) + ",\n"
                index += 1
            }
            // Pad to 40 bytes before the boundary, then a record that runs across it.
            text += String(repeating: " ", count: boundary - 40 - text.utf8.count)
            text += boundary == 1 << 20 ? Self.person(index) + ",\n" : #"{"person_id": 1, "first_name": "cut", "last_name": tru},"# + "\n"
            index += 1
        }
        while text.utf8.count < (2 << 20) + (300 << 10) {
            text += Self.person(index) + ",\n"
            index += 1
        }
        return text + Self.person(index) + "\n]\n"
    }

    static func person(_ index: Int) -> String {
        let height = index % 97 == 5 ? "\"really tall\"" : "\(150 + index % 40).5"
        return #"{"person_id": \#(index), "first_name": "First\#(index)", "last_name": "Last\#(index)", "contact_info": {"phone_number": "(312) 555-\#(index % 10_000)"}, "height": \#(height)}"#
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func recordsAcrossChunkEndsDecodeAsFromMemoryInFileHandlesChunks() async throws {
        let text = Self.arrayText()
        let count = text.utf8.count
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("salvage-file-reading-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let reports = ReportLog()
        var fromFile: [String] = []
        for try await record in APIDataDecoder().records(from: url, to: Person.self, progress: { reports.append($0) }) {
            fromFile.append(StreamedRecordTests.rendered(record))
        }
        var fromMemory: [String] = []
        let whole = StreamedRecordTests.ChunkedBytes(bytes: Array(text.utf8), sizes: [count])
        for try await record in APIDataDecoder().records(from: whole, to: Person.self) {
            fromMemory.append(StreamedRecordTests.rendered(record))
        }
        #expect(fromFile.count > 10_000)
        #expect(fromFile == fromMemory)
        #expect(fromFile.contains { $0.contains("Invalid JSON at line") })
        let bytesRead: [Int] = [1 << 20, 2 << 20, count, count]
        #expect(reports.all.map(\.bytesRead) == bytesRead)
        #expect(reports.all.map(\.isFinished) == [false, false, false, true])
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func aFileShorterThanAChunkAndAnEmptyFileDecodeAsFromMemory() async throws {
        for text in ["", "[]", "[1, 2, tru, 4]\n", "1\n2\n{\n3\n"] {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("salvage-file-reading-\(UUID().uuidString).json")
            try Data(text.utf8).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            var fromFile: [String] = []
            for try await record in APIDataDecoder().records(from: url, to: Int.self) {
                fromFile.append(StreamedRecordTests.rendered(record))
            }
            #expect(try await fromFile == StreamedRecordTests.streamed(text, sizes: [1 << 20], to: Int.self), "\(text.debugDescription)")
        }
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func aFailingReadThrowsFileHandlesError() async throws {
        // A folder opens for reading on Linux and fails at the first read (EISDIR); elsewhere it may fail to open.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvage-file-reading-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var expected: NSError?
        do {
            let handle = try FileHandle(forReadingFrom: folder)
            defer { try? handle.close() }
            _ = try handle.read(upToCount: 1 << 20)
        } catch {
            expected = error as NSError
        }
        var thrown: NSError?
        do {
            for try await _ in APIDataDecoder().records(from: folder, to: Int.self) {}
        } catch {
            thrown = error as NSError
        }
        #expect(expected != nil)
        #expect(thrown?.domain == expected?.domain)
        #expect(thrown?.code == expected?.code)
        #expect(thrown?.userInfo.count == expected?.userInfo.count)
    }
}

/// The progress reports of one decode, in order.
private final class ReportLog: @unchecked Sendable {
    private var reports: [APIRecordProgress] = []
    func append(_ report: APIRecordProgress) { reports.append(report) }
    var all: [APIRecordProgress] { reports }
}
