import Foundation
import Salvage
import Testing

// Integer conversions and values of the wrong JSON type, checked at the root and as an optional field
// (helpers in ConversionTestSupport.swift).

// MARK: - Integers

@Suite struct IntegerConversionTests {
    static let cases: [ConversionCase] = [
        ConversionCase("127", "Int8", .value("127")),
        ConversionCase("-128", "Int8", .value("-128")),
        ConversionCase("128", "Int8", overflow("128", "Int8")),
        ConversionCase("-129", "Int8", overflow("-129", "Int8")),
        ConversionCase("300", "Int8", overflow("300", "Int8")),
        ConversionCase("3.5", "Int8", imprecise("3.5", "3.5", "Int8")),
        ConversionCase("3.0", "Int8", .value("3")),
        ConversionCase("1e2", "Int8", .value("100")),
        ConversionCase("1e3", "Int8", .failure(.numericOverflow(value: 1000, type: "Int8"), "Value 1000 does not fit in Int8")),
        ConversionCase("32767", "Int16", .value("32767")),
        ConversionCase("-32768", "Int16", .value("-32768")),
        ConversionCase("32768", "Int16", overflow("32768", "Int16")),
        ConversionCase("2147483647", "Int32", .value("2147483647")),
        ConversionCase("-2147483648", "Int32", .value("-2147483648")),
        ConversionCase("-2147483649", "Int32", overflow("-2147483649", "Int32")),
        ConversionCase("9223372036854775807", "Int64", .value("9223372036854775807")),
        ConversionCase("-9223372036854775808", "Int64", .value("-9223372036854775808")),
        ConversionCase("9223372036854775808", "Int64", overflow("9223372036854775808", "Int64")),
        ConversionCase("-9223372036854775809", "Int64", overflow("-9223372036854775809", "Int64")),
        ConversionCase("9.223372036854775807e18", "Int64", .value("9223372036854775807")),
        ConversionCase("9223372036854775807", "Int", .value("9223372036854775807")),
        ConversionCase("-9223372036854775808", "Int", .value("-9223372036854775808")),
        ConversionCase("3e2", "Int", .value("300")),
        ConversionCase("1.5e1", "Int", .value("15")),
        ConversionCase("2.50e1", "Int", .value("25")),
        ConversionCase("100e-2", "Int", .value("1")),
        ConversionCase("1E2", "Int", .value("100")),
        ConversionCase("1e+2", "Int", .value("100")),
        ConversionCase("-0", "Int", .value("0")),
        ConversionCase("-0.0", "Int", .value("0")),
        ConversionCase("0e5", "Int", .value("0")),
        ConversionCase("0.5", "Int", imprecise("0.5", "0.5", "Int")),
        ConversionCase("3.5", "Int", imprecise("3.5", "3.5", "Int")),
        ConversionCase("-3.25", "Int", imprecise("-3.25", "-3.25", "Int")),
        ConversionCase("1e-2", "Int", imprecise("0.01", "0.01", "Int")),
        ConversionCase("1.25e1", "Int", imprecise("12.5", "12.5", "Int")),
        ConversionCase("12345678901234567890123", "Int", overflow("12345678901234567890123", "Int")),
        ConversionCase("255", "UInt8", .value("255")),
        ConversionCase("256", "UInt8", overflow("256", "UInt8")),
        ConversionCase("-1", "UInt8", overflow("-1", "UInt8")),
        ConversionCase("-0", "UInt8", .value("0")),
        ConversionCase("65535", "UInt16", .value("65535")),
        ConversionCase("65536", "UInt16", overflow("65536", "UInt16")),
        ConversionCase("4294967295", "UInt32", .value("4294967295")),
        ConversionCase("4294967296", "UInt32", overflow("4294967296", "UInt32")),
        ConversionCase("18446744073709551615", "UInt64", .value("18446744073709551615")),
        ConversionCase("1.8446744073709551615e19", "UInt64", .value("18446744073709551615")),
        ConversionCase("18446744073709551616", "UInt64", overflow("18446744073709551616", "UInt64")),
        ConversionCase("18446744073709551615", "UInt", .value("18446744073709551615")),
        ConversionCase("-5", "UInt", overflow("-5", "UInt")),
    ]

    @Test(arguments: cases)
    func integer(_ testCase: ConversionCase) throws {
        try check(testCase)
    }

