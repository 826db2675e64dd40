import Foundation
@testable import Salvage
import Testing

// Review of every rendering of an error (session "renderings"): each test here failed before its fix. The
// review's report lists the input, what was expected and what came out.

private struct RenderedItem: APIDecodable {
    static var idKey: String? { "id" }
    init?(from decoder: APIDecoder) {
        guard decoder["name"] --> String.self != nil else { return nil }
    }
}

private struct RenderedEnvelope: APIDecodable {
    init?(from decoder: APIDecoder) {
        guard decoder["items"] --> [RenderedItem].self != nil else { return nil }
    }
}

/// Throws a `DecodingError` about its own value.
private struct RenderedThrower: Decodable {
    init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a card"))
    }
}

private struct RenderedHolder: APIDecodable {
    init?(from decoder: APIDecoder) {
        _ = decoder["card"].decodeOptional(swiftDecodable: RenderedThrower.self)
        _ = decoder["n"] --> Int?.self
    }
}

private struct RenderedCounts: APIDecodable {
    init?(from decoder: APIDecoder) {
        _ = decoder["small"] --> Int8?.self
    }
}

/// A `Decodable` document holding a Salvage model, for a decode by `JSONDecoder`.
private struct RenderedDocument: Decodable {
    let counts: Salvaged<RenderedCounts>
}

/// Bytes as an `AsyncSequence`, for `records(from:to:)`.
private func byteStream(_ bytes: [UInt8]) -> AsyncStream<UInt8> {
    AsyncStream { continuation in
        for byte in bytes { continuation.yield(byte) }
        continuation.finish()
    }
}

/// Every error of a stream, in order.
private func streamedErrors(_ bytes: [UInt8], at member: String? = nil, options: APIDecodeOptions = APIDecodeOptions()) async throws
    -> [APIDecodeError] {
    var errors: [APIDecodeError] = []
    if let member {
        for try await record in APIDataDecoder(options: options).records(from: byteStream(bytes), to: RenderedItem.self, at: member,
                                                                          envelope: { _ in }) {
            errors += record.result.errors
        }
    } else {
        for try await record in APIDataDecoder(options: options).records(from: byteStream(bytes), to: RenderedItem.self) {
            errors += record.result.errors
        }
    }
    return errors
}

/// The line and column of `offset` as `diagnostic(source:)` shows `bytes`: lines split at `\n`, `\r\n` or `\r`,
/// columns counted in the scalars of `String(decoding:as:)`, where bytes that are not UTF-8 are U+FFFD.
func displayedPosition(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    var previousWasReturn = false
    for scalar in String(decoding: bytes[..<offset], as: UTF8.self).unicodeScalars {
        if scalar == "\n" && previousWasReturn {
            previousWasReturn = false
            continue
        }
        previousWasReturn = scalar == "\r"
        if scalar == "\n" || scalar == "\r" {
            line += 1
            column = 1
        } else {
            column += 1
        }
    }
    return (line, column)
}

struct RenderingReviewTests {
    // MARK: - `found` and `value`, as every error recorded at a value has them

    /// An unknown key's error lost the kind of value found (`foundJSONType` nil, no `found` in its JSON line) when
    /// its count of records was written in at the end of the decode.
    @Test func anUnknownKeyNamesTheKindOfValueFound() throws {
        var options = APIDecodeOptions()
        options.reportsUnknownKeys = true
        let json = #"{"name": "a", "colour": "red", "size": {"w": 1}, "tags": [1]}"#
        let errors = APIDataDecoder(options: options).decode(string: json, to: RenderedItem.self).errors
        #expect(errors.map(\.code) == ["unknown_key", "unknown_key", "unknown_key"])
        #expect(errors.map(\.foundJSONType) == ["string", "object", "array"])
        #expect(errors.map { $0.metadata["salvage.error.found"] } == ["string", "object", "array"])
        let first = try #require(errors.first)
        #expect(first.jsonLine == #"{"code":"unknown_key","column":25,"found":"string","json_pointer":"/colour","line":1,"message":"Key \"colour\" of RenderedItem was never read (in 1 record)","path":"root[\"colour\"]","severity":"info","value":"red"}"#)
    }

    /// A `DecodingError` thrown by a `Decodable`'s own `init(from:)` was recorded without the kind of value it was
    /// about, where a non-`DecodingError` thrown there (`custom`) had it.
    @Test func aSwiftDecodingErrorNamesTheKindOfValueFound() throws {
        let json = #"{"card": 4242}"#
        let error = try #require(APIDataDecoder().decode(string: json, to: RenderedHolder.self).errors.first)
        #expect(error.code == "swift_decoding_error")
        #expect(error.foundJSONType == "integer")
        #expect(error.jsonLine == #"{"code":"swift_decoding_error","column":10,"expected":"RenderedThrower","found":"integer","json_pointer":"/card","line":1,"message":"Swift DecodingError: data corrupted: not a card","path":"root[\"card\"]","severity":"recovered"}"#)
        let back = try JSONDecoder().decode(APIDecodeError.self, from: JSONEncoder().encode(error))
        #expect(back.foundJSONType == "integer")
    }

