import Foundation
import Salvage
import Testing

// `scanString` crosses plain text sixteen bytes at a time and multi-byte characters a word load each, but
// only where the input has room for the load; the last bytes of the input take the byte-at-a-time paths.
// The conformance table's invalid UTF-8 cases are a few bytes long, so they only reach those last paths.
// Here each one ends a long string, after valid text and before another sixteen-byte string, so the wide
// paths meet it first: the error must be the same, at the same place.

@Suite struct StringScanPathsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        /// The bad bytes (the conformance case's string content, without its quotes).
        let body: [UInt8]
        let message: String
        /// Offset of the error within `body`.
        let offset: Int
        var testDescription: String { name }
    }

    /// The conformance table's invalid UTF-8 cases whose string is closed by a quote.
    static let cases: [Case] = ParserConformanceTests.invalidCases.compactMap { item in
        guard item.message.hasPrefix("Invalid UTF-8"), item.bytes.first == ParserConformanceTests.q,
              item.bytes.last == ParserConformanceTests.q, item.bytes.count >= 3 else { return nil }
        return Case(name: item.name, body: Array(item.bytes.dropFirst().dropLast()), message: item.message, offset: item.location.offset - 1)
    }

    /// Text before the bad bytes: ending in ASCII (the vector scan stops at the bad lead byte) and ending in
    /// two- and three-byte characters (the multi-byte run meets it).
    static let prefixes = ["plain ASCII text, more than sixteen bytes: ", "日本語のテキスト, Grüße", "abc€é"]

    @Test func everyInvalidUTF8CaseIsCovered() {
        #expect(Self.cases.count == 25)
    }

    @Test(arguments: cases, prefixes)
    func invalidUTF8InsideALongString(_ item: Case, prefix: String) throws {
        let before = Array(prefix.utf8)
        let bytes = [UInt8(ascii: "[")] + [ParserConformanceTests.q] + before + item.body
            + Array(#"", "sixteen more bytes"]"#.utf8)
        let result = APIDataDecoder().decode(bytes: bytes, to: JSONValue.self)
        guard let syntaxError = onlySyntaxError(of: result) else { return }
        #expect(syntaxError.message == item.message)
        #expect(syntaxError.location.offset == 2 + before.count + item.offset)
    }

    /// Valid text of every UTF-8 length, long enough for the wide paths, at each of sixteen alignments.
    @Test(arguments: 0 ..< 16)
    func validTextAtEveryAlignment(_ shift: Int) throws {
        let text = String(repeating: "a", count: shift) + "é€😀 日本語のテキスト \u{7FF}\u{800}\u{FFFF}\u{10FFFF} ok\u{7F}" + String(repeating: "z", count: 20)
        let result = APIDataDecoder().decode(string: "[\"\(text)\"]", to: [String].self)
        #expect(result.errors.isEmpty)
        #expect(result.value == [text])
    }
}
