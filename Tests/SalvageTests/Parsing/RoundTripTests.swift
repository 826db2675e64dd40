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

// MARK: - Random numbers

// `SplitMix64` is in SplitMix64.swift.

// MARK: - Generating values

private struct ValueGenerator {
    var rng: SplitMix64
    let maximumDepth = 6

    /// Scalars drawn for strings, grouped so each group is picked often enough.
    static let scalarPools: [[Unicode.Scalar]] = [
        Array("abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789 !#$%&()*+,-.:;<=>?@[]^_`{|}~".unicodeScalars),
        ["\"", "\\", "/"],
        (0x00...0x1F).compactMap(Unicode.Scalar.init) + ["\u{7F}"],
        ["é", "ü", "ß", "ñ", "\u{80}", "\u{7FF}", "\u{301}"],
        ["€", "日", "本", "語", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{FFFD}", "\u{FFFF}", "\u{FEFF}"],
        ["😀", "👍", "🏽", "𝄞", "\u{10000}", "\u{10FFFF}"],
    ]

    mutating func string() -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<rng.int(0...12) {
            let pool = rng.chance(0.5) ? Self.scalarPools[0] : rng.pick(Self.scalarPools)
            scalars.append(rng.pick(pool))
        }
        return String(scalars)
    }

    mutating func digits(_ count: Int, leadingNonZero: Bool) -> String {
        var text = ""
        for index in 0..<count {
            let digit = index == 0 && leadingNonZero ? rng.int(1...9) : rng.int(0...9)
            text += String(digit)
        }
        return text
    }

    /// The exact text of a random integer.
    mutating func integerText() -> String {
        switch rng.int(0...4) {
        case 0: return String(rng.int(-1000...1000))
        case 1: return String(Int64.random(in: .min ... .max, using: &rng))
        case 2: return String(UInt64.random(in: .min ... .max, using: &rng))
        case 3: return (rng.chance(0.5) ? "-" : "") + digits(rng.int(20...60), leadingNonZero: true)
        default: return rng.pick(["0", "-0", "1", "-1"])
        }
    }

    /// The exact text of a random number with a fraction and/or an exponent.
    mutating func decimalText() -> String {
        var text = rng.chance(0.4) ? "-" : ""
        text += rng.chance(0.3) ? "0" : digits(rng.int(1...20), leadingNonZero: true)
        let hasFraction = rng.chance(0.7)
        if hasFraction {
            text += "." + digits(rng.int(1...20), leadingNonZero: false)
        }
        if !hasFraction || rng.chance(0.5) {
            text += rng.pick(["e", "E"]) + rng.pick(["", "+", "-"]) + digits(rng.int(1...4), leadingNonZero: false)
        }
        return text
    }

    mutating func scalar() -> JSONValue {
        switch rng.int(0...4) {
        case 0: return .null
        case 1: return .bool(rng.chance(0.5))
        case 2: return .number(JSONNumber(text: integerText()))
        case 3: return .number(JSONNumber(text: decimalText()))
        default: return .string(string())
        }
    }

    mutating func container(depth: Int) -> JSONValue {
        let count = rng.int(0...5)
        if rng.chance(0.5) {
            return .array((0..<count).map { _ in value(depth: depth + 1) })
        }
        var members: [String: JSONValue] = [:]
        for _ in 0..<count {
            members[string()] = value(depth: depth + 1)
        }
        return .object(members)
    }

    /// A value at nesting depth `depth` (the top level is 0); containers get rarer deeper down and stop
    /// at `maximumDepth`.
    mutating func value(depth: Int) -> JSONValue {
        let containerChance = depth >= maximumDepth ? 0 : 0.55 - 0.08 * Double(depth)
        return rng.chance(containerChance) ? container(depth: depth) : scalar()
    }

    /// A top-level value: a container most of the time, otherwise any scalar but `null` (a top-level
    /// `null` is a known issue, see `ParserConformanceTests.topLevelNull`).
    mutating func document() -> JSONValue {
        if rng.chance(0.9) { return container(depth: 0) }
        while true {
            let candidate = scalar()
            if candidate != .null { return candidate }
        }
    }
}

// MARK: - Writing JSON text

private enum Layout: CaseIterable {
    case compact, pretty, noisy
}

private struct JSONWriter {
    var rng: SplitMix64
    let layout: Layout
    /// How often a character that needs no escape is written as `\\uXXXX` anyway.
    var escapeProbability = 0.15
    var output = ""

    /// Whitespace between tokens for the noisy layout: any of the four kinds, 0 to 3 of them.
    mutating func noise() {
        guard layout == .noisy else { return }
        for _ in 0..<rng.int(0...3) {
            output += rng.pick([" ", "\t", "\n", "\r", "\r\n"])
        }
    }

