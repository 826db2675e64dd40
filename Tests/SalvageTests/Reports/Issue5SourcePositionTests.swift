import Foundation
@testable import Salvage
import Testing

/// Issue #5: "source location (line, column, byte offset)" and "a human rendering like a compiler diagnostic
/// … with the source line and a caret under the offending value" — as an editor and a terminal show them:
/// a byte order mark that starts the input is not a column (editors hide it), and the caret is placed by the
/// columns a terminal gives each character (two for CJK and emoji, none for a combining mark), not one space
/// per Unicode scalar.
@Suite struct Issue5SourcePositionTests {
    private struct Person: APIDecodable {
        static var idKey: String? { "id" }
        let height: Double
        init?(from decoder: APIDecoder) {
            guard let height = decoder["height"] --> Double.self else { return nil }
            self.height = height
        }
    }

    private static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    // MARK: - A byte order mark is not a column

    @Test(arguments: [
        #"{"id": 1, "height": "x"}"#,
        "{\"id\": 1,\n \"height\": \"x\"}",
        "\r\n{\"id\": 1, \"height\": \"x\"}",
        #"{"名前": "日本", "id": 1, "height": "x"}"#,
    ])
    func aLeadingByteOrderMarkMovesOnlyTheOffset(json: String) throws {
        let plain = try #require(APIDataDecoder().decode(string: json, to: Person.self).errors.first)
        let marked = try #require(APIDataDecoder().decode(data: Data(Self.bom + Array(json.utf8)), to: Person.self).errors.first)
        let location = try #require(plain.location)
        #expect(marked.location == SourceLocation(offset: location.offset + 3, line: location.line, column: location.column))
    }

