import Foundation
@testable import Salvage
import Testing

/// A stream's records are located by `RecordStreamLocator`: from the previous location, with the window searched
/// once for its next `\r` and each record's bytes only for line feeds. Its answers must be those of
/// `SourceLocation.locate` counted from the start of the whole input, whatever the line breaks (`\n`, `\r\n`, a
/// lone `\r`), the characters, the window's start and how far the window reaches.
struct StreamedRecordLocationTests {
    static let texts: [String] = [
        "{\"a\": 1}\n{\"a\": 2}\n{\"a\": 3}\n",
        "{\"a\": 1}\r\n{\"a\": 2}\r\n{\"a\": 3}\r\n",
        "{\"a\": 1}\r{\"a\": 2}\r{\"a\": 3}\r",
        "{\"a\": 1}\n{\"a\": 2}\r\n{\"a\": 3}\r{\"a\": 4}\n\n\r\n{\"a\": 5}",
        "[\n  {\"é\": \"日本\"},\n  {\"ü\": 1},\r\n  {\"x\": \"🙂\"}\n]",
        "{\"a\":\n  [1,\n   2]}\n{\"b\": 3}   {\"c\": 4}\n",
        String(repeating: "{\"id\": 12345, \"name\": \"a fairly long name\", \"tags\": [\"x\", \"y\"]}\n", count: 40),
        String(repeating: "{\"id\": 1}  ", count: 60) + "\r\n" + String(repeating: "x", count: 100) + "\n",
        "\r\n\r\n\n\r\r\n",
    ]

    /// Every offset of `text` located in increasing order, from steps of `stride` bytes, against the whole
    /// input's `SourceLocation.locate`; the window grows `chunk` bytes at a time, always past the offset until
    /// the end, and drops what lies before the latest location (less one byte), as a stream's window does.
    @Test(arguments: texts.indices, [(1, 1), (3, 2), (7, 16), (64, 5), (1 << 20, 11)])
    func locationsMatchTheWholeInput(text: Int, steps: (stride: Int, chunk: Int)) {
        let bytes = Array(Self.texts[text].utf8)
        var locator = RecordStreamLocator()
        var windowStart = 0
        var windowEnd = 0
        var offset = 0
        while offset <= bytes.count {
            // The window reaches past the offset (the byte after a `\r` decides whether it is half of a `\r\n`).
            while windowEnd <= offset && windowEnd < bytes.count {
                windowEnd = Swift.min(bytes.count, windowEnd + steps.chunk)
            }
            let expected = bytes.withUnsafeBufferPointer { SourceLocation.locate(offset: offset, in: ByteReader($0)) }
            let found = Array(bytes[windowStart ..< windowEnd]).withUnsafeBufferPointer {
                locator.locate(offset, in: ByteReader($0), windowStart: windowStart)
            }
            #expect(found == expected, "offset \(offset) of text \(text), window \(windowStart)..<\(windowEnd)")
            windowStart = Swift.max(windowStart, offset - 1)
            offset += steps.stride
        }
    }

    /// A record per line, every fifth with a bad `name`: its error's location is known from the lines' lengths.
    static func ndjson(count: Int, lineBreak: String) -> (text: String, expected: [String]) {
        var text = ""
        var expected: [String] = []
        for index in 0 ..< count {
            let bad = index % 5 == 3
            let line = "{\"id\": \(index), \"name\": \(bad ? "\(index)" : "\"n\(index)\"")}"
            if bad {
                let column = line.distance(from: line.startIndex, to: line.range(of: ": \(index)}")!.lowerBound) + 3
                let location = "line \(index + 1), column \(column) (byte \(text.utf8.count + column - 1))"
                expected.append("#\(index) line \(index + 1): nil [\"root(Named) > \\\"name\\\"(String) : Unexpectedly found an integer @ \(location)\"]")
            } else {
                expected.append("#\(index) line \(index + 1): \(index) n\(index) []")
            }
            text += line + lineBreak
        }
        return (text, expected)
    }

    struct Named: APIDecodable, CustomStringConvertible {
        let id: Int
        let name: String

        init?(from decoder: APIDecoder) {
            guard let id = decoder["id"] --> Int.self, let name = decoder["name"] --> String.self else { return nil }
            self.id = id
            self.name = name
        }

        var description: String { "\(id) \(name)" }
    }

    /// Records with errors after many without, after `\r\n` and lone `\r` line breaks, and records cut by chunk
    /// boundaries anywhere: the same locations as counted from the text.
    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test(arguments: ["\n", "\r\n", "\r"], [[1], [7], [64], [1 << 16]])
    func errorsAfterManyRecordsKeepTheirLocations(lineBreak: String, sizes: [Int]) async throws {
        let (text, expected) = Self.ndjson(count: 200, lineBreak: lineBreak)
        let lines = try await StreamedRecordTests.streamed(text, sizes: sizes, to: Named.self)
        #expect(lines == expected)
        #expect(APIDataDecoder().decodeRecords(string: text, to: Named.self).map(StreamedRecordTests.rendered) == expected)
    }

    /// An array's elements, each on its own line, with a `\r\n` after some: the bad element's location.
    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test(arguments: [[1], [5], [1 << 16]])
    func arrayElementsAfterMixedLineBreaks(sizes: [Int]) async throws {
        let text = "[\n{\"id\": 1, \"name\": \"a\"},\r\n{\"id\": 2, \"name\": \"b\"},\n  {\"id\": 3, \"name\": 3},\r{\"id\": 4, \"name\": \"é\"}, {\"id\": 5, \"name\": 5}\n]\n"
        let lines = try await StreamedRecordTests.streamed(text, sizes: sizes, to: Named.self)
        #expect(lines == [
            "#0 line 2: 1 a []",
            "#1 line 3: 2 b []",
            #"#2 line 4: nil ["root(Named) > \"name\"(String) : Unexpectedly found an integer @ line 4, column 21 (byte 71)"]"#,
            "#3 line 5: 4 é []",
            #"#4 line 5: nil ["root(Named) > \"name\"(String) : Unexpectedly found an integer @ line 5, column 43 (byte 118)"]"#,
        ])
    }
}
