import Foundation
import Testing
import Salvage

/// The line, column and offset of recorded errors, wherever they are recorded from: after each kind of line
/// ending, after a byte order mark, out of document order (a model reading its fields backwards, decoders kept
/// and read after later records), in streamed records (lines and offsets of the whole stream) and on the
/// input's first and last bytes. Each location is checked against a byte loop (`lineAndColumn(of:in:)`), and
/// some are pinned as text.
@Suite struct RecordedErrorLocationTests {
    private struct Person: APIDecodable {
        static var idKey: String? { "id" }
        let id: Int
        let height: Double?
        init?(from decoder: APIDecoder) {
            guard let id = decoder["id"] --> Int.self else { return nil }
            self.id = id
            height = decoder["height"] --> Double?.self
        }
    }

    /// Reads its fields last to first, so its errors come in reverse document order.
    private struct Backwards: APIDecodable {
        let values: [Int?]
        init?(from decoder: APIDecoder) {
            values = ["d", "c", "b", "a"].map { decoder[$0] --> Int?.self }
        }
    }

    /// Keeps its `late` decoder; `Page` reads every kept one after all items are decoded.
    private struct Item: APIDecodable {
        let late: APIDecoder
        let early: Int?
        init?(from decoder: APIDecoder) {
            late = decoder["late"]
            early = decoder["early"] --> Int?.self
        }
    }

    private struct Page: APIDecodable {
        let lates: [Int?]
        init?(from decoder: APIDecoder) {
            guard let items = decoder["items"] --> [Item].self else { return nil }
            lates = items.map { $0.late --> Int?.self }
        }
    }

    /// Every error's location against the byte loop; the failures as text.
    private static func mismatches(_ errors: [APIDecodeError], in bytes: [UInt8], offsetBase: Int = 0) -> [String] {
        errors.compactMap { error in
            guard let location = error.location else { return "\(error): no location" }
            let expected = lineAndColumn(of: location.offset, in: bytes)
            return expected.line == location.line && expected.column == location.column ? nil : "\(error) at \(location), expected \(expected)"
        }
    }

    /// Persons, one a line, whose every third one has a bad height.
    private static func persons(_ count: Int, ending: String, indent: String = "  ") -> String {
        "[" + ending + (0 ..< count).map { index in
            indent + #"{"id": \#(index), "height": \#(index % 3 == 0 ? #""tall""# : "1.5")}"#
        }.joined(separator: "," + ending) + ending + "]"
    }

    @Test(arguments: ["\n", "\r\n", "\r"])
    func errorsAfterEachKindOfLineEndingAreOnTheirLines(ending: String) throws {
        let json = Self.persons(40, ending: ending)
        let bytes = Array(json.utf8)
        let errors = APIDataDecoder().decode(data: Data(bytes), to: [Person].self).errors
        #expect(errors.count == 14)
        #expect(Self.mismatches(errors, in: bytes).isEmpty)
        // Person 39 is on line 41 (the `[` is line 1); its height value starts at column 24.
        let last = try #require(errors.last)
        #expect(last.description == #"root(Array<Person>) > [39](Person id=39) > "height"(Double) : Unexpectedly found a string"#)
        #expect(last.location?.line == 41 && last.location?.column == 24)
        #expect(errors.map { $0.location?.line ?? 0 } == stride(from: 2, through: 41, by: 3).map { $0 })
    }

