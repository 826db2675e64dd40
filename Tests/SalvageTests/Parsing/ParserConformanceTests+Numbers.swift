// RFC 8259 conformance of Salvage's parser: numbers converted to integers, floating point and Decimal (the suite and its method are in
// ParserConformanceTests.swift).

import Foundation
import Salvage
import Testing

extension ParserConformanceTests {
    // MARK: - Numbers to integers

    enum Outcome<T: Sendable>: Sendable {
        case value(T)
        /// The exact reason (for values whose `Decimal` is well defined).
        case reason(APIDecodeErrorReason)
        /// `numericOverflow` with this type name (value not checked).
        case overflow(type: String)
        /// `lossOfPrecision` with this type name (value not checked).
        case lossOfPrecision(type: String)
    }

    struct NumberCase<T: Sendable>: Sendable, CustomTestStringConvertible {
        let json: String
        let expected: Outcome<T>

        init(_ json: String, _ expected: Outcome<T>) {
            self.json = json
            self.expected = expected
        }

        var testDescription: String { "\(json) as \(T.self)" }
    }

    /// Decodes `[json]` as `[T]` and checks the element against `expected`.
    private func check<T: APIDecodable & Equatable & Sendable>(_ testCase: NumberCase<T>, equal: (T, T) -> Bool = { $0 == $1 }) throws {
        let result = APIDataDecoder().decode(string: "[\(testCase.json)]", to: [T].self)
        let values = try #require(result.value, "\(result.errors)")
        switch testCase.expected {
        case .value(let expected):
            #expect(result.errors.isEmpty, "\(result.errors)")
            let value = try #require(values.first)
            #expect(values.count == 1)
            #expect(equal(value, expected), "\(value) != \(expected)")
        case .reason(let reason):
            #expect(values.isEmpty)
            #expect(result.errors == [APIDecodeError(path: ["root", 0], reason: reason)])
            #expect(result.errors.first?.location == Location(offset: 1, line: 1, column: 2))
        case .overflow(let type):
            #expect(values.isEmpty)
            #expect(result.errors.count == 1)
            let error = try #require(result.errors.first)
            #expect(error.path == ["root", 0])
            switch error.reason {
            case .numericOverflow(_, let actualType), .numericOverflowAsWritten(_, let actualType): #expect(actualType == type)
            default: Issue.record("expected numericOverflow, got \(error.reason)")
            }
        case .lossOfPrecision(let type):
            #expect(values.isEmpty)
            #expect(result.errors.count == 1)
            let error = try #require(result.errors.first)
            #expect(error.path == ["root", 0])
            switch error.reason {
            case .lossOfPrecision(_, let actualType), .lossOfPrecisionAsWritten(_, let actualType): #expect(actualType == type)
            default: Issue.record("expected lossOfPrecision, got \(error.reason)")
            }
        }
    }

    static let int8Cases: [NumberCase<Int8>] = [
        NumberCase("127", .value(127)),
        NumberCase("-128", .value(-128)),
        NumberCase("127.0", .value(127)),
        NumberCase("-1.28e2", .value(-128)),
        NumberCase("128", .reason(.numericOverflow(value: Decimal(128), type: "Int8"))),
        NumberCase("-129", .reason(.numericOverflow(value: Decimal(-129), type: "Int8"))),
        NumberCase("1.28e2", .reason(.numericOverflow(value: Decimal(128), type: "Int8"))),
        NumberCase("1000", .reason(.numericOverflow(value: Decimal(1000), type: "Int8"))),
        NumberCase("0.5", .reason(.lossOfPrecision(value: Decimal(sign: .plus, exponent: -1, significand: 5), type: "Int8"))),
    ]

