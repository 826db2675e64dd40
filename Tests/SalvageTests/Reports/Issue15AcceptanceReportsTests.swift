import Foundation
import Salvage
import Testing

// Issue #15, item 3 ("reports a service can use unchanged"), checked as its text reads, with `Salvage` alone
// imported (`shortForm` must not need SalvageTesting): record names in JSON lines and summary samples, the
// `limit_exceeded` code, the first bytes of input that is not JSON (cut, redacted), `diagnostic(source:)`
// with `Data`, `Data?` and bytes.

private struct Actor: APIDecodable {
    static var idKey: String? { "login" }
    init?(from decoder: APIDecoder) {
        guard decoder.all(decoder["login"] --> String.self, decoder["id"] --> Int.self) != nil else { return nil }
    }
}

private struct Commit: APIDecodable {
    static var idKey: String? { "sha" }
    init?(from decoder: APIDecoder) {
        guard decoder.all(decoder["sha"] --> String.self, decoder["distinct"] --> Bool.self) != nil else { return nil }
    }
}

private struct Event: APIDecodable {
    static var idKey: String? { "id" }
    init?(from decoder: APIDecoder) {
        guard decoder.all(decoder["id"] --> String.self, .some(decoder["actor"] --> Actor?.self),
                          .some(decoder["payload"]["commits"] --> [Commit]?.self)) != nil else { return nil }
    }
}

@Suite struct Issue15AcceptanceReportsTests {
    private static let events = """
    [{"id": "101", "actor": {"login": "ada", "id": "x"}, "payload": {"commits": [{"sha": "abc", "distinct": "yes"}]}},
     {"id": "102", "actor": {"login": "bob", "id": 2}}]
    """

