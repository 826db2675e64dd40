import Foundation
import Salvage
import Testing

// Built-in conversions: strings, booleans, integers, floating point, Decimal, enums, JSONValue, ResponseData.
// The enums are nested so that their names print as `Stooge` and `Level`.

// MARK: - Helpers

/// A model with one optional field `v`.
private struct Field<T: APIDecodable>: APIDecodable {
    let value: T?
    init?(from decoder: APIDecoder) {
        value = decoder["v"] --> T?.self
    }
}

/// A value decoded at the root and one decoded as an optional field, both rendered as text.
private struct Rendered: Equatable, CustomStringConvertible {
    var rootValue: String?
    var rootErrors: [APIDecodeError]
    var fieldValue: String?
    var fieldErrors: [APIDecodeError]
    var description: String { "root: \(rootValue ?? "nil") \(rootErrors) field: \(fieldValue ?? "nil") \(fieldErrors)" }
}

private func render<T: APIDecodable>(_ json: String, as type: T.Type) -> Rendered {
    let root = APIDataDecoder().decode(string: json, to: T.self)
    let field = APIDataDecoder().decode(string: #"{"v": \#(json)}"#, to: Field<T>.self)
    return Rendered(rootValue: root.value.map { "\($0)" }, rootErrors: root.errors,
                      fieldValue: field.value?.value.map { "\($0)" }, fieldErrors: field.errors)
}

/// Decodes with the built-in type named `type`.
private func render(_ json: String, typeNamed type: String) -> Rendered? {
    switch type {
    case "Int": return render(json, as: Int.self)
    case "Int8": return render(json, as: Int8.self)
    case "Int16": return render(json, as: Int16.self)
    case "Int32": return render(json, as: Int32.self)
    case "Int64": return render(json, as: Int64.self)
    case "UInt": return render(json, as: UInt.self)
    case "UInt8": return render(json, as: UInt8.self)
    case "UInt16": return render(json, as: UInt16.self)
    case "UInt32": return render(json, as: UInt32.self)
    case "UInt64": return render(json, as: UInt64.self)
    case "String": return render(json, as: String.self)
    case "Bool": return render(json, as: Bool.self)
    case "Double": return render(json, as: Double.self)
    case "Float": return render(json, as: Float.self)
    case "Decimal": return render(json, as: Decimal.self)
    default: return nil
    }
}

private func decimal(_ text: String) -> Decimal {
    Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? .nan
}

/// What a conversion should give: a value (as text) or one error.
enum ConversionOutcome: Sendable {
    case value(String)
    case failure(APIDecodeErrorReason, String)
}

/// One conversion and what it should give. Internal, not private: parameterized tests of three suites take it.
struct ConversionCase: Sendable, CustomTestStringConvertible {
    let json: String
    let type: String
    let outcome: ConversionOutcome
    init(_ json: String, _ type: String, _ outcome: ConversionOutcome) {
        self.json = json
        self.type = type
        self.outcome = outcome
    }
    var testDescription: String { "\(json) as \(type)" }
}

/// Checks one case both at the root (required) and as an optional field.
private func check(_ testCase: ConversionCase) throws {
    let rendered = try #require(render(testCase.json, typeNamed: testCase.type))
    switch testCase.outcome {
    case .value(let text):
        #expect(rendered.rootValue == text)
        #expect(rendered.rootErrors.isEmpty)
        #expect(rendered.fieldValue == text)
        #expect(rendered.fieldErrors.isEmpty)
    case .failure(let reason, let message):
        #expect(rendered.rootValue == nil)
        #expect(rendered.fieldValue == nil)
        #expect(reason.description == message)
        #expect(rendered.rootErrors.map(\.reason) == [reason])
        #expect(rendered.rootErrors.map(\.description) == ["root(\(testCase.type)) : \(message)"])
        #expect(rendered.rootErrors.map(\.location) == [Salvage.SourceLocation(offset: 0, line: 1, column: 1)])
        #expect(rendered.fieldErrors.map(\.reason) == [reason])
        #expect(rendered.fieldErrors.map(\.description) == [#"root(Field<\#(testCase.type)>) > "v"(\#(testCase.type)) : \#(message)"#])
        #expect(rendered.fieldErrors.map(\.path.jsonPath) == [#"root["v"]"#])
        #expect(rendered.fieldErrors.map(\.location) == [Salvage.SourceLocation(offset: 6, line: 1, column: 7)])
    }
}

private func overflow(_ text: String, _ type: String) -> ConversionOutcome {
    .failure(.numericOverflow(value: decimal(text), type: type), "Value \(text) does not fit in \(type)")
}

private func imprecise(_ text: String, _ shown: String, _ type: String) -> ConversionOutcome {
    .failure(.lossOfPrecision(value: decimal(text), type: type), "Type \(type) does not have precision to represent \(shown)")
}

private func wrong(_ element: JSONElement, _ message: String) -> ConversionOutcome {
    .failure(.unexpectedJSONType(actual: element), message)
}

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
        ("1e-400", 0),
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
        ("1e-50", 0),
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

// MARK: - Generated numbers, checked against the standard library

/// JSON number texts of many shapes: long and short mantissas, fractions, exponents near the limits,
/// the shortest and the exact decimal forms of random doubles, and texts very close to halfway points.
private func numberTexts(count: Int, seed: UInt64) -> [String] {
    var random = SplitMix64(seed: seed)
    var texts: [String] = []
    while texts.count < count {
        let sign = random.below(4) == 0 ? "-" : ""
        switch random.below(4) {
        case 0:
            let integerDigits = 1 + random.below(25)
            var text = sign + String(1 + random.below(9)) + random.digits(integerDigits - 1)
            if random.below(2) == 0 { text += "." + random.digits(1 + random.below(25)) }
            if random.below(2) == 0 { text += (random.below(2) == 0 ? "e" : "E-") + String(random.below(340)) }
            texts.append(text)
        case 1:
            let value = Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF)
            texts.append(sign + "\(value)".replacingOccurrences(of: "inf", with: "1"))
        case 2:
            let value = Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF)
            texts.append(sign + String(format: "%.40e", value))
        default:
            // Halfway between a double and the next one, written with enough digits to sit within a
            // hair of the midpoint, on either side.
            let value = Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFE)
            let next = value.nextUp
            let halfway = String(format: "%.40e", value) // base text; replaced below when Float80 exists
            #if arch(x86_64) || arch(i386)
            let midpoint = (Float80(value) + Float80(next)) / 2
            texts.append(sign + "\(midpoint)")
            #else
            texts.append(sign + halfway)
            #endif
        }
    }
    return texts
}

