import Foundation
import Salvage
import Testing

// Review of the error renderings: every rendering of every error a decode produces — whatever the reason and
// whatever the way in (in memory, records, streams, envelopes, the Codable bridge, JSON values, object trees) —
// says the same thing: the JSON line is JSON with the documented keys and the error's own facts, the metadata
// is the JSON line's facts as strings, the Codable export reads back with the same renderings, the location is
// where the diagnostic's line shows the byte, and no description spans lines. With redaction, no rendering
// shows a redacted value.

private enum SweepPlan: String, APIDecodable { case free, pro }

private struct SweepTag: APIDecodable {
    static var idKey: String? { "id" }
    init?(from decoder: APIDecoder) {
        guard decoder["id"] --> String.self != nil else { return nil }
    }
}

private struct SweepCat: APIDecodable {
    init?(from decoder: APIDecoder) { guard decoder["meow"] --> Bool.self != nil else { return nil } }
}

private struct SweepThrower: Decodable {
    init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no\nsuch card"))
    }
}

private enum SweepCodablePlan: String, Decodable { case free, pro }

/// The sweep's input as a Swift `Decodable`, for the Codable bridge.
private struct SweepCodable: Decodable {
    let name: String?
    let height: Double?
    let small: Int8?
    let plan: SweepCodablePlan?
    let when: Date?
    let tags: [Int]?
    let absent: String
}

/// Reads its members so that each produces an error of its own kind.
private struct SweepModel: APIDecodable {
    static var idKey: String? { "id" }
    let name: String?

    init?(from decoder: APIDecoder) {
        name = decoder["name"] --> String?.self
        _ = decoder["height"] --> Double?.self
        _ = decoder["plan"] --> SweepPlan?.self
        _ = decoder["when"] --> Date?.self
        _ = decoder["small"] --> Int8?.self
        _ = decoder["whole"] --> Int?.self
        _ = decoder["huge"] --> Double?.self
        _ = decoder["tiny"] --> Decimal?.self
        _ = decoder["n"].decodeOptional(Int.self, lenient: true)
        _ = decoder["tags"] --> CountLimited<[String]?>(max: 1)
        _ = decoder["exact"] --> CountLimited<[Int]?>(exactly: 2, isMandatory: true)
        _ = decoder["retries"].decode(Int.self, default: 3)
        _ = decoder["contact"]["phone"] --> String?.self
        _ = decoder[firstOf: "full_name", "alias"] --> String?.self
        _ = decoder["pet"].decodeOneOf(.model(SweepCat.self) { $0 })
        _ = decoder["list"].decodeOptional([SweepTag].self, uniquingBy: .idKey)
        _ = decoder["budget"].decodeOptional([Int].self, maxDropped: 0)
        _ = decoder["card"].decodeOptional(swiftDecodable: SweepThrower.self)
        _ = decoder["deflt"].decode(Int.self, default: 1)
        _ = decoder["nul"] --> Int.self
        _ = decoder["absent"] --> String.self
        if let name, name.isEmpty {
            decoder["name"].recordError(.invalidFormat(value: name, type: "Name", expected: "a name"))
            decoder["name"].recordError(message: "an empty name")
        }
    }
}

private let sweepJSON = #"""
{"id": "rec\n1\u2028", "name": "", "height": "tall\t\"q\"\\", "plan": "gold\u0000😀e\u0301", "when": "yesterday",
	"small": 300, "whole": 3.5, "huge": 1e400, "tiny": 1e-400, "n": "42", "tags": ["a", "b"], "exact": [1],
  "retries": "x", "contact": "(312) 555-1212", "alias": "A", "pet": {"bark": 1},
  "list": [{"id": "k"}, {"id": "k"}], "budget": [1, "two"], "card": 4242, "extra\nkey": {"a": 1}, "x": 1, "nul": null}