    mutating func newline(_ indent: Int) {
        if layout == .pretty {
            output += "\n" + String(repeating: "  ", count: indent)
        }
    }

    mutating func hex4(_ unit: UInt16) -> String {
        let text = String(unit, radix: 16, uppercase: rng.chance(0.5))
        return "\\u" + String(repeating: "0", count: 4 - text.count) + text
    }

    mutating func writeString(_ string: String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0x22: output += "\\\""
            case 0x5C: output += "\\\\"
            case 0x2F: output += rng.chance(0.5) ? "\\/" : "/"
            case 0x08 where rng.chance(0.7): output += "\\b"
            case 0x0C where rng.chance(0.7): output += "\\f"
            case 0x0A where rng.chance(0.7): output += "\\n"
            case 0x0D where rng.chance(0.7): output += "\\r"
            case 0x09 where rng.chance(0.7): output += "\\t"
            case 0x00..<0x20: output += hex4(UInt16(scalar.value))
            default:
                if rng.chance(escapeProbability) {
                    for unit in String(scalar).utf16 { output += hex4(unit) }
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }

    mutating func write(_ value: JSONValue, indent: Int = 0) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += number.text
        case .string(let string): writeString(string)
        case .array(let elements):
            output += "["
            noise()
            for (index, element) in elements.enumerated() {
                if index > 0 { output += ","; noise() }
                newline(indent + 1)
                write(element, indent: indent + 1)
                noise()
            }
            if !elements.isEmpty { newline(indent) }
            output += "]"
        case .object(let members):
            output += "{"
            noise()
            // Any order is fine; shuffle so the writer does not depend on dictionary order.
            for (index, key) in members.keys.shuffled(using: &rng).enumerated() {
                if index > 0 { output += ","; noise() }
                newline(indent + 1)
                writeString(key)
                noise()
                output += layout == .pretty ? ": " : ":"
                noise()
                write(members[key] ?? .null, indent: indent + 1)
                noise()
            }
            if !members.isEmpty { newline(indent) }
            output += "}"
        }
    }

    static func text(for value: JSONValue, layout: Layout, rng: SplitMix64) -> String {
        var writer = JSONWriter(rng: rng, layout: layout)
        writer.noise()
        writer.write(value)
        writer.noise()
        return writer.output
    }
}

// MARK: - A strict reference parser

/// RFC 8259, recursively and slowly, for comparing with Salvage on mutated input. Accepts a leading UTF-8
/// byte order mark and nests at most 512 deep, like Salvage's defaults. Returns nil for invalid input.
private struct ReferenceParser {
    let bytes: [UInt8]
    var index = 0
    var depth = 0

    static func parse(_ bytes: [UInt8]) -> JSONValue? {
        var parser = ReferenceParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        guard let value = parser.value() else { return nil }
        parser.skipWhitespace()
        return parser.index == bytes.count ? value : nil
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    mutating func value() -> JSONValue? {
        guard let byte = current else { return nil }
        switch byte {
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
        default: return nil
        }
    }

    mutating func literal(_ word: String, _ value: JSONValue) -> JSONValue? {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index ..< index + expected.count]) == expected else { return nil }
        index += expected.count
        return value
    }

    mutating func enter() -> Bool {
        depth += 1
        index += 1
        skipWhitespace()
        return depth <= 512
    }

    mutating func array() -> JSONValue? {
        guard enter() else { return nil }
        defer { depth -= 1 }
        var elements: [JSONValue] = []
        if current == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            guard let element = value() else { return nil }
            elements.append(element)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            default: return nil
            }
        }
    }

    mutating func object() -> JSONValue? {
        guard enter() else { return nil }
        defer { depth -= 1 }
        var members: [String: JSONValue] = [:]
        if current == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\""), let key = string() else { return nil }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { return nil }
            index += 1
            skipWhitespace()
            guard let member = value() else { return nil }
            members[key] = member
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: return nil
            }
        }
    }

    mutating func hexQuad() -> UInt32? {
        guard bytes.count - index >= 4 else { return nil }
        var value: UInt32 = 0
        for byte in bytes[index ..< index + 4] {
            guard let digit = Int(String(Unicode.Scalar(byte)), radix: 16) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    mutating func string() -> String? {
        index += 1
        var scalars = String.UnicodeScalarView()
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                index += 1
                guard let escaped = current else { return nil }
                index += 1
                let simple: [UInt8: Unicode.Scalar] = [
                    UInt8(ascii: "\""): "\"", UInt8(ascii: "\\"): "\\", UInt8(ascii: "/"): "/", UInt8(ascii: "b"): "\u{08}",
                    UInt8(ascii: "f"): "\u{0C}", UInt8(ascii: "n"): "\n", UInt8(ascii: "r"): "\r", UInt8(ascii: "t"): "\t",
                ]
                if let scalar = simple[escaped] {
                    scalars.append(scalar)
                    continue
                }
                guard escaped == UInt8(ascii: "u"), let unit = hexQuad() else { return nil }
                var value = unit
                if (0xD800...0xDBFF).contains(unit) {
                    guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else { return nil }
                    index += 2
                    guard let low = hexQuad(), (0xDC00...0xDFFF).contains(low) else { return nil }
                    value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(value) else { return nil }
                scalars.append(scalar)
            case 0x00..<0x20:
                return nil
            case 0x20..<0x80:
                scalars.append(Unicode.Scalar(byte))
                index += 1
            default:
                guard let scalar = utf8Scalar() else { return nil }
                scalars.append(scalar)
            }
        }
        return nil
    }

    /// One strictly valid multi-byte UTF-8 sequence (Unicode Table 3-7).
    mutating func utf8Scalar() -> Unicode.Scalar? {
        let lead = bytes[index]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; second = 0x80...0x9F
        case 0xF0: length = 4; second = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; second = 0x80...0x8F
        default: return nil
        }
        guard bytes.count - index >= length else { return nil }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard (offset == 1 ? second : 0x80...0xBF).contains(byte) else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        index += length
        return Unicode.Scalar(value)
    }

    mutating func number() -> JSONValue? {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false }
        guard isDigit(current) else { return nil }
        if current == UInt8(ascii: "0") {
            index += 1
        } else {
            while isDigit(current) { index += 1 }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard isDigit(current) else { return nil }
            while isDigit(current) { index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard isDigit(current) else { return nil }
            while isDigit(current) { index += 1 }
        }
        return .number(JSONNumber(text: String(decoding: bytes[start ..< index], as: UTF8.self)))
    }
}

