import Foundation
import Salvage
import Testing

// Regression found by the hostile review (session 27, review A): a dotted path dropped a backslash that
// escaped nothing — at the end (`"dir\"` read the key `dir`) or before a character other than `.` and `\`
// (`"C:\temp"` read the key `C:temp`) — so such a key could not be reached by a dotted path (nor named
// in `redactedPaths`, which reads its patterns the same way).

@Suite struct ReviewAQueryPathTests {
    @Test(arguments: [
        (#"dir\"#, [#"dir\"#]),
        (#"C:\temp"#, [#"C:\temp"#]),
        (#"a\.b.c"#, ["a.b", "c"]),
        (#"a\\.b"#, [#"a\"#, "b"]),
        (#"a\\\.b"#, [#"a\.b"#]),
        (#"\"#, [#"\"#]),
        (#"x.\"#, ["x", #"\"#]),
    ])
    func backslashesThatEscapeNothingAreKept(dotted: String, keys: [String]) {
        let path = APIQueryPath(dotted)
        #expect(path.components == keys.map { .keyOrIndex($0) })
    }

    struct Reader: APIDecodable {
        let found: Int?
        init?(from decoder: APIDecoder) { found = decoder[path: APIQueryPath(#"dir\"#)] --> Int?.self }
    }

    @Test func aKeyEndingInABackslashIsReachedAndRedacted() throws {
        let json = #"{"dir\\": 7, "dir": 1}"#
        #expect(APIDataDecoder().decode(string: json, to: Reader.self).value?.found == 7)
        let value = try #require(APIDataDecoder().decode(string: json, to: JSONValue.self).value)
        #expect(value[path: #"dir\"#] == 7)

        struct Holder: APIDecodable {
            init?(from decoder: APIDecoder) { _ = decoder[#"dir\"#] --> Date?.self }
        }
        var options = APIDecodeOptions()
        options.redactedPaths = [#"dir\"#]
        let result = APIDataDecoder(options: options).decode(string: #"{"dir\\": "secret"}"#, to: Holder.self)
        #expect(result.errors.map(\.description) == [
            #"root(Holder) > "dir\\"(Date) : Cannot read "<redacted>" as Date: expected ISO 8601 date and time"#,
        ])
    }
}
