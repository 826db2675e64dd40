import Foundation
import Salvage
import Testing

// Each encoding strategy: snake_case keys as JSONEncoder converts them, every date strategy the decoder reads
// (written as JSONEncoder writes it where it has the same strategy, and read back by Salvage's decoder), and
// non-conforming floats written as strings and read back.

/// An object with one member per name, each valued 1.
private struct KeyNames: Encodable {
    let names: [String]
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NamedKey.self)
        for name in names { try container.encode(1, forKey: try #require(NamedKey(stringValue: name))) }
    }
}

private struct Profile: Codable, Equatable {
    let firstName: String
    let homePage: URL
    let userInfo: [String: Int]
    let createdAt: Date
}

private struct Stamp: Codable, Equatable {
    let at: Date
    let list: [Date]
}

/// `JSONEncoder` starts looking for a word boundary at the second character, so a key that starts with an
/// acronym splits after its first letter (`URLString` → `u_rl_string`); Salvage converts keys the same way.
@Suite struct EncoderStrategyTests {
    private static let snakeCase = APIDataEncoder(outputFormatting: .sortedKeys, strategies: EncodingStrategies(keys: .convertToSnakeCase))

    @Test(arguments: [
        ("firstName", "first_name"), ("URLString", "u_rl_string"), ("myURLProperty", "my_url_property"), ("a", "a"),
        ("oneTwoThree", "one_two_three"), ("_leading", "_leading"), ("trailing_", "trailing_"), ("ABC", "a_bc"),
        ("userID", "user_id"), ("already_snake", "already_snake"), ("x1Y2", "x1_y2"), ("HTTPResponseCode", "h_ttp_response_code"),
        ("éÉtéÀb", "é_été_àb"), ("", ""),
    ])
    func snakeCaseKeysAreConvertedAsJSONEncoderConvertsThem(name: String, converted: String) throws {
        let foundation = JSONEncoder()
        foundation.keyEncodingStrategy = .convertToSnakeCase
        let expected = "{\(String(decoding: try JSONEncoder().encode(converted), as: UTF8.self)):1}"
        #expect(String(decoding: try Self.snakeCase.encode(KeyNames(names: [name])), as: UTF8.self) == expected)
        #expect(String(decoding: try foundation.encode(KeyNames(names: [name])), as: UTF8.self) == expected)
    }

    @Test func snakeCaseModelsReadBackThroughSalvageAndStringDictionaryKeysKeepTheirSpelling() throws {
        let profile = Profile(firstName: "Ada", homePage: try #require(URL(string: "https://a.example")), userInfo: ["someKey": 1],
                              createdAt: Date(timeIntervalSinceReferenceDate: 10))
        let data = try Self.snakeCase.encode(profile)
        #expect(String(decoding: data, as: UTF8.self)
            == #"{"created_at":10,"first_name":"Ada","home_page":"https:\/\/a.example","user_info":{"someKey":1}}"#)
        let foundation = JSONEncoder()
        foundation.keyEncodingStrategy = .convertToSnakeCase
        foundation.outputFormatting = .sortedKeys
        #expect(try foundation.encode(profile) == data)
        var options = APIDecodeOptions()
        options.codable = CodableStrategies(keys: .convertFromSnakeCase)
        let result = APIDataDecoder(options: options).decode(data: data, toDecodable: Profile.self)
        #expect(result.errors.map(\.description) == [])
        #expect(result.value == profile)
    }

    /// One case per date strategy: what the encoder writes and the decoding strategy that reads it back.
    struct DateCase: Sendable, CustomTestStringConvertible {
        let name: String
        let encoding: DateEncodingStrategy
        let decoding: DateDecodingStrategy
        let foundation: JSONEncoder.DateEncodingStrategy?
        let seconds: TimeInterval
        let text: String
        var testDescription: String { name }
    }