@Suite struct GeneratedNumberTests {
    @Test(arguments: [UInt64(1), 2, 3])
    func doublesMatchTheStandardLibrary(seed: UInt64) throws {
        let texts = numberTexts(count: 2000, seed: seed)
        let result = APIDataDecoder().decode(string: "[" + texts.joined(separator: ",") + "]", to: [Double].self)
        let decoded = try #require(result.value)
        var expected: [Double] = []
        var overflowIndices: [Int] = []
        for (index, text) in texts.enumerated() {
            let value = try #require(Double(text), "\(text)")
            if value.isFinite { expected.append(value) } else { overflowIndices.append(index) }
        }
        #expect(decoded.count == expected.count)
        var mismatches: [String] = []
        var position = 0
        for (index, text) in texts.enumerated() where !overflowIndices.contains(index) {
            if position < decoded.count, decoded[position].bitPattern != expected[position].bitPattern {
                mismatches.append("\(text): got \(decoded[position]), expected \(expected[position])")
            }
            position += 1
        }
        #expect(mismatches == [])
        #expect(result.errors.map(\.path.jsonPath) == overflowIndices.map { "root[\($0)]" })
        #expect(result.errors.allSatisfy {
            if case .numericOverflowAsWritten(_, "Double") = $0.reason { return true }
            return false
        })
    }

    @Test(arguments: [UInt64(4), 5])
    func floatsMatchTheStandardLibrary(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var texts = numberTexts(count: 1000, seed: seed)
        // Halfway points between neighbouring floats, exact in Double.
        for _ in 0 ..< 500 {
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()) & 0x7F7F_FFFE)
            texts.append("\((Double(value) + Double(value.nextUp)) / 2)")
        }
        let result = APIDataDecoder().decode(string: "[" + texts.joined(separator: ",") + "]", to: [Float].self)
        let decoded = try #require(result.value)
        var expected: [Float] = []
        var overflowIndices: [Int] = []
        for (index, text) in texts.enumerated() {
            let value = try #require(Float(text), "\(text)")
            if value.isFinite { expected.append(value) } else { overflowIndices.append(index) }
        }
        #expect(decoded.count == expected.count)
        let mismatches = zip(decoded, expected).enumerated().filter { $0.element.0.bitPattern != $0.element.1.bitPattern }
        #expect(mismatches.map { "\($0.element.0) != \($0.element.1)" } == [])
        #expect(result.errors.map(\.path.jsonPath) == overflowIndices.map { "root[\($0)]" })
    }

    @Test(arguments: [UInt64(6), 7])
    func integersInEveryNotation(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var texts: [String] = []
        var expected: [Int64] = []
        var failures: [(index: Int, reason: APIDecodeErrorReason)] = []
        for _ in 0 ..< 600 {
            let value = Int64(bitPattern: random.next()) >> random.below(63)
            let plain = "\(value)"
            let digits = plain.hasPrefix("-") ? String(plain.dropFirst()) : plain
            let sign = value < 0 ? "-" : ""
            let shift = random.below(digits.count)
            // The same value with the decimal point moved `shift` places left and an exponent to compensate.
            let split = digits.index(digits.endIndex, offsetBy: -shift)
            let fraction: String = shift > 0 ? "." + String(digits[split...]) : ""
            let scientific: String = sign + String(digits[..<split]) + fraction + "e" + String(shift)
            for text in [plain, plain + ".0", plain + "e0", value == 0 ? "0.00e2" : plain + "00e-2", scientific] {
                texts.append(text)
                expected.append(value)
            }
            // Half of the last unit: never whole.
            texts.append(plain + ".5")
            failures.append((texts.count - 1, .lossOfPrecision(value: decimal(plain + ".5"), type: "Int64")))
            // Ten times the value: overflows when the value is large.
            texts.append(plain + "e1")
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            if overflow {
                failures.append((texts.count - 1, .numericOverflow(value: decimal(plain + "0"), type: "Int64")))
            } else {
                expected.append(times10)
            }
        }
        let result = APIDataDecoder().decode(string: "[" + texts.joined(separator: ",") + "]", to: [Int64].self)
        let decoded = try #require(result.value)
        #expect(decoded == expected)
        #expect(result.errors.map(\.path.jsonPath) == failures.map { "root[\($0.index)]" })
        #expect(result.errors.map(\.reason) == failures.map(\.reason))
    }
}
