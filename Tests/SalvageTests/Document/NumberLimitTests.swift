import Foundation
import Salvage
import Testing

// Numbers at and beyond every limit: each converts exactly (correctly rounded for Double and Float, exactly
// for Decimal and the integers), or is one error whose code and description tell the truth. Long inputs are
// built in code.

/// `factor × base^count` written in decimal (for exact halfway points such as 2^-1075 = 5^1075 × 10^-1075).
private func decimalDigits(_ factor: UInt64, times base: UInt64, toThe count: Int) -> String {
    var digits = String(factor).reversed().map { UInt64(String($0)) ?? 0 } // least significant first
    for _ in 0..<count {
        var carry: UInt64 = 0
        for index in digits.indices {
            let product = digits[index] * base + carry
            digits[index] = product % 10
            carry = product / 10
        }
        while carry > 0 {
            digits.append(carry % 10)
            carry /= 10
        }
    }
    return digits.reversed().map(String.init).joined()
}

/// `count` zeros.
private func zeros(_ count: Int) -> String { String(repeating: "0", count: count) }

extension NumberLimitTests {
    /// What decoding a number text as one type gives.
    enum Expected: Sendable {
        /// A `Double`'s or `Float`'s exact bit pattern.
        case bits(UInt64)
        /// A `Decimal` or an integer, compared with `==` and shown as text.
        case exactly(String)
        /// One error: its code and its full description.
        case error(String, String)
    }

    /// A named number text and what it should give.
    struct NumberCase: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let outcome: Expected
        init(_ name: String, _ text: String, _ outcome: Expected) {
            self.name = name
            self.text = text
            self.outcome = outcome
        }
        var testDescription: String { name }
    }
}

/// Checks one decode of `text` as `T` against `outcome`; `bits` reads a value's bit pattern.
private func check<T: APIDecodable>(_ testCase: NumberLimitTests.NumberCase, as type: T.Type, bits: (T) -> UInt64? = { _ in nil }) {
    let result = APIDataDecoder().decode(string: testCase.text, to: T.self)
    switch testCase.outcome {
    case .bits(let expected):
        #expect(result.errors.map(\.description) == [])
        #expect(result.value.flatMap(bits) == expected, "\(testCase.name): \(result.value.map { "\($0)" } ?? "nil")")
    case .exactly(let expected):
        #expect(result.errors.map(\.description) == [])
        #expect(result.value.map { "\($0)" } == expected)
    case .error(let code, let description):
        #expect(result.value == nil)
        #expect(result.errors.map(\.code) == [code])
        #expect(result.errors.map(\.description) == [description])
        #expect(result.errors.map(\.value) == [testCase.text.count > 100 ? String(testCase.text.prefix(100)) + "…" : testCase.text])
    }
}

@Suite struct NumberLimitTests {
    // MARK: Double

