import Foundation
import Salvage
import Testing

/// #14 item 6: `decoder[firstOf:]` with paths, `reportsUsedFallbacks`, and defaults that say what they cover.
struct FallbackVisibilityTests {
    private struct Renamed: APIDecodable {
        let name: String
        init?(from decoder: APIDecoder) {
            guard let name = decoder[firstOf: "full_name", "name"] --> String.self else { return nil }
            self.name = name
        }
    }

    private struct Moved: APIDecodable {
        let name: String
        init?(from decoder: APIDecoder) {
            guard let name = decoder[firstOf: ["user", "name"], "name", APIQueryPath("profile.display_name")] --> String.self else { return nil }
            self.name = name
        }
    }

    private static var reporting: APIDecodeOptions {
        var options = APIDecodeOptions()
        options.reportsUsedFallbacks = true
        return options
    }

    @Test func aFallbackKeyIsReportedAtInfoLevelWhenAskedFor() throws {
        let result = APIDataDecoder(options: Self.reporting).decode(string: #"{"name": "Ada"}"#, to: Renamed.self)
        #expect(result.value?.name == "Ada")
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.description == #"root(Renamed) > "name" : Found under "name" instead of the preferred "full_name""#)
        #expect(error.reason == .fallbackUsed(used: "name", preferred: "full_name"))
        #expect(error.code == "fallback_used")
        #expect(error.severity == .info)
        #expect(error.location == SourceLocation(offset: 9, line: 1, column: 10))
    }

    @Test func theFirstKeyAndTheDefaultOptionsReportNothing() {
        let first = APIDataDecoder(options: Self.reporting).decode(string: #"{"full_name": "Ada", "name": "A"}"#, to: Renamed.self)
        #expect(first.value?.name == "Ada")
        #expect(first.errors == [])
        let silent = APIDataDecoder().decode(string: #"{"name": "Ada"}"#, to: Renamed.self)
        #expect(silent.value?.name == "Ada")
        #expect(silent.errors == [])
    }

    @Test(arguments: [
        (#"{"user": {"name": "Ada"}, "name": "x"}"#, "Ada", [String]()),
        (#"{"name": "Grace"}"#, "Grace", [#"root(Moved) > "name" : Found under "name" instead of the preferred "user.name""#]),
        (#"{"profile": {"display_name": "Hopper"}}"#, "Hopper",
         [#"root(Moved) > "profile" > "display_name" : Found under "profile.display_name" instead of the preferred "user.name""#]),
    ])
    func pathsAreAlternativesToo(json: String, name: String, descriptions: [String]) {
        let result = APIDataDecoder(options: Self.reporting).decode(string: json, to: Moved.self)
        #expect(result.value?.name == name)
        #expect(result.errors.map(\.description) == descriptions)
    }

    @Test func noPathPresentNamesEveryPathTried() {
        let result = APIDataDecoder(options: Self.reporting).decode(string: #"{"user": {}}"#, to: Moved.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(Moved) > "user.name"(String) : No value is present under any of "user.name", "name", "profile.display_name""#,
        ])
        #expect(result.errors.map(\.code) == ["missing"])
    }

    private struct Limits: APIDecodable {
        let retries: Int
        let limit: Int
        init?(from decoder: APIDecoder) {
            retries = decoder["retries"].decode(Int.self, default: 3)
            limit = decoder["limit"].decode(Int.self, default: 100, when: .invalid)
            guard decoder.succeeded else { return nil }
        }
    }

    @Test(arguments: [
        (#"{"retries": "many", "limit": 1}"#,
         #"root(Limits) > "retries"(Int) : Unexpectedly found a string (a default exists for missing or null values)"#),
        (#"{"retries": 99999999999999999999, "limit": 1}"#,
         #"root(Limits) > "retries"(Int) : Value 99999999999999999999 does not fit in Int (a default exists for missing or null values)"#),
        (#"{"retries": 1}"#, #"root(Limits) > "limit"(Int) : No value is present (a default exists for invalid values)"#),
        (#"{"retries": 1, "limit": null}"#, #"root(Limits) > "limit"(Int) : Unexpectedly found null (a default exists for invalid values)"#),
    ])
    func aDefaultThatDidNotApplySaysWhatItCovers(json: String, description: String) throws {
        let result = APIDataDecoder().decode(string: json, to: Limits.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [description])
        #expect(result.errors.map(\.severity) == [.failure])
        let error = try #require(result.errors.first)
        let exported = try JSONDecoder().decode(APIDecodeError.self, from: JSONEncoder().encode(error))
        #expect(exported.description == description)
    }

    @Test func theNoteIsInEveryRenderingOfTheError() throws {
        let result = APIDataDecoder().decode(string: #"{"retries": "many", "limit": 1}"#, to: Limits.self)
        let error = try #require(result.errors.first)
        #expect(error.note == "a default exists for missing or null values")
        let firstLine: Substring? = error.diagnostic().split(separator: "\n").first
        #expect(firstLine == "error: Unexpectedly found a string (a default exists for missing or null values) [type_mismatch]")
        #expect(error.metadata["salvage.error.note"] == "a default exists for missing or null values")
        let line = try #require(JSONSerialization.jsonObject(with: Data(error.jsonLine.utf8)) as? [String: Any])
        #expect(line["note"] as? String == "a default exists for missing or null values")
        #expect(line["message"] as? String == "Unexpectedly found a string")
    }

    @Test func aDefaultThatAppliedAddsNoNote() {
        let result = APIDataDecoder().decode(string: #"{"limit": "x"}"#, to: Limits.self)
        #expect(result.value?.retries == 3)
        #expect(result.value?.limit == 100)
        #expect(result.errors.map(\.description) == [#"root(Limits) > "limit"(Int) : Unexpectedly found a string"#])
        #expect(result.errors.map(\.note) == [nil])
    }

    @Test(arguments: [
        (APIDecodeErrorReason.fallbackUsed(used: "name", preferred: "full_name"), "fallback_used",
         #"Found under "name" instead of the preferred "full_name""#),
        (.noAlternativeMatched(tried: ["Cat", "Dog"], reasons: ["No value is present", #"["bark"] : Unexpectedly found a string"#]),
         "no_alternative_matched", #"No alternative matched: Cat (No value is present), Dog (["bark"] : Unexpectedly found a string)"#),
    ])
    func theNewReasonsHaveCodesAndRoundTrip(reason: APIDecodeErrorReason, code: String, message: String) throws {
        #expect(reason.code == code)
        #expect(reason.description == message)
        let decoded = try JSONDecoder().decode(APIDecodeErrorReason.self, from: JSONEncoder().encode(reason))
        #expect(decoded == reason)
        #expect(decoded.hashValue == reason.hashValue)
    }
}
