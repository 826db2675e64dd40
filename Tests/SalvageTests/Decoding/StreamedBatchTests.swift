import Foundation
@testable import Salvage
import Testing

/// A stream's array elements parsed a batch at a time (`RecordStreamEngine+Batches.swift`) give the records of
/// parsing each on its own — index, line, value, every error with its path and location, in order — whatever the
/// batch sizes, chunks, guessed cuts (inside strings and elements), broken elements, limits, envelopes and models
/// that keep their decoder: every input is decoded with batching off and with tiny batches, and compared.
struct StreamedBatchTests {
    /// The records the engine gives for `bytes` read `chunk` bytes at a time (as `APIRecordStream` reads: at least as
    /// much as the window holds), rendered, and how many batches it decoded.
    static func records<T: APIDecodable>(_ bytes: [UInt8], to type: T.Type, options: APIDecodeOptions = APIDecodeOptions(), chunk: Int,
                                         batches: RecordStreamBatches, maximumRecordSize: Int = 64 << 20, member: String? = nil,
                                         rendering: ((APIDecodeRecord<T>) -> String)? = nil)
        -> (lines: [String], batches: Int) {
        let render: (APIDecodeRecord<T>) -> String = rendering ?? { record in
            guard let value = record.result.value as? JSONValue else { return StreamedRecordTests.rendered(record) }
            let errors = record.result.errors.map { "\($0) @ \($0.location.map { "\($0)" } ?? "-")" }
            return "#\(record.index) line \(record.line): \(canonical(value)) \(errors)"
        }
        var engine = RecordStreamEngine<T>(options: options, layout: .automatic, rawInput: nil, maximumRecordSize: maximumRecordSize,
                                           recordsMember: member, batches: batches)
        var window: [UInt8] = []
        var offset = 0
        var rendered: [String] = []
        while true {
            let consumed = ByteReader.withBytes(of: window) { engine.consumedPrefix(windowCount: $0.count, $0) }
            if consumed > 0 {
                window.removeFirst(consumed)
                engine.dropped(consumed)
            }
            let end = min(bytes.count, offset + max(chunk, window.count))
            let atEnd = end == offset
            window += bytes[offset ..< end]
            offset = end
            ByteReader.withBytes(of: window) { engine.run(window: $0, atEnd: atEnd) }
            rendered += engine.records.map(render)
            engine.records.removeAll()
            if atEnd || engine.isFinished { break }
        }
        return (rendered, engine.batches.decodedCount)
    }

    /// A JSON value as text with its objects' keys in order (a dictionary's order differs from one to the next).
    static func canonical(_ value: JSONValue) -> String {
        switch value {
        case .object(let members): "{" + members.keys.sorted().map { "\($0.debugDescription): \(canonical(members[$0] ?? .null))" }.joined(separator: ", ") + "}"
        case .array(let elements): "[" + elements.map(canonical).joined(separator: ", ") + "]"
        default: "\(value)"
        }
    }

    /// The same records with batching off, and with each of a few tiny batch sizes, in each of a few chunk sizes;
    /// `makeOptions` is called for each decode (models that keep a decoder keep it in the options). Adds the batches
    /// decoded to `batchCount`.
    static func problems<T: APIDecodable>(_ text: String, to type: T.Type, options makeOptions: () -> APIDecodeOptions = { APIDecodeOptions() },
                                          maximumRecordSize: Int = 64 << 20, member: String? = nil, batchCount: inout Int) -> [String] {
        let bytes = Array(text.utf8)
        var problems: [String] = []
        // Compared chunk size by chunk size: windows smaller than a stream's (which reads 64 KiB at least) can change
        // when a record too large for a tiny `maximumRecordSize` is seen, batches or not.
        for chunk in [1 << 20, 97, 1] {
            let options = makeOptions()
            let alone = records(bytes, to: T.self, options: options, chunk: chunk, batches: RecordStreamBatches(options: options, batchBytes: 0),
                                maximumRecordSize: maximumRecordSize, member: member).lines
            for (batchBytes, minimumBytes) in [(1, 1), (8, 16), (40, 1), (300, 64), (64 << 10, 16 << 10)] {
                let options = makeOptions()
                let batched = records(bytes, to: T.self, options: options, chunk: chunk,
                                      batches: RecordStreamBatches(options: options, batchBytes: batchBytes, minimumBytes: minimumBytes),
                                      maximumRecordSize: maximumRecordSize, member: member)
                batchCount += batched.batches
                let lines = batched.lines
                if lines != alone {
                    let first = zip(lines, alone).first { $0 != $1 }.map { "\n  \($0.0)\n  \($0.1)" } ?? " (\(lines.count) records, \(alone.count) alone)"
                    problems.append("\(text.debugDescription.prefix(400)) batches \(batchBytes)/\(minimumBytes), chunks of \(chunk):\(first)")
                }
            }
        }
        return problems
    }

