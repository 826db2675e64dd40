import Foundation
import Salvage
import Testing

/// Review of the input prefix kept as the `value` of an `invalid_json` error (session 23).
struct InvalidInputPrefixReviewTests {
    /// `DecodeDriver.leadingText` read at most `maximumValueLength × 8 + 8` bytes, assuming no character is
    /// longer than 8 bytes; a family emoji is 25. With `maximumValueLength = 2` the read stopped inside the first
    /// family's last scalar, which became U+FFFD, and the text was then short enough to be shown without `…`.
    /// It now reads on (twice as many bytes each time) until it has more characters than it shows.
    @Test func aCutNeverSplitsAScalarOfALongCharacter() throws {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
        var options = APIDecodeOptions()
        options.maximumValueLength = 2
        let error = try #require(APIDataDecoder(options: options).decode(string: family + family + family, to: JSONValue.self).errors.first)
        #expect(error.code == "invalid_json")
        #expect(error.value == family + family + "…")
        #expect(error.value?.unicodeScalars.contains("\u{FFFD}") == false)
        // Exactly two families: all of it, no `…`; one family with a limit of one: all of it.
        let two = APIDataDecoder(options: options).decode(string: family + family, to: JSONValue.self).errors.first
        #expect(two?.value == family + family)
        options.maximumValueLength = 1
        let one = APIDataDecoder(options: options).decode(string: family + " x", to: JSONValue.self).errors.first
        #expect(one?.value == family + "…")
    }

    /// A decode that redacts values shows `<redacted>` as the `value` of an `invalid_json` error and no source
    /// line, "since any byte of the page could be one" (Docs/ErrorReporting.md); the parser's message quoted the
    /// offending character, which can be the first character of a redacted value (`'h'` of `hunter2`) or one
    /// inside it (`'x'` of an invalid escape). It now says `<redacted>` there too; without redaction it quotes.
    @Test(arguments: [
        (#"{"password": hunter2}"#, #"root(JSONValue) : Invalid JSON at line 1, column 14 (byte 13): Unexpected character <redacted>: expected a value"#),
        (#"{"password": "hunter2\x"}"#, #"root(JSONValue) : Invalid JSON at line 1, column 22 (byte 21): Invalid escape sequence: '\' followed by character <redacted>"#),
        ("[\"\u{1}\"]", #"root(JSONValue) : Invalid JSON at line 1, column 3 (byte 2): Unescaped control character <redacted> in a string"#),
        ("[\"\\ud800\"]", #"root(JSONValue) : Invalid JSON at line 1, column 3 (byte 2): Unpaired UTF-16 surrogate \u<redacted> in a string"#),
    ])
    func aRedactingDecodeQuotesNoCharacterOfTheInput(_ json: String, _ expected: String) throws {
        var options = APIDecodeOptions()
        options.redactedKeys = ["password"]
        let error = try #require(APIDataDecoder(options: options).decode(string: json, to: JSONValue.self).errors.first)
        #expect(error.value == "<redacted>")
        #expect(error.diagnostic(source: json).contains("source not shown: values are redacted"))
        #expect(error.description == expected)
        // Without redaction the message names the character.
        let plain = try #require(APIDataDecoder().decode(string: json, to: JSONValue.self).errors.first)
        #expect(!plain.description.contains("<redacted>"))
    }
}
