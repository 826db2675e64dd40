// Seeded round trips and mutations through Salvage's parser, using the public API only.
//
// - Round trip: a seeded generator builds a random JSON value (numbers as exact text), a small writer in this
//   file serializes it (compact, pretty or noisy whitespace; random escaping), and decoding the text as
//   `JSONValue` must give the generated value back exactly (strings compared scalar by scalar).
// - Mutation: one byte of a valid document is flipped, replaced, inserted, deleted or duplicated; the result
//   must be either a value with no errors or nil with exactly one `.invalidJSON`, and must agree with a small,
//   strict RFC 8259 reference parser in this file (accept/reject and, when accepted, the exact value).
//   The reported line and column must agree with the offset.
//
// Every failure message starts with the seed and shows the text, so a failure can be replayed.

import Foundation
import Salvage
import Testing

// The generator and writer are in Support/RoundTripGeneration.swift, the reference parser in
// Support/ReferenceJSONParser.swift, the comparison helpers in Support/RoundTripComparison.swift.

// MARK: - Tests

@Suite("Round trips and mutations")
struct RoundTripTests {
    static let seeds: [UInt64] = Array(0..<500)

    /// The generated document of `seed` and its text.
    private static func document(seed: UInt64) -> (value: JSONValue, text: String, layout: RoundTripLayout) {
        var rng = SplitMix64(seed: seed)
        var generator = RoundTripValueGenerator(rng: SplitMix64(seed: rng.next()))
        let value = generator.document()
        let layout = RoundTripLayout.allCases[rng.int(0...2)]
        let text = RoundTripWriter.text(for: value, layout: layout, rng: SplitMix64(seed: rng.next()))
        return (value, text, layout)
    }

    @Test(arguments: seeds)
    func roundTrip(seed: UInt64) throws {
        let (value, text, layout) = Self.document(seed: seed)
        let result = APIDataDecoder().decode(string: text, to: JSONValue.self)
        #expect(result.errors.isEmpty, "seed \(seed) (\(layout)): \(result.errors) in \(showBytes(Array(text.utf8)))")
        let decoded = try #require(result.value, "seed \(seed) (\(layout)): \(showBytes(Array(text.utf8)))")
        #expect(exactlyEqual(decoded, value), "seed \(seed) (\(layout)): decoded \(decoded) from \(showBytes(Array(text.utf8)))")
        // The reference parser agrees, which keeps the mutation test's oracle honest.
        let reference = ReferenceJSONParser.parse(Array(text.utf8))
        #expect(reference.map { exactlyEqual($0, value) } == true, "seed \(seed): reference parser disagrees on \(showBytes(Array(text.utf8)))")
    }

    /// Checks one input: the result's shape, agreement with the reference parser, and the error location.
    private static func checkAgainstReference(_ bytes: [UInt8], context: @autoclosure () -> String) {
        let result = APIDataDecoder().decode(bytes: bytes, to: JSONValue.self)
        let reference = ReferenceJSONParser.parse(bytes)
        if let value = result.value {
            #expect(result.errors.isEmpty, "\(context()): value with errors \(result.errors)")
            #expect(reference != nil, "\(context()): Salvage accepted what RFC 8259 rejects; got \(value)")
            if let reference {
                #expect(exactlyEqual(value, reference), "\(context()): Salvage \(value), reference \(reference)")
            }
        } else {
            #expect(result.errors.count == 1, "\(context()): \(result.errors)")
            guard let error = result.errors.first, case .invalidJSON(let syntaxError) = error.reason else {
                Issue.record("\(context()): expected one .invalidJSON error, got \(result.errors)")
                return
            }
            #expect(reference == nil, "\(context()): Salvage rejected valid JSON: \(syntaxError)")
            let location = syntaxError.location
            #expect(location.offset >= 0 && location.offset <= bytes.count, "\(context()): \(syntaxError)")
            if location.offset >= 0 && location.offset <= bytes.count {
                let (line, column) = lineAndColumn(of: location.offset, in: bytes)
                #expect(location.line == line && location.column == column, "\(context()): \(syntaxError), expected line \(line), column \(column)")
            }
            #expect(error.location == location, "\(context())")
        }
    }

