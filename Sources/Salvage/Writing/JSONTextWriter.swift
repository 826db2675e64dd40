/// Appends JSON text to a byte array: strings escaped as RFC 8259 requires, numbers, indentation,
/// separators. The one writer of JSON text: `JSONValue`'s writing and `APIDataEncoder` share it.
///
/// Speed matters here (the encoder writes every byte through it), so the array's capacity is reserved up
/// front, strings are copied in runs of bytes that need no escape (`JSONStringEscaping.swift`) and integers
/// are written digit by digit without making a `String`.
struct JSONTextWriter {
    /// The text so far.
    var bytes: [UInt8] = []
    let options: JSONWritingOptions
    private let pretty: Bool
    /// For each byte value, whether it may need an escape: `"`, `\`, control characters, `/` unless
    /// `.withoutEscapingSlashes`, and `E2` (the first byte of U+2028 and U+2029) with `.javaScriptSafe`.
    let escapeCandidates: [Bool]
    let escapesSlashes: Bool
    let escapesLineSeparators: Bool
    /// How many containers are open.
    private(set) var depth = 0

    init(options: JSONWritingOptions, capacity: Int = 256) {
        self.options = options
        pretty = options.contains(.prettyPrinted)
        escapesSlashes = !options.contains(.withoutEscapingSlashes)
        escapesLineSeparators = options.contains(.javaScriptSafe)
        escapeCandidates = (0..<256).map { byte in
            byte < 0x20 || byte == 0x22 || byte == 0x5C || (byte == 0x2F && !options.contains(.withoutEscapingSlashes))
                || (byte == 0xE2 && options.contains(.javaScriptSafe))
        }
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
            bytes.append(UInt8(ascii: " "))
            bytes.append(UInt8(ascii: ":"))
            bytes.append(UInt8(ascii: " "))
        } else {
            bytes.append(UInt8(ascii: ":"))
        }
    }

    private mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0..<depth {
            bytes.append(UInt8(ascii: " "))
            bytes.append(UInt8(ascii: " "))
        }
    }

    /// Appends `string` in quotes, escaping `"`, `\`, control characters (`\b \f \n \r \t`, the others
    /// as `\u00xx`), `/` unless `.withoutEscapingSlashes`, U+2028 and U+2029 with `.javaScriptSafe`.
    mutating func appendString(_ string: String) {
        var string = string
        string.withUTF8 { appendQuoted($0) }
    }

    /// Appends the escape of an ASCII `byte`: `\"`, `\\`, `\/`, a short escape, or `\u00xx`.
    mutating func appendEscape(_ byte: UInt8) {
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