    static let doubles: [NumberCase] = [
        // The issue's examples: the decimal point's position must be added to the whole written exponent.
        NumberCase("0.<100,000 zeros>1e100001", "0." + zeros(100_000) + "1e100001", .bits(1.0.bitPattern)),
        NumberCase("1<100,000 zeros>e-100001", "1" + zeros(100_000) + "e-100001", .bits(0.1.bitPattern)),
        NumberCase("1<150,000 zeros>e-150000", "1" + zeros(150_000) + "e-150000", .bits(1.0.bitPattern)),
        NumberCase("0.<150,000 zeros>25e150002", "0." + zeros(150_000) + "25e150002", .bits(25.0.bitPattern)),
        NumberCase("<300,000 zeros after 7 and the point>e-1", "7." + zeros(300_000) + "e-1", .bits(0.7.bitPattern)),
        // Long mantissas with matching exponents, and a long exponent written with leading zeros.
        NumberCase("1<400 zeros>e-400", "1" + zeros(400) + "e-400", .bits(1.0.bitPattern)),
        NumberCase("1e-<5,000 zeros>1", "1e-" + zeros(5_000) + "1", .bits(0.1.bitPattern)),
        // The largest finite Double, and the decimals around the halfway point to 2^1024 (which rounds up, to even).
        NumberCase("Double.greatestFiniteMagnitude", "1.7976931348623157e308", .bits(Double.greatestFiniteMagnitude.bitPattern)),
        NumberCase("1.7976931348623158e308 (below halfway)", "1.7976931348623158e308", .bits(Double.greatestFiniteMagnitude.bitPattern)),
        NumberCase("2^1024 - 2^970 - 1 (just below halfway)", String(decimalDigits((1 << 54) - 1, times: 2, toThe: 970).dropLast()) + "1",
               .bits(Double.greatestFiniteMagnitude.bitPattern)),
        // The smallest subnormal, and the exact halfway point 2^-1075 below it, which rounds to even (zero): a
        // number that is not zero but rounds to zero is precision lost (Issue4NumberUnderflowTests).
        NumberCase("smallest subnormal", "4.9406564584124654e-324", .bits(1)),
        NumberCase("5e-324", "5e-324", .bits(1)),
        NumberCase("2^-1075 exactly (752 digits, halfway to zero)", decimalDigits(1, times: 5, toThe: 1075) + "e-1075",
               .error("precision_loss", "root(Double) : Type Double does not have precision to represent 247032822920623272088284396434…532098591327667236328125e-1075")),
        NumberCase("2^-1075 and a 1 far below (853 digits)", decimalDigits(1, times: 5, toThe: 1075) + zeros(100) + "1e-1176", .bits(1)),
        NumberCase("3 × 2^-1075 exactly (halfway, to even)", decimalDigits(3, times: 5, toThe: 1075) + "e-1075", .bits(2)),
        NumberCase("2.4703282292062327e-324 (below halfway)", "2.4703282292062327e-324",
               .error("precision_loss", "root(Double) : Type Double does not have precision to represent 2.4703282292062327e-324")),
        NumberCase("-2.4703282292062328e-324 (above halfway)", "-2.4703282292062328e-324", .bits((-Double.leastNonzeroMagnitude).bitPattern)),
        // 1 + 2^-53, halfway between 1 and the next Double, with 800 more digits: exact ties go to even.
        NumberCase("1 + 2^-53 and 800 zeros", "1.00000000000000011102230246251565404236316680908203125" + zeros(800), .bits(1.0.bitPattern)),
        NumberCase("1 + 2^-53 and 800 zeros and a 1", "1.00000000000000011102230246251565404236316680908203125" + zeros(800) + "1",
               .bits(1.0.nextUp.bitPattern)),
        // 2^53 ± 1.
        NumberCase("2^53 - 1", "9007199254740991", .bits(9_007_199_254_740_991.0.bitPattern)),
        NumberCase("2^53 + 1 (halfway, to even)", "9007199254740993", .bits(9_007_199_254_740_992.0.bitPattern)),
        NumberCase("2^53 + 1 and 800 digits more", "9007199254740993." + zeros(800) + "1", .bits(9_007_199_254_740_994.0.bitPattern)),
        // Zeros, whatever their exponent, keep their sign.
        NumberCase("-0", "-0", .bits((-0.0).bitPattern)),
        NumberCase("0e-99999999999999", "0e-99999999999999", .bits(0)),
        NumberCase("-0.0e99999999999999999999", "-0.0e99999999999999999999", .bits((-0.0).bitPattern)),
        NumberCase("0.<100,000 zeros>e100001", "0." + zeros(100_000) + "e100001", .bits(0)),
        // Magnitudes too small for Double, not zero, lose their precision (Issue4NumberUnderflowTests).
        NumberCase("1e-99999999999999999999", "1e-99999999999999999999",
               .error("precision_loss", "root(Double) : Type Double does not have precision to represent 1e-99999999999999999999")),
        NumberCase("-1e-400", "-1e-400", .error("precision_loss", "root(Double) : Type Double does not have precision to represent -1e-400")),
    ]

    @Test(arguments: doubles)
    func double(_ testCase: NumberCase) {
        check(testCase, as: Double.self, bits: { UInt64($0.bitPattern) })
    }

    @Test(arguments: [
        NumberCase("1e400", "1e400", .error("numeric_overflow", "root(Double) : Value 1e400 does not fit in Double")),
        NumberCase("-1e99999999999999999999", "-1e99999999999999999999",
               .error("numeric_overflow", "root(Double) : Value -1e99999999999999999999 does not fit in Double")),
        NumberCase("1.7976931348623159e308 (above halfway)", "1.7976931348623159e308",
               .error("numeric_overflow", "root(Double) : Value 1.7976931348623159e308 does not fit in Double")),
        NumberCase("1<150,000 zeros>e-149690", "1" + zeros(150_000) + "e-149690",
               .error("numeric_overflow", "root(Double) : Value 1" + zeros(29) + "…" + zeros(22) + "e-149690 does not fit in Double")),
        NumberCase("1e<5,000 nines>", "1e" + String(repeating: "9", count: 5_000),
               .error("numeric_overflow", "root(Double) : Value 1e" + String(repeating: "9", count: 28) + "…" + String(repeating: "9", count: 30) + " does not fit in Double")),
    ])
    func doubleOverflowShowsTheNumber(_ testCase: NumberCase) {
        check(testCase, as: Double.self, bits: { UInt64($0.bitPattern) })
    }

