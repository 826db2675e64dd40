import Salvage
import Testing

/// Numbers with a fraction, without an exponent and with at most 19 digits are marked "short decimals" by the parser, with
/// the number of digits before their decimal point (`TapeNode.shortDecimalBit`, Parsing/NumberScanning.swift),
/// and converted to `Double` from that layout without looking at which bytes are digits
/// (`shortDecimalDouble`, Document/FastDoubleParsing.swift). The standard library's parse of the same text
/// is the reference, bit for bit.
@Suite struct ShortDecimalTests {
    /// The parser's layout: (text, digits before the point, or nil when the number is not a short decimal).
    @Test(arguments: [
        ("0", nil), ("-0", nil), ("7", nil), ("1234567890123456789", nil), ("-0.0", 1), ("12.5", 2),
        ("-65.613616999999977", 2), ("173.45", 3), ("-123456789012345678.9", 18), ("123456789.0123456789", 9),
        ("12345678.90123456789", 8),
        ("0.000000000000000001", 1), ("1.000000000000000000", 1),
        ("12345678901234567890", nil), ("0.0000000000000000001", nil), ("1.0000000000000000000", nil),
        ("1e5", nil), ("1.5E-3", nil), ("-0e0", nil), ("12.34e+2", nil),
    ] as [(String, Int?)])
    func theParserRecordsTheLayout(_ text: String, _ integerDigits: Int?) throws {
        for json in [text, "[" + text + "]", "[" + text + " ]", "{\"a\":" + text + "}", "[1," + text + ",2]"] {
            let layouts = try #require(SalvagePackageAccess.shortDecimalIntegerDigits(Array(json.utf8)), "\(json)")
            let expected: [Int?] = json.hasPrefix("[1,") ? [nil, integerDigits, nil] : [integerDigits]
            #expect(layouts == expected, "\(json)")
        }
    }

    /// Every split of 1–19 digits into an integer part and a fraction, with leading zeros so the text is
    /// shorter and longer than the eight bytes of a word, with either sign.
    static func texts(digitCount: Int) -> [String] {
        let digits = Array("1234567890987654321".prefix(digitCount))
        var texts: [String] = []
        for integerLength in 1 ... digitCount {
            let integer = String(digits[..<integerLength])
            let fraction = String(digits[integerLength...])
            let plain = fraction.isEmpty ? integer : integer + "." + fraction
            texts += [plain, "-" + plain]
            if digitCount < 19 {
                let zeros = String(repeating: "0", count: 19 - digitCount)
                texts += ["0." + String(zeros.dropFirst()) + integer + fraction, "-0." + integer + fraction]
            }
        }
        return texts
    }

    @Test(arguments: 1 ... 19)
    func everySplitOfTheDigitsInAnArray(_ digitCount: Int) throws {
        let texts = Self.texts(digitCount: digitCount)
        let expected = try texts.map { try #require(Double($0), "\($0)") }
        let result = APIDataDecoder().decode(string: "[" + texts.joined(separator: ",") + "]", to: [Double].self)
        let decoded = try #require(result.value)
        #expect(decoded.map(\.bitPattern) == expected.map(\.bitPattern))
        #expect(result.errors.isEmpty)
    }

    /// A number alone is its whole input: the words read at its start and end are the input's first and last.
    @Test(arguments: 1 ... 19)
    func everySplitOfTheDigitsAsTheWholeInput(_ digitCount: Int) throws {
        for text in Self.texts(digitCount: digitCount) {
            let expected = try #require(Double(text))
            let result = APIDataDecoder().decode(string: text, to: Double.self)
            #expect(result.value?.bitPattern == expected.bitPattern, "\(text)")
            #expect(result.errors.isEmpty)
        }
    }

    /// Values at the edges: signed zeros, 2^53 ± 1 and halfway cases, the largest short decimals, the first
    /// numbers that are not short (20 digits, an exponent), tiny fractions.
    @Test(arguments: [
        "0", "-0", "0.0", "-0.0", "-0.000", "9007199254740991", "9007199254740992", "9007199254740993",
        "9007199254740993.0", "9007199254740992.5", "-9007199254740993", "4503599627370497.5",
        "9999999999999999999", "-9999999999999999999", "9999999999.999999999", "0.999999999999999999",
        "1.999999999999999999", "99999999999999999999", "0.9999999999999999999", "1844674407370955161.5",
        "0.000000000000000001", "0.1", "0.2", "0.3", "1.1", "2.675", "5.000000000000000001",
        "-65.613616999999977", "43.420273000000009", "123456.78", "12345678", "1234567.8",
    ])
    func edgeValues(_ text: String) throws {
        let expected = try #require(Double(text))
        for json in ["[" + text + "]", "[ " + text + "\n]", "[" + text + "," + text + "]"] {
            let result = APIDataDecoder().decode(string: json, to: [Double].self)
            #expect(result.value?.map(\.bitPattern) == Array(repeating: expected.bitPattern, count: json.contains(",") ? 2 : 1), "\(json)")
            #expect(result.errors.isEmpty)
        }
        let alone = APIDataDecoder().decode(string: text, to: Double.self)
        #expect(alone.value?.bitPattern == expected.bitPattern, "\(text)")
        #expect(alone.errors.isEmpty)
    }

    /// Integers and `Decimal` read the same number nodes: the layout bits change nothing for them.
    @Test(arguments: [("0", 0), ("-0", 0), ("42", 42), ("-1234567890123456789", -1_234_567_890_123_456_789), ("12.000", 12), ("-7.0", -7)])
    func integersIgnoreTheLayout(_ text: String, _ value: Int) {
        let result = APIDataDecoder().decode(string: text, to: Int.self)
        #expect(result.value == value)
        #expect(result.errors.isEmpty)
    }
}
