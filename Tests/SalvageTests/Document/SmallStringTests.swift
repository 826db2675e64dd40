@testable import Salvage
import Testing

// Strings of at most fifteen UTF-8 bytes are built in place from two word loads and a mask
// (Document/SmallStrings.swift), after a once-per-process check of the standard library's layout; strings
// near the end of the input and unescaped text take a byte loop into the same layout. Each case compares the
// decoded string with one the standard library built: its bytes, characters, hash, and (on 64-bit
// platforms) its two words, which pins the ASCII mark and the zeroed padding as well.

@Suite struct SmallStringTests {
    /// A string with the standard library's own bytes, for the comparison.
    static func reference(_ text: String) -> String { String(decoding: Array(text.utf8), as: UTF8.self) }

    static func expectSame(_ value: String, _ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let expected = reference(text)
        #expect(value == expected, sourceLocation: sourceLocation)
        #expect(Array(value.utf8) == Array(expected.utf8), sourceLocation: sourceLocation)
        #expect(value.count == expected.count, sourceLocation: sourceLocation)
        #expect(value.unicodeScalars.count == expected.unicodeScalars.count, sourceLocation: sourceLocation)
        #expect(value.hashValue == expected.hashValue, sourceLocation: sourceLocation)
        #if arch(x86_64) || arch(arm64)
        let valueWords = unsafeBitCast(value, to: (UInt64, UInt64).self)
        let expectedWords = unsafeBitCast(expected, to: (UInt64, UInt64).self)
        if expected.utf8.count <= 15 {
            #expect(valueWords == expectedWords, sourceLocation: sourceLocation)
        }
        #endif
    }

    /// `text` as the only value (its closing quote the input's last byte: the byte-loop path), inside an
    /// array with 20 bytes after it (the word-load path), and as an object's field and key.
    static func decodedEverywhere(_ escapedText: String) throws -> [String] {
        let alone = try #require(APIDataDecoder().decode(string: "\"\(escapedText)\"", to: String.self).value)
        let padded = try #require(APIDataDecoder().decode(string: "[\"\(escapedText)\", 12345678901234567890]", to: [JSONValue].self).value)
        guard case .string(let inArray) = padded.first else { Issue.record("not a string: \(padded)"); return [] }
        let object = try #require(APIDataDecoder().decode(string: "{\"\(escapedText)\": \"\(escapedText)\", \"n\": 1234567890123456}", to: [String: JSONValue].self).value)
        let key = try #require(object.keys.first { $0 != "n" })
        guard case .string(let field) = object[key] else { Issue.record("no field: \(object)"); return [] }
        return [alone, inArray, key, field]
    }

    @Test func layoutIsVerifiedOn64BitPlatforms() {
        #if arch(x86_64) || arch(arm64)
        #expect(SmallStringLayout.isVerified)
        #else
        #expect(!SmallStringLayout.isVerified)
        #endif
    }

