/// Appends JSON text to a byte array: strings escaped as RFC 8259 requires, indentation, separators. The
/// one writer of JSON text (JSON values and, later, encoders share it).
struct JSONTextWriter {
    /// The text so far.
    var bytes: [UInt8] = []
    let options: JSONWritingOptions
    private let pretty: Bool
    private let escapesSlashes: Bool
    private let escapesLineSeparators: Bool
    private var depth = 0

    init(options: JSONWritingOptions, capacity: Int = 256) {
        self.options = options
        pretty = options.contains(.prettyPrinted)
        escapesSlashes = !options.contains(.withoutEscapingSlashes)
        escapesLineSeparators = options.contains(.javaScriptSafe)
        bytes.reserveCapacity(capacity)
    }

    /// Appends ASCII or UTF-8 text as is.
    mutating func appendRaw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Opens an array or object (`[` or `{`).
    mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        depth += 1
    }

    /// Closes an array or object; `count` is how many elements or members it had.
    mutating func close(_ bracket: UInt8, count: Int) {
        depth -= 1
        if pretty {
            if count == 0 { bytes.append(UInt8(ascii: "\n")) }
            newline()
        }
        bytes.append(bracket)
    }

    /// Before the element or member at `index` of the open container: a comma after the first, a new
    /// line and indentation when pretty.
    mutating func beforeItem(_ index: Int) {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        if pretty { newline() }
    }

    /// Between a key and its value: `:`, or ` : ` when pretty.
    mutating func afterKey() {
        if pretty {
            bytes.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")])
        } else {
            bytes.append(UInt8(ascii: ":"))
        }
    }

    private mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0..<depth { bytes.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " ")]) }
    }

    /// Appends `string` in quotes, escaping `"`, `\`, control characters (`\b \f \n \r \t`, the others
    /// as `\u00xx`), `/` unless `.withoutEscapingSlashes`, U+2028 and U+2029 with `.javaScriptSafe`.
    mutating func appendString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        let units = string.utf8
        var index = units.startIndex
        while index != units.endIndex {
            let byte = units[index]
            switch byte {
            case 0x20..<0x80 where byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte != UInt8(ascii: "/"):
                bytes.append(byte)
            case UInt8(ascii: "/") where !escapesSlashes:
                bytes.append(byte)
            case 0x80...:
                if byte == 0xE2, escapesLineSeparators, let separator = lineSeparator(after: index, in: units) {
                    appendRaw(separator)
                    index = units.index(index, offsetBy: 2)
                } else {
                    bytes.append(byte)
                }
            default:
                appendEscape(byte)
            }
            index = units.index(after: index)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `\u2028` or `\u2029` when the bytes at `index` (an `E2`) are U+2028 or U+2029 (`E2 80 A8`, `E2 80 A9`).
    private func lineSeparator(after index: String.UTF8View.Index, in units: String.UTF8View) -> String? {
        guard let second = units.index(index, offsetBy: 1, limitedBy: units.endIndex), second != units.endIndex,
              let third = units.index(second, offsetBy: 1, limitedBy: units.endIndex), third != units.endIndex,
              units[second] == 0x80 else { return nil }
        switch units[third] {
        case 0xA8: return "\\u2028"
        case 0xA9: return "\\u2029"
        default: return nil
        }
    }

    /// Appends the escape of an ASCII `byte`: `\"`, `\\`, `\/`, a short escape, or `\u00xx`.
    private mutating func appendEscape(_ byte: UInt8) {
        let short: UInt8?
        switch byte {
        case UInt8(ascii: "\""): short = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): short = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): short = UInt8(ascii: "/")
        case 0x08: short = UInt8(ascii: "b")
        case 0x0C: short = UInt8(ascii: "f")
        case 0x0A: short = UInt8(ascii: "n")
        case 0x0D: short = UInt8(ascii: "r")
        case 0x09: short = UInt8(ascii: "t")
        default: short = nil
        }
        bytes.append(UInt8(ascii: "\\"))
        if let short {
            bytes.append(short)
        } else {
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), JSONTextWriter.hexDigit(byte >> 4),
                                      JSONTextWriter.hexDigit(byte & 0xF)])
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