    static let int64Cases: [NumberCase<Int64>] = [
        NumberCase("9223372036854775807", .value(.max)),
        NumberCase("-9223372036854775808", .value(.min)),
        NumberCase("9223372036854775808", .reason(.numericOverflow(value: Decimal(UInt64(9_223_372_036_854_775_808)), type: "Int64"))),
        NumberCase("-9223372036854775809", .reason(.numericOverflow(value: -(Decimal(UInt64(9_223_372_036_854_775_808)) + 1), type: "Int64"))),
        NumberCase("9223372036854775807.0", .value(.max)),
        NumberCase("9.223372036854775807e18", .value(.max)),
        NumberCase("-9.223372036854775808E+18", .value(.min)),
        NumberCase("9.223372036854775808e18", .overflow(type: "Int64")),
        NumberCase("3.0", .value(3)),
        NumberCase("3e2", .value(300)),
        NumberCase("1.5e1", .value(15)),
        NumberCase("300e-2", .value(3)),
        NumberCase("0.03e2", .value(3)),
        NumberCase("12.50e1", .value(125)),
        NumberCase("1E2", .value(100)),
        NumberCase("-0", .value(0)),
        NumberCase("-0.0", .value(0)),
        NumberCase("0e400", .value(0)),
        NumberCase("0.000", .value(0)),
        NumberCase("3.5", .reason(.lossOfPrecision(value: Decimal(sign: .plus, exponent: -1, significand: 35), type: "Int64"))),
        NumberCase("-3.5", .reason(.lossOfPrecision(value: Decimal(sign: .minus, exponent: -1, significand: 35), type: "Int64"))),
        NumberCase("1e400", .overflow(type: "Int64")),
        NumberCase("-1e400", .overflow(type: "Int64")),
        NumberCase("1e-400", .lossOfPrecision(type: "Int64")),
        NumberCase("1e20", .overflow(type: "Int64")),
        NumberCase("123456789012345678901234567890", .overflow(type: "Int64")),
        NumberCase(longDigits, .overflow(type: "Int64")),
        NumberCase("1e99999999999999999999", .overflow(type: "Int64")),
        NumberCase("1e-99999999999999999999", .lossOfPrecision(type: "Int64")),
        NumberCase("10000000000000000000000e-22", .value(1)),
        NumberCase("0.00000000000000000000000000000000000000000001e44", .value(1)),
        NumberCase("123456789012345678901234567890.5", .lossOfPrecision(type: "Int64")),
    ]

    static let uint64Cases: [NumberCase<UInt64>] = [
        NumberCase("18446744073709551615", .value(.max)),
        NumberCase("1.8446744073709551615e19", .value(.max)),
        NumberCase("18446744073709551616", .reason(.numericOverflow(value: Decimal(UInt64.max) + 1, type: "UInt64"))),
        NumberCase("0", .value(0)),
        NumberCase("-0", .value(0)),
        NumberCase("-0.0e1", .value(0)),
        NumberCase("-1", .reason(.numericOverflow(value: Decimal(-1), type: "UInt64"))),
        NumberCase("-1.0", .reason(.numericOverflow(value: Decimal(-1), type: "UInt64"))),
        NumberCase("3e2", .value(300)),
        NumberCase("1e400", .overflow(type: "UInt64")),
        NumberCase("1e-400", .lossOfPrecision(type: "UInt64")),
    ]

    @Test(arguments: int8Cases) func int8(_ testCase: NumberCase<Int8>) throws { try check(testCase) }
    @Test(arguments: int64Cases) func int64(_ testCase: NumberCase<Int64>) throws { try check(testCase) }
    @Test(arguments: uint64Cases) func uint64(_ testCase: NumberCase<UInt64>) throws { try check(testCase) }

    // MARK: - Numbers to floating point and Decimal

    /// Same value and same sign (so -0.0 and 0.0 differ).
    private static func identical(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }
    private static func identical(_ a: Float, _ b: Float) -> Bool { a.bitPattern == b.bitPattern }

