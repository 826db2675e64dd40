import Foundation
import Salvage
import Testing

/// Salvage's own Double conversion (Eisel–Lemire) must agree bit for bit with the standard library's
/// correctly rounded conversion.
struct DoubleConversionTests {
    /// Decodes `texts` as a JSON array of doubles.
    private func decode(_ texts: [String]) throws -> [Double] {
        let result = APIDataDecoder().decode(string: "[" + texts.joined(separator: ",") + "]", to: [Double].self)
        #expect(result.errors == [])
        return try #require(result.value)
    }

    @Test(arguments: [
        "0", "-0", "1", "0.1", "0.2", "0.3", "1e23", "8.98846567431158e307", "1.7976931348623157e308",
        "2.2250738585072014e-308", "2.2250738585072011e-308", "4.9406564584124654e-324", "5e-324", "2.4703282292062328e-324",
        "9007199254740993", "9007199254740992.5", "18446744073709551615", "1.00000000000000011102230246251565404236316680908203125",
        "-65.613616999999977", "43.420273000000009", "0.0000001", "123456789012345678", "7.2057594037927933e16",
        "4.35679e-308", "1e-300", "1.5e300", "3.14159265358979323846", "100000000000000000000000", "1448997445238699",
    ])
    func knownHardCases(_ text: String) throws {
        let expected = try #require(Double(text))
        let decoded = try decode([text])
        #expect(decoded.first?.bitPattern == expected.bitPattern, "\(text)")
    }

    /// The conversion reads up to 19 digits (leading zeros included) eight at a time and falls back to a
    /// digit-by-digit reading beyond that: every digit count from 1 to 24, the point at every position,
    /// fractions behind runs of zeros, with and without an exponent, on both sides of the limit.
    @Test(arguments: 1...24)
    func everyDigitCountAroundTheEightDigitSteps(_ digits: Int) throws {
        let pattern = Array("9876543210123456789012345")
        var texts: [String] = []
        for pointAt in 0...digits {
            let significand = String(pattern[0..<digits])
            var text = pointAt == 0 || pointAt == digits ? significand : String(significand.prefix(pointAt)) + "." + significand.dropFirst(pointAt)
            texts.append(text)
            texts.append("-" + text + "e-7")
            texts.append("0." + String(repeating: "0", count: pointAt) + significand)
            text = "1" + String(repeating: "0", count: digits - 1)
            texts.append(text + "." + String(repeating: "0", count: pointAt) + "1")
            texts.append(String(repeating: "9", count: digits) + "E+" + String(pointAt))
        }
        let decoded = try decode(texts)
        #expect(decoded.count == texts.count)
        for (text, value) in zip(texts, decoded) {
            #expect(value.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }

    @Test func randomNumbersMatchTheStandardLibrary() throws {
        var generator = SplitMix64(seed: 0x5A17_A6E0)
        var texts: [String] = []
        for _ in 0..<20_000 {
            let digits = Int(generator.next() % 19) + 1
            var significand = ""
            for position in 0..<digits {
                let digit = generator.next() % 10
                significand += String(position == 0 && digit == 0 ? 1 : digit)
            }
            let pointAt = Int(generator.next() % UInt64(digits + 1))
            var text = significand
            if pointAt > 0 && pointAt < digits {
                text.insert(".", at: text.index(text.startIndex, offsetBy: pointAt))
            }
            let exponent = Int(generator.next() % 640) - 330
            text += "e\(exponent)"
            if generator.next() % 2 == 0 { text = "-" + text }
            texts.append(text)
        }
        // Beyond Double's range both ways (too large, or so small it rounds to zero) is an error, not a value.
        let decoded = try decode(texts.filter { Double($0).map { $0.isFinite && $0 != 0 } ?? false })
        let expected = texts.compactMap { Double($0) }.filter { $0.isFinite && $0 != 0 }
        #expect(decoded.count == expected.count)
        for (index, (value, reference)) in zip(decoded, expected).enumerated() where value.bitPattern != reference.bitPattern {
            Issue.record("mismatch at \(index): \(value) vs \(reference)")
            break
        }
    }
}
