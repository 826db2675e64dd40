import Foundation
import Salvage
import Testing

// Enums, JSONValue and ResponseData as conversions (helpers in ConversionTestSupport.swift).
// The enums are nested so that their names print as `Stooge` and `Level`.

// MARK: - Enums

@Suite struct EnumConversionTests {
    enum Stooge: String, APIDecodable {
        case larry, curly, moe
    }

    enum Level: Int, APIDecodable {
        case low = 1, mid, high
    }

    struct Show: APIDecodable {
        static var idKey: String? { "title" }
        let lead: Stooge
        let sidekick: Stooge?
        let level: Level?
        init?(from decoder: APIDecoder) {
            let lead = decoder["lead"] --> Stooge.self
            sidekick = decoder["sidekick"] --> Stooge?.self
            level = decoder["level"] --> Level?.self
            guard decoder.succeeded, let lead else { return nil }
            self.lead = lead
        }
    }

    @Test func cleanEnums() throws {
        let result = APIDataDecoder().decode(string: #"{"lead": "moe", "sidekick": "curly", "level": 2}"#, to: Show.self)
        #expect(result.isClean)
        let show = try #require(result.value)
        #expect(show.lead == .moe)
        #expect(show.sidekick == .curly)
        #expect(show.level == .mid)
        #expect(APIDataDecoder().decode(string: #"{"lead": "larry", "level": 3.0}"#, to: Show.self).value?.level == .high)
    }

    @Test func unknownRawValueOfRequiredEnumFailsTheModel() throws {
        let json = #"{"title": "Disorder in the Court", "lead": "cletus"}"#
        let result = APIDataDecoder().decode(string: json, to: Show.self)
        #expect(result.value == nil)
        try #require(result.errors.count == 1)
        let error = result.errors[0]
        #expect(error.reason == .unexpectedRawValue(value: "cletus", type: "Stooge"))
        #expect(error.description == #"root(Show title=Disorder in the Court) > "lead"(Stooge) : Raw value of "cletus" for type Stooge not defined"#)
        #expect(error.path.jsonPath == #"root["lead"]"#)
        #expect(error.path.last?.swiftType.map { "\($0)" } == "Stooge")
        #expect(error.location == Salvage.SourceLocation(offset: 43, line: 1, column: 44))
    }

    @Test func badOptionalEnumsNeverFailTheParent() throws {
        let result = APIDataDecoder().decode(string: #"{"lead": "larry", "sidekick": "cletus", "level": 7}"#, to: Show.self)
        let show = try #require(result.value)
        #expect(show.lead == .larry)
        #expect(show.sidekick == nil)
        #expect(show.level == nil)
        #expect(result.errors.map(\.description) == [
            #"root(Show) > "sidekick"(Stooge) : Raw value of "cletus" for type Stooge not defined"#,
            #"root(Show) > "level"(Level) : Raw value of "7" for type Level not defined"#,
        ])
        #expect(result.errors.map(\.reason) == [.unexpectedRawValue(value: "cletus", type: "Stooge"), .unexpectedRawValue(value: "7", type: "Level")])
    }

    struct EnumCase: Sendable, CustomTestStringConvertible {
        let json: String
        let keepsShow: Bool
        let errors: [String]
        var testDescription: String { json }
    }

