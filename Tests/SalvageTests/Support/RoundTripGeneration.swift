// Random JSON values and a writer that serializes them (compact, pretty or noisy whitespace; random escaping),
// for RoundTripTests (Parsing/RoundTripTests.swift): decoding the written text must give the value back exactly.

import Foundation
import Salvage

// MARK: - Random numbers

// `SplitMix64` is in SplitMix64.swift.

// MARK: - Generating values

struct RoundTripValueGenerator {
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

enum RoundTripLayout: CaseIterable {
    case compact, pretty, noisy
}

struct RoundTripWriter {
    var rng: SplitMix64
    let layout: RoundTripLayout
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

    static func text(for value: JSONValue, layout: RoundTripLayout, rng: SplitMix64) -> String {
        var writer = RoundTripWriter(rng: rng, layout: layout)
        writer.noise()
        writer.write(value)
        writer.noise()
        return writer.output
    }
}
