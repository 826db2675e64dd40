import Foundation
import Salvage
import Testing

// Runs of three-byte characters (CJK text) are validated two characters per word load where eight bytes are
// left, one character per load where only the first matches, and byte by byte at the end of the input.
// These cases put a bad three-byte sequence after zero to three good characters, at every alignment to the
// eight-byte word, so it is met as the first or the second character of a pair, or alone; and the edge
// characters that are valid (U+0800, U+D7FF, U+E000, U+FFFF) in every position of a pair.

@Suite struct MultiByteRunTests {
    struct Bad: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let message: String
        var testDescription: String { name }
    }

    static let bad: [Bad] = [
        Bad(name: "overlong E0 80 80", bytes: [0xE0, 0x80, 0x80],
            message: "Invalid UTF-8: an overlong encoding (lead byte 0xE0, then 0x80)"),
        Bad(name: "overlong E0 9F BF", bytes: [0xE0, 0x9F, 0xBF],
            message: "Invalid UTF-8: an overlong encoding (lead byte 0xE0, then 0x9F)"),
        Bad(name: "surrogate ED A0 80", bytes: [0xED, 0xA0, 0x80],
            message: "Invalid UTF-8: a UTF-16 surrogate encoded in UTF-8 (lead byte 0xED, then 0xA0)"),
        Bad(name: "surrogate ED BF BF", bytes: [0xED, 0xBF, 0xBF],
            message: "Invalid UTF-8: a UTF-16 surrogate encoded in UTF-8 (lead byte 0xED, then 0xBF)"),
        Bad(name: "third byte not a continuation", bytes: [0xE6, 0x97, 0x41],
            message: "Invalid UTF-8: a truncated multi-byte character (lead byte 0xE6, then 0x41)"),
        Bad(name: "second byte not a continuation", bytes: [0xE6, 0xC3, 0xA5],
            message: "Invalid UTF-8: a truncated multi-byte character (lead byte 0xE6, then 0xC3)"),
        Bad(name: "truncated before the quote", bytes: [0xE6, 0x97],
            message: "Invalid UTF-8: a truncated multi-byte character (lead byte 0xE6, then 0x22)"),
        Bad(name: "stray continuation", bytes: [0x97, 0xA5, 0xE6],
            message: "Invalid UTF-8: unexpected continuation byte 0x97"),
    ]

    /// `"` + `shift` ASCII bytes + `good` three-byte characters + the bad bytes, then (unless the case is a
    /// truncation before the quote) more three-byte characters and a long tail, so every load has room.
    @Test(arguments: bad, 0 ..< 32)
    func aBadSequenceAtEveryPlaceOfARun(_ item: Bad, place: Int) throws {
        let shift = place % 8, good = place / 8
        let before = Array(String(repeating: "a", count: shift).utf8) + Array(String(repeating: "日", count: good).utf8)
        let after = item.name.hasSuffix("before the quote") ? [] : Array("本語のテキスト".utf8)
        let json = Array(#"[""#.utf8) + before + item.bytes + after + Array(#"", "more than sixteen bytes of tail"]"#.utf8)
        let result = APIDataDecoder().decode(bytes: json, to: JSONValue.self)
        guard let syntaxError = onlySyntaxError(of: result) else { return }
        #expect(syntaxError.message == item.message)
        #expect(syntaxError.location.offset == 2 + before.count)
    }

    /// The valid characters next to the forbidden ranges, in pairs of every order, at every alignment.
    @Test(arguments: 0 ..< 8)
    func edgeCharactersAreValidAsFirstAndSecondOfAPair(_ shift: Int) {
        let edges: [Character] = ["\u{800}", "\u{D7FF}", "\u{E000}", "\u{FFFF}", "日", "\u{FFF}", "\u{1000}", "\u{D000}"]
        var text = String(repeating: "a", count: shift)
        for first in edges { for second in edges { text.append(first); text.append(second) } }
        text += String(repeating: "z", count: 20)
        let result = APIDataDecoder().decode(string: "[\"\(text)\"]", to: [String].self)
        #expect(result.errors.isEmpty)
        #expect(result.value == [text])
    }

    /// A run that reaches the last bytes of the input, where the word loads stop and bytes are read one by one.
    @Test(arguments: 0 ..< 12)
    func aRunEndingTheInput(_ good: Int) {
        let text = String(repeating: "日", count: good)
        let result = APIDataDecoder().decode(string: "\"\(text)\"", to: String.self)
        #expect(result.errors.isEmpty)
        #expect(result.value == text)
        let truncated = Array("\"\(text)".utf8) + [0xE6, 0x97]
        let failure = APIDataDecoder().decode(bytes: truncated, to: String.self)
        #expect(failure.value == nil)
        #expect(failure.errors.count == 1)
        if case .invalidJSON(let syntaxError) = failure.errors.first?.reason {
            #expect(syntaxError.message == "Invalid UTF-8: the input ends inside a multi-byte character")
            #expect(syntaxError.location.offset == 1 + 3 * good)
        } else {
            Issue.record("expected .invalidJSON")
        }
    }
}