    static let pieces = StreamedChunkInvarianceTests.elementPieces + [
        #"{"person_id": 1, "first_name": "A", "last_name": "B", "contact_info": {"phone_number": "1"}, "height": 1.5}"#,
        #"{"person_id": 2, "first_name": "A", "last_name": "B", "height": "tall"}"#,
        #"{"person_id": "x", "first_name": 3}"#,
        #"{"person_id": 4, "first_name": "},{", "last_name": "],["}"#,
        #"{"person_id": 5, "first_name": "a", "last_name": "b", "contact_info": [{"x": 1}, {"y": 2}]}"#,
        #"[{"a": 1}, {"b": [2, {"c": 3}]}]"#, #"{"a": {"b": {"c": {"d": 1}}}}"#, "[[[[1]]]]", "{}", "[]",
        "{\"a\":\r\n1}", "{\"é\": \"\\u00e9\\n\"}", "{\"person_id\": 6,\n \"first_name\": \"multi\",\n \"last_name\": \"line\"}",
        "{\"a\": 1, \"a\": 2}", "{\"unterminated: 1}", "{\"a\": [1, 2}", "{\"a\" 1}",
    ]

    static let separators = [",", ", ", ",\n", ",\n  ", "\n,", " , ", ",\r\n", ",\r", ""]

    /// A random array of the pieces (a few strings and literals cut short, brackets out of place), now and then an
    /// envelope around it; `person` elements (valid) more often.
    static func randomArray(_ random: inout SplitMix64, envelope: Bool) -> String {
        var text = envelope ? "{\"next\": 1, \"items\": [" : random.pick(["[", "\u{FEFF}[", " \n["])
        for _ in 0 ..< random.int(0 ... 40) {
            text += random.chance(0.5) ? #"{"person_id": \#(random.int(0 ... 99)), "first_name": "F", "last_name": "L", "height": \#(random.int(0 ... 9))}"#
                : random.pick(pieces)
            text += random.chance(0.9) ? random.pick(separators) : random.pick([",,", "]", "[", "}"])
        }
        if random.chance(0.8) { text += "]" }
        if envelope && random.chance(0.8) { text += ", \"after\": [1]}" }
        if random.chance(0.3) { text += random.pick(["[1]", "\n[2,3]", " x", "\n", "]", "{}"]) }
        return text
    }

    @Test func randomArraysGiveTheRecordsOfElementsParsedAlone() {
        var batches = 0
        var random = SplitMix64(seed: 1717)
        var problems: [String] = []
        for round in 0 ..< 150 {
            let envelope = round % 5 == 4
            let text = Self.randomArray(&random, envelope: envelope)
            let member = envelope ? "items" : nil
            problems += Self.problems(text, to: Person.self, member: member, batchCount: &batches)
            if round % 3 == 0 { problems += Self.problems(text, to: JSONValue.self, member: member, batchCount: &batches) }
            if round % 3 == 1 { problems += Self.problems(text, to: Int.self, maximumRecordSize: random.pick([10, 40, 200]), member: member, batchCount: &batches) }
            if round % 3 == 2 {
                let depth = random.pick([2, 3, 4])
                problems += Self.problems(text, to: JSONValue.self, options: { APIDecodeOptions(maximumDepth: depth) }, member: member, batchCount: &batches)
            }
            if problems.count > 5 { break }
        }
        #expect(problems == [])
        #expect(batches > 500)
    }

    @Test func modelsThatKeepTheirDecodersSeeNothingOfLaterRecordsInABatch() {
        let lines = (1 ... 60).map { #"{"id": \#($0), "name": \#($0 % 7 == 0 ? "5" : "\"n\($0)\""), "box": [\#($0), "x"]}"# }
        let text = "[\n" + lines.joined(separator: ",\n") + "\n]\n"
        var problems: [String] = []
        var batches = 0
        problems += Self.problems(text, to: StreamedContextReuseTests.LooksBack.self,
                                  options: { StreamedContextReuseTests.options(StreamedContextReuseTests.Keepings()) }, batchCount: &batches)
        problems += Self.problems(text, to: StreamedContextReuseTests.LooksBackThroughSwift.self,
                                  options: { StreamedContextReuseTests.options(StreamedContextReuseTests.Keepings()) }, batchCount: &batches)
        #expect(problems == [])
        #expect(batches > 100)
    }

    @Test func largeArraysOfPersonsDecodeInBatchesAsAlone() {
        // The default sizes, on elements with bad fields, one broken element and a few elements on several lines.
        var text = "[\n"
        for index in 0 ..< 3000 {
            let height = index % 20 == 3 ? "\"really tall\"" : "\(150 + index % 40).5"
            let element = index == 1234 ? #"{"person_id": 1234, "first_name": tru}"#
                : #"{"person_id": \#(index), "first_name": "F\#(index)",\#(index % 50 == 0 ? "\n   " : " ")"last_name": "L", "height": \#(height)}"#
            text += "  " + element + (index < 2999 ? ",\n" : "\n")
        }
        text += "]\n"
        var batches = 0
        #expect(Self.problems(text, to: Person.self, batchCount: &batches) == [])
        let batched = Self.records(Array(text.utf8), to: Person.self, chunk: 1 << 20, batches: RecordStreamBatches(options: APIDecodeOptions()))
        #expect(batched.lines.count == 3000)
        #expect(batched.batches >= 3)
    }
}