    /// A `Salvaged` value decoded by another `Decoder` copied its errors without the kind of value found.
    @Test func aSalvagedValueReadByJSONDecoderKeepsTheKindOfValueFound() throws {
        let json = #"{"counts": {"small": 300}}"#
        let document = try JSONDecoder().decode(RenderedDocument.self, from: Data(json.utf8))
        let error = try #require(document.counts.errors.first)
        #expect(error.description == #"root(RenderedCounts) > "small"(Int8) : Value 300 does not fit in Int8"#)
        #expect(error.foundJSONType == "integer")
        #expect(error.jsonLine == #"{"code":"numeric_overflow","expected":"Int8","found":"integer","json_pointer":"/small","message":"Value 300 does not fit in Int8","path":"root[\"small\"]","severity":"recovered","value":"300"}"#)
    }

    /// A value read through a key of a value of the wrong type (`decoder["contact_info"]["phone_number"]` where
    /// `contact_info` is a string) was reported at that value without it: no `value` in any rendering, where
    /// every other error at a value keeps it (and a redacting decode shows `<redacted>`).
    @Test(arguments: [
        (#""(312) 555-1212""#, [String](), "(312) 555-1212"),
        ("[1, 2]", [], "[…]"),
        (#""(312) 555-1212""#, ["contact_info"], "<redacted>"),
    ])
    func aValueOfTheWrongTypeOnTheWayIsKept(_ contact: String, redactedKeys: [String], value: String) throws {
        var options = APIDecodeOptions()
        options.redactedKeys = Set(redactedKeys)
        let json = #"{"person_id": 1, "first_name": "Mary", "last_name": "Smith", "contact_info": \#(contact)}"#
        let error = try #require(APIDataDecoder(options: options).decode(string: json, to: Person.self).errors.first)
        #expect(error.path.jsonPath == #"root["contact_info"]"#)
        #expect(error.value == value)
        #expect(error.metadata["salvage.error.value"] == value)
        let fields = try #require(JSONSerialization.jsonObject(with: Data(error.jsonLine.utf8)) as? [String: Any])
        #expect(fields["value"] as? String == value)
    }

    // MARK: - A streamed envelope without its array

    /// An envelope whose records member is missing or not an array gave an error whose diagnostic showed the
    /// source line in a decode that redacts values (the docs: no source line for any error of such a decode) and
    /// that had no `value`, where the in-memory decode's error it stands for has it.
    @Test(arguments: [
        (#"{"secret": "S-1234", "items": "not a list"}"#, ["secret"], "not a list"),
        (#"{"secret": "S-1234", "items": {"a": 1}}"#, ["secret"], "{…}"),
        (#"{"secret": "S-1234", "items": "not a list"}"#, ["items"], "<redacted>"),
        (#"{"items": null, "secret": "S-1234"}"#, ["secret"], "null"),
    ])
    func anEnvelopeWithoutItsArrayIsRenderedAsInMemory(_ json: String, redactedKeys: [String], value: String) async throws {
        var options = APIDecodeOptions()
        options.redactedKeys = Set(redactedKeys)
        let streamed = try await streamedErrors(Array(json.utf8), at: "items", options: options)
        let error = try #require(streamed.first)
        #expect(streamed.count == 1)
        #expect(error.value == value)
        #expect(!error.diagnostic(source: json).contains("S-1234"))
        #expect(error.diagnostic(source: json).hasSuffix("= source not shown: values are redacted"))
        // The in-memory decode of `[RenderedItem]` under `items` records the same error: the same JSON line.
        let inMemory = try #require(APIDataDecoder(options: options).decode(string: json, to: RenderedEnvelope.self).errors.first)
        #expect(error.jsonLine == inMemory.jsonLine)
        #expect(error.diagnostic(source: json) == inMemory.diagnostic(source: json).replacingOccurrences(of: "root(RenderedEnvelope)", with: "root"))
    }

    @Test func anEnvelopeWithoutItsArrayCutsAndDropsTheValueAsInMemory() async throws {
        let json = #"{"items": "a value longer than five characters"}"#
        var options = APIDecodeOptions()
        options.maximumValueLength = 5
        #expect(try await streamedErrors(Array(json.utf8), at: "items", options: options).map(\.value) == ["a val…"])
        options.keepsValues = false
        #expect(try await streamedErrors(Array(json.utf8), at: "items", options: options).map(\.value) == [nil])
        let missing = try await streamedErrors(Array(#"{"secret": "S-1234"}"#.utf8), at: "items", options: options)
        #expect(missing.map(\.description) == [#"root > "items"(Array<RenderedItem>) : No value is present"#])
        #expect(missing.map(\.value) == [nil])
    }

    // MARK: - Columns after bytes that are not UTF-8

    /// After a streamed array's broken element, decoding goes on on the same line; bytes of that element that
    /// are not UTF-8 were counted as columns only when they are not continuation bytes, while the diagnostic's
    /// line (`String(decoding:as:)`) shows one U+FFFD per maximal ill-formed subpart: a stray continuation byte
    /// (Latin-1 `°` is 0xB0) took no column, and the next errors' columns and carets were left of their values.
    @Test(arguments: [[0x80, 0x80], [0xB0], [0xF0, 0x80, 0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xFF]] as [[UInt8]])
    func aColumnAfterBytesThatAreNotUTF8IsWhereTheDiagnosticShowsIt(_ bad: [UInt8]) async throws {
        let bytes = Array(#"[ ""#.utf8) + bad + Array(#"", {"name": 1}, {"name": 2} ]"#.utf8)
        for envelope in [false, true] {
            let input = envelope ? Array(#"{"items": "#.utf8) + bytes + Array("}".utf8) : bytes
            let errors = try await streamedErrors(input, at: envelope ? "items" : nil)
            #expect(errors.map(\.code) == ["invalid_json", "type_mismatch", "type_mismatch"])
            for error in errors {
                let location = try #require(error.location)
                let shown = displayedPosition(of: location.offset, in: input)
                #expect(location.line == shown.line && location.column == shown.column, "\(error)")
            }
            for (error, value) in zip(errors.dropFirst(), ["1", "2"]) {
                // The caret is under the value in the source line (every character here takes one column).
                let lines = error.diagnostic(source: input).split(separator: "\n").map(String.init)
                let caret = try #require(lines.last?.unicodeScalars.firstIndex(of: "^"))
                let offset = lines[lines.count - 1].unicodeScalars.distance(from: lines[lines.count - 1].unicodeScalars.startIndex, to: caret)
                let shownLine = Array(lines[lines.count - 2].unicodeScalars)
                #expect(offset < shownLine.count && String(shownLine[offset]) == value, "\(error.diagnostic(source: input))")
            }
        }
    }

    /// Both locators (`SourceLocation.locate` over the whole input, `RecordStreamLocator` window by window) give
    /// every position between two characters — or two U+FFFD of bytes that are not UTF-8 — the line and column the
    /// diagnostic shows, whatever the bytes; from any position they agree with each other.
    @Test(arguments: 0 ..< 8)
    func locatorsCountBytesThatAreNotUTF8AsTheDiagnosticShowsThem(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &* 7919 &+ 17)
        let pieces: [[UInt8]] = [
            [0x61], [0x7B], [0x0A], [0x0D], [0x0D, 0x0A], [0x09], Array("é".utf8), Array("日".utf8), Array("🙂".utf8),
            [0x80], [0xBF], [0xC0], [0xC1], [0xC2], [0xE0], [0xE0, 0x80], [0xE2, 0x82], [0xED, 0xA0], [0xF0], [0xF0, 0x9F],
            [0xF0, 0x80], [0xF4, 0x90], [0xF5], [0xFF],
        ]
        for _ in 0 ..< 40 {
            var bytes: [UInt8] = []
            for _ in 0 ..< random.int(1 ... 30) { bytes += random.pick(pieces) }
            let whole = String(decoding: bytes, as: UTF8.self).unicodeScalars.count
            let locations = bytes.withUnsafeBufferPointer { buffer in
                (0 ... bytes.count).map { Salvage.SourceLocation.locate(offset: $0, in: ByteReader(buffer)) }
            }
            for offset in 0 ... bytes.count {
                // A position between two scalars (or U+FFFD) of the whole text: the text splits there into two that
                // decode to as many scalars as the whole.
                let split = String(decoding: bytes[..<offset], as: UTF8.self).unicodeScalars.count
                    + String(decoding: bytes[offset...], as: UTF8.self).unicodeScalars.count
                // (Between the `\r` and the `\n` of a `\r\n`, the `\r` is a column of its line: the break is at the `\n`.)
                guard split == whole, !(offset > 0 && offset < bytes.count && bytes[offset - 1] == 0x0D && bytes[offset] == 0x0A) else { continue }
                let shown = displayedPosition(of: offset, in: bytes)
                #expect(locations[offset].line == shown.line && locations[offset].column == shown.column, "offset \(offset) of \(bytes)")
            }
            // Window by window, keeping three bytes before the latest location (no character is longer).
            var locator = RecordStreamLocator()
            for offset in 0 ... bytes.count {
                let windowStart = max(0, locator.located.offset - 3)
                let found = Array(bytes[windowStart...]).withUnsafeBufferPointer {
                    locator.locate(offset, in: ByteReader($0), windowStart: windowStart)
                }
                #expect(found == locations[offset], "offset \(offset) of \(bytes)")
            }
        }
    }
}
