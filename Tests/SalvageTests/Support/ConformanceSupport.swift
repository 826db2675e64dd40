// Shared by the parser conformance suites (Parsing/ParserConformanceTests*.swift).

import Salvage
import Testing

/// Salvage's location type (Testing has a `SourceLocation` too).
typealias Location = Salvage.SourceLocation

/// A JSON number value with this exact text.
func num(_ text: String) -> JSONValue { .number(JSONNumber(text: text)) }

/// The UTF-8 bytes of `text`.
func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

/// A readable rendering of arbitrary bytes for test names and failure messages.
func render(_ bytes: [UInt8]) -> String {
    var result = ""
    var index = 0
    while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case 0x0A: result += "\\n"
        case 0x0D: result += "\\r"
        case 0x09: result += "\\t"
        case 0x20..<0x7F: result.append(Character(Unicode.Scalar(byte)))
        default: result += "<\(String(byte, radix: 16, uppercase: true))>"
        }
        index += 1
    }
    return result.count > 60 ? String(result.prefix(60)) + "…(\(bytes.count) bytes)" : result
}

/// The one `invalidJSON` error of a decode that must fail with exactly one; records an issue (and returns nil)
/// when the decode kept a value, recorded another count of errors or another reason.
func onlySyntaxError<T>(of result: APIDecodeResult<T>, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> JSONSyntaxError? {
    let keptValue: Bool = result.value != nil
    #expect(!keptValue, sourceLocation: sourceLocation)
    #expect(result.errors.count == 1, sourceLocation: sourceLocation)
    guard case .invalidJSON(let syntaxError)? = result.errors.first?.reason else {
        Issue.record("expected one .invalidJSON error, got \(result.errors.map(\.reason))", sourceLocation: sourceLocation)
        return nil
    }
    return syntaxError
}