    @Test func aByteOrderMarkIsNotAColumnOfTheFirstLine() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"id": 1, "height": "x"}"#.utf8)
        let errors = APIDataDecoder().decode(data: Data(bytes), to: Person.self).errors
        let error = try #require(errors.first)
        #expect(errors.count == 1)
        // Editors hide the mark: `"x"` at byte 23 is column 21, as after no mark.
        #expect(error.location == SourceLocation(offset: 23, line: 1, column: 21))
        #expect(Self.mismatches(errors, in: bytes).isEmpty)
    }

    @Test func errorsRecordedInReverseOrderKeepTheirLocations() {
        let json = "{\"a\": \"1\",\n \"b\": true,\r\n \"c\": [],\r \"d\": {}}"
        let bytes = Array(json.utf8)
        let errors = APIDataDecoder().decode(data: Data(bytes), to: Backwards.self).errors
        #expect(errors.map { "\($0.path.last?.stringValue ?? "") \($0.location.map { "\($0)" } ?? "-")" } == [
            "d line 4, column 7 (byte 40)",
            "c line 3, column 7 (byte 30)",
            "b line 2, column 7 (byte 17)",
            "a line 1, column 7 (byte 6)",
        ])
        #expect(Self.mismatches(errors, in: bytes).isEmpty)
    }

    @Test func keptDecodersReadAfterLaterRecordsAreLocatedWhereTheirValuesAre() {
        let json = "{\"items\": [\n" + (0 ..< 12).map { #"  {"late": "L\#($0)", "early": "E\#($0)"}"# }.joined(separator: ",\n") + "\n]}"
        let bytes = Array(json.utf8)
        let errors = APIDataDecoder().decode(data: Data(bytes), to: Page.self).errors
        // First every item's `early` (document order), then every kept `late`, which lie before them.
        #expect(errors.count == 24)
        #expect(errors.prefix(12).map { $0.location?.line ?? 0 } == Array(2 ... 13))
        #expect(errors.suffix(12).map { $0.location?.line ?? 0 } == Array(2 ... 13))
        #expect(errors.suffix(12).map { $0.location?.column ?? 0 } == Array(repeating: 12, count: 12))
        #expect(errors.suffix(12).map { $0.value ?? "" } == (0 ..< 12).map { "L\($0)" })
        #expect(Self.mismatches(errors, in: bytes).isEmpty)
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test(arguments: ["\n", "\r\n"])
    func streamedRecordsAreLocatedInTheWholeStream(ending: String) async throws {
        let text = (0 ..< 30).map { #"{"id": \#($0), "height": \#($0 % 4 == 1 ? #""tall""# : "1.5")}"# }.joined(separator: ending) + ending
        let bytes = Array(text.utf8)
        for sizes in [[1 << 20], [7], [1, 64, 3]] {
            var errors: [APIDecodeError] = []
            for try await record in APIDataDecoder().records(from: StreamedRecordTests.ChunkedBytes(bytes: bytes, sizes: sizes), to: Person.self) {
                errors += record.result.errors
            }
            #expect(errors.count == 8, "chunks of \(sizes)")
            #expect(errors.map { $0.location?.line ?? 0 } == [2, 6, 10, 14, 18, 22, 26, 30], "chunks of \(sizes)")
            #expect(Self.mismatches(errors, in: bytes).isEmpty, "chunks of \(sizes)")
        }
        let records = APIDataDecoder().decodeRecords(data: Data(bytes), to: Person.self)
        let errors = records.flatMap(\.result.errors)
        #expect(errors.map { $0.location?.line ?? 0 } == [2, 6, 10, 14, 18, 22, 26, 30])
        #expect(Self.mismatches(errors, in: bytes).isEmpty)
    }

    @Test func errorsOnTheFirstAndTheLastByte() throws {
        let first = APIDataDecoder().decode(data: Data(#""x""#.utf8), to: Int.self).errors
        #expect(first.map(\.location) == [SourceLocation(offset: 0, line: 1, column: 1)])
        for ending in ["\n", "\r\n", "\r"] {
            let json = "[" + String(repeating: ending + "  1,", count: 20) + ending + "7]"
            let bytes = Array(json.utf8)
            let last = APIDataDecoder().decode(data: Data(bytes), to: [String].self).errors
            // `7` is the byte before the last; the root `7` of another input is the last byte itself.
            #expect(last.count == 21)
            #expect(last.last?.location == SourceLocation(offset: bytes.count - 2, line: 22, column: 1), "ending \(ending.debugDescription)")
            #expect(Self.mismatches(last, in: bytes).isEmpty)
            let alone = Array((String(repeating: ending, count: 70) + "7").utf8)
            let errors = APIDataDecoder().decode(data: Data(alone), to: String.self).errors
            #expect(errors.map(\.location) == [SourceLocation(offset: alone.count - 1, line: 71, column: 1)], "ending \(ending.debugDescription)")
        }
    }
}
