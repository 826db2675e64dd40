import Salvage
import Testing

// `decoder["v"] --> Double.self` takes a fast path for short decimals (a fraction, no exponent, at most 19
// digits: `Double._salvageDecodeField` in Conversions/ScalarFields.swift) and the general scalar path for
// everything else. Values, errors and the model's success must be those of the general path.

/// `v` read as a required and as an optional `Double`, with `-->`.
private struct Measures: APIDecodable {
    let required: Double?
    let optional: Double?
    init?(from decoder: APIDecoder) {
        required = decoder["v"] --> Double.self
        optional = decoder["v"] --> Double?.self
        guard decoder.succeeded else { return nil }
    }
}

/// A model that keeps its decoder past the decode (wrongly): the kept decoder must read nothing.
private final class KeptMeasure: APIDecodable {
    let value: Double
    let kept: APIDecoder
    init?(from decoder: APIDecoder) {
        guard let value = decoder["v"] --> Double.self else { return nil }
        self.value = value
        kept = decoder["v"]
    }
}

@Suite struct DoubleFieldFastPathTests {
    /// Short decimals and their neighbours that are not: the same value through both fields, no error.
    @Test(arguments: [
        "1.5", "-1.5", "0.0", "173.45", "-65.613616999999977", "43.420273000000009", "1234567.8", "12345678.9",
        "0.000000000000000001", "9999999999.999999999", "1.0000000000000000001", "1.5e0", "15E-1", "7", "-0",
        "9007199254740993", "123456789012345678901234567890.5",
    ])
    func valuesAreThoseOfTheStandardLibrary(_ text: String) throws {
        let expected = try #require(Double(text))
        let result = APIDataDecoder().decode(string: #"{"v": \#(text)}"#, to: Measures.self)
        let model = try #require(result.value)
        #expect(model.required?.bitPattern == expected.bitPattern, "\(text)")
        #expect(model.optional?.bitPattern == expected.bitPattern, "\(text)")
        #expect(result.errors.isEmpty)
    }

    @Test func negativeZeroKeepsItsSign() throws {
        let model = try #require(APIDataDecoder().decode(string: #"{"v": -0.0}"#, to: Measures.self).value)
        #expect(model.required?.sign == .minus)
        #expect(model.optional?.sign == .minus)
    }

    /// Not numbers, or too large: the general path's errors, exactly (two each: the required and the optional field).
    @Test(arguments: [
        (#""1.5""#, #"root(Measures) > "v"(Double) : Unexpectedly found a string"#),
        ("[1.5]", #"root(Measures) > "v"(Double) : Unexpectedly found an array"#),
        ("1e400", #"root(Measures) > "v"(Double) : Value 1e400 does not fit in Double"#),
    ])
    func failuresAreReportedAsBefore(_ member: String, _ description: String) {
        let result = APIDataDecoder().decode(string: #"{"v": \#(member)}"#, to: Measures.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [description, description])
    }

    /// The required field fails; the optional one is nil without an error.
    @Test(arguments: [
        (#"{"v": null}"#, #"root(Measures) > "v"(Double) : Unexpectedly found null"#),
        ("{}", #"root(Measures) > "v"(Double) : No value is present"#),
    ])
    func nullAndAbsentFailTheRequiredField(_ json: String, _ description: String) {
        let result = APIDataDecoder().decode(string: json, to: Measures.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [description])
    }

    @Test func aStringIsConvertedWhenLenient() throws {
        var options = APIDecodeOptions()
        options.lenientConversions = true
        let result = APIDataDecoder(options: options).decode(string: #"{"v": "2.25"}"#, to: Measures.self)
        let model = try #require(result.value)
        #expect(model.required == 2.25)
        #expect(model.optional == 2.25)
        #expect(result.errors.count == 2)
        #expect(result.errors.allSatisfy { $0.severity == .info })
    }

    @Test func aDecoderKeptPastTheDecodeReadsNothing() throws {
        let result = APIDataDecoder().decode(string: #"{"v": 12.5}"#, to: KeptMeasure.self)
        let model = try #require(result.value)
        #expect(model.value == 12.5)
        #expect((model.kept --> Double?.self) == nil)
        #expect((model.kept --> Double.self) == nil)
        #expect(result.errors.isEmpty)
    }
}
