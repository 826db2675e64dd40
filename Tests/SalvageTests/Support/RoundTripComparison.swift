// Exact comparison, independent line/column counting and byte rendering for RoundTripTests
// (Parsing/RoundTripTests.swift).

import Foundation
import Salvage

// MARK: - Comparing

/// Equality with strings and keys compared scalar by scalar (Swift's `String ==` is canonical equivalence).
func exactlyEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
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
/// columns count UTF-8 lead bytes (one per scalar), not a byte order mark that starts the input.
func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    // A byte order mark that starts the input is not a column (editors hide it).
    var index = offset >= 3 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
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
func showBytes(_ bytes: [UInt8]) -> String {
    var result = ""
    var index = 0
    while index < bytes.count {
        var probe = ReferenceJSONParser(bytes: bytes, index: index)
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