    @Test func jsonLinesNameEveryRecordByItsTypeAndTheOutermostOne() {
        let result = APIDataDecoder().decode(string: Self.events, to: [Event].self)
        #expect(result.jsonLines == #"""
            {"code":"type_mismatch","column":48,"expected":"Int","found":"string","json_pointer":"/0/actor/id","line":1,"message":"Unexpectedly found a string","outermost_record":"Event id=101","path":"root[0][\"actor\"][\"id\"]","record":"Event id=101 > Actor login=ada","severity":"failure","value":"x"}
            {"code":"type_mismatch","column":105,"expected":"Bool","found":"string","json_pointer":"/0/payload/commits/0/distinct","line":1,"message":"Unexpectedly found a string","outermost_record":"Event id=101","path":"root[0][\"payload\"][\"commits\"][0][\"distinct\"]","record":"Event id=101 > Commit sha=abc","severity":"failure","value":"yes"}
            """#)
        #expect(result.errors.map(\.records) == [["Event id=101", "Actor login=ada"], ["Event id=101", "Commit sha=abc"]])
        #expect(result.errors.map(\.outermostRecord) == ["Event id=101", "Event id=101"])
    }

    @Test func summarySamplesShowTheOutermostRecordByType() {
        let result = APIDataDecoder().decode(string: Self.events, to: [Event].self)
        #expect(result.summary.description == #"""
            2 errors in 2 groups
            1× failure type_mismatch root[*]["actor"]["id"]: Unexpectedly found a string (e.g. Event id=101 > Actor login=ada at line 1, column 48)
            1× failure type_mismatch root[*]["payload"]["commits"][*]["distinct"]: Unexpectedly found a string (e.g. Event id=101 > Commit sha=abc at line 1, column 105)
            """#)
        #expect(result.summary.groups.map(\.outermostRecords) == [["Event id=101"], ["Event id=101"]])
    }

    struct LimitCase: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        let limit: String
        var testDescription: String { name }
        func options() -> APIDecodeOptions {
            var options = APIDecodeOptions()
            switch name {
            case "input": options.maximumInputSize = 8
            case "depth": options.maximumDepth = 2
            default: options.maximumStringLength = 3
            }
            return options
        }
    }

    /// Each limit is `limit_exceeded` in every entry point (native model, `JSONValue`, a `Decodable` root, a
    /// root array with a budget), never `invalid_json`, and the JSON line names the limit.
    @Test(arguments: [
        LimitCase(name: "input", json: #"["abcdef", 1]"#, limit: "maximumInputSize"),
        LimitCase(name: "depth", json: "[[[1]]]", limit: "maximumDepth"),
        LimitCase(name: "string", json: #"["abcdef"]"#, limit: "maximumStringLength"),
    ])
    func limitsHaveTheirOwnCodeEverywhere(_ limit: LimitCase) {
        let decoder = APIDataDecoder(options: limit.options())
        let data = Data(limit.json.utf8)
        let results: [[APIDecodeError]] = [
            decoder.decode(data: data, to: [JSONValue].self).errors,
            decoder.decode(data: data, to: JSONValue.self).errors,
            decoder.decode(data: data, toDecodable: [[[Int]]].self).errors,
            decoder.decode(data: data, to: [JSONValue].self, maxDropped: 0).errors,
        ]
        for errors in results {
            #expect(errors.map(\.shortForm) == ["root: limit_exceeded"])
            #expect(errors.first?.metadata["salvage.error.limit"] == limit.limit)
        }
    }

    /// In a JSON Lines stream, an HTML line keeps its text, a record over a limit is `limit_exceeded`, and a
    /// record's errors name it by type.
    @Test func streamedRecordsHaveTheSameCodesValuesAndRecordNames() {
        var options = APIDecodeOptions()
        options.maximumStringLength = 5
        let stream = """
            {"id": 1, "login": "ok"}
            <html>502 Bad Gateway</html>
            {"id": 2, "login": "toolong"}
            {"id": 3, "login": 4}

            """
        let records = APIDataDecoder(options: options).decodeRecords(string: stream, to: Actor.self)
        #expect(records.map { $0.result.errors.map(\.shortForm) } == [
            [], ["root: invalid_json"], ["root: limit_exceeded"], [#"root["login"]: type_mismatch"#],
        ])
        #expect(records[1].result.errors.first?.value == "<html>502 Bad Gateway</html>")
        #expect(records[2].result.errors.first?.metadata["salvage.error.limit"] == "maximumStringLength")
        #expect(records[3].result.errors.first?.records == ["Actor login=4"])
        #expect(records[3].result.errors.first?.outermostRecord == "Actor login=4")
    }

    @Test func inputThatIsNotJSONKeepsItsFirstCharactersCutToMaximumValueLength() throws {
        let page = Data("\u{FEFF}  <html>\r\n<head><title>502 Bad Gateway</title></head>\n<body>nginx</body></html>".utf8)
        var options = APIDecodeOptions()
        options.maximumValueLength = 30
        let error = try #require(APIDataDecoder(options: options).decode(data: page, to: [Event].self).errors.first)
        #expect(error.value == "<html>  <head><title>502 Bad G…")
        #expect(error.shortForm == "root: invalid_json")
        #expect(error.jsonLine.contains(#""value":"<html>  <head><title>502 Bad G…""#))
        options.maximumValueLength = 200
        #expect(APIDataDecoder(options: options).decode(data: page, to: [Event].self).errors.first?.value
                == "<html>  <head><title>502 Bad Gateway</title></head> <body>nginx</body></html>")
    }

    @Test func theFirstCharactersAreRedactableAndCanBeLeftOut() {
        let page = Data("Service Unavailable: token=s3cr3t".utf8)
        var redacting = APIDecodeOptions()
        redacting.redactedKeys = ["token"]
        let redacted = APIDataDecoder(options: redacting).decode(data: page, to: JSONValue.self)
        #expect(redacted.errors.map(\.value) == ["<redacted>"])
        #expect(!redacted.jsonLines.contains("s3cr3t"))
        #expect(!redacted.errors.map { $0.diagnostic(source: page) }.joined().contains("s3cr3t"))
        var valueless = APIDecodeOptions()
        valueless.keepsValues = false
        #expect(APIDataDecoder(options: valueless).decode(data: page, to: JSONValue.self).errors.map(\.value) == [nil])
    }

    @Test func diagnosticTakesDataOptionalDataAndBytesLikeAString() throws {
        let text = "{\"name\": \"é日本\",\n \"h\": \"x\"}"
        let data: Data? = text.data(using: .utf8)
        struct Height: APIDecodable {
            init?(from decoder: APIDecoder) { _ = decoder["h"] --> Int?.self }
        }
        let result = APIDataDecoder().decode(data: data, to: Height.self)
        let error = try #require(result.errors.first)
        let expected = """
            warning: Unexpectedly found a string [type_mismatch]
             --> line 2, column 7: root(Height) > "h"(Int)
              |
            2 |  "h": "x"}
              |       ^
            """
        #expect(error.diagnostic(source: text) == expected)
        #expect(error.diagnostic(source: data) == expected)
        let bytes = try #require(data)
        #expect(error.diagnostic(source: bytes) == expected)
        #expect(error.diagnostic(source: Array(bytes)) == expected)
        #expect(error.diagnostic(source: Array(bytes)[...]) == expected)
        #expect(error.diagnostic(source: text.utf8) == expected)
        let noSource = "warning: Unexpectedly found a string [type_mismatch]\n --> line 2, column 7: root(Height) > \"h\"(Int)"
        #expect(error.diagnostic() == noSource)
        #expect(error.diagnostic(source: nil) == noSource)
        #expect(error.diagnostic(source: nil as Data?) == noSource)
    }

    @Test func shortFormIsInSalvageForEveryKindOfPath() {
        let result = APIDataDecoder().decode(string: Self.events, to: [Event].self)
        #expect(result.errors.map(\.shortForm) == [#"root[0]["actor"]["id"]: type_mismatch"#, #"root[0]["payload"]["commits"][0]["distinct"]: type_mismatch"#])
        var options = APIDecodeOptions()
        options.rootName = "events"
        let renamed = APIDataDecoder(options: options).decode(string: #"[{"id": 1}]"#, to: [Event].self)
        #expect(renamed.errors.map(\.shortForm) == [#"events[0]["id"]: type_mismatch"#])
        let key = APIDataDecoder().decode(string: #"{"a\"b": 1}"#, to: [String: String].self)
        #expect(key.errors.map(\.shortForm) == [#"root["a\"b"]: type_mismatch"#])
    }
}
