import Foundation
import Salvage
import Testing

/// Issue #4 as its text reads, the way its examples are written: paths (array literals with indices, a value
/// of the wrong JSON type on the way), fallbacks (absent alternatives silent, none present naming all, the first
/// present one wrong), lenient conversions (each an info `coerced` entry), transforms (nil or a throw), loss
/// budgets, defaults that do not cover a case, dates in ISO 8601 with any offset, URL/UUID/base64 `Data`
/// errors, open and closed enums, and a decoding registered once and used with `-->`. Exact error lists.
@Suite struct Issue4ConformanceTests {
    // MARK: - Paths

    private struct Catalog: APIDecodable {
        let firstName: String?
        let nested: Int?
        let through: Int?
        init?(from decoder: APIDecoder) {
            firstName = decoder[path: ["items", 0, "name"]] --> String?.self
            nested = decoder["a"]["b"] --> Int?.self
            through = decoder[path: "text.length"] --> Int?.self
        }
    }

    @Test func anArrayLiteralPathWithAnIndexAndPlainSubscriptsReachTheirValues() throws {
        let result = APIDataDecoder().decode(string: #"{"items": [{"name": "pen"}], "a": {"b": 3}}"#, to: Catalog.self)
        #expect(result.errors == [])
        let value = try #require(result.value)
        #expect(value.firstName == "pen" && value.nested == 3 && value.through == nil)
    }

    /// A step that meets the wrong JSON type on the way is reported where it is, not swallowed.
    @Test func aPathThroughTheWrongJSONTypeIsReportedAtTheStepThatHasIt() {
        let json = #"{"items": [{"name": 7}], "a": [1], "text": "long"}"#
        let result = APIDataDecoder().decode(string: json, to: Catalog.self)
        #expect(result.errors.map(\.description) == [
            #"root(Catalog) > "items" > [0] > "name"(String) : Unexpectedly found an integer"#,
            #"root(Catalog) > "a" : Unexpectedly found an array"#,
            #"root(Catalog) > "text" : Unexpectedly found a string"#,
        ])
        #expect(result.errors.map(\.severity) == [.recovered, .recovered, .recovered])
        #expect(result.errors.map { $0.location?.column } == [21, 31, 44])
    }

    // MARK: - Fallbacks

    private struct Renamed: APIDecodable {
        let name: String
        init?(from decoder: APIDecoder) {
            guard let name = decoder[firstOf: "full_name", "name", "first_name"] --> String.self else { return nil }
            self.name = name
        }
    }

    @Test(arguments: [
        (#"{"first_name": "Ada"}"#, "Ada"),
        (#"{"name": "Ada Lovelace", "first_name": "Ada"}"#, "Ada Lovelace"),
        (#"{"full_name": "Ada King", "name": 5}"#, "Ada King"),
    ])
    func theFirstPresentAlternativeIsUsedAndAbsentOnesAreSilent(json: String, expected: String) {
        let result = APIDataDecoder().decode(string: json, to: Renamed.self)
        #expect(result.value?.name == expected)
        #expect(result.errors == [])
    }

    @Test func noAlternativePresentNamesEveryAlternativeTried() throws {
        let result = APIDataDecoder().decode(string: #"{"nick": "A"}"#, to: Renamed.self)
        #expect(result.value == nil)
        #expect(result.errors == [APIDecodeError(path: ["root", "full_name"], reason: .missingAlternatives(tried: ["full_name", "name", "first_name"]))])
        let error = try #require(result.errors.first)
        #expect(error.description == #"root(Renamed) > "full_name"(String) : No value is present under any of "full_name", "name", "first_name""#)
        #expect(error.code == "missing")
        #expect(error.severity == .failure)
    }

    @Test func theFirstPresentAlternativeBeingWrongIsTheError() {
        let result = APIDataDecoder().decode(string: #"{"name": 1, "first_name": "Ada"}"#, to: Renamed.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [#"root(Renamed) > "name"(String) : Unexpectedly found an integer"#])
        #expect(result.errors.map(\.code) == ["type_mismatch"])
    }

    // MARK: - Lenient conversions and transforms

    private struct Lenient: APIDecodable {
        let flags: [Bool?]
        let text: [String?]
        let count: Int?
        init?(from decoder: APIDecoder) {
            flags = ["b1", "b2", "b3", "b4", "b5"].map { decoder[$0].decodeOptional(Bool.self, lenient: true) }
            text = ["s1", "s2"].map { decoder[$0].decodeOptional(String.self, lenient: true) }
            count = decoder["n"].decodeOptional(Int.self, lenient: true)
        }
    }

    @Test func everyCoercionIsAnInfoEntryAndWhatCannotBeCoercedIsAnError() throws {
        let json = #"{"b1": "true", "b2": "1", "b3": 1, "b4": "yes", "b5": 2, "s1": 12.5, "s2": true, "n": "42"}"#
        let result = APIDataDecoder().decode(string: json, to: Lenient.self)
        let value = try #require(result.value)
        #expect(value.flags == [true, true, true, nil, nil])
        #expect(value.text == ["12.5", "true"])
        #expect(value.count == 42)
        #expect(result.errors.map(\.description) == [
            #"root(Lenient) > "b1"(Bool) : Converted a string "true" to Bool"#,
            #"root(Lenient) > "b2"(Bool) : Converted a string "1" to Bool"#,
            #"root(Lenient) > "b3"(Bool) : Converted an integer "1" to Bool"#,
            #"root(Lenient) > "b4"(Bool) : Unexpectedly found a string"#,
            #"root(Lenient) > "b5"(Bool) : Unexpectedly found an integer"#,
            #"root(Lenient) > "s1"(String) : Converted a decimal "12.5" to String"#,
            #"root(Lenient) > "s2"(String) : Converted a boolean "true" to String"#,
            #"root(Lenient) > "n"(Int) : Converted a string "42" to Int"#,
        ])
        #expect(result.errors.map(\.severity) == [.info, .info, .info, .recovered, .recovered, .info, .info, .info])
        #expect(result.errors.map(\.code) == ["coerced", "coerced", "coerced", "type_mismatch", "type_mismatch", "coerced", "coerced", "coerced"])
    }

    private struct TransformFailure: Error, CustomStringConvertible {
        var description: String { "not a count" }
    }

    private struct Transformed: APIDecodable {
        let hundred: Int?
        let returnedNil: Int?
        let threw: Int?
        init?(from decoder: APIDecoder) {
            hundred = decoder["a"].decodeOptional(String.self) { Int($0) }
            returnedNil = decoder["b"].decodeOptional(String.self) { Int($0) }
            threw = decoder["c"].decodeOptional(String.self) { (_: String) throws -> Int? in throw TransformFailure() }
        }
    }

    @Test func aTransformThatReturnsNilOrThrowsRecordsAnErrorAtItsPath() throws {
        let result = APIDataDecoder().decode(string: #"{"a": "100", "b": "1x", "c": "7"}"#, to: Transformed.self)
        let value = try #require(result.value)
        #expect(value.hundred == 100 && value.returnedNil == nil && value.threw == nil)
        #expect(result.errors.map(\.description) == [
            #"root(Transformed) > "b"(Int) : Cannot read "1x" as Int: expected a value the transform accepts"#,
            #"root(Transformed) > "c"(Int) : Cannot read "7" as Int: expected a value the transform accepts (it threw: not a count)"#,
        ])
        #expect(result.errors.map(\.code) == ["invalid_format", "invalid_format"])
        #expect(result.errors.map(\.severity) == [.recovered, .recovered])
    }

    // MARK: - Defaults and loss budgets

    private struct Budgeted: APIDecodable {
        let scores: [Int]?
        let limit: Int
        init?(from decoder: APIDecoder) {
            scores = decoder["scores"].decodeOptional([Int].self, maxDropped: 0)
            limit = decoder["limit"].decode(Int.self, default: 5, when: .missingOrNull)
        }
    }

    /// A budget exceeded is an error after the dropped element's; a default that does not cover an invalid value
    /// fails the model, saying which cases it covers.
    @Test func aLossBudgetAndADefaultThatDoesNotCoverInvalidValues() {
        let result = APIDataDecoder().decode(string: #"{"scores": [1, "x"], "limit": "ten"}"#, to: Budgeted.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(Budgeted) > "scores"(Array<Int>) > [1](Int) : Unexpectedly found a string"#,
            #"root(Budgeted) > "scores"(Array<Int>) : Dropped 1 of 2 elements, more than the 0 allowed"#,
            #"root(Budgeted) > "limit"(Int) : Unexpectedly found a string (a default exists for missing or null values)"#,
        ])
        #expect(result.errors.map(\.code) == ["type_mismatch", "loss_budget", "type_mismatch"])
        #expect(result.errors.map(\.severity) == [.recovered, .recovered, .failure])
    }

    @Test(arguments: [(#"{}"#, 5), (#"{"limit": null}"#, 5), (#"{"limit": 9}"#, 9)])
    func aDefaultForMissingOrNullIsSilent(json: String, expected: Int) {
        let result = APIDataDecoder().decode(string: json, to: Budgeted.self)
        #expect(result.value?.limit == expected)
        #expect(result.errors == [])
    }

    // MARK: - Dates, URL, UUID, Data

    /// ISO 8601 with and without fractional seconds, with any offset (and `Z`), without a formatter.
    @Test(arguments: [
        ("2024-03-01T12:30:00Z", 1_709_296_200.0),
        ("2024-03-01T12:30:00.5+01:00", 1_709_292_600.5),
        ("2024-03-01T12:30:00.250-05:30", 1_709_316_000.25),
        ("2024-03-01T12:30:00+14:00", 1_709_245_800.0),
        ("2024-03-01T12:30:00-00:00", 1_709_296_200.0),
    ])
    func iso8601WithAnyOffset(text: String, seconds: Double) throws {
        let result = APIDataDecoder().decode(string: "\"\(text)\"", to: Date.self)
        #expect(result.errors == [])
        let date = try #require(result.value)
        #expect(abs(date.timeIntervalSince1970 - seconds) < 1e-6)
    }

    @Test(arguments: ["2024-03-01", "2024-02-30T00:00:00Z", "2024-03-01T24:00:00Z", "2024-03-01T12:30:00+24:00", "2024-03-01T12:30:00.Z", ""])
    func anUnreadableISO8601DateNamesTheTextAndTheStrategy(text: String) {
        let result = APIDataDecoder().decode(string: "\"\(text)\"", to: Date.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == ["root(Date) : Cannot read \"\(text)\" as Date: expected ISO 8601 date and time"])
        #expect(result.errors.map(\.code) == ["invalid_format"])
    }

    private struct Dated: APIDecodable {
        let created: Date?
        let y2k: Date?
        let millis: Date?
        let day: Date?
        init?(from decoder: APIDecoder) {
            created = decoder["created_at"] --> Date?.self
            y2k = decoder["y2k"].decodeOptional(Date.self, strategy: .secondsSince1970)
            millis = decoder["ms"].decodeOptional(Date.self, strategy: .millisecondsSince1970)
            day = decoder["day"].decodeOptional(Date.self, strategy: .formatted("yyyy-MM-dd"))
        }
    }

    /// The options' strategy, overridden per field; seconds and milliseconds as integers or decimals.
    @Test func perFieldStrategiesOverrideTheOptions() throws {
        let json = #"{"created_at": 946684800.5, "y2k": 946684800, "ms": 946684800123.5, "day": "2000-01-01"}"#
        let decoder = APIDataDecoder(options: APIDecodeOptions(dateDecodingStrategy: .secondsSince1970))
        let result = decoder.decode(string: json, to: Dated.self)
        #expect(result.errors == [])
        let value = try #require(result.value)
        #expect(value.created?.timeIntervalSince1970 == 946_684_800.5)
        #expect(value.y2k?.timeIntervalSince1970 == 946_684_800)
        #expect(abs((value.millis?.timeIntervalSince1970 ?? 0) - 946_684_800.1235) < 1e-6)
        #expect(value.day?.timeIntervalSince1970 == 946_684_800)
    }

    private struct Foundationish: APIDecodable {
        init?(from decoder: APIDecoder) {
            _ = decoder["u"] --> URL?.self
            _ = decoder["id"] --> UUID?.self
            _ = decoder["data"] --> Data?.self
        }
    }

    @Test func urlUUIDAndBase64DataEachHaveAPreciseError() {
        let result = APIDataDecoder().decode(string: #"{"u": "", "id": "nope", "data": "!!"}"#, to: Foundationish.self)
        #expect(result.errors.map(\.description) == [
            #"root(Foundationish) > "u"(URL) : Cannot read "" as URL: expected a URL"#,
            #"root(Foundationish) > "id"(UUID) : Cannot read "nope" as UUID: expected a UUID like 123E4567-E89B-12D3-A456-426614174000"#,
            #"root(Foundationish) > "data"(Data) : Cannot read "!!" as Data: expected base64"#,
        ])
        #expect(result.errors.map(\.code) == ["invalid_format", "invalid_format", "invalid_format"])
    }

    // MARK: - Enums and custom decodings

    enum Colour: String, APIDecodable, Sendable {
        case red, green
    }

    private struct Painted: APIDecodable {
        let open: OpenEnum<Colour>
        let closed: Colour
        init?(from decoder: APIDecoder) {
            guard let open = decoder["open"] --> OpenEnum<Colour>.self else { return nil }
            self.open = open
            closed = decoder["closed"].decode(Colour.self, default: .red, when: .missingNullOrInvalid)
        }
    }

    @Test func anOpenEnumKeepsTheUnknownValueAtInfoAndAClosedOneFallsBack() throws {
        let result = APIDataDecoder().decode(string: #"{"open": "blue", "closed": "blue"}"#, to: Painted.self)
        let value = try #require(result.value)
        #expect(value.open.rawValue == "blue")
        #expect(value.open.knownValue == nil)
        #expect(value.closed == .red)
        #expect(result.errors.map(\.description) == [
            #"root(Painted) > "open"(OpenEnum<Colour>) : Raw value of "blue" for type Colour not defined"#,
            #"root(Painted) > "closed"(Colour) : Raw value of "blue" for type Colour not defined"#,
        ])
        #expect(result.errors.map(\.severity) == [.info, .recovered])
        #expect(result.errors.map(\.code) == ["unknown_raw_value", "unknown_raw_value"])
    }

    struct Hex: Equatable, Sendable {
        let red: Int, green: Int, blue: Int
    }

    private struct Themed: APIDecodable {
        let background: Hex
        let border: Hex?
        init?(from decoder: APIDecoder) {
            guard let background = decoder["background"] --> .hex else { return nil }
            self.background = background
            border = decoder["border"].decodeOptional(using: .hex)
        }
    }

    @Test func aDecodingRegisteredOnceIsUsedWithTheArrow() throws {
        let result = APIDataDecoder().decode(string: ##"{"background": "#ff8800", "border": {"red": 1, "green": 2}}"##, to: Themed.self)
        let value = try #require(result.value)
        #expect(value.background == Hex(red: 255, green: 136, blue: 0))
        #expect(value.border == nil)
        #expect(result.errors.map(\.description) == [#"root(Themed) > "border"(Hex) > "blue"(Int) : No value is present"#])
        #expect(result.errors.map(\.severity) == [.failure])
    }
}

extension CustomDecoding where Value == Issue4ConformanceTests.Hex {
    /// `"#ff8800"` or `{"red": 255, "green": 136, "blue": 0}`.
    fileprivate static let hex = CustomDecoding("a colour like \"#ff8800\" or {\"red\": 255, …}") { decoder in
        if decoder.jsonElement == .string {
            guard let text = decoder --> String.self, text.count == 7, text.first == "#",
                  let number = Int(text.dropFirst(), radix: 16) else { return nil }
            return Issue4ConformanceTests.Hex(red: number >> 16, green: (number >> 8) & 0xFF, blue: number & 0xFF)
        }
        guard let red = decoder["red"] --> Int.self, let green = decoder["green"] --> Int.self,
              let blue = decoder["blue"] --> Int.self else { return nil }
        return Issue4ConformanceTests.Hex(red: red, green: green, blue: blue)
    }
}