    @Test(arguments: seeds)
    func mutation(seed: UInt64) {
        let (_, text, _) = Self.document(seed: seed)
        let original = Array(text.utf8)
        var rng = SplitMix64(seed: seed ^ 0xA5A5_5A5A_0F0F_F0F0)
        let interesting: [UInt8] = Array("[]{},:\"\\/0123456789-+.eEtrufalsn \t\n\r'u".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF]
        for round in 0..<8 {
            var bytes = original
            let randomByte = rng.chance(0.6) ? rng.pick(interesting) : UInt8.random(in: 0...255, using: &rng)
            let operation: String
            switch rng.int(0...4) {
            case 0 where !bytes.isEmpty:
                let index = rng.int(0...bytes.count - 1)
                bytes[index] ^= 1 << UInt8(rng.int(0...7))
                operation = "flip a bit at \(index)"
            case 1 where !bytes.isEmpty:
                let index = rng.int(0...bytes.count - 1)
                bytes[index] = randomByte
                operation = "replace byte \(index)"
            case 2 where !bytes.isEmpty:
                let index = rng.int(0...bytes.count - 1)
                bytes.remove(at: index)
                operation = "delete byte \(index)"
            case 3 where !bytes.isEmpty:
                let index = rng.int(0...bytes.count - 1)
                bytes.insert(bytes[index], at: index)
                operation = "duplicate byte \(index)"
            default:
                let index = rng.int(0...bytes.count)
                bytes.insert(randomByte, at: index)
                operation = "insert at \(index)"
            }
            Self.checkAgainstReference(bytes, context: "seed \(seed) round \(round) (\(operation)): \(showBytes(bytes)) from \(showBytes(original))")
        }
    }

    /// Short random sequences of JSON fragments, valid and invalid, compared with the reference parser.
    @Test(arguments: Array(UInt64(0)..<1000))
    func tokenSoup(seed: UInt64) {
        let fragments: [[UInt8]] = [
            "[", "]", "{", "}", ",", ":", "\"a\"", "\"", "\\", "1", "-", "0", ".", "e", "E", "+", "true", "tru", "null", "false",
            " ", "\n", "\r", "\t", "\r\n", "\"\\u00e9\"", "\"\\ud83d\"", "\"\\ud83d\\ude00\"", "\\u", "\\n", "é", "😀", "01", "1.5e3",
            "'", "/", "\u{FEFF}", "\"x\":", "[1,", "{\"k\":",
        ].map { Array($0.utf8) } + [[0xC3], [0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x00], [0x1F], [0xFF], [0xE2, 0x82]]
        var rng = SplitMix64(seed: seed &+ 0x5EED)
        var bytes: [UInt8] = []
        for _ in 0..<rng.int(1...10) {
            bytes += rng.pick(fragments)
        }
        Self.checkAgainstReference(bytes, context: "seed \(seed): \(showBytes(bytes))")
    }

    /// The oracle sees both outcomes often: most mutations break the document, some keep it valid.
    @Test func mutationsProduceBothOutcomes() {
        var accepted = 0
        var rejected = 0
        for seed in UInt64(0)..<100 {
            var bytes = Array(Self.document(seed: seed).text.utf8)
            var rng = SplitMix64(seed: seed)
            bytes.insert(rng.pick(Array(" 0,\"[".utf8)), at: rng.int(0...bytes.count))
            if ReferenceJSONParser.parse(bytes) == nil { rejected += 1 } else { accepted += 1 }
        }
        #expect(accepted >= 10, "accepted \(accepted), rejected \(rejected)")
        #expect(rejected >= 10, "accepted \(accepted), rejected \(rejected)")
    }

    // MARK: Numbers