    static let doubleCases: [NumberCase<Double>] = [
        NumberCase("1e400", .overflow(type: "Double")),
        NumberCase("-1e400", .overflow(type: "Double")),
        NumberCase("1.7976931348623159e308", .overflow(type: "Double")),
        // Too small for Double but not zero: precision lost, as JSONDecoder rejects it (Issue4NumberUnderflowTests).
        NumberCase("-1e-400", .reason(.lossOfPrecisionAsWritten(text: "-1e-400", type: "Double"))),
        NumberCase("1e-400", .reason(.lossOfPrecisionAsWritten(text: "1e-400", type: "Double"))),
        NumberCase("-0", .value(-0.0)),
        NumberCase("-0.0", .value(-0.0)),
        NumberCase("0", .value(0.0)),
        NumberCase("-0e400", .value(-0.0)),
        NumberCase("0.1", .value(0.1)),
        NumberCase("5e-324", .value(.leastNonzeroMagnitude)),
        NumberCase("4.9406564584124654e-324", .value(.leastNonzeroMagnitude)),
        NumberCase("2.4703282292062328e-324", .value(.leastNonzeroMagnitude)),
        NumberCase("2.2250738585072014e-308", .value(.leastNormalMagnitude)),
        NumberCase("1.7976931348623157e308", .value(.greatestFiniteMagnitude)),
        NumberCase("1.7976931348623158e308", .value(.greatestFiniteMagnitude)),
        NumberCase("-1.7976931348623157e308", .value(-.greatestFiniteMagnitude)),
        NumberCase("9007199254740993", .value(9_007_199_254_740_992)),
        NumberCase("9223372036854775807", .value(9.223372036854775808e18)),
        NumberCase("1e22", .value(1e22)),
        NumberCase("1e23", .value(1e23)),
        NumberCase("123456789012345e-22", .value(123456789012345e-22)),
        NumberCase("0.000000000000000000000000001", .value(1e-27)),
        NumberCase("3e2", .value(300)),
        NumberCase("1.5E+1", .value(15)),
    ]

    @Test(arguments: doubleCases) func double(_ testCase: NumberCase<Double>) throws {
        try check(testCase, equal: Self.identical)
    }

    /// 17-significant-digit values as in canada.json, and others either side of the 15-digit fast path:
    /// all must equal the standard library's correctly rounded conversion bit for bit.
    @Test(arguments: [
        "-65.613616999999977", "43.420273000000009", "-75.140272999999979", "-65.61361699999998",
        "45.174698000000007", "0.30000000000000004", "2.2250738585072011e-308", "4.35", "123456789012345",
        "1234567890123456", "12345678901234567890", "0.1234567890123456789", "1e-22", "1e-23", "8.5e-17",
        "7.2057594037927933e16", "17976931348623157" + String(repeating: "0", count: 292),
        "1.00000000000000011102230246251565404236316680908203125",
        "1.00000000000000011102230246251565404236316680908203124",
        "1.00000000000000011102230246251565404236316680908203126",
    ])
    func doubleMatchesStandardLibrary(_ text: String) throws {
        let expected = try #require(Double(text))
        #expect(expected.isFinite)
        try check(NumberCase<Double>(text, .value(expected)), equal: Self.identical)
    }

    static let floatCases: [NumberCase<Float>] = [
        NumberCase("1e39", .overflow(type: "Float")),
        NumberCase("-1e39", .overflow(type: "Float")),
        NumberCase("3.4028235e38", .value(.greatestFiniteMagnitude)),
        NumberCase("0.1", .value(0.1)),
        NumberCase("-0", .value(-0.0)),
        NumberCase("16777217", .value(16_777_216)),
        NumberCase("1e-50", .lossOfPrecision(type: "Float")),
    ]

    @Test(arguments: floatCases) func float(_ testCase: NumberCase<Float>) throws {
        try check(testCase, equal: Self.identical)
    }

    @Test(arguments: ["0.1", "-123.456", "1e-5", "12345678901234567890123456789012345678", "3.0", "-0"])
    func decimal(_ text: String) throws {
        let expected = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        try check(NumberCase<Decimal>(text, .value(expected)))
    }