    static let cases: [EnumCase] = [
        EnumCase(json: #"{"lead": 5}"#, keepsShow: false, errors: [#"root(Show) > "lead"(Stooge) : Unexpectedly found an integer"#]),
        EnumCase(json: #"{"lead": "LARRY"}"#, keepsShow: false, errors: [#"root(Show) > "lead"(Stooge) : Raw value of "LARRY" for type Stooge not defined"#]),
        EnumCase(json: #"{}"#, keepsShow: false, errors: [#"root(Show) > "lead"(Stooge) : No value is present"#]),
        EnumCase(json: #"{"lead": null}"#, keepsShow: false, errors: [#"root(Show) > "lead"(Stooge) : Unexpectedly found null"#]),
        EnumCase(json: #"{"lead": ["moe"]}"#, keepsShow: false, errors: [#"root(Show) > "lead"(Stooge) : Unexpectedly found an array"#]),
        EnumCase(json: #"{"lead": "moe", "level": 2.5}"#, keepsShow: true, errors: [#"root(Show) > "level"(Level) : Type Int does not have precision to represent 2.5"#]),
        EnumCase(json: #"{"lead": "moe", "level": "2"}"#, keepsShow: true, errors: [#"root(Show) > "level"(Level) : Unexpectedly found a string"#]),
        EnumCase(json: #"{"lead": "moe", "level": 99999999999999999999}"#, keepsShow: true, errors: [#"root(Show) > "level"(Level) : Value 99999999999999999999 does not fit in Int"#]),
        EnumCase(json: #"{"lead": "moe", "sidekick": {}}"#, keepsShow: true, errors: [#"root(Show) > "sidekick"(Stooge) : Unexpectedly found an object"#]),
        EnumCase(json: #"{"lead": "moe", "sidekick": null, "level": null}"#, keepsShow: true, errors: []),
    ]

    @Test(arguments: cases)
    func enumErrors(_ testCase: EnumCase) {
        let result = APIDataDecoder().decode(string: testCase.json, to: Show.self)
        #expect((result.value != nil) == testCase.keepsShow)
        #expect(result.errors.map(\.description) == testCase.errors)
    }

    @Test func enumsAtTheRootAndInCollections() {
        let root = APIDataDecoder().decode(string: #""cletus""#, to: Stooge.self)
        #expect(root.value == nil)
        #expect(root.errors.map(\.description) == [#"root(Stooge) : Raw value of "cletus" for type Stooge not defined"#])

        let array = APIDataDecoder().decode(string: #"["larry", "shemp", "moe", null, 3]"#, to: [Stooge].self)
        #expect(array.value == [.larry, .moe])
        #expect(array.errors.map(\.description) == [
            #"root(Array<Stooge>) > [1](Stooge) : Raw value of "shemp" for type Stooge not defined"#,
            "root(Array<Stooge>) > [3](Stooge) : Unexpectedly found null",
            "root(Array<Stooge>) > [4](Stooge) : Unexpectedly found an integer",
        ])

        let levels = APIDataDecoder().decode(string: #"{"a": 1, "b": 4, "c": 3}"#, to: [String: Level].self)
        #expect(levels.value == ["a": .low, "c": .high])
        #expect(levels.errors.map(\.description) == [#"root(Dictionary<String, Level>) > "b"(Level) : Raw value of "4" for type Level not defined"#])
    }
}

// MARK: - JSONValue

@Suite struct JSONValueTests {
    @Test func keepsAnyValueExactly() throws {
        let json = #"{"s": "x\u00e9", "n": -12.50e3, "i": 7, "b": true, "f": false, "z": null, "a": [1, "two", null, [], {}], "o": {"k": {"deep": [true]}}, "dup": 1, "dup": 2}"#
        let result = APIDataDecoder().decode(string: json, to: JSONValue.self)
        #expect(result.isClean)
        let expected = JSONValue.object([
            "s": .string("xé"),
            "n": .number(JSONNumber(text: "-12.50e3")),
            "i": .number(JSONNumber(text: "7")),
            "b": .bool(true),
            "f": .bool(false),
            "z": .null,
            "a": .array([.number(JSONNumber(text: "1")), .string("two"), .null, .array([]), .object([:])]),
            "o": .object(["k": .object(["deep": .array([.bool(true)])])]),
            "dup": .number(JSONNumber(text: "2")),
        ])
        #expect(result.value == expected)
        #expect(result.value != .object([:]))
    }

    @Test func numbersKeepTheirTextAndConvertOnDemand() {
        let scientific = JSONNumber(text: "-12.50e3")
        #expect(scientific.description == "-12.50e3")
        #expect(scientific.doubleValue == -12500)
        #expect(scientific.int64Value == -12500)
        #expect(scientific.decimalValue == -12500)
        let fraction = JSONNumber(text: "1.5")
        #expect(fraction.int64Value == nil)
        #expect(fraction.decimalValue == decimal("1.5"))
        #expect(JSONNumber(text: "1e400").doubleValue == nil)
        #expect(JSONNumber(text: "9223372036854775808").int64Value == nil)
        #expect(JSONNumber(text: "9223372036854775807").int64Value == Int64.max)
        #expect(JSONNumber(text: "3e2").int64Value == 300)
        #expect(JSONNumber(text: "1.0") != JSONNumber(text: "1"))
    }

    @Test func asAFieldInAModel() throws {
        struct WithExtra: APIDecodable {
            let extra: JSONValue?
            let required: JSONValue
            init?(from decoder: APIDecoder) {
                extra = decoder["extra"] --> JSONValue?.self
                guard let required = decoder["required"] --> JSONValue.self else { return nil }
                self.required = required
            }
        }
        let present = APIDataDecoder().decode(string: #"{"extra": [1, {"a": null}], "required": "r"}"#, to: WithExtra.self)
        #expect(present.isClean)
        #expect(present.value?.extra == .array([.number(JSONNumber(text: "1")), .object(["a": .null])]))
        #expect(present.value?.required == .string("r"))

        let absent = APIDataDecoder().decode(string: #"{}"#, to: WithExtra.self)
        #expect(absent.value == nil)
        #expect(absent.errors.map(\.description) == [#"root(WithExtra) > "required"(JSONValue) : No value is present"#])
    }
}

// MARK: - ResponseData

@Suite struct ResponseDataTests {
    @Test(arguments: [#"{"a": [1, 2]}"#, "{oops", "", "   ", "[1, 2,]", "\"unterminated", "null", "42"])
    func rootAlwaysSucceedsWithTheRawBytes(input: String) throws {
        for result in [APIDataDecoder().decode(data: Data(input.utf8), to: ResponseData.self),
                       APIDataDecoder().decode(string: input, to: ResponseData.self),
                       APIDataDecoder().decode(bytes: Array(input.utf8), to: ResponseData.self)] {
            #expect(result.errors.isEmpty)
            let response = try #require(result.value)
            #expect(response.data == Data(input.utf8))
        }
    }

    @Test func nilDataStillSucceeds() {
        let result = APIDataDecoder().decode(data: nil, to: ResponseData.self)
        #expect(result.value != nil)
        #expect(result.errors.isEmpty)
    }

    @Test func invalidBytesAreKeptVerbatim() throws {
        let bytes: [UInt8] = [0x7B, 0xFF, 0xFE, 0x00, 0x7D]
        let result = APIDataDecoder().decode(bytes: bytes, to: ResponseData.self)
        #expect(result.errors.isEmpty)
        #expect(try #require(result.value).data == Data(bytes))
    }

    @Test func insideAModelItIsTheWholeResponse() throws {
        struct Envelope: APIDecodable {
            let id: Int
            let raw: ResponseData
            let rawFromMissingKey: ResponseData
            init?(from decoder: APIDecoder) {
                let id = decoder["id"] --> Int.self
                let raw = decoder --> ResponseData.self
                let rawFromMissingKey = decoder["no"]["such"]["key"] --> ResponseData.self
                guard decoder.succeeded, let id, let raw, let rawFromMissingKey else { return nil }
                self.id = id
                self.raw = raw
                self.rawFromMissingKey = rawFromMissingKey
            }
        }
        let json = #"{"id": 3, "x": [true]}"#
        let result = APIDataDecoder().decode(string: json, to: Envelope.self)
        #expect(result.isClean)
        let envelope = try #require(result.value)
        #expect(envelope.id == 3)
        #expect(envelope.raw.data == Data(json.utf8))
        #expect(envelope.rawFromMissingKey.data == Data(json.utf8))
    }

    @Test func objectTreesHaveNoRawBytes() throws {
        let result = APIJSONObjectDecoder().decode(jsonObject: ["a": 1] as [String: Any], to: ResponseData.self)
        #expect(result.errors.isEmpty)
        #expect(try #require(result.value).data == nil)
    }
}
