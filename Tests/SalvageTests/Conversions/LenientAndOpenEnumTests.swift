import Salvage
import Testing

/// Lenient conversions (per field and as an option) and open enums, all noted at info level.
struct LenientAndOpenEnumTests {
    private struct LenientValues: APIDecodable {
        let count: Int
        let price: Double?
        let active: Bool
        let code: String
        init?(from decoder: APIDecoder) {
            let count = decoder["count"].decodeRequired(Int.self, lenient: true)
            price = decoder["price"].decodeOptional(Double.self, lenient: true)
            let active = decoder["active"].decodeRequired(Bool.self, lenient: true)
            let code = decoder["code"].decodeRequired(String.self, lenient: true)
            guard decoder.succeeded, let count, let active, let code else { return nil }
            self.count = count
            self.active = active
            self.code = code
        }
    }

    @Test func lenientFieldsConvertAndNoteEachConversion() throws {
        let result = APIDataDecoder().decode(string: #"{"count": "42", "price": "9.5", "active": 1, "code": 7}"#, to: LenientValues.self)
        let value = try #require(result.value)
        #expect(value.count == 42)
        #expect(value.price == 9.5)
        #expect(value.active == true)
        #expect(value.code == "7")
        #expect(result.errors.map { "\($0.severity) \($0)" } == [
            #"info root(LenientValues) > "count"(Int) : Converted a string "42" to Int"#,
            #"info root(LenientValues) > "price"(Double) : Converted a string "9.5" to Double"#,
            #"info root(LenientValues) > "active"(Bool) : Converted an integer "1" to Bool"#,
            #"info root(LenientValues) > "code"(String) : Converted an integer "7" to String"#,
        ])
    }

    @Test func leniencyStillRejectsWhatItCannotConvert() {
        let result = APIDataDecoder().decode(string: #"{"count": "many", "active": "yes", "code": "x"}"#, to: LenientValues.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(LenientValues) > "count"(Int) : Unexpectedly found a string"#,
            #"root(LenientValues) > "active"(Bool) : Unexpectedly found a string"#,
        ])
    }

    @Test func strictByDefaultAndLenientByOption() {
        struct StrictLenientModel: APIDecodable {
            let count: Int?
            init?(from decoder: APIDecoder) { count = decoder["count"] --> Int?.self }
        }
        let strict = APIDataDecoder().decode(string: #"{"count": "3"}"#, to: StrictLenientModel.self)
        #expect(strict.value?.count == nil)
        #expect(strict.errors.map(\.code) == ["type_mismatch"])
        var options = APIDecodeOptions()
        options.lenientConversions = true
        let lenient = APIDataDecoder(options: options).decode(string: #"{"count": "3"}"#, to: StrictLenientModel.self)
        #expect(lenient.value?.count == 3)
        #expect(lenient.errors.map { "\($0.severity) \($0.code)" } == ["info coerced"])
    }

    private enum LenientPlan: String { case free, pro }

    @Test func openEnumsKeepUnknownValuesAndNoteThem() {
        let result = APIDataDecoder().decode(string: #"["pro", "enterprise", 3]"#, to: [OpenEnum<LenientPlan>].self)
        #expect(result.value == [.known(.pro), .unknown("enterprise")])
        #expect(result.value?.map(\.rawValue) == ["pro", "enterprise"])
        #expect(result.value?.first?.knownValue == .pro)
        #expect(result.errors.map { "\($0.severity) \($0)" } == [
            #"info root(Array<OpenEnum<LenientPlan>>) > [1](OpenEnum<LenientPlan>) : Raw value of "enterprise" for type LenientPlan not defined"#,
            #"recovered root(Array<OpenEnum<LenientPlan>>) > [2](OpenEnum<LenientPlan>) : Unexpectedly found an integer"#,
        ])
    }
}