    @Test func theExactHalfwayPointAboveTheLargestDoubleOverflows() {
        // 2^1024 - 2^970, halfway between Double.greatestFiniteMagnitude and 2^1024: ties to even round up.
        let text = decimalDigits((1 << 54) - 1, times: 2, toThe: 970)
        #expect(text.count == 309)
        let shown = String(text.prefix(30)) + "…" + String(text.suffix(30))
        check(NumberCase("2^1024 - 2^970", text, .error("numeric_overflow", "root(Double) : Value \(shown) does not fit in Double")), as: Double.self)
    }

    // MARK: Float

    @Test(arguments: [
        NumberCase("0.<100,000 zeros>1e100001", "0." + zeros(100_000) + "1e100001", .bits(UInt64(Float(1).bitPattern))),
        NumberCase("1<150,000 zeros>e-150000", "1" + zeros(150_000) + "e-150000", .bits(UInt64(Float(1).bitPattern))),
        NumberCase("Float.greatestFiniteMagnitude", "3.4028235e38", .bits(UInt64(Float.greatestFiniteMagnitude.bitPattern))),
        NumberCase("-0", "-0", .bits(UInt64((-Float(0)).bitPattern))),
        NumberCase("1e39", "1e39", .error("numeric_overflow", "root(Float) : Value 1" + zeros(39) + " does not fit in Float")),
        NumberCase("1e400", "1e400", .error("numeric_overflow", "root(Float) : Value 1e400 does not fit in Float")),
    ])
    func float(_ testCase: NumberCase) {
        check(testCase, as: Float.self, bits: { UInt64($0.bitPattern) })
    }

    // MARK: Decimal

    static let decimals: [NumberCase] = [
        // The issue's examples: in range, so exact (`1e128` is 10 × 10^127).
        NumberCase("1e128", "1e128", .exactly("1" + zeros(128))),
        NumberCase("7e120", "7e120", .exactly("7" + zeros(120))),
        NumberCase("1.0e-120", "1.0e-120", .exactly("0." + zeros(119) + "1")),
        NumberCase("1.0e-128", "1.0e-128", .exactly("0." + zeros(127) + "1")),
        NumberCase("100e-130", "100e-130", .exactly("0." + zeros(127) + "1")),
        NumberCase("-5e-128", "-5e-128", .exactly("-0." + zeros(127) + "5")),
        NumberCase("0.<100,000 zeros>1e100001", "0." + zeros(100_000) + "1e100001", .exactly("1")),
        NumberCase("1<100,000 zeros>e-100001", "1" + zeros(100_000) + "e-100001", .exactly("0.1")),
        NumberCase("1<150,000 zeros>e-150000", "1" + zeros(150_000) + "e-150000", .exactly("1")),
        NumberCase("0e-99999999999999", "0e-99999999999999", .exactly("0")),
        NumberCase("-0", "-0", .exactly("0")),
        // The largest mantissa (2^128 - 1, 39 digits) and the largest Decimal.
        NumberCase("2^128 - 1", "340282366920938463463374607431768211455", .exactly("340282366920938463463374607431768211455")),
        // Mantissas past one 64-bit word, with zeros inside the 19-digit chunks the digits are written in.
        NumberCase("1<30 zeros>1", "1" + zeros(30) + "1", .exactly("1" + zeros(30) + "1")),
        NumberCase("2^64", "18446744073709551616", .exactly("18446744073709551616")),
        NumberCase("-10^38", "-1" + zeros(38), .exactly("-1" + zeros(38))),
        NumberCase("Decimal.greatestFiniteMagnitude", "3.40282366920938463463374607431768211455e165",
               .exactly("340282366920938463463374607431768211455" + zeros(127))),
        // Beyond: shown as written, since no Decimal would be the truth.
        NumberCase("2^128", "340282366920938463463374607431768211456",
               .error("precision_loss", "root(Decimal) : Type Decimal does not have precision to represent 340282366920938463463374607431768211456")),
        NumberCase("3.5e165", "3.5e165", .error("numeric_overflow", "root(Decimal) : Value 3.5e165 does not fit in Decimal")),
        NumberCase("1e99999999999999999999", "1e99999999999999999999",
               .error("numeric_overflow", "root(Decimal) : Value 1e99999999999999999999 does not fit in Decimal")),
        NumberCase("1e-129", "1e-129", .error("precision_loss", "root(Decimal) : Type Decimal does not have precision to represent 1e-129")),
        NumberCase("-1e-400", "-1e-400", .error("precision_loss", "root(Decimal) : Type Decimal does not have precision to represent -1e-400")),
        NumberCase("1<100 zeros>1", "1" + zeros(100) + "1",
               .error("precision_loss", "root(Decimal) : Type Decimal does not have precision to represent 1" + zeros(29) + "…" + zeros(29) + "1")),
    ]

