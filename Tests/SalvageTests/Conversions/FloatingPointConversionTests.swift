import Foundation
import Salvage
import Testing

// Strings, booleans, floating point and Decimal conversions (helpers in ConversionTestSupport.swift).

// MARK: - Strings and booleans

@Suite struct StringAndBoolConversionTests {
    @Test func strings() {
        #expect(APIDataDecoder().decode(string: #""héllo""#, to: String.self).value == "héllo")
        #expect(APIDataDecoder().decode(string: #""""#, to: String.self).value == "")
        #expect(APIDataDecoder().decode(string: #""a\nb\u00e9\ud83d\ude00\/\"\\""#, to: String.self).value == "a\nbé😀/\"\\")
        #expect(APIDataDecoder().decode(string: #"{"v": "x"}"#, to: Field<String>.self).value?.value == "x")
    }

    @Test func booleans() {
        #expect(APIDataDecoder().decode(string: "true", to: Bool.self).value == true)
        #expect(APIDataDecoder().decode(string: "false", to: Bool.self).value == false)
        let field = APIDataDecoder().decode(string: #"{"v": false}"#, to: Field<Bool>.self)
        #expect(field.isClean)
        #expect(field.value?.value == false)
    }
}

// MARK: - Floating point and Decimal

@Suite struct FloatingPointConversionTests {
    static let doubles: [(String, Double)] = [
        ("1.5", 1.5),
        ("0.1", 0.1),
        ("0.30000000000000004", 0.30000000000000004),
        ("-0.01", -0.01),
        ("2.5e-1", 0.25),
        ("0.1e1", 1),
        ("1E+2", 100),
        ("7", 7),
        ("1e308", 1e308),
        ("1.7976931348623157e308", Double.greatestFiniteMagnitude),
        ("2.2250738585072014e-308", Double.leastNormalMagnitude),
        ("4.9406564584124654e-324", Double.leastNonzeroMagnitude),
        ("9007199254740993", 9_007_199_254_740_992),
        ("12345678901234567", 12_345_678_901_234_568),
        ("123456789012345678901234567890", 1.2345678901234568e29),
        ("0.1000000000000000055511151231257827021181583404541015625", 0.1),
        // Exactly halfway between two doubles: ties to even. One more digit: rounds up.
        ("1.00000000000000011102230246251565404236316680908203125", 1),
        ("1.00000000000000011102230246251565404236316680908203126", 1.0000000000000002),
        ("2.0000000000000002220446049250313080847263336181640625", 2),
        ("2.0000000000000002220446049250313080847263336181640626", 2.0000000000000004),
        ("9007199254740993.0000000000000000001", 9_007_199_254_740_994),
    ]

    @Test(arguments: doubles)
    func double(json: String, expected: Double) {
        let result = APIDataDecoder().decode(string: json, to: Double.self)
        #expect(result.isClean)
        #expect(result.value == expected)
    }

    @Test func negativeZeroKeepsItsSign() throws {
        let value = try #require(APIDataDecoder().decode(string: "-0.0", to: Double.self).value)
        #expect(value == 0)
        #expect(value.sign == .minus)
    }

    @Test func doubleOverflowIsAnErrorNotInfinity() throws {
        for json in ["1e309", "-1e309", "1.8e308"] {
            let result = APIDataDecoder().decode(string: json, to: Double.self)
            #expect(result.value == nil)
            try #require(result.errors.count == 1)
            // Beyond Decimal's range, the reported value is the number as written.
            #expect(result.errors[0].reason == .numericOverflowAsWritten(text: json, type: "Double"))
            #expect(result.errors[0].description == "root(Double) : Value \(json) does not fit in Double")
        }
    }

    static let floats: [(String, Float)] = [
        ("0.1", 0.1),
        ("1.5", 1.5),
        ("3.4028235e38", Float.greatestFiniteMagnitude),
        ("16777217", 16_777_216),
        ("-2.5", -2.5),
        // Just below the midpoint between 1 + 2^-23 and 1 + 2^-22: rounding through Double would round up.
        ("1.00000017881393432617187499", Float(bitPattern: 0x3F80_0001)),
    ]

    @Test(arguments: floats)
    func float(json: String, expected: Float) {
        let result = APIDataDecoder().decode(string: json, to: Float.self)
        #expect(result.isClean)
        #expect(result.value == expected)
    }

    @Test func floatOverflowBeyondDecimalsMantissaIsShownAsWritten() throws {
        // 2^128 has 39 digits but does not fit Decimal's 128-bit mantissa: no Decimal would be the truth.
        let json = "340282366920938463463374607431768211456"
        try check(ConversionCase(json, "Float", .failure(.numericOverflowAsWritten(text: json, type: "Float"), "Value \(json) does not fit in Float")))
    }

    @Test(arguments: ["3.5e38", "-1e39", "1e39"])
    func floatOverflowIsNumericOverflow(json: String) throws {
        try check(ConversionCase(json, "Float", .failure(.numericOverflow(value: decimal(json), type: "Float"),
                                                  "Value \(decimal(json)) does not fit in Float")))
    }

    @Test func floatOverflowMessage() {
        let result = APIDataDecoder().decode(string: "3.5e38", to: Float.self)
        #expect(result.errors.map(\.description) == ["root(Float) : Value 350000000000000000000000000000000000000 does not fit in Float"])
    }

    static let decimals: [(String, String)] = [
        ("0.1", "0.1"),
        ("12345678901234567890.123456789", "12345678901234567890.123456789"),
        ("-1.50", "-1.5"),
        ("1e10", "10000000000"),
        ("1E-5", "0.00001"),
        ("3", "3"),
        ("123456789012345678901234567890123456", "123456789012345678901234567890123456"),
    ]

    @Test(arguments: decimals)
    func decimalIsExactFromText(json: String, expected: String) throws {
        let result = APIDataDecoder().decode(string: json, to: Decimal.self)
        #expect(result.isClean)
        let value = try #require(result.value)
        #expect(value == decimal(expected))
        #expect("\(value)" == expected)
    }

    @Test func decimalIsNotRoundedThroughDouble() throws {
        let value = try #require(APIDataDecoder().decode(string: #"{"v": 0.1}"#, to: Field<Decimal>.self).value?.value)
        #expect(value == decimal("0.1"))
        let sum = try #require(APIDataDecoder().decode(string: "[0.1, 0.2]", to: [Decimal].self).value).reduce(0, +)
        #expect(sum == decimal("0.3"))
    }

    @Test func decimalOutOfRangeIsNumericOverflow() throws {
        let result = APIDataDecoder().decode(string: "1e200", to: Decimal.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.reason) == [.numericOverflowAsWritten(text: "1e200", type: "Decimal")])
        #expect(result.errors.map(\.description) == ["root(Decimal) : Value 1e200 does not fit in Decimal"])
    }
}
