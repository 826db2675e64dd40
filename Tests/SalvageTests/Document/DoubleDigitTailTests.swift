import Salvage
import Testing

/// Numbers of up to 19 digits are converted eight digits at a time, and their last one to seven digits are
/// read from the word that ends at the number's end (Document/FastDoubleParsing.swift). Every split of
/// 1–19 digits into an integer part and a fraction, with either sign and with an exponent after the digits
/// (where the last word holds 'e' and the exponent, not digits), must give the correctly rounded `Double`:
/// the standard library's parse of the same text is the reference.
@Suite struct DoubleDigitTailTests {
    static func texts(digitCount: Int) -> [String] {
        let digits = Array("9876543210123456789".prefix(digitCount))
        var texts: [String] = []
        for integerLength in 1 ... digitCount {
            let integer = String(digits[..<integerLength])
            let fraction = String(digits[integerLength...])
            let plain = fraction.isEmpty ? integer + ".0" : integer + "." + fraction
            for text in [plain, "-" + plain, plain + "e7", "-" + plain + "E-3", "0." + integer + fraction] {
                texts.append(text)
            }
        }
        return texts
    }

    @Test(arguments: 1 ... 19)
    func everySplitOfTheDigits(_ digitCount: Int) throws {
        let texts = Self.texts(digitCount: digitCount)
        let expected = try texts.map { try #require(Double($0), "\($0)") }
        let result = APIDataDecoder().decode(string: "[" + texts.joined(separator: ",") + "]", to: [Double].self)
        #expect(result.value == expected)
        #expect(result.errors.isEmpty)
    }

    /// A number alone is its whole input: its last word is the input's last word.
    @Test(arguments: ["12345678.9", "-1234567.89", "0.12345678", "123456789", "1.5e300", "98765432.1e-5"])
    func aNumberThatIsTheWholeInput(_ text: String) throws {
        let expected = try #require(Double(text))
        let result = APIDataDecoder().decode(string: text, to: Double.self)
        #expect(result.value == expected)
        #expect(result.errors.isEmpty)
    }
}
