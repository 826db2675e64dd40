import Salvage
import Testing

/// `decoder[path:]`, `decoder[firstOf:]` and `decode(_:default:when:)`.
struct PathsAndDefaultsTests {
    static let json = #"""
    {"contact_info": {"phone_number": "555"}, "items": [{"name": "a"}, {"name": "b"}],
     "version.major": {"value": 2}, "names": {"0": "zero"}, "nick": null, "count": "many"}
    """#

    private struct PathFields: APIDecodable {
        let phone: String?
        let second: String?
        let major: Int?
        let escapedMajor: Int?
        let zeroKey: String?
        let missing: String?
        init?(from decoder: APIDecoder) {
            phone = decoder[path: "contact_info.phone_number"] --> String?.self
            second = decoder[path: "items.1.name"] --> String?.self
            major = decoder[path: ["version.major", "value"]] --> Int?.self
            escapedMajor = decoder[path: "version\\.major.value"] --> Int?.self
            zeroKey = decoder[path: "names.0"] --> String?.self
            missing = decoder[path: "items.7.name"] --> String?.self
        }
    }

    @Test func pathsReachNestedValues() throws {
        let result = APIDataDecoder().decode(string: Self.json, to: PathFields.self)
        #expect(result.errors == [])
        let value = try #require(result.value)
        #expect(value.phone == "555")
        #expect(value.second == "b")
        #expect(value.major == 2)
        #expect(value.escapedMajor == 2)
        #expect(value.zeroKey == "zero")
        #expect(value.missing == nil)
        #expect(APIQueryPath("a.b\\.c.0").description == #"["a"]["b.c"]["0"]"#)
    }

    @Test func aRequiredValueBehindAPathNamesTheFullPath() {
        struct DeepPaths: APIDecodable {
            init?(from decoder: APIDecoder) {
                _ = decoder[path: "items.3.name"] --> String.self
                return nil
            }
        }
        let result = APIDataDecoder().decode(string: Self.json, to: DeepPaths.self)
        #expect(result.errors.map(\.path.jsonPath) == [#"root["items"][3]["name"]"#])
        #expect(result.errors.map(\.reason) == [.unexpectedJSONType(actual: .absent)])
    }

    private struct RenamedFields: APIDecodable {
        let name: String
        init?(from decoder: APIDecoder) {
            guard let name = decoder[firstOf: "full_name", "name", "first_name"] --> String.self else { return nil }
            self.name = name
        }
    }

    @Test(arguments: [
        (#"{"name": "Ada"}"#, "Ada"),
        (#"{"first_name": "Ada", "name": "Lovelace"}"#, "Lovelace"),
        (#"{"full_name": "Ada Lovelace", "name": "Ada"}"#, "Ada Lovelace"),
    ])
    func firstPresentAlternativeWinsSilently(json: String, expected: String) {
        let result = APIDataDecoder().decode(string: json, to: RenamedFields.self)
        #expect(result.value?.name == expected)
        #expect(result.errors == [])
    }

    @Test func noAlternativePresentNamesEveryKeyTried() throws {
        let result = APIDataDecoder().decode(string: #"{"nickname": "Ada"}"#, to: RenamedFields.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(RenamedFields) > "full_name"(String) : No value is present under any of "full_name", "name", "first_name""#,
        ])
    }

    @Test func theFirstPresentAlternativeIsTheOneReportedWhenWrong() {
        let result = APIDataDecoder().decode(string: #"{"name": 7, "first_name": "Ada"}"#, to: RenamedFields.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [#"root(RenamedFields) > "name"(String) : Unexpectedly found an integer"#])
    }

    private struct DefaultedFields: APIDecodable {
        let retries: Int
        let nick: String
        let count: Int
        let strict: Int
        init?(from decoder: APIDecoder) {
            retries = decoder["retries"].decode(Int.self, default: 3)
            nick = decoder["nick"].decode(String.self, default: "none")
            count = decoder["count"].decode(Int.self, default: 0, when: .missingNullOrInvalid)
            strict = decoder["strict"].decode(Int.self, default: -1, when: .null)
            guard decoder.succeeded else { return nil }
        }
    }

    @Test func defaultsDistinguishMissingNullAndInvalid() {
        let result = APIDataDecoder().decode(string: #"{"nick": null, "count": "many", "strict": null}"#, to: DefaultedFields.self)
        #expect(result.value?.retries == 3)
        #expect(result.value?.nick == "none")
        #expect(result.value?.count == 0)
        #expect(result.value?.strict == -1)
        // The invalid value is still reported; the model is kept.
        #expect(result.errors.map(\.description) == [#"root(DefaultedFields) > "count"(Int) : Unexpectedly found a string"#])
    }

    @Test func aSituationThePolicyDoesNotNameFailsTheModel() {
        let result = APIDataDecoder().decode(string: #"{"count": 1}"#, to: DefaultedFields.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [#"root(DefaultedFields) > "strict"(Int) : No value is present (a default exists for null values)"#])
    }

    @Test func usedDefaultsCanBeReported() {
        var options = APIDecodeOptions()
        options.reportsUsedDefaults = true
        let result = APIDataDecoder(options: options).decode(string: #"{"nick": null, "count": 2, "strict": 5}"#, to: DefaultedFields.self)
        #expect(result.value?.count == 2)
        #expect(result.errors.map(\.description) == [
            #"root(DefaultedFields) > "retries"(Int) : No value is present; the default was used"#,
            #"root(DefaultedFields) > "nick"(String) : Unexpectedly found null; the default was used"#,
        ])
    }
}
