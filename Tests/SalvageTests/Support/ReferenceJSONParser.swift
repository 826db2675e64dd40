// A small, strict RFC 8259 reference parser, for RoundTripTests (Parsing/RoundTripTests.swift): mutated
// documents must be accepted or rejected by Salvage exactly as it does, with the same value.

import Foundation
import Salvage

// MARK: - A strict reference parser

/// RFC 8259, recursively and slowly, for comparing with Salvage on mutated input. Accepts a leading UTF-8
/// byte order mark and nests at most 512 deep, like Salvage's defaults. Returns nil for invalid input.
struct ReferenceJSONParser {
    let bytes: [UInt8]
    var index = 0
    var depth = 0

    static func parse(_ bytes: [UInt8]) -> JSONValue? {
        var parser = ReferenceJSONParser(bytes: bytes)
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