    private static let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "Europe/Paris")
        formatter.dateFormat = "dd/MM/yyyy HH:mm"
        return formatter
    }()

    static let dateCases: [DateCase] = [
        DateCase(name: "secondsSince2001", encoding: .secondsSince2001, decoding: .secondsSince2001, foundation: .deferredToDate,
                 seconds: 1_700_000_000.25, text: "721692800.25"),
        DateCase(name: "secondsSince1970", encoding: .secondsSince1970, decoding: .secondsSince1970, foundation: .secondsSince1970,
                 seconds: 1_700_000_000.5, text: "1700000000.5"),
        DateCase(name: "millisecondsSince1970", encoding: .millisecondsSince1970, decoding: .millisecondsSince1970,
                 foundation: .millisecondsSince1970, seconds: 1_700_000_000.125, text: "1700000000125"),
        DateCase(name: "iso8601", encoding: .iso8601, decoding: .iso8601, foundation: .iso8601, seconds: 1_700_000_000, text: #""2023-11-14T22:13:20Z""#),
        DateCase(name: "iso8601 before 1970", encoding: .iso8601, decoding: .iso8601, foundation: .iso8601, seconds: -86_401, text: #""1969-12-30T23:59:59Z""#),
        DateCase(name: "iso8601 leap day", encoding: .iso8601, decoding: .iso8601, foundation: .iso8601, seconds: 951_782_400, text: #""2000-02-29T00:00:00Z""#),
        DateCase(name: "formatted(String)", encoding: .formatted("yyyy-MM-dd HH:mm"), decoding: .formatted("yyyy-MM-dd HH:mm"), foundation: nil,
                 seconds: 1_700_000_040, text: #""2023-11-14 22:14""#),
        DateCase(name: "formatted(DateFormatter)", encoding: .formatted(formatter), decoding: .formatted(formatter), foundation: .formatted(formatter),
                 seconds: 1_700_000_040, text: #""14\/11\/2023 23:14""#),
        DateCase(name: "custom", encoding: .custom { String(Int($0.timeIntervalSince1970 / 86_400)) },
                 decoding: .custom("days since 1970") { Double($0).map { Date(timeIntervalSince1970: $0 * 86_400) } }, foundation: nil,
                 seconds: 19_675 * 86_400, text: #""19675""#),
    ]

    @Test(arguments: dateCases)
    func dateStrategiesWriteWhatTheDecoderReadsBack(_ dateCase: DateCase) throws {
        let date = Date(timeIntervalSince1970: dateCase.seconds)
        let stamp = Stamp(at: date, list: [date])
        let encoder = APIDataEncoder(outputFormatting: .sortedKeys, strategies: EncodingStrategies(dates: dateCase.encoding))
        let data = try encoder.encode(stamp)
        #expect(String(decoding: data, as: UTF8.self) == "{\"at\":\(dateCase.text),\"list\":[\(dateCase.text)]}")
        if let strategy = dateCase.foundation {
            let foundation = JSONEncoder()
            foundation.dateEncodingStrategy = strategy
            foundation.outputFormatting = .sortedKeys
            #expect(try foundation.encode(stamp) == data)
        }
        var options = APIDecodeOptions()
        options.codable = CodableStrategies(dates: dateCase.decoding)
        let result = APIDataDecoder(options: options).decode(data: data, toDecodable: Stamp.self)
        #expect(result.errors.map(\.description) == [])
        #expect(result.value == stamp)
    }

    @Test func iso8601DropsTheFractionOfASecondAsJSONEncoderDoes() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000.999)
        let encoder = APIDataEncoder(strategies: EncodingStrategies(dates: .iso8601))
        let foundation = JSONEncoder()
        foundation.dateEncodingStrategy = .iso8601
        #expect(String(decoding: try encoder.encode(date), as: UTF8.self) == #""2023-11-14T22:13:20Z""#)
        #expect(try foundation.encode(date) == (try encoder.encode(date)))
    }

    @Test func nonConformingFloatsAsStringsReadBack() throws {
        let strings = EncodingStrategies(nonConformingFloats: .convertToString(positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN"))
        let values: [Double] = [.infinity, -.infinity, 1.5]
        let data = try APIDataEncoder(strategies: strings).encode(values)
        #expect(String(decoding: data, as: UTF8.self) == #"["+Inf","-Inf",1.5]"#)
        #expect(String(decoding: try APIDataEncoder(strategies: strings).encode([Float.nan]), as: UTF8.self) == #"["NaN"]"#)
        var options = APIDecodeOptions()
        options.codable = CodableStrategies(nonConformingFloats: .convertFromString(positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN"))
        let result = APIDataDecoder(options: options).decode(data: data, toDecodable: [Double].self)
        #expect(result.errors.map(\.description) == [])
        #expect(result.value == values)
        let foundation = JSONDecoder()
        foundation.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN")
        #expect(try foundation.decode([Double].self, from: data) == values)
    }
}