// MARK: - Comparing

/// Equality with strings and keys compared scalar by scalar (Swift's `String ==` is canonical equivalence).
private func exactlyEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case let (.bool(a), .bool(b)): return a == b
    case let (.number(a), .number(b)): return a.text.utf8.elementsEqual(b.text.utf8)
    case let (.string(a), .string(b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
    case let (.array(a), .array(b)): return a.count == b.count && zip(a, b).allSatisfy { exactlyEqual($0, $1) }
    case let (.object(a), .object(b)):
        guard a.count == b.count else { return false }
        return a.allSatisfy { key, value in
            guard let index = b.index(forKey: key) else { return false }
            return b[index].key.unicodeScalars.elementsEqual(key.unicodeScalars) && exactlyEqual(value, b[index].value)
        }
    default: return false
    }
}

/// Line and column of `offset`, computed independently of Salvage: lines end at LF, CRLF or CR;
/// columns count UTF-8 lead bytes (one per scalar).
private func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    var index = 0
    while index < offset {
        let byte = bytes[index]
        if byte == 0x0A || (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
        index += 1
    }
    return (line, column)
}

/// Bytes as text for failure messages, with invalid UTF-8 and control characters shown as `<XX>`.
private func show(_ bytes: [UInt8]) -> String {
    var result = ""
    var index = 0
    while index < bytes.count {
        var probe = ReferenceParser(bytes: bytes, index: index)
        let byte = bytes[index]
        if byte >= 0x80, let scalar = probe.utf8Scalar() {
            result.unicodeScalars.append(scalar)
            index = probe.index
            continue
        }
        if byte >= 0x20 && byte < 0x7F {
            result.append(Character(Unicode.Scalar(byte)))
        } else {
            let hex = String(byte, radix: 16, uppercase: true)
            result += "<" + (hex.count == 1 ? "0" : "") + hex + ">"
        }
        index += 1
    }
    return result
}

// MARK: - Tests

@Suite("Round trips and mutations")
struct RoundTripTests {
    static let seeds: [UInt64] = Array(0..<500)

    /// The generated document of `seed` and its text.
    private static func document(seed: UInt64) -> (value: JSONValue, text: String, layout: Layout) {
        var rng = SplitMix64(seed: seed)
        var generator = ValueGenerator(rng: SplitMix64(seed: rng.next()))
        let value = generator.document()
        let layout = Layout.allCases[rng.int(0...2)]
        let text = JSONWriter.text(for: value, layout: layout, rng: SplitMix64(seed: rng.next()))
        return (value, text, layout)
    }

