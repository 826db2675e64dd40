import Foundation
import Salvage
import Testing

// Plain integers of up to 18 digits are accumulated in `Int` and converted to the target type once (a debug
// build's speed, Docs/Performance.md "Debug builds"); longer ones take the type's own overflow-checked loop.
// These pin both sides of the 18-digit boundary, for each sign and for narrow and unsigned types.

@Suite struct PlainIntegerDigitsTests {
    @Test(arguments: [
        ("999999999999999999", Int64(999_999_999_999_999_999)),     // 18 digits: the `Int` path
        ("-999999999999999999", Int64(-999_999_999_999_999_999)),
        ("1000000000000000000", Int64(1_000_000_000_000_000_000)),  // 19 digits: the generic loop
        ("9223372036854775807", Int64.max),
        ("-9223372036854775808", Int64.min),
        ("-0", Int64(0)),
    ])
    func int64Values(json: String, expected: Int64) {
        let result = APIDataDecoder().decode(string: json, to: Int64.self)
        #expect(result.value == expected)
        #expect(result.errors.isEmpty)
    }

    /// Up to 18 digits are read eight at a time, then one by one: every length from 1 to 18, both signs,
    /// with digits that differ at every position.
    @Test(arguments: 1...18)
    func everyLengthOfTheEightDigitSteps(_ length: Int) throws {
        let digits = String("123456789098765432".prefix(length))
        let expected = try #require(Int64(digits))
        let result = APIDataDecoder().decode(string: "[\(digits), -\(digits)]", to: [Int64].self)
        #expect(result.value == [expected, -expected])
        #expect(result.errors.isEmpty)
    }

    @Test func unsignedValues() {
        #expect(APIDataDecoder().decode(string: "18446744073709551615", to: UInt64.self).value == UInt64.max)
        #expect(APIDataDecoder().decode(string: "255", to: UInt8.self).value == 255)
        #expect(APIDataDecoder().decode(string: "-0", to: UInt8.self).value == 0)
    }

    @Test(arguments: [
        ("256", "UInt8"),
        ("-1", "UInt8"),
        ("-129", "Int8"),
        ("-999999999999999999", "UInt64"),
        ("9223372036854775808", "Int64"),
    ])
    func overflows(json: String, type: String) throws {
        let errors: [APIDecodeError]
        switch type {
        case "UInt8": errors = APIDataDecoder().decode(string: json, to: UInt8.self).errors
        case "Int8": errors = APIDataDecoder().decode(string: json, to: Int8.self).errors
        case "UInt64": errors = APIDataDecoder().decode(string: json, to: UInt64.self).errors
        default: errors = APIDataDecoder().decode(string: json, to: Int64.self).errors
        }
        let value = try #require(Decimal(string: json))
        #expect(errors.map(\.reason) == [.numericOverflow(value: value, type: type)])
        #expect(errors.map(\.description) == ["root(\(type)) : Value \(json) does not fit in \(type)"])
    }
}