    /// The builder itself, on every length and with garbage past the count (debug builds decode through the
    /// public path, so this is where they exercise it).
    @Test(arguments: 0...15)
    func builderMatchesTheStandardLibrary(_ count: Int) throws {
        try #require(SmallStringLayout.isVerified)
        for text in [String("abcdefghijklmnop".prefix(count)), String("日本語のテキスト".utf8.prefix(count)) ?? ""]
        where text.utf8.count == count {
            let bytes = Array(text.utf8) + Array(repeating: 0xA5, count: 16 - count)
            let low = bytes[0..<8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let high = bytes[8..<16].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            Self.expectSame(SmallStringLayout.string(low: low, high: high, count: count), text)
            let made = bytes.withUnsafeBufferPointer { SmallStringLayout.string(UnsafeBufferPointer(rebasing: $0[0..<count])) }
            Self.expectSame(made, text)
        }
    }

    /// Lengths 0 to 17: each side of 8 (one word) and of 15 (the largest small string).
    @Test(arguments: 0...17)
    func asciiOfEveryLength(_ length: Int) throws {
        let text = String("abcdefghijklmnopqrstuvwxyz".prefix(length))
        for value in try Self.decodedEverywhere(text) { Self.expectSame(value, text) }
    }

    /// A two-, three- and four-byte character at every offset of strings up to 17 bytes.
    @Test(arguments: ["é", "日", "😀", "\u{7F}"])
    func nonASCIIAtEveryOffset(_ character: String) throws {
        for total in character.utf8.count...17 {
            for offset in 0...(total - character.utf8.count) {
                let text = String(repeating: "a", count: offset) + character
                    + String(repeating: "z", count: total - character.utf8.count - offset)
                #expect(text.utf8.count == total)
                for value in try Self.decodedEverywhere(text) { Self.expectSame(value, text) }
            }
        }
    }

    struct Escape: Sendable, CustomTestStringConvertible {
        let written: String
        let meaning: String
        var testDescription: String { written }
    }

    static let escapes: [Escape] = [
        Escape(written: #"\n"#, meaning: "\n"), Escape(written: #"\/"#, meaning: "/"),
        Escape(written: #"\""#, meaning: "\""), Escape(written: #"\\"#, meaning: "\\"),
        Escape(written: #"\u0041"#, meaning: "A"), Escape(written: #"\u00e9"#, meaning: "é"),
        Escape(written: #"\u65e5"#, meaning: "日"), Escape(written: #"\ud83d\ude00"#, meaning: "😀"),
        Escape(written: #"\u0000"#, meaning: "\u{0}"),
    ]

    /// An escape at every offset of unescaped lengths 1 to 17.
    @Test(arguments: escapes)
    func escapeAtEveryOffset(_ escape: Escape) throws {
        let size = escape.meaning.utf8.count
        for total in size...17 {
            for offset in 0...(total - size) {
                let before = String(repeating: "b", count: offset)
                let after = String(repeating: "y", count: total - size - offset)
                let values = try Self.decodedEverywhere(before + escape.written + after)
                for value in values { Self.expectSame(value, before + escape.meaning + after) }
            }
        }
    }

    /// Strings ending at every distance from the input's end, where 16 bytes from the start would pass it.
    @Test(arguments: 0...17)
    func stringsNearTheEndOfTheInput(_ trailing: Int) throws {
        for length in [0, 1, 7, 8, 9, 15] {
            let text = String("ABCDEFGHIJKLMNOP".prefix(length))
            let json = "[\"\(text)\"\(String(repeating: " ", count: trailing))]"
            let value = try #require(APIDataDecoder().decode(string: json, to: [String].self).value)
            #expect(value.count == 1)
            Self.expectSame(value[0], text)
        }
    }

    /// Bytes past the string in the word loads (the closing quote, the next member) never leak into it.
    @Test func neighbouringBytesAreMaskedOff() throws {
        let json = #"{"a":"x","b":"\u00ff","c":"","d":"abcdefgh","e":"ijklmnopq"}"#
        let value = try #require(APIDataDecoder().decode(string: json, to: [String: String].self).value)
        #expect(value == ["a": "x", "b": "ÿ", "c": "", "d": "abcdefgh", "e": "ijklmnopq"])
        for (key, text) in value { Self.expectSame(key, key); Self.expectSame(text, text) }
    }

    enum Color: String, APIDecodable, Sendable { case red, green, chartreuse_yellow }

    /// Enum raw values and dictionary keys go through the same strings.
    @Test func rawValuesAndKeys() throws {
        let colors = APIDataDecoder().decode(string: #"["red","chartreuse_yellow","blue"]"#, to: [Color?].self)
        #expect(colors.value == [.red, .chartreuse_yellow])
        #expect(colors.errors.map(\.description) == [#"root(Array<Optional<Color>>) > [2](Color) : Raw value of "blue" for type Color not defined"#])
        let counts = try #require(APIDataDecoder().decode(string: #"{"tags":3,"日本":2,"":1}"#, to: [String: Int].self).value)
        #expect(counts == ["tags": 3, "日本": 2, "": 1])
    }
}
