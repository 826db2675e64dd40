import Foundation
import Salvage
import Testing

// Strings are created from the input without a second UTF-8 validation, marked ASCII when the parser saw
// no byte >= 0x80 (Document/StringReading.swift). A wrong mark would show in `count` (characters),
// in comparisons with canonically equivalent text and in hashing, so each case checks all three against a
// `String` the standard library built, on both sides of the 15-byte small-string limit and of the 1 KiB
// scratch buffer used for escaped strings.

@Suite struct StringCreationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        let expected: String
        var testDescription: String { name }
    }

    static let long = String(repeating: "abcdefgh", count: 4)  // 32 bytes: not a small string
    static let longJapanese = String(repeating: "日本語のテキスト", count: 4)

    static let cases: [Case] = [
        Case(name: "short ASCII", json: #""id_str""#, expected: "id_str"),
        Case(name: "15 bytes (largest small string)", json: #""abcdefghijklmno""#, expected: "abcdefghijklmno"),
        Case(name: "16 bytes", json: #""abcdefghijklmnop""#, expected: "abcdefghijklmnop"),
        Case(name: "long ASCII", json: "\"\(long)\"", expected: long),
        Case(name: "long non-ASCII", json: "\"\(longJapanese)\"", expected: longJapanese),
        Case(name: "non-ASCII only at the end", json: "\"\(long)é\"", expected: long + "é"),
        Case(name: "combining accent", json: "\"\(long)e\u{301}\"", expected: long + "e\u{301}"),
        Case(name: "escaped ASCII", json: #""https:\/\/t.co\/abcdefghijklmnop""#, expected: "https://t.co/abcdefghijklmnop"),
        Case(name: "\\u escape makes ASCII text non-ASCII", json: "\"\(long)\\u00e9\"", expected: long + "é"),
        Case(name: "\\u combining accent", json: "\"\(long)e\\u0301\"", expected: long + "e\u{301}"),
        Case(name: "\\u escape below 0x80 stays ASCII", json: "\"\(long)\\u0041\\n\"", expected: long + "A\n"),
        Case(name: "surrogate pair in long ASCII", json: "\"\(long)\\ud83d\\ude00\"", expected: long + "😀"),
        Case(name: "escapes in non-ASCII text", json: "\"\(longJapanese)\\t\\\"\"", expected: longJapanese + "\t\""),
        Case(name: "escaped, longer than 1 KiB", json: "\"\(String(repeating: "ab\\/é", count: 300))\"",
             expected: String(repeating: "ab/é", count: 300)),
        Case(name: "escaped ASCII, longer than 1 KiB", json: "\"\(String(repeating: "abc\\n", count: 300))\"",
             expected: String(repeating: "abc\n", count: 300)),
    ]

    @Test(arguments: cases)
    func stringsMatchTheStandardLibrary(_ item: Case) throws {
        let result = APIDataDecoder().decode(string: item.json, to: String.self)
        #expect(result.errors.isEmpty)
        let value = try #require(result.value)
        #expect(value == item.expected)
        #expect(Array(value.utf8) == Array(item.expected.utf8))
        #expect(value.count == item.expected.count)
        #expect(value.unicodeScalars.count == item.expected.unicodeScalars.count)
        #expect(value.hashValue == item.expected.hashValue)
        #expect(Set([item.expected]).contains(value))
    }

    /// Canonically equivalent text compares equal only when the non-ASCII string is not marked ASCII.
    @Test func canonicalEquivalenceAcrossForms() throws {
        let decomposed = try #require(APIDataDecoder().decode(string: "\"\(Self.long)e\u{301}\"", to: String.self).value)
        let escaped = try #require(APIDataDecoder().decode(string: "\"\(Self.long)\\u00e9\"", to: String.self).value)
        #expect(decomposed == Self.long + "é")
        #expect(escaped == Self.long + "e\u{301}")
        #expect(decomposed == escaped)
        #expect(decomposed.hashValue == escaped.hashValue)
    }
}
