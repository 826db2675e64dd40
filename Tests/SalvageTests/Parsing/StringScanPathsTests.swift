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

    /// Runs of three-byte characters cross fifteen bytes a step where sixteen are left (`startsFiveThreeByteCharacters`):
    /// the bad bytes after 0 to 11 of them fall at every place of that step, and after it.
    static let threeByteRuns = (0 ... 11).map { String("日本語のテキスト漢字かな".prefix($0)) }

    @Test(arguments: cases, threeByteRuns)
    func invalidUTF8AfterARunOfThreeByteCharacters(_ item: Case, run: String) throws {
        Self.expectTheCasesError(item, after: run)
    }

    /// Well-formed three-byte characters at the edges of what one step accepts: the first and last of the
    /// range after an 0xE0 lead (U+0800, U+0FFF), the last before the surrogates and the first after them
    /// (U+D7FF, U+E000), and U+FFFF; in runs of every length up to twenty, at three alignments.
    @Test(arguments: 0 ... 20, 0 ..< 3)
    func threeByteRunsAtTheEdgesOfTheRange(_ length: Int, shift: Int) throws {
        let edges: [Character] = ["\u{800}", "\u{FFF}", "\u{D7FF}", "\u{E000}", "\u{FFFF}", "日"]
        let text = String(repeating: "a", count: shift) + String((0 ..< length).map { edges[$0 % edges.count] }) + "!"
        let result = APIDataDecoder().decode(string: "[\"\(text)\", \"sixteen more bytes\"]", to: [String].self)
        #expect(result.errors.isEmpty)
        #expect(result.value == [text, "sixteen more bytes"])
    }

    @Test func everyInvalidUTF8CaseIsCovered() {
        #expect(Self.cases.count == 25)
    }

    @Test(arguments: cases, prefixes)
    func invalidUTF8InsideALongString(_ item: Case, prefix: String) throws {
        Self.expectTheCasesError(item, after: prefix)
    }

    /// The case's bad bytes after `prefix` in a string of an array, with a string of sixteen bytes after it: the
    /// case's message, at the case's offset after the prefix.
    static func expectTheCasesError(_ item: Case, after prefix: String) {
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
