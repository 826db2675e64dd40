import Foundation
import Salvage
import Testing

/// Plain `Decodable` models decoded through Salvage with `JSONDecoder`-style strategies.
struct DecodableRootTests {
    private struct RootUser: Decodable, Equatable {
        let userId: Int
        let displayName: String
        let signedUp: Date
        let score: Double
    }

    private func decoder(dates: DateDecodingStrategy = .iso8601) -> APIDataDecoder {
        var options = APIDecodeOptions.strictCodable
        options.codable = CodableStrategies(keys: .convertFromSnakeCase, dates: dates,
                                            nonConformingFloats: .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan"), recovery: .strict)
        return APIDataDecoder(options: options)
    }

    @Test func snakeCaseKeysDatesAndNonConformingFloats() throws {
        let json = #"{"user_id": 7, "display_name": "Ada", "signed_up": "2024-02-29T12:30:45Z", "score": "inf"}"#
        let result = decoder().decode(string: json, toDecodable: RootUser.self)
        #expect(result.errors == [])
        let user = try #require(result.value)
        #expect(user.userId == 7)
        #expect(user.displayName == "Ada")
        #expect(user.signedUp.timeIntervalSince1970 == 1_709_209_845)
        #expect(user.score == .infinity)
    }

    @Test func errorsUseTheJSONSpellingOfKeysAndCarryLocations() throws {
        let json = #"{"user_id": 7, "display_name": 42, "signed_up": "2024-02-29T12:30:45Z", "score": 1}"#
        let result = decoder().decode(data: Data(json.utf8), toDecodable: RootUser.self)
        #expect(result.value == nil)
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.path.jsonPath == #"root["display_name"]"#)
        #expect(error.location == SourceLocation(offset: 31, line: 1, column: 32))
        if case .swiftDecodingError(.typeMismatch) = error.reason {} else { Issue.record("expected a type mismatch, got \(error.reason)") }
    }

    @Test func unreadableDatesFollowTheStrategy() throws {
        let json = #"{"user_id": 7, "display_name": "Ada", "signed_up": "tomorrow", "score": 1}"#
        let result = decoder().decode(string: json, toDecodable: RootUser.self)
        let error = try #require(result.errors.first)
        #expect(error.path.jsonPath == #"root["signed_up"]"#)
        #expect(error.description.hasSuffix(#"Cannot read "tomorrow" as Date: expected ISO 8601 date and time."#))
    }

    @Test func defaultStrategiesAreJSONDecoders() throws {
        struct PlainRoot: Decodable { let when: Date; let blob: Data }
        let result = APIDataDecoder(options: .strictCodable).decode(string: #"{"when": 0, "blob": "aGk="}"#, toDecodable: PlainRoot.self)
        #expect(result.value?.when == Date(timeIntervalSinceReferenceDate: 0))
        #expect(result.value?.blob == Data("hi".utf8))
    }

    @Test func invalidJSONIsOneError() {
        let result = APIDataDecoder(options: .strictCodable).decode(string: "{", toDecodable: RootUser.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == ["root(RootUser) : Invalid JSON at line 1, column 2 (byte 1): Unexpected end of input: expected a key"])
    }

    @Test(arguments: [("user_id", "userId"), ("_private_key_", "_privateKey_"), ("URL_PATH", "urlPath"), ("plain", "plain"), ("_Leading", "_Leading"), ("line_2nd", "line2Nd"), ("a__b", "aB")])
    func snakeCaseConversionMatchesJSONDecoder(_ snake: String, _ expected: String) throws {
        let json = "{\"\(snake)\": 1}"
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        struct Keyed: Decodable {
            let name: String
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyKey.self)
                name = container.allKeys.first?.stringValue ?? ""
            }
        }
        let foundationName = try foundation.decode(Keyed.self, from: Data(json.utf8)).name
        #expect(foundationName == expected)
        var options = APIDecodeOptions.strictCodable
        options.codable.keys = .convertFromSnakeCase
        #expect(APIDataDecoder(options: options).decode(string: json, toDecodable: Keyed.self).value?.name == expected)
    }
}

private struct AnyKey: CodingKey {
    let stringValue: String
    let intValue: Int? = nil
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}