"""#

/// The inputs and the ways in.
enum SweepCase: String, CaseIterable, Sendable {
    case model, redacted, redactedStream, codable, jsonValue, objectTree, records, crlfRecords, streamedArray, envelope, envelopeNotAnArray,
         empty, truncated, invalidUTF8, tooDeep, longString, trailingComma, uniquingAtTheRoot, lossBudgetAtTheRoot

    var options: APIDecodeOptions {
        var options = APIDecodeOptions()
        options.reportsUnknownKeys = true
        options.reportsUsedFallbacks = true
        options.reportsUsedDefaults = true
        options.maximumStringLength = 1_000
        if self == .redacted || self == .redactedStream { options.redactedKeys = ["plan", "id", "contact"] }
        return options
    }

    /// The errors, and the bytes their locations are in (nil when they have none).
    func errors() async throws -> (errors: [APIDecodeError], source: [UInt8]?) {
        let decoder = APIDataDecoder(options: options)
        let json = Array(sweepJSON.utf8)
        switch self {
        case .model, .redacted: return (decoder.decode(bytes: json, to: SweepModel.self).errors, json)
        case .codable: return (decoder.decode(data: Data(json), toDecodable: SweepCodable.self).errors, json)
        case .jsonValue:
            let value = try #require(APIDataDecoder().decode(bytes: json, to: JSONValue.self).value)
            return (decoder.decode(jsonValue: value, to: SweepModel.self).errors, nil)
        case .objectTree:
            // (JSONSerialization reads no number beyond Double's range.)
            let text = sweepJSON.replacingOccurrences(of: "1e400", with: "1e300").replacingOccurrences(of: "1e-400", with: "1e-300")
            let tree = try JSONSerialization.jsonObject(with: Data(text.utf8))
            return (APIJSONObjectDecoder(options: options).decode(jsonObject: tree, to: SweepModel.self).errors, nil)
        case .records, .crlfRecords:
            let lineBreak: [UInt8] = self == .records ? [0x0A] : [0x0D, 0x0A]
            let minified = Array(sweepJSON.replacingOccurrences(of: "\n", with: " ").utf8)
            let bytes = minified + lineBreak + Array(#"{"name": 5} {"name": "#.utf8) + lineBreak + minified
            return (decoder.decodeRecords(data: Data(bytes), to: SweepModel.self).flatMap(\.result.errors), bytes)
        case .streamedArray, .envelope:
            // A broken element with a byte that is not UTF-8 (Latin-1 `°`), then errors on its line.
            var bytes = Array("[".utf8) + json + Array(#", {"name": 1}, {"name": tru}, ""#.utf8) + [0xB0] + Array(#"", 7, {"name": 2}]"#.utf8)
            if self == .envelope { bytes = Array(#"{"meta": {"a": [1]}, "items": "#.utf8) + bytes + Array(#", "next": "c"}"#.utf8) }
            var errors: [APIDecodeError] = []
            let stream = decoder.sweepRecords(from: Self.stream(bytes), to: SweepModel.self, at: self == .envelope ? "items" : "")
            for try await record in stream { errors += record.result.errors }
            return (errors, bytes)
        case .redactedStream:
            // The records member twice: first not an array (one error), then an array (its elements).
            let bytes = Array(#"""
                {"contact": "555-1212", "items": {"a": 1},
                 "items": [{"id": "rec\n1", "plan": "gold", "name": 1}, {"contact": "555-1212", "name": tru}]}
                """#.utf8)
            var errors: [APIDecodeError] = []
            for try await record in decoder.sweepRecords(from: Self.stream(bytes), to: SweepModel.self, at: "items") {
                errors += record.result.errors
            }
            return (errors, bytes)
        case .envelopeNotAnArray:
            let bytes = Array(#"{"items": {"a": 1}, "next": "c"}"#.utf8)
            var errors: [APIDecodeError] = []
            for try await record in decoder.records(from: Self.stream(bytes), to: SweepModel.self, at: "items", envelope: { _ in }) {
                errors += record.result.errors
            }
            return (errors, bytes)
        case .empty: return (decoder.decode(bytes: [], to: SweepModel.self).errors, [])
        case .truncated: return (decoder.decode(bytes: Array(json.prefix(150)), to: SweepModel.self).errors, Array(json.prefix(150)))
        case .invalidUTF8:
            let bytes = Array(#"{"name": "a"#.utf8) + [0xB0, 0xFF, 0x80] + Array(#"b"}"#.utf8)
            return (decoder.decode(bytes: bytes, to: SweepModel.self).errors, bytes)
        case .tooDeep:
            let bytes = Array((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8)
            return (decoder.decode(bytes: bytes, to: JSONValue.self).errors, bytes)
        case .longString:
            let bytes = Array(#"{"name": "\#(String(repeating: "é", count: 600))"}"#.utf8)
            return (decoder.decode(bytes: bytes, to: SweepModel.self).errors, bytes)
        case .trailingComma: return (decoder.decode(string: "[1, 2,]", to: [Int].self).errors, Array("[1, 2,]".utf8))
        case .uniquingAtTheRoot:
            let bytes = Array(#"[{"id": "a"}, {"id": "b"}, {"id": "a"}, {"id": 5}]"#.utf8)
            return (decoder.decode(bytes: bytes, to: [SweepTag].self).errors
                + APIDataDecoder(options: options).decode(data: Data(bytes), to: [SweepTag].self, uniquingBy: .idKey).errors, bytes)
        case .lossBudgetAtTheRoot:
            let bytes = Array(#"[{"id": "a"}, {"id": 1}, {"id": 2}]"#.utf8)
            return (decoder.decode(data: Data(bytes), to: [SweepTag].self, maxDropped: 1).errors, bytes)
        }
    }

    private static func stream(_ bytes: [UInt8]) -> AsyncStream<UInt8> {
        AsyncStream { continuation in
            for byte in bytes { continuation.yield(byte) }
            continuation.finish()
        }
    }
}

extension APIDataDecoder {
    /// `records(from:to:at:envelope:)`, or `records(from:to:)` for an empty `member`.
    fileprivate func sweepRecords<T: APIDecodable>(from bytes: AsyncStream<UInt8>, to type: T.Type, at member: String) -> APIRecordStream<T> {
        member.isEmpty ? records(from: bytes, to: type) : records(from: bytes, to: type, at: member, envelope: { _ in })
    }
}

struct RenderingConsistencyReviewTests {
    private static let jsonLineKeys: Set<String> = ["code", "severity", "path", "json_pointer", "record", "outermost_record", "limit",
                                                    "line", "column", "expected", "found", "value", "message", "note"]

    @Test(arguments: SweepCase.allCases)
    func everyRenderingSaysTheSame(_ sweep: SweepCase) async throws {
        let (errors, source) = try await sweep.errors()
        #expect(!errors.isEmpty)
        for error in errors {
            try Self.check(error, source: source)
        }
        let summary = APIDecodeSummary(errors: errors)
        let back = try JSONDecoder().decode(APIDecodeSummary.self, from: JSONEncoder().encode(summary))
        #expect(back.description == summary.description)
        #expect(summary.description.split(separator: "\n").count == summary.groups.count + 1)
        if !errors.contains(where: { $0.code == "swift_decoding_error" }) { #expect(back == summary) }
        let failure = APIDecodeFailure(errors: errors).description
        #expect(failure.split(separator: "\n").count == errors.count + 1)
    }

    /// Every reason a decode can record comes out of the sweep, so each was checked.
    @Test func theSweepMeetsEveryCode() async throws {
        var codes = Set<String>()
        for sweep in SweepCase.allCases { codes.formUnion(try await sweep.errors().errors.map(\.code)) }
        #expect(codes == ["missing", "null", "type_mismatch", "numeric_overflow", "precision_loss", "unknown_raw_value", "count",
                          "loss_budget", "duplicate_record", "invalid_format", "invalid_json", "limit_exceeded", "swift_decoding_error",
                          "default_used", "coerced", "custom", "unknown_key", "fallback_used", "no_alternative_matched"])
    }

    /// A decode that redacts `plan`, `id` and `contact` shows none of their values in any rendering.
    @Test(arguments: [SweepCase.redacted, .redactedStream])
    func aRedactedValueIsInNoRendering(_ sweep: SweepCase) async throws {
        let (errors, source) = try await sweep.errors()
        let secrets = ["gold", "rec\\n1", "rec\n1", "555-1212"]
        for error in errors {
            let encoded = String(decoding: try JSONEncoder().encode(error), as: UTF8.self)
            for text in [error.description, error.jsonLine, error.diagnostic(source: source), encoded, "\(error.metadata)"] {
                for secret in secrets { #expect(!text.contains(secret), "\(text)") }
            }
        }
    }

    /// An error 999 models deep (the most `maximumDepthCeiling` lets a decode reach), native and through the
    /// Codable bridge, decoded and rendered in every form on a thread with a 512 KiB stack.
    @Test func anErrorAThousandStepsDeepRendersOnASmallStack() throws {
        let depth = 999
        let json = String(repeating: #"{"c":"#, count: depth) + "5" + String(repeating: "}", count: depth)
        let renderings: [[String]] = onThread(stackSize: 512 * 1024) {
            let decoder = APIDataDecoder(options: APIDecodeOptions(maximumDepth: APIDecodeOptions.maximumDepthCeiling))
            let native = decoder.decode(string: json, to: Chain.self).errors
            let bridged = decoder.decode(string: json, to: CodableChainRoot.self).errors
            return (native + bridged).map { error in
                let back = try? JSONDecoder().decode(APIDecodeError.self, from: JSONEncoder().encode(error))
                let summary = APIDecodeSummary(errors: [error])
                let summaryBack = try? JSONDecoder().decode(APIDecodeSummary.self, from: JSONEncoder().encode(summary))
                return [error.description, error.jsonLine, error.diagnostic(source: json), back?.description ?? "", back?.jsonLine ?? "",
                        summary.description, summaryBack?.description ?? "", String(error.path.count)]
            }
        }
        #expect(renderings.count == 2)
        for rendering in renderings {
            #expect(rendering[0].hasSuffix(#" > "c"(Chain) : Unexpectedly found an integer"#) || rendering[0].contains("CodableChain"))
            #expect(rendering[3] == rendering[0] && rendering[4] == rendering[1] && rendering[6] == rendering[5])
            #expect(rendering[7] == String(depth + 1))
            // The source line is cut around the caret, which is under the `5`.
            let lines = rendering[2].split(separator: "\n").map(String.init)
            let caret = try #require(lines.last?.firstIndex(of: "^")).utf16Offset(in: lines[lines.count - 1])
            #expect(Array(lines[lines.count - 2].utf16)[caret] == UInt16(UInt8(ascii: "5")), "\(rendering[2])")
        }
    }

    /// One error against every other rendering of it.
    static func check(_ error: APIDecodeError, source: [UInt8]?) throws {
        let fields = try #require(JSONSerialization.jsonObject(with: Data(error.jsonLine.utf8)) as? [String: Any], "\(error.jsonLine)")
        #expect(Set(fields.keys).isSubset(of: jsonLineKeys))
        #expect(fields["code"] as? String == error.code)
        #expect(fields["severity"] as? String == error.severity.rawValue)
        #expect(fields["path"] as? String == error.path.jsonPath)
        #expect(fields["json_pointer"] as? String == error.path.jsonPointer)
        #expect(fields["message"] as? String == error.reason.description)
        #expect(fields["note"] as? String == error.note)
        #expect(fields["value"] as? String == error.value)
        #expect(fields["expected"] as? String == error.expectedType)
        #expect(fields["found"] as? String == error.foundJSONType)
        #expect(fields["record"] as? String == (error.records.isEmpty ? nil : error.records.joined(separator: " > ")))
        #expect(fields["outermost_record"] as? String == error.outermostRecord)
        #expect(fields["line"] as? Int == error.location?.line && fields["column"] as? Int == error.location?.column)
        #expect(error.metadata == Dictionary(uniqueKeysWithValues: fields.map { ("salvage.error." + $0.key, "\($0.value)") }))
        // One line each (a line break in a value, key, id or thrown message is escaped), and the diagnostic's
        // first two lines are the reason and the place.
        for text in [error.description, error.shortForm, error.path.taggedJSONPath] {
            #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" },
                    "\(text.debugDescription)")
        }
        let label = ["failure": "error", "recovered": "warning", "info": "note"][error.severity.rawValue] ?? ""
        let diagnostic = error.diagnostic(source: source).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(diagnostic.first == "\(label): \(error.reason)\(error.note.map { " (\($0))" } ?? "") [\(error.code)]")
        #expect(diagnostic.dropFirst().first?.hasSuffix(error.path.taggedJSONPath) == true)
        if let source, let location = error.location {
            let shown = displayedPosition(of: location.offset, in: source)
            #expect(location.line == shown.line && location.column == shown.column, "\(error) at \(location)")
        }
        let back = try JSONDecoder().decode(APIDecodeError.self, from: JSONEncoder().encode(error))
        if error.code != "swift_decoding_error" { #expect(back == error) }
        #expect(back.description == error.description)
        #expect(back.jsonLine == error.jsonLine)
        #expect(back.metadata == error.metadata)
        #expect(back.diagnostic(source: source) == error.diagnostic(source: source))
        #expect(back.location == error.location && back.severity == error.severity && back.value == error.value)
        #expect(back.records == error.records && back.shortForm == error.shortForm)
    }
}