    @Test(arguments: decimals)
    func decimal(_ testCase: NumberCase) {
        check(testCase, as: Decimal.self)
    }

    // MARK: Integers

    @Test(arguments: [
        NumberCase("Int64.max", "9223372036854775807", .exactly("9223372036854775807")),
        NumberCase("Int64.min", "-9223372036854775808", .exactly("-9223372036854775808")),
        NumberCase("Int64.max + 1", "9223372036854775808", .error("numeric_overflow", "root(Int64) : Value 9223372036854775808 does not fit in Int64")),
        NumberCase("Int64.min - 1", "-9223372036854775809", .error("numeric_overflow", "root(Int64) : Value -9223372036854775809 does not fit in Int64")),
        NumberCase("0.<100,000 zeros>1e100001", "0." + zeros(100_000) + "1e100001", .exactly("1")),
        NumberCase("1<150,000 zeros>e-150000", "1" + zeros(150_000) + "e-150000", .exactly("1")),
        NumberCase("0e-99999999999999", "0e-99999999999999", .exactly("0")),
        NumberCase("1<100,000 zeros>e-100001", "1" + zeros(100_000) + "e-100001",
               .error("precision_loss", "root(Int64) : Type Int64 does not have precision to represent 0.1")),
        NumberCase("1e128", "1e128", .error("numeric_overflow", "root(Int64) : Value 1" + zeros(128) + " does not fit in Int64")),
        NumberCase("1e-400", "1e-400", .error("precision_loss", "root(Int64) : Type Int64 does not have precision to represent 1e-400")),
        NumberCase("1e99999999999999999999", "1e99999999999999999999",
               .error("numeric_overflow", "root(Int64) : Value 1e99999999999999999999 does not fit in Int64")),
    ])
    func int64(_ testCase: NumberCase) {
        check(testCase, as: Int64.self)
    }

    @Test(arguments: [
        NumberCase("UInt64.max", "18446744073709551615", .exactly("18446744073709551615")),
        NumberCase("UInt64.max + 1", "18446744073709551616", .error("numeric_overflow", "root(UInt64) : Value 18446744073709551616 does not fit in UInt64")),
        NumberCase("1.8446744073709551616e19", "1.8446744073709551616e19",
               .error("numeric_overflow", "root(UInt64) : Value 18446744073709551616 does not fit in UInt64")),
    ])
    func uint64(_ testCase: NumberCase) {
        check(testCase, as: UInt64.self)
    }

    // MARK: The reasons that carry a number as written

    @Test(arguments: [
        (APIDecodeErrorReason.numericOverflowAsWritten(text: "1e400", type: "Double"), "numeric_overflow", "Value 1e400 does not fit in Double"),
        (.lossOfPrecisionAsWritten(text: "1e-400", type: "Decimal"), "precision_loss", "Type Decimal does not have precision to represent 1e-400"),
    ])
    func asWrittenReasonsKeepTheirCodesAndRoundTrip(reason: APIDecodeErrorReason, code: String, message: String) throws {
        #expect(reason.code == code)
        #expect(reason.description == message)
        let decoded = try JSONDecoder().decode(APIDecodeErrorReason.self, from: JSONEncoder().encode(reason))
        #expect(decoded == reason)
        #expect(decoded.hashValue == reason.hashValue)
    }
}