    @Test func theIssuesExampleAfterAMark() throws {
        let bytes = Self.bom + Array(#"{"id": 1, "height": "x"}"#.utf8)
        let error = try #require(APIDataDecoder().decode(data: Data(bytes), to: Person.self).errors.first)
        #expect(error.location == SourceLocation(offset: 23, line: 1, column: 21))
        #expect(error.jsonLine.contains(#""column":21,"#) && error.jsonLine.contains(#""line":1,"#))
        #expect(error.metadata["salvage.error.column"] == "21")
    }

    /// Input that is not JSON is located the same way.
    @Test func aSyntaxErrorAfterAMark() throws {
        let error = try #require(APIDataDecoder().decode(data: Data(Self.bom + Array(#"{"a": }"#.utf8)), to: JSONValue.self).errors.first)
        #expect(error.code == "invalid_json")
        #expect(error.location == SourceLocation(offset: 9, line: 1, column: 7))
        #expect(error.description == "root(JSONValue) : Invalid JSON at line 1, column 7 (byte 9): Unexpected character '}': expected a value")
    }

    /// Records of a stream in memory: the mark at the stream's start is not a column; one at the start of a
    /// later line (files concatenated) is a character of that line, as an editor shows it.
    @Test func recordsOfAStreamAfterAMark() {
        let stream = "\u{FEFF}{\"id\": 1, \"height\": \"x\"}\n{\"id\": 2, \"height\": \"y\"}"
        let records = APIDataDecoder().decodeRecords(string: stream, to: Person.self)
        #expect(records.flatMap(\.result.errors).map { $0.location.map(String.init(describing:)) } == [
            "line 1, column 21 (byte 23)", "line 2, column 21 (byte 48)",
        ])
    }

    /// `RecordStreamLocator` (streamed records, counted per window) and `SourceLocation.locate` (the whole input)
    /// agree on every offset of inputs starting with a mark, in windows of every size (but the two inside the
    /// mark, where no value starts).
    @Test(arguments: [
        "\u{FEFF}{\"a\": 1}\n{\"a\": 2}\n",
        "\u{FEFF}{\"a\": 1}\r\n{\"a\": 2}",
        "\u{FEFF}\u{FEFF}{\"a\": 1} {\"b\": \"日本\"}",
        "\u{FEFF}",
        "\u{FEFF}\n\u{FEFF}{}",
    ], [1, 2, 3, 5, 64])
    func windowedLocationsMatchTheWholeInput(text: String, chunk: Int) {
        let bytes = Array(text.utf8)
        var locator = RecordStreamLocator()
        var windowStart = 0
        var windowEnd = 0
        for offset in 0 ... bytes.count where offset == 0 || offset >= 3 {
            while windowEnd <= offset && windowEnd < bytes.count {
                windowEnd = Swift.min(bytes.count, windowEnd + chunk)
            }
            let expected = bytes.withUnsafeBufferPointer { SourceLocation.locate(offset: offset, in: ByteReader($0)) }
            let found = Array(bytes[windowStart ..< windowEnd]).withUnsafeBufferPointer {
                locator.locate(offset, in: ByteReader($0), windowStart: windowStart)
            }
            #expect(found == expected, "offset \(offset), window \(windowStart)..<\(windowEnd)")
            windowStart = Swift.max(windowStart, offset - 1)
        }
        // Past the mark, line 1 counts from 1 again; a second mark is a character.
        if bytes.count >= 3 {
            let third = bytes.withUnsafeBufferPointer { SourceLocation.locate(offset: 3, in: ByteReader($0)) }
            #expect(third == SourceLocation(offset: 3, line: 1, column: 1))
        }
    }

    // MARK: - The caret under the value

    private struct Field: APIDecodable {
        let k: Int
        init?(from decoder: APIDecoder) {
            guard let k = decoder["k"] --> Int.self else { return nil }
            self.k = k
        }
    }

    /// The caret line of `json`'s only error, and the error's column.
    private static func caret(_ json: String) throws -> (line: String, column: Int) {
        let error = try #require(APIDataDecoder().decode(string: json, to: Field.self).errors.first)
        let lines = error.diagnostic(source: json).split(separator: "\n", omittingEmptySubsequences: false)
        return (String(try #require(lines.last)), try #require(error.location).column)
    }

    @Test(arguments: [
        // (JSON, columns a terminal shows before the value)
        (#"{"k": "s"}"#, 6),
        (#"{"日本語": 1, "k": "s"}"#, 19),            // three wide characters
        (#"{"ｋｅｙ": 1, "k": "s"}"#, 19),            // fullwidth letters
        (#"{"😀": 1, "k": "s"}"#, 15),               // an emoji
        ("{\"e\u{301}\": 1, \"k\": \"s\"}", 14),     // e + combining acute: one column, two scalars
        (#"{"🇫🇷": 1, "k": "s"}"#, 15),              // a flag: two regional indicators
        ("{\"👨‍👩‍👧\": 1, \"k\": \"s\"}", 15),        // a family: five scalars joined
        ("{\"\u{2764}\u{FE0F}\": 1, \"k\": \"s\"}", 15), // a heart with emoji presentation
        ("{\"한국\": 1, \"k\": \"s\"}", 17),          // Hangul syllables
    ])
    func theCaretIsUnderTheValueInATerminal(json: String, columns: Int) throws {
        let (line, _) = try Self.caret(json)
        #expect(line == "  | " + String(repeating: " ", count: columns) + "^")
    }

    /// The whole diagnostic for a line with CJK text: the location still counts scalars (as `SourceLocation`
    /// documents); only the caret's padding counts terminal columns.
    @Test func aWholeDiagnosticWithWideCharacters() throws {
        let json = #"{"名前": "山田", "k": "十"}"#
        let error = try #require(APIDataDecoder().decode(string: json, to: Field.self).errors.first)
        #expect(error.location == SourceLocation(offset: 26, line: 1, column: 19))
        #expect(error.diagnostic(source: json) == """
        error: Unexpectedly found a string [type_mismatch]
         --> line 1, column 19: root(Field) > "k"(Int)
          |
        1 | {"名前": "山田", "k": "十"}
        """ + "\n  | " + String(repeating: " ", count: 22) + "^")
    }

    /// A tab is still repeated (a terminal widens it to its tab stop), after wide characters too.
    @Test func tabsStayTabs() throws {
        let (line, _) = try Self.caret("{\"日\":\t1,\t\"k\": \"s\"}")
        #expect(line == "  | " + "      \t  \t     ^")
    }

    /// Input starting with a byte order mark: the source line leaves it out, as the column does.
    @Test func aLeadingMarkIsNotShownNorCounted() throws {
        let bytes = Self.bom + Array(#"{"k": "s"}"#.utf8)
        let error = try #require(APIDataDecoder().decode(data: Data(bytes), to: Field.self).errors.first)
        #expect(error.location == SourceLocation(offset: 9, line: 1, column: 7))
        #expect(error.diagnostic(source: Data(bytes)) == """
        error: Unexpectedly found a string [type_mismatch]
         --> line 1, column 7: root(Field) > "k"(Int)
          |
        1 | {"k": "s"}
          |       ^
        """)
    }
}
