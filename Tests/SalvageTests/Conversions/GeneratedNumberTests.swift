import Foundation
import Salvage
import Testing

// Generated number texts, decoded by Salvage and checked against the standard library's conversions.

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

/// Whether the significand of the number `text` has a digit other than 0: its value is not zero.
private func hasNonZeroDigit(_ text: String) -> Bool {
    text.prefix { $0 != "e" && $0 != "E" }.contains { ("1" ... "9").contains($0) }
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
            // Too large, or too small but not zero (precision lost): an error, not a value.
            if value.isFinite && !(value == 0 && hasNonZeroDigit(text)) { expected.append(value) } else { overflowIndices.append(index) }
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
            switch $0.reason {
            case .numericOverflowAsWritten(_, "Double"), .lossOfPrecisionAsWritten(_, "Double"), .lossOfPrecision(_, "Double"): return true
            default: return false
            }
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
            if value.isFinite && !(value == 0 && hasNonZeroDigit(text)) { expected.append(value) } else { overflowIndices.append(index) }
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