    /// A number text aimed at conversion edge cases: up to 25 digits, exponents near 0, ±22 and the ends of
    /// `Double`'s range.
    private static func numberText(_ rng: inout SplitMix64) -> String {
        var generator = RoundTripValueGenerator(rng: SplitMix64(seed: rng.next()))
        switch rng.int(0...3) {
        case 0: return generator.integerText()
        case 1: return generator.decimalText()
        default:
            var text = rng.chance(0.5) ? "-" : ""
            text += rng.chance(0.2) ? "0" : generator.digits(rng.int(1...25), leadingNonZero: true)
            if rng.chance(0.5) { text += "." + generator.digits(rng.int(1...20), leadingNonZero: false) }
            let exponent = rng.pick([rng.int(-345 ... -300), rng.int(-30...30), rng.int(290...310)])
            text += rng.pick(["e", "E"]) + (exponent >= 0 && rng.chance(0.5) ? "+" : "") + String(exponent)
            return text
        }
    }

    /// What `text` is as an `Int64`, decided exactly from its digits: the value, or nil with whether the
    /// number has a fractional part (nil and false: it is whole but out of range).
    private static func exactInt64(_ text: String) -> (value: Int64?, fractional: Bool) {
        var body = Substring(text)
        let negative = body.hasPrefix("-")
        if negative { body = body.dropFirst() }
        var exponent = 0
        if let e = body.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(body[body.index(after: e)...].replacingOccurrences(of: "+", with: "")) ?? 0
            body = body[..<e]
        }
        var digits = Array(body.filter { $0 != "." })
        if let point = body.firstIndex(of: ".") {
            exponent -= body.distance(from: body.index(after: point), to: body.endIndex)
        }
        while digits.first == "0" { digits.removeFirst() }
        while digits.last == "0" { digits.removeLast(); exponent += 1 }
        if digits.isEmpty { return (0, false) }
        if exponent < 0 { return (nil, true) }
        if digits.count + exponent > 20 { return (nil, false) }
        var magnitude: UInt64 = 0
        for digit in digits.map({ UInt64(String($0)) ?? 0 }) + Array(repeating: 0, count: exponent) {
            let (shifted, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, o2) = shifted.addingReportingOverflow(digit)
            if o1 || o2 { return (nil, false) }
            magnitude = sum
        }
        if negative {
            return magnitude <= UInt64(Int64.max) + 1 ? (Int64(truncatingIfNeeded: 0 &- magnitude), false) : (nil, false)
        }
        return magnitude <= UInt64(Int64.max) ? (Int64(magnitude), false) : (nil, false)
    }

    /// Decodes `[text]` as `[T]`: the value, or the error's reason.
    private static func convert<T: APIDecodable>(_ text: String, to type: T.Type) -> Result<T, ConversionFailure> {
        let result = APIDataDecoder().decode(string: "[\(text)]", to: [T].self)
        if let value = result.value?.first, result.errors.isEmpty { return .success(value) }
        return .failure(ConversionFailure(reasons: result.errors.map(\.reason)))
    }

    struct ConversionFailure: Error {
        let reasons: [APIDecodeErrorReason]
    }

    /// Random numbers convert to `Int64`, `Double` and `Float` exactly as an independent computation says
    /// (`Double(_:)`/`Float(_:)` of the standard library are correctly rounded).
    @Test(arguments: Array(UInt64(0)..<500))
    func numbersConvertExactly(seed: UInt64) {
        var rng = SplitMix64(seed: seed &+ 0xC0FFEE)
        for round in 0..<10 {
            let text = Self.numberText(&rng)
            let context = "seed \(seed) round \(round): \(text)"
            #expect(ReferenceJSONParser.parse(Array(text.utf8)) == .number(JSONNumber(text: text)), "\(context): generator wrote invalid JSON")

            let (expectedInt, fractional) = Self.exactInt64(text)
            switch Self.convert(text, to: Int64.self) {
            case .success(let value):
                #expect(value == expectedInt, "\(context): Int64 \(value)")
            case .failure(let failure):
                #expect(expectedInt == nil, "\(context): \(failure.reasons), expected \(expectedInt.map(String.init) ?? "")")
                switch failure.reasons.first {
                case .lossOfPrecision(_, "Int64")?: #expect(fractional, "\(context): \(failure.reasons)")
                case .lossOfPrecisionAsWritten(_, "Int64")?: #expect(fractional, "\(context): \(failure.reasons)")
                case .numericOverflow(_, "Int64")?, .numericOverflowAsWritten(_, "Int64")?: #expect(!fractional, "\(context): \(failure.reasons)")
                default: Issue.record("\(context): \(failure.reasons)")
                }
                #expect(failure.reasons.count == 1, "\(context)")
            }

            let expectedDouble = Double(text)
            switch Self.convert(text, to: Double.self) {
            case .success(let value):
                #expect(value.bitPattern == expectedDouble?.bitPattern, "\(context): Double \(value), expected \(expectedDouble.map { "\($0)" } ?? "nil")")
            case .failure(let failure):
                // Too large, or (a zero here is a non-zero text rounded to zero) too small: precision lost.
                #expect(expectedDouble.map { !$0.isFinite || $0 == 0 } == true, "\(context): \(failure.reasons), expected \(expectedDouble.map { "\($0)" } ?? "nil")")
                switch failure.reasons.first {
                case .numericOverflow(_, "Double")?, .numericOverflowAsWritten(_, "Double")?: #expect(expectedDouble?.isFinite == false, "\(context)")
                case .lossOfPrecision(_, "Double")?, .lossOfPrecisionAsWritten(_, "Double")?: #expect(expectedDouble == 0, "\(context)")
                default: Issue.record("\(context): \(failure.reasons)")
                }
            }

            let expectedFloat = Float(text)
            switch Self.convert(text, to: Float.self) {
            case .success(let value):
                #expect(value.bitPattern == expectedFloat?.bitPattern, "\(context): Float \(value), expected \(expectedFloat.map { "\($0)" } ?? "nil")")
            case .failure(let failure):
                // Too large, or (a zero here is a non-zero text rounded to zero) too small: precision lost.
                #expect(expectedFloat.map { !$0.isFinite || $0 == 0 } == true, "\(context): \(failure.reasons), expected \(expectedFloat.map { "\($0)" } ?? "nil")")
                switch failure.reasons.first {
                case .numericOverflow(_, "Float")?, .numericOverflowAsWritten(_, "Float")?: #expect(expectedFloat?.isFinite == false, "\(context)")
                case .lossOfPrecision(_, "Float")?, .lossOfPrecisionAsWritten(_, "Float")?: #expect(expectedFloat == 0, "\(context)")
                default: Issue.record("\(context): \(failure.reasons)")
                }
            }
        }
    }

    // MARK: Duplicate keys through lookups

    /// Keys drawn for objects with many repeats; the writer escapes them often, so one key has several spellings.
    /// Includes keys of 8 bytes and more, and pairs that share length, first, middle and last byte.
    static let lookupKeys = ["a", "b", "c", "ab", "ba", "", " a", "é", "a/b", "aXbYa", "aYbXa", "abcdefgh", "abcdefgi",
                             "abcdefghijklmnop", "abcdefghXjklmnop", "ABCDEFGH_abcdefgh"]

    /// The order in which `LookupProbe` reads keys (a task-local, so parallel test cases don't interfere).
    enum LookupOrder {
        @TaskLocal static var keys: [String] = []
    }

    /// Reads `LookupOrder.keys` through `decoder[key]`; "n.k" reads key k of the member "n".
    struct LookupProbe: APIDecodable {
        var found: [JSONValue?] = []

        init?(from decoder: APIDecoder) {
            for key in LookupOrder.keys {
                if key.hasPrefix("n.") {
                    found.append(decoder["n"][String(key.dropFirst(2))] --> JSONValue?.self)
                } else {
                    found.append(decoder[key] --> JSONValue?.self)
                }
            }
        }
    }

    /// Writes an object with repeated keys (and, at the top, maybe a nested object "n").
    private static func writeObject(_ writer: inout RoundTripWriter, _ rng: inout SplitMix64, nested: Bool) {
        writer.output += "{"
        writer.noise()
        for index in 0..<rng.int(0...8) {
            if index > 0 { writer.output += ","; writer.noise() }
            if !nested && rng.chance(0.2) {
                writer.writeString("n")
                writer.output += ":"
                writeObject(&writer, &rng, nested: true)
            } else {
                writer.writeString(rng.pick(lookupKeys))
                writer.output += ":"
                writer.noise()
                switch rng.int(0...5) {
                case 0: writer.output += "null"
                case 1: writer.output += "[\(rng.int(0...9)),{\"a\":\(rng.int(0...9))}]"
                case 2: writer.output += "{\"a\":\(rng.int(0...9)),\"a\":\(rng.int(10...19))}"
                default: writer.output += String(rng.int(0...99))
                }
            }
            writer.noise()
        }
        writer.output += "}"
    }

    /// The last member with a key wins, whatever the order of lookups and however the key is spelled.
    @Test(arguments: Array(UInt64(0)..<500))
    func duplicateKeyLookups(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D &+ 1)
        var writer = RoundTripWriter(rng: SplitMix64(seed: rng.next()), layout: rng.pick(RoundTripLayout.allCases), escapeProbability: 0.4)
        Self.writeObject(&writer, &rng, nested: false)
        let text = writer.output
        let order = (0..<rng.int(1...14)).map { _ in
            rng.chance(0.25) ? "n." + rng.pick(Self.lookupKeys) : rng.chance(0.1) ? "zz" : rng.pick(Self.lookupKeys)
        }
        let context = "seed \(seed): lookups \(order) in \(showBytes(Array(text.utf8)))"
        let reference = try #require(ReferenceJSONParser.parse(Array(text.utf8)), "\(context): invalid document")
        guard case .object(let members) = reference else {
            Issue.record("\(context): not an object")
            return
        }
        func lookup(_ key: String) -> JSONValue? {
            if key.hasPrefix("n.") {
                guard case .object(let nested)? = members["n"] else { return nil }
                let value = nested[String(key.dropFirst(2))]
                return value == .null ? nil : value
            }
            let value = members[key]
            return value == .null ? nil : value
        }
        let result = LookupOrder.$keys.withValue(order) {
            APIDataDecoder().decode(string: text, to: LookupProbe.self)
        }
        let probe = try #require(result.value, "\(context): \(result.errors)")
        #expect(probe.found.count == order.count)
        for (key, found) in zip(order, probe.found) {
            let expected = lookup(key)
            #expect(found.map { exactlyEqual($0, expected ?? .null) } ?? (expected == nil), "\(context): [\(key)] gave \(found.map { "\($0)" } ?? "nil"), expected \(expected.map { "\($0)" } ?? "nil")")
        }
    }

    /// Guards the oracle: the reference parser rejects what RFC 8259 rejects.
    @Test(arguments: [
        "", " ", "[1,]", "{\"a\":1,}", "01", "+1", ".5", "1.", "1e", "-", "NaN", "'a'", "[1] x", "\"abc", "[1", "{\"a\" 1}",
        "\"\\x\"", "\"\\u12\"", "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"", "\"a\nb\"", "\"a\tb\"", "//", "[1 2]",
    ])
    func referenceRejects(_ text: String) {
        #expect(ReferenceJSONParser.parse(Array(text.utf8)) == nil)
    }

    @Test func referenceRejectsInvalidUTF8() {
        for bytes: [UInt8] in [[0x80], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xC3], [0xE2, 0x82]] {
            #expect(ReferenceJSONParser.parse([0x22] + bytes + [0x22]) == nil, "\(bytes)")
        }
        #expect(ReferenceJSONParser.parse([0x22, 0xF4, 0x8F, 0xBF, 0xBF, 0x22]) == .string("\u{10FFFF}"))
    }
}