    @Test(arguments: seeds)
    func roundTrip(seed: UInt64) throws {
        let (value, text, layout) = Self.document(seed: seed)
        let result = APIDataDecoder().decode(string: text, to: JSONValue.self)
        #expect(result.errors.isEmpty, "seed \(seed) (\(layout)): \(result.errors) in \(show(Array(text.utf8)))")
        let decoded = try #require(result.value, "seed \(seed) (\(layout)): \(show(Array(text.utf8)))")
        #expect(exactlyEqual(decoded, value), "seed \(seed) (\(layout)): decoded \(decoded) from \(show(Array(text.utf8)))")
        // The reference parser agrees, which keeps the mutation test's oracle honest.
        let reference = ReferenceParser.parse(Array(text.utf8))
        #expect(reference.map { exactlyEqual($0, value) } == true, "seed \(seed): reference parser disagrees on \(show(Array(text.utf8)))")
    }

    /// Checks one input: the result's shape, agreement with the reference parser, and the error location.
    private static func checkAgainstReference(_ bytes: [UInt8], context: @autoclosure () -> String) {
        let result = APIDataDecoder().decode(bytes: bytes, to: JSONValue.self)
        let reference = ReferenceParser.parse(bytes)
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
            Self.checkAgainstReference(bytes, context: "seed \(seed) round \(round) (\(operation)): \(show(bytes)) from \(show(original))")
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
        Self.checkAgainstReference(bytes, context: "seed \(seed): \(show(bytes))")
    }

    /// The oracle sees both outcomes often: most mutations break the document, some keep it valid.
    @Test func mutationsProduceBothOutcomes() {
        var accepted = 0
        var rejected = 0
        for seed in UInt64(0)..<100 {
            var bytes = Array(Self.document(seed: seed).text.utf8)
            var rng = SplitMix64(seed: seed)
            bytes.insert(rng.pick(Array(" 0,\"[".utf8)), at: rng.int(0...bytes.count))
            if ReferenceParser.parse(bytes) == nil { rejected += 1 } else { accepted += 1 }
        }
        #expect(accepted >= 10, "accepted \(accepted), rejected \(rejected)")
        #expect(rejected >= 10, "accepted \(accepted), rejected \(rejected)")
    }

    // MARK: Numbers

    /// A number text aimed at conversion edge cases: up to 25 digits, exponents near 0, ±22 and the ends of
    /// `Double`'s range.
    private static func numberText(_ rng: inout SplitMix64) -> String {
        var generator = ValueGenerator(rng: SplitMix64(seed: rng.next()))
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
            #expect(ReferenceParser.parse(Array(text.utf8)) == .number(JSONNumber(text: text)), "\(context): generator wrote invalid JSON")

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
                #expect(expectedDouble.map { !$0.isFinite } == true, "\(context): \(failure.reasons), expected \(expectedDouble.map { "\($0)" } ?? "nil")")
                switch failure.reasons.first { case .numericOverflow(_, "Double")?, .numericOverflowAsWritten(_, "Double")?: break; default: Issue.record("\(context): \(failure.reasons)") }
            }

            let expectedFloat = Float(text)
            switch Self.convert(text, to: Float.self) {
            case .success(let value):
                #expect(value.bitPattern == expectedFloat?.bitPattern, "\(context): Float \(value), expected \(expectedFloat.map { "\($0)" } ?? "nil")")
            case .failure(let failure):
                #expect(expectedFloat.map { !$0.isFinite } == true, "\(context): \(failure.reasons), expected \(expectedFloat.map { "\($0)" } ?? "nil")")
                switch failure.reasons.first { case .numericOverflow(_, "Float")?, .numericOverflowAsWritten(_, "Float")?: break; default: Issue.record("\(context): \(failure.reasons)") }
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
    private static func writeObject(_ writer: inout JSONWriter, _ rng: inout SplitMix64, nested: Bool) {
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
        var writer = JSONWriter(rng: SplitMix64(seed: rng.next()), layout: rng.pick(Layout.allCases), escapeProbability: 0.4)
        Self.writeObject(&writer, &rng, nested: false)
        let text = writer.output
        let order = (0..<rng.int(1...14)).map { _ in
            rng.chance(0.25) ? "n." + rng.pick(Self.lookupKeys) : rng.chance(0.1) ? "zz" : rng.pick(Self.lookupKeys)
        }
        let context = "seed \(seed): lookups \(order) in \(show(Array(text.utf8)))"
        let reference = try #require(ReferenceParser.parse(Array(text.utf8)), "\(context): invalid document")
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
        #expect(ReferenceParser.parse(Array(text.utf8)) == nil)
    }

    @Test func referenceRejectsInvalidUTF8() {
        for bytes: [UInt8] in [[0x80], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xC3], [0xE2, 0x82]] {
            #expect(ReferenceParser.parse([0x22] + bytes + [0x22]) == nil, "\(bytes)")
        }
        #expect(ReferenceParser.parse([0x22, 0xF4, 0x8F, 0xBF, 0xBF, 0x22]) == .string("\u{10FFFF}"))
    }
}
