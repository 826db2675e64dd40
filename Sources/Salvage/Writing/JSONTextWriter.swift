import Foundation

/// Writes JSON text into a ``JSONTextBuffer``: strings escaped as RFC 8259 requires, numbers, indentation,
/// separators. The one writer of JSON text: `JSONValue`'s writing and `APIDataEncoder` share it.
///
/// Speed matters here (the encoder writes every byte through it): the buffer is raw memory with room reserved
/// before each write, strings are scanned eight bytes at a time and copied in runs that need no escape
/// (`JSONStringEscaping.swift`), and numbers are formatted straight into the buffer. Noncopyable: the writer
/// owns its buffer, which is freed when the writer goes away unless its bytes were taken.
struct JSONTextWriter: ~Copyable {
    /// The text so far.
    var text: JSONTextBuffer
    let options: JSONWritingOptions
    private let pretty: Bool
    /// Whether `/` is written `\/` (unless `.withoutEscapingSlashes`).
    let escapesSlashes: Bool
    /// Whether U+2028 and U+2029 are written `\u2028` and `\u2029` (`.javaScriptSafe`).
    let escapesLineSeparators: Bool
    /// How many containers are open.
    private(set) var depth = 0

    init(options: JSONWritingOptions, capacity: Int = 256) {
        self.options = options
        pretty = options.contains(.prettyPrinted)
        escapesSlashes = !options.contains(.withoutEscapingSlashes)
        escapesLineSeparators = options.contains(.javaScriptSafe)
        text = JSONTextBuffer(capacity: capacity)
    }

    /// How many bytes are written.
    var count: Int { text.count }

    /// Takes back everything written after the writer had written `count` bytes with `depth` containers open
    /// (a value that threw, whose error the model caught; see `JSONStreamEncoder.takeBack(to:depth:)`).
    mutating func takeBack(toCount count: Int, depth: Int) {
        text.truncate(to: count)
        self.depth = depth
    }

    /// Appends ASCII or UTF-8 text as is.
    mutating func appendRaw(_ string: String) {
        var string = string
        string.withUTF8 { text.append($0) }
    }

    /// Appends a literal as is (`null`, `true`, `false`).
    @inline(__always)
    mutating func appendLiteral(_ literal: StaticString) {
        text.append(literal)
    }

    /// Appends `true` or `false`.
    @inline(__always)
    mutating func appendBool(_ value: Bool) {
        text.append(value ? "true" : "false")
    }

    /// Opens an array or object (`[` or `{`).
    @inline(__always)
    mutating func open(_ bracket: UInt8) {
        text.append(bracket)
        depth += 1
    }

    /// Closes an array or object; `count` is how many elements or members it had.
    @inline(__always)
    mutating func close(_ bracket: UInt8, count: Int) {
        depth -= 1
        if pretty {
            if count == 0 { text.append(UInt8(ascii: "\n")) }
            newline()
        }
        text.append(bracket)
    }

    /// Before the element or member at `index` of the open container: a comma after the first, a new
    /// line and indentation when pretty.
    @inline(__always)
    mutating func beforeItem(_ index: Int) {
        if index > 0 { text.append(UInt8(ascii: ",")) }
        if pretty { newline() }
    }

    /// Between a key and its value: `:`, or ` : ` when pretty.
    @inline(__always)
    mutating func afterKey() {
        if pretty {
            text.append(" : ")
        } else {
            text.append(UInt8(ascii: ":"))
        }
    }

    private mutating func newline() {
        text.append(UInt8(ascii: "\n"))
        text.append(repeating: UInt8(ascii: " "), count: 2 * depth)
    }

    /// Appends `string` in quotes, escaping `"`, `\`, control characters (`\b \f \n \r \t`, the others
    /// as `\u00xx`), `/` unless `.withoutEscapingSlashes`, U+2028 and U+2029 with `.javaScriptSafe`.
    @inline(__always)
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
        if let short {
            text.append(UInt8(ascii: "\\"), short)
        } else {
            text.append("\\u00")
            text.append(JSONTextWriter.hexDigit(byte >> 4), JSONTextWriter.hexDigit(byte & 0xF))
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