    /// `Decimal`'s mantissa holds 38 significant digits (39 below 2^128). The conversion is documented as
    /// exact, so more digits than that must be reported, not dropped — as written, since no `Decimal` is true.
    @Test(arguments: ["12345678901234567890123456789012345678901", "1234567890123456789012345678901234567890.5"])
    func decimalWithMoreThan38Digits(_ text: String) throws {
        let result = APIDataDecoder().decode(string: "[\(text)]", to: [Decimal].self)
        #expect(result.value == [])
        #expect(result.errors == [APIDecodeError(path: ["root", 0], reason: .lossOfPrecisionAsWritten(text: text, type: "Decimal"))])
    }

    /// Numbers beyond `Decimal`'s range are reported as written (a clamped `Decimal` named a different
    /// number); those within it with their exact value, and `1e128` (10 × 10^127) is a `Decimal`.
    @Test(arguments: [
        ("1e400", "Double", APIDecodeErrorReason.numericOverflowAsWritten(text: "1e400", type: "Double")),
        ("-1e400", "Double", .numericOverflowAsWritten(text: "-1e400", type: "Double")),
        ("1e400", "Int64", .numericOverflowAsWritten(text: "1e400", type: "Int64")),
        ("1e39", "Float", .numericOverflow(value: Decimal(sign: .plus, exponent: 39, significand: 1), type: "Float")),
        ("1e128", "Decimal", nil),
    ])
    func hugeNumbersReportTheirValue(_ text: String, type: String, reason: APIDecodeErrorReason?) throws {
        let decoder = APIDataDecoder()
        let errors: [APIDecodeError]
        switch type {
        case "Double": errors = decoder.decode(string: "[\(text)]", to: [Double].self).errors
        case "Float": errors = decoder.decode(string: "[\(text)]", to: [Float].self).errors
        case "Int64": errors = decoder.decode(string: "[\(text)]", to: [Int64].self).errors
        default: errors = decoder.decode(string: "[\(text)]", to: [Decimal].self).errors
        }
        #expect(errors == (reason.map { [APIDecodeError(path: ["root", 0], reason: $0)] } ?? []))
    }

    /// A number too small for `Decimal` (1e-400) is not huge, nor zero: it is reported as written;
    /// one `Decimal` holds (1.5e-200 is not) with its exact value.
    @Test(arguments: [
        ("1e-400", "Int64", APIDecodeErrorReason.lossOfPrecisionAsWritten(text: "1e-400", type: "Int64")),
        ("1e-400", "Decimal", .lossOfPrecisionAsWritten(text: "1e-400", type: "Decimal")),
        ("1.5e-200", "Decimal", .lossOfPrecisionAsWritten(text: "1.5e-200", type: "Decimal")),
        ("-1e-400", "UInt8", .lossOfPrecisionAsWritten(text: "-1e-400", type: "UInt8")),
        ("1.5e-120", "UInt8", .lossOfPrecision(value: Decimal(sign: .plus, exponent: -121, significand: 15), type: "UInt8")),
    ])
    func tinyNumbersReportTheirValue(_ text: String, type: String, reason: APIDecodeErrorReason) throws {
        let decoder = APIDataDecoder()
        let errors: [APIDecodeError]
        switch type {
        case "Int64": errors = decoder.decode(string: "[\(text)]", to: [Int64].self).errors
        case "UInt8": errors = decoder.decode(string: "[\(text)]", to: [UInt8].self).errors
        default: errors = decoder.decode(string: "[\(text)]", to: [Decimal].self).errors
        }
        #expect(errors == [APIDecodeError(path: ["root", 0], reason: reason)])
    }

    @Test func decimalOfPointOneIsExact() throws {
        let result = APIDataDecoder().decode(string: "[0.1]", to: [Decimal].self)
        #expect(result.errors.isEmpty)
        #expect(result.value == [Decimal(sign: .plus, exponent: -1, significand: 1)])
        #expect(result.value == [try #require(Decimal(string: "0.1"))])
    }
}
