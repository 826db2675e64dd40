import Foundation
import Salvage
import Testing

// The writer's raw buffer and its eight-bytes-at-a-time string scan: every byte that needs an escape (and
// some that look like it) at every offset within and across the 8-byte words, alone and in pairs, against
// `JSONEncoder`'s bytes; integers at every digit-count boundary; texts large enough to regrow the buffer.

@Suite struct TextBufferWritingTests {
    /// Bytes the scan flags (`"`, `\`, `/`, controls, U+2028/2029's lead byte) and neighbours it must not
    /// escape (space, DEL, `€` = E2 82 AC, U+2027 = E2 80 A7, two- and four-byte characters).
    static let specials = ["\"", "\\", "/", "\n", "\u{0}", "\u{1}", "\u{1F}", " ", "\u{7F}", "\u{2028}", "\u{2029}", "\u{2027}",
                           "€", "é", "😀"]

    /// Each special after 0 to 16 bytes, followed by 0, 1, 7, 8 or 9 bytes.
    static let singles: [String] = specials.flatMap { special in
        (0...16).flatMap { before in
            [0, 1, 7, 8, 9].map { after in String(repeating: "a", count: before) + special + String(repeating: "b", count: after) }
        }
    }

    /// Two specials at every pair of offsets in the first 17 bytes.
    static let pairs: [String] = ["\"", "\n", "/", "\u{2028}", "€"].flatMap { first in
        ["\\", "\u{1}", "/", "\u{2029}", "é"].flatMap { second in
            (0...8).flatMap { before in
                (0...8).map { between in
                    String(repeating: "a", count: before) + first + String(repeating: "b", count: between) + second + "c"
                }
            }
        }
    }

    @Test(arguments: [JSONWritingOptions(), .withoutEscapingSlashes])
    func everySpecialByteAtEveryOffsetIsWrittenAsJSONEncoderWritesIt(options: JSONWritingOptions) throws {
        for strings in [TextBufferWritingTests.singles, TextBufferWritingTests.pairs] {
            let reference = try matchingJSONEncoder(options).encode(strings)
            #expect(try APIDataEncoder(outputFormatting: options).encode(strings) == reference)
            #expect(try JSONValue.array(strings.map(JSONValue.string)).jsonData(options: options) == reference)
        }
    }

    @Test func javaScriptSafeEscapesOnlyTheLineSeparatorsAtEveryOffset() throws {
        let strings = TextBufferWritingTests.singles + TextBufferWritingTests.pairs
        let reference = String(decoding: try JSONEncoder().encode(strings), as: UTF8.self)
            .replacingOccurrences(of: "\u{2028}", with: "\\u2028").replacingOccurrences(of: "\u{2029}", with: "\\u2029")
        #expect(String(decoding: try APIDataEncoder(outputFormatting: .javaScriptSafe).encode(strings), as: UTF8.self) == reference)
        // An E2 lead byte in the last two bytes cannot start a line separator.
        #expect(String(decoding: try APIDataEncoder(outputFormatting: .javaScriptSafe).encode(["€", "a€", "\u{2028}"]), as: UTF8.self)
            == #"["€","a€","\u2028"]"#)
    }

    @Test func longTextsRegrowTheBufferAndStayByteIdentical() throws {
        let long = String(repeating: "plain text, then \"quoted\", a/path\n and é😀\u{2028} ", count: 4_000)
        let value = ["long": long, "keys": String(repeating: "k", count: 70_000)]
        for options in [JSONWritingOptions.sortedKeys, [.sortedKeys, .prettyPrinted]] {
            let reference = try matchingJSONEncoder(options).encode(value)
            #expect(reference.count > 250_000)
            #expect(try APIDataEncoder(outputFormatting: options).encode(value) == reference)
        }
    }

    static let powersOfTen: [UInt64] = (0...19).map { exponent in (0..<exponent).reduce(1) { power, _ in power * 10 } }

    /// The JSON array of `values` as `String(_:)` spells each.
    static func decimalArray<T: FixedWidthInteger>(_ values: [T]) -> String {
        let texts: [String] = values.map { String($0) }
        return "[" + texts.joined(separator: ",") + "]"
    }

    @Test func integersAtEveryDigitCountBoundary() throws {
        var unsigned: [UInt64] = [UInt64.max]
        var signed: [Int64] = [Int64.min, Int64.max]
        for power in TextBufferWritingTests.powersOfTen {
            unsigned += [power - 1, power, power + 1]
            if power <= UInt64(Int64.max) {
                let value = Int64(power)
                signed += [value - 1, value, -value, 1 - value]
            }
        }
        #expect(String(decoding: try APIDataEncoder().encode(unsigned), as: UTF8.self) == TextBufferWritingTests.decimalArray(unsigned))
        #expect(String(decoding: try APIDataEncoder().encode(signed), as: UTF8.self) == TextBufferWritingTests.decimalArray(signed))
        #expect(try APIDataEncoder().encode(signed) == (try JSONEncoder().encode(signed)))
    }
}