    @Test func exactExtremes() throws {
        #expect(APIDataDecoder().decode(string: "9223372036854775807", to: Int64.self).value == Int64.max)
        #expect(APIDataDecoder().decode(string: "-9223372036854775808", to: Int64.self).value == Int64.min)
        #expect(APIDataDecoder().decode(string: "18446744073709551615", to: UInt64.self).value == UInt64.max)
        #expect(APIDataDecoder().decode(string: "9007199254740993", to: Int64.self).value == 9_007_199_254_740_993)
    }

    @Test func overflowFarBeyondDecimalStillReportsTheType() throws {
        let result = APIDataDecoder().decode(string: "1e400", to: Int.self)
        #expect(result.value == nil)
        try #require(result.errors.count == 1)
        #expect(result.errors[0].reason == .numericOverflowAsWritten(text: "1e400", type: "Int"))
        #expect(result.errors[0].code == "numeric_overflow")
    }
}

// MARK: - Wrong JSON types

@Suite struct WrongJSONTypeTests {
    static let cases: [ConversionCase] = [
        ConversionCase(#""3""#, "Int", wrong(.string, "Unexpectedly found a string")),
        ConversionCase("true", "Int", wrong(.boolean, "Unexpectedly found a boolean")),
        ConversionCase("{}", "Int", wrong(.object, "Unexpectedly found an object")),
        ConversionCase("[]", "Int", wrong(.array, "Unexpectedly found an array")),
        ConversionCase("[1]", "UInt8", wrong(.array, "Unexpectedly found an array")),
        ConversionCase("3", "String", wrong(.integer, "Unexpectedly found an integer")),
        ConversionCase("-3", "String", wrong(.integer, "Unexpectedly found an integer")),
        ConversionCase("3.5", "String", wrong(.decimal, "Unexpectedly found a decimal")),
        ConversionCase("3.0", "String", wrong(.integer, "Unexpectedly found an integer")),
        ConversionCase("1e2", "String", wrong(.integer, "Unexpectedly found an integer")),
        ConversionCase("18446744073709551616", "String", wrong(.integer, "Unexpectedly found an integer")),
        ConversionCase("false", "String", wrong(.boolean, "Unexpectedly found a boolean")),
        ConversionCase("{}", "String", wrong(.object, "Unexpectedly found an object")),
        ConversionCase("1", "Bool", wrong(.integer, "Unexpectedly found an integer")),
        ConversionCase("0", "Bool", wrong(.integer, "Unexpectedly found an integer")),
        ConversionCase(#""true""#, "Bool", wrong(.string, "Unexpectedly found a string")),
        ConversionCase("0.5", "Bool", wrong(.decimal, "Unexpectedly found a decimal")),
        ConversionCase(#""1.5""#, "Double", wrong(.string, "Unexpectedly found a string")),
        ConversionCase("[1.5]", "Double", wrong(.array, "Unexpectedly found an array")),
        ConversionCase("true", "Double", wrong(.boolean, "Unexpectedly found a boolean")),
        ConversionCase("{}", "Float", wrong(.object, "Unexpectedly found an object")),
        ConversionCase(#""1""#, "Decimal", wrong(.string, "Unexpectedly found a string")),
        ConversionCase("false", "Decimal", wrong(.boolean, "Unexpectedly found a boolean")),
    ]

    @Test(arguments: cases)
    func wrongType(_ testCase: ConversionCase) throws {
        try check(testCase)
    }

    /// `JSONElement`: "Numbers are `integer` when they are whole (`7`, `7.0`, `7e2`) and `decimal` otherwise."
    @Test(arguments: ["1e20", "1.0e20", "100000000000000000000.0"])
    func largeWholeNumbersInScientificNotationAreIntegers(json: String) throws {
        let rendered = try #require(render(json, typeNamed: "String"))
        #expect(rendered.rootErrors.map(\.reason) == [.unexpectedJSONType(actual: .integer)])
    }

    @Test(arguments: ["Int", "Int8", "UInt64", "String", "Bool", "Double", "Float", "Decimal"])
    func nullAtTheRootIsAnErrorAndAnOptionalFieldIsNot(type: String) throws {
        let rendered = try #require(render("null", typeNamed: type))
        #expect(rendered.rootValue == nil)
        #expect(rendered.rootErrors.map(\.description) == ["root(\(type)) : Unexpectedly found null"])
        #expect(rendered.fieldValue == nil)
        #expect(rendered.fieldErrors.isEmpty)
    }
}
