import Foundation
import Salvage
import Testing

// Regressions found by the hostile review of error reporting (session 27, review A): each test failed
// before its fix.

@Suite struct ReviewAReportRegressionTests {
    struct Contact: APIDecodable {
        let born: Date?
        let nestedBorn: Date?
        init?(from decoder: APIDecoder) {
            born = decoder["contact.born"] --> Date?.self
            nestedBorn = decoder["contact"]["born"] --> Date?.self
        }
    }

    static let contactJSON = #"{"contact.born": "1999-12-31 private", "contact": {"born": "2000-01-01 private"}}"#

    /// `redactedPaths` splits its patterns like `APIQueryPath`: `\.` is a dot inside a key. Before, a pattern
    /// was split at every dot, so no pattern could name a key holding a dot and its value leaked.
    @Test func aRedactedPathNamesAKeyWithADotThroughAnEscape() {
        var options = APIDecodeOptions()
        options.redactedPaths = [#"contact\.born"#]
        let result = APIDataDecoder(options: options).decode(string: Self.contactJSON, to: Contact.self)
        #expect(result.errors.map(\.description) == [
            #"root(Contact) > "contact.born"(Date) : Cannot read "<redacted>" as Date: expected ISO 8601 date and time"#,
            #"root(Contact) > "contact" > "born"(Date) : Cannot read "2000-01-01 private" as Date: expected ISO 8601 date and time"#,
        ])
        #expect(result.errors.map(\.value) == ["<redacted>", "2000-01-01 private"])
        #expect(!result.jsonLines.contains("1999-12-31"))
    }

    /// Without the escape, a dot still separates steps: `contact.born` is the member `born` of `contact`.
    @Test func anUnescapedDotStillSeparatesSteps() {
        var options = APIDecodeOptions()
        options.redactedPaths = ["contact.born"]
        let result = APIDataDecoder(options: options).decode(string: Self.contactJSON, to: Contact.self)
        #expect(result.errors.map(\.value) == ["1999-12-31 private", "<redacted>"])
    }

    @Test(arguments: [
        (#"contact\.born"#, ["<redacted>", "2000-01-01 private"]),
        (#"*"#, ["<redacted>", "<redacted>"]),
        (#"contact.*"#, ["1999-12-31 private", "<redacted>"]),
        (#"contact\\.born"#, ["1999-12-31 private", "2000-01-01 private"]),   // the key `contact\` then `born`
        (#"contact.born.deeper"#, ["1999-12-31 private", "2000-01-01 private"]),
    ] as [(String, [String?])])
    func redactedPathPatterns(pattern: String, values: [String?]) {
        var options = APIDecodeOptions()
        options.redactedPaths = [pattern]
        #expect(APIDataDecoder(options: options).decode(string: Self.contactJSON, to: Contact.self).errors.map(\.value) == values)
    }

    struct Note: APIDecodable {
        let count: Int?
        init?(from decoder: APIDecoder) { count = decoder["count"] --> Int?.self }
    }

    /// A JSON string may hold U+2028 and U+2029 raw; the diagnostic's excerpt showed them raw, so a
    /// Unicode-aware viewer broke the excerpt's line and the caret no longer pointed at the value.
    @Test(arguments: ["\u{2028}", "\u{2029}"])
    func theSourceExcerptShowsLineSeparatorsAsReplacementCharacters(separator: String) throws {
        let json = #"{"text": "a"# + separator + #"b", "count": "x"}"#
        let error = try #require(APIDataDecoder().decode(string: json, to: Note.self).errors.first)
        #expect(error.diagnostic(source: json) == """
            warning: Unexpectedly found a string [type_mismatch]
             --> line 1, column 26: root(Note) > "count"(Int)
              |
            1 | {"text": "a\u{FFFD}b", "count": "x"}
              |                          ^
            """)
        #expect(error.diagnostic(source: Data(json.utf8)) == error.diagnostic(source: json))
    }
}
