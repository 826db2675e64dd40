import Foundation
import Salvage
import Testing

// Keys and values of plain ASCII that close within 48 bytes of their opening quote are measured by up to three
// sixteen-byte masks inlined in the structure loop (`plainStringEnd`); the rest, and the part of a string
// with fewer than sixteen bytes of input left, go on in `scanLongString` from the first byte that needs a look.
// These cases put the closing quote, and each byte that sends a string to `scanLongString` instead, at every
// offset of those three windows and past them, with the input ending at every distance after it.

@Suite struct ShortStringPathTests {
    /// A key and a value of `length` bytes each, followed by `room` spaces, so the bytes after each opening
    /// quote run from the string itself to sixteen bytes and more.
    @Test(arguments: 0 ..< 70, [0, 1, 7, 15, 16, 40])
    func plainKeysAndValuesOfEveryLength(_ length: Int, room: Int) throws {
        let key = String((0 ..< length).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
        let value = String((0 ..< length).map { Character(Unicode.Scalar(UInt8(ascii: "A") + UInt8($0 % 26))) })
        let json = "{\"\(key)\":\"\(value)\"}" + String(repeating: " ", count: room)
        let result = APIDataDecoder().decode(string: json, to: [String: String].self)
        #expect(result.errors.isEmpty)
        #expect(result.value == [key: value])
        let rows = try #require(SalvagePackageAccess.tapeRows(Array(json.utf8)))
        #expect(rows == [
            .init(kind: "object", start: 0, extent: 3, count: 1),
            .init(kind: "string", start: 2, extent: length, count: nil),
            .init(kind: "string", start: length + 5, extent: length, count: nil),
            .init(kind: "close", start: 0, extent: 0, count: nil),
        ])
    }

    struct Stop: Sendable, CustomTestStringConvertible {
        let name: String
        /// Put at an offset of the string, with plain text before it and after it.
        let bytes: [UInt8]
        /// The decoded text of `bytes`, or nil when they make the input invalid.
        let decoded: String?
        /// The error's message when `decoded` is nil (its offset is where `bytes` start).
        let message: String?
        var testDescription: String { name }
    }

    static let stops: [Stop] = [
        Stop(name: "escaped quote", bytes: Array(#"\""#.utf8), decoded: "\"", message: nil),
        Stop(name: "escaped line feed", bytes: Array(#"\n"#.utf8), decoded: "\n", message: nil),
        Stop(name: "\\u escape", bytes: Array(#"\u00e9"#.utf8), decoded: "é", message: nil),
        Stop(name: "two-byte character", bytes: [0xC3, 0xA9], decoded: "é", message: nil),
        Stop(name: "three-byte character", bytes: [0xE6, 0x97, 0xA5], decoded: "日", message: nil),
        Stop(name: "delete (ASCII, not special)", bytes: [0x7F], decoded: "\u{7F}", message: nil),
        Stop(name: "control character", bytes: [0x1F], decoded: nil, message: "Unescaped control character U+001F in a string"),
        Stop(name: "stray continuation byte", bytes: [0x80], decoded: nil, message: "Invalid UTF-8: unexpected continuation byte 0x80"),
    ]

    /// `bytes` at offset `offset` of a key and of a value, each 17 bytes or longer, then a short tail: in the
    /// first, second and third sixteen bytes that are masked inline, and past them.
    @Test(arguments: stops, 0 ..< 60)
    func aByteThatNeedsALookAtEveryOffset(_ stop: Stop, offset: Int) throws {
        let before = Array(String(repeating: "b", count: offset).utf8)
        let after = Array("tail".utf8)
        let text = before + stop.bytes + after
        for asKey in [true, false] {
            let json = asKey ? [UInt8(ascii: "{"), UInt8(ascii: "\"")] + text + Array(#"": "plain value, long enough"}"#.utf8)
                : [UInt8(ascii: "["), UInt8(ascii: "\"")] + text + Array(#"", "plain value, long enough"]"#.utf8)
            let result = APIDataDecoder().decode(bytes: json, to: JSONValue.self)
            if let decoded = stop.decoded {
                let expectedText = String(repeating: "b", count: offset) + decoded + "tail"
                #expect(result.errors.isEmpty)
                #expect(result.value == (asKey ? .object([expectedText: .string("plain value, long enough")])
                    : .array([.string(expectedText), .string("plain value, long enough")])))
            } else {
                guard let syntaxError = onlySyntaxError(of: result) else { return }
                #expect(syntaxError.message == stop.message)
                #expect(syntaxError.location.offset == 2 + offset)
            }
        }
    }

    /// `maximumStringLength` holds on the inline path too: strings shorter than 48 bytes, with room after them.
    @Test(arguments: [(true, 5, 4), (false, 5, 4), (true, 15, 14), (false, 15, 14), (true, 4, 4), (false, 15, 15),
                      (true, 30, 29), (false, 47, 46), (false, 47, 47), (true, 40, 39)])
    func theStringLengthLimitHoldsForShortStrings(_ asKey: Bool, length: Int, limit: Int) {
        let text = String(repeating: "x", count: length)
        let json = asKey ? "{\"\(text)\": 1}" + String(repeating: " ", count: 32) : "[\"\(text)\", 1]" + String(repeating: " ", count: 32)
        var options = APIDecodeOptions()
        options.maximumStringLength = limit
        let result = APIDataDecoder(options: options).decode(string: json, to: JSONValue.self)
        if length <= limit {
            #expect(result.errors.isEmpty)
        } else {
            let what = asKey ? "Key" : "String"
            #expect(result.errors.map(\.description) == [
                "root(JSONValue) : Invalid JSON at line 1, column 2 (byte 1): \(what) of \(length) bytes is longer than maximumStringLength (\(limit) bytes)",
            ])
        }
    }
}
