import Foundation
@testable import Salvage
import Testing

/// A hostile review of the streamed record path (`records(from:to:)`): what a record says must not depend on where
/// the stream's chunks end. A sequence is read 64 KiB at a time and a file 1 MiB at a time, so the same bytes cut at
/// byte 65,536 by the one and whole in the other must give the same records; the engine, fed in chunks of any size,
/// must too.
struct StreamReviewTests {
    /// Every record as one line: index, line, value, and each error with its location and its value.
    static func rendered<T>(_ record: APIDecodeRecord<T>) -> String {
        let value = record.result.value.map { ($0 as? JSONValue).map(StreamedBatchTests.canonical) ?? "\($0)" } ?? "nil"
        let errors = record.result.errors.map { "\($0) @ \($0.location.map { "\($0)" } ?? "-") [\($0.value ?? "-")]" }
        return "#\(record.index) line \(record.line): \(value) \(errors)"
    }

    /// The records of `text` read from a sequence (64 KiB windows) and from a file (one 1 MiB window here).
    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    static func sequenceAndFile<T: APIDecodable>(_ text: String, to type: T.Type, options: APIDecodeOptions = APIDecodeOptions(),
                                                 member: String? = nil) async throws -> (sequence: [String], file: [String]) {
        let decoder = APIDataDecoder(options: options)
        let bytes = StreamedRecordTests.ChunkedBytes(bytes: Array(text.utf8), sizes: [1 << 20])
        var sequence: [String] = []
        let fromSequence = member.map { decoder.records(from: bytes, to: T.self, at: $0, envelope: { _ in }) } ?? decoder.records(from: bytes, to: T.self)
        for try await record in fromSequence { sequence.append(rendered(record)) }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stream-review-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var file: [String] = []
        let fromFile = member.map { decoder.records(from: url, to: T.self, at: $0, envelope: { _ in }) } ?? decoder.records(from: url, to: T.self)
        for try await record in fromFile { file.append(rendered(record)) }
        return (sequence, file)
    }

    /// `prefix` (at most 40 bytes, without `"`) and a string of padding, such that the text is `length` bytes long.
    static func padded(_ prefix: String, to length: Int) -> String {
        prefix + String(repeating: "p", count: length - prefix.utf8.count - 1) + "\""
    }

    // MARK: - A limit failure on a line the window cuts

    /// A one-line array whose element is too deep (or has too long a string), with the line cut by the end of the
    /// sequence's first 64 KiB window just after the failing byte. Decided there, the element's `,` was looked for
    /// in the window only: its later elements were skipped (`bytes … skipped`) where the file gave them.
    struct LimitCase: Sendable, CustomStringConvertible {
        let element: String
        /// The offset in `element` of the byte the parse fails at.
        let failingByte: Int
        let maximumDepth: Int
        let maximumStringLength: Int?
        let error: String
        var description: String { element }
    }

    static let limitCases = [
        LimitCase(element: "[[[[1]]]]", failingByte: 3, maximumDepth: 3, maximumStringLength: nil,
                  error: "root(JSONValue) : Invalid JSON at line 1, column 65531 (byte 65530): Nesting is deeper than maximumDepth (3 levels)"),
        // The key ends at the window's last byte: the parse knows its length there.
        LimitCase(element: #"{"abcd": 1}"#, failingByte: 1, maximumDepth: 512, maximumStringLength: 2,
                  error: "root(JSONValue) : Invalid JSON at line 1, column 65531 (byte 65530): Key of 4 bytes is longer than maximumStringLength (2 bytes)"),
    ]

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test(arguments: limitCases)
    func aLimitFailureIsDecidedWithItsWholeLine(_ limit: LimitCase) async throws {
        // The failing byte at 65,530: the window ends five bytes after it, the line 20 bytes later.
        let start = 65530 - limit.failingByte
        let text = Self.padded("[\"", to: start - 2) + ", " + limit.element + ", 2, 3]\n"
        #expect(Array(text.utf8)[65530] == Array(limit.element.utf8)[limit.failingByte])
        var options = APIDecodeOptions(maximumDepth: limit.maximumDepth)
        options.maximumStringLength = limit.maximumStringLength
        let (sequence, file) = try await Self.sequenceAndFile(text, to: JSONValue.self, options: options)
        let error = "\(limit.error) @ line 1, column 65531 (byte 65530) [\(limit.element), 2, 3]]"
        let expected = ["#1 line 1: nil \([error])", "#2 line 1: number(2) []", "#3 line 1: number(3) []"]
        #expect(Array(file.dropFirst()) == expected)
        #expect(Array(sequence.dropFirst()) == expected)
    }

    /// The engine in chunks of any size: the same records for limit failures in one-line arrays and NDJSON.
    @Test(arguments: [1, 2, 3, 5, 8, 13, 40])
    func limitFailuresGiveTheSameRecordsInAnyChunks(chunk: Int) {
        let texts = [
            #"[[[[1]]], 2, [[[[[3]]]]], 4, {"long key": 5}, 6]"#,
            "[\"long string\", 1, \"long string too\"]\n[2]",
            "{\"a\": [[[1]]]}\n{\"long key\": 2} {\"a\": 3}\n[[[4]]] [5]\n",
        ]
        var options = APIDecodeOptions(maximumDepth: 2)
        options.maximumStringLength = 4
        for text in texts {
            let whole = StreamReviewTests.engineRecords(Array(text.utf8), options: options, chunk: 1 << 20)
            #expect(StreamReviewTests.engineRecords(Array(text.utf8), options: options, chunk: chunk) == whole, "\(text.debugDescription)")
        }
    }

    /// A minified array (one line) longer than the first window, with small broken elements and `maximumRecordSize`
    /// 3,000: a broken element waited for a line break that never came until the window held more than 3,000 bytes
    /// after it, and was then reported as "larger than maximumRecordSize" (and skipped as one) where the file, read
    /// whole, gave its syntax error.
    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func aBrokenElementOfAOneLineArrayIsNotTooLarge() async throws {
        var elements = Array(repeating: #"{"a": "xxxxxxxxxx"}"#, count: 4000)
        elements[10] = #"{"a": tru}"#
        elements[20] = "[[[[1]]]]"
        elements[30] = #"{"a": 1} 2"#
        let text = "[" + elements.joined(separator: ", ") + "]"
        var options = APIDecodeOptions(maximumDepth: 3)
        options.maximumValueLength = 12
        let decoder = APIDataDecoder(options: options)
        let bytes = StreamedRecordTests.ChunkedBytes(bytes: Array(text.utf8), sizes: [1 << 20])
        var sequence: [APIDecodeRecord<JSONValue>] = []
        for try await record in decoder.records(from: bytes, to: JSONValue.self, maximumRecordSize: 3000) { sequence.append(record) }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stream-review-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var file: [APIDecodeRecord<JSONValue>] = []
        for try await record in decoder.records(from: url, to: JSONValue.self, maximumRecordSize: 3000) { file.append(record) }
        // Element i starts at byte 1 + 21 i, less the bytes the broken elements before it are shorter.
        #expect(file.count == 4001)
        #expect(file.filter { !$0.result.errors.isEmpty }.map { "\($0.result.errors[0]) [\($0.result.errors[0].value ?? "-")]" } == [
            "root(JSONValue) : Invalid JSON at line 1, column 218 (byte 217): Invalid literal: expected 'true' [{\"a\": tru}, …]",
            "root(JSONValue) : Invalid JSON at line 1, column 416 (byte 415): Nesting is deeper than maximumDepth (3 levels) [[[[[1]]]], {…]",
            "root(JSONValue) : Invalid JSON at line 1, column 622 (byte 621): Unexpected character '2': expected ',' or ']' after an array element [2, {\"a\": \"xx…]",
        ])
        #expect(sequence.map(Self.rendered) == file.map(Self.rendered))
    }

    /// The same in NDJSON: a broken value at the start of a line longer than the window (more values follow it on
    /// the line, which recovering skips) was "larger than maximumRecordSize"; `decodeRecords` gives its syntax error.
    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func aBrokenValueOnALongNDJSONLineIsNotTooLarge() async throws {
        let text = "{\"a\": 1}\n{\"a\": tru} " + String(repeating: #"{"b": 1} "#, count: 10000) + "\n{\"a\": 3}\n"
        var options = APIDecodeOptions()
        options.maximumValueLength = 12
        let decoder = APIDataDecoder(options: options)
        let inMemory = decoder.decodeRecords(string: text, to: JSONValue.self)
        #expect(inMemory.map { $0.result.errors.map { "\($0) [\($0.value ?? "-")]" } } == [
            [], [#"root(JSONValue) : Invalid JSON at line 2, column 7 (byte 15): Invalid literal: expected 'true' [{"a": tru} {…]"#], [],
        ])
        var sequence: [String] = []
        let bytes = StreamedRecordTests.ChunkedBytes(bytes: Array(text.utf8), sizes: [1 << 20])
        for try await record in decoder.records(from: bytes, to: JSONValue.self, maximumRecordSize: 3000) { sequence.append(Self.rendered(record)) }
        #expect(sequence == inMemory.map(Self.rendered))
    }

    /// The same in a one-line envelope: a broken member before the records waited for a line break until the window
    /// held more than `maximumRecordSize` bytes, then was "larger than maximumRecordSize".
    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func aBrokenMemberOfAOneLineEnvelopeIsNotTooLarge() async throws {
        let text = #"{"meta": {"a": tru}, "items": ["# + Array(repeating: "1", count: 40000).joined(separator: ", ") + "]}"
        var options = APIDecodeOptions()
        options.maximumValueLength = 12
        var sequence: [String] = []
        let bytes = StreamedRecordTests.ChunkedBytes(bytes: Array(text.utf8), sizes: [1 << 20])
        for try await record in APIDataDecoder(options: options).records(from: bytes, to: Int.self, at: "items", maximumRecordSize: 3000, envelope: { _ in }) {
            sequence.append(Self.rendered(record))
        }
        let error = "root(Int) : Invalid JSON at line 1, column 16 (byte 15): Invalid literal: expected 'true' @ line 1, column 16 (byte 15) [tru}, \"items…]"
        #expect(sequence == ["#0 line 1: nil \([error])"])
    }

    // MARK: - An error's value on a line the window cuts

    /// An error whose value is the rest of a line (garbage after the array, a broken envelope, an object key where a
    /// record should be), the line cut by the end of the sequence's first 64 KiB window one byte into it: the value
    /// was cut there (`�`, `x`), where the file's gave the line.
    struct CutLineCase: Sendable, CustomStringConvertible {
        let name: String
        let text: String
        let member: String?
        /// The last record, as `rendered` gives it.
        let last: String
        var description: String { name }
    }

    static let cutLineCases = [
        CutLineCase(name: "garbage after the array", text: padded("[\"", to: 65534) + "]é and more\n", member: nil,
                    last: #"#1 line 1: nil ["root(JSONValue) : Invalid JSON at line 1, column 65536 (byte 65535): Unexpected byte 0xC3 after the top-level value @ line 1, column 65536 (byte 65535) [é and more]"]"#),
        CutLineCase(name: "no key in the envelope", text: padded("{\"pad\": \"", to: 65533) + ", é: 1}\n", member: "data",
                    last: #"#0 line 1: nil ["root(JSONValue) : Invalid JSON at line 1, column 65536 (byte 65535): Unexpected byte 0xC3: expected a key @ line 1, column 65536 (byte 65535) [é: 1}]"]"#),
        CutLineCase(name: "no separator in the envelope", text: padded("{\"pad\": \"", to: 65534) + " x 1}\n", member: "data",
                    last: #"#0 line 1: nil ["root(JSONValue) : Invalid JSON at line 1, column 65536 (byte 65535): Unexpected character \'x\': expected \',\' or \'}\' after an object member @ line 1, column 65536 (byte 65535) [x 1}]"]"#),
        CutLineCase(name: "an object key as a record", text: padded("{\"pad\": \"", to: 65528) + "}\n\"key\": 12345 and more\n", member: nil,
                    last: #"#1 line 2: nil ["root(JSONValue) : Invalid JSON at line 2, column 6 (byte 65535): Unexpected character \':\': expected a value @ line 2, column 6 (byte 65535) [\"key\": 12345 and more]"]"#),
    ]

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test(arguments: cutLineCases)
    func anErrorKeepsTheWholeLineWhereverTheChunkEnds(_ cut: CutLineCase) async throws {
        let (sequence, file) = try await Self.sequenceAndFile(cut.text, to: JSONValue.self, member: cut.member)
        #expect(file.last == cut.last)
        #expect(sequence == file)
    }

    /// A byte order mark as an array element, alone on its line: its error's value was the text of the *next* line
    /// (the value skipped the mark and then every blank, line breaks too), which the window did not have to hold, so
    /// the sequence cut it where the file did not. A broken record keeps its own first line: here nothing.
    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func aBrokenElementKeepsOnlyItsOwnLine() async throws {
        // The mark at 65,500, its line break at 65,503, the next line across the window's end at 65,536.
        let text = Self.padded("[\"", to: 65498) + ", \u{FEFF}\n, 2, \"" + String(repeating: "q", count: 60) + "\", 3]\n"
        let (sequence, file) = try await Self.sequenceAndFile(text, to: JSONValue.self)
        let error = "root(JSONValue) : Invalid JSON at line 1, column 65501 (byte 65500): Unexpected byte 0xEF: expected a value "
            + "(bytes 65500 to 65502 skipped: no ',' or ']' ends the element on this line) @ line 1, column 65501 (byte 65500) [-]"
        #expect(file.dropFirst().first == "#1 line 1: nil \([error])")
        #expect(file.count == 5)
        #expect(sequence == file)
    }

    // MARK: - A byte order mark before a first record longer than a chunk

    /// A model that reads `a` as an integer.
    struct ReadsA: APIDecodable {
        let a: Int?
        init?(from decoder: APIDecoder) { a = decoder["a"] --> Int?.self }
    }

    /// The first window ends inside the first record, so the window was cut after the stream's byte order mark less
    /// one byte, inside the mark: located from there, the mark took a column, and every later location on line 1 was
    /// one column to the right of the in-memory decode's.
    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func aByteOrderMarkTakesNoColumnWhenTheFirstRecordOutgrowsAChunk() async throws {
        let text = "\u{FEFF}{\"b\": \"" + String(repeating: "p", count: 70000) + "\", \"a\": \"x\"}\n{\"a\": \"y\"}\n"
        let (sequence, file) = try await Self.sequenceAndFile(text, to: ReadsA.self)
        let inMemory = APIDataDecoder().decodeRecords(string: text, to: ReadsA.self)
        #expect(inMemory.map { $0.result.errors.map { "\($0.location.map { "\($0)" } ?? "-")" } } == [
            ["line 1, column 70016 (byte 70018)"], ["line 2, column 7 (byte 70029)"],
        ])
        #expect(sequence == inMemory.map(Self.rendered))
        #expect(file == inMemory.map(Self.rendered))
    }

    // MARK: - Repeated keys after records of the same shape

    /// The parser's templates (DuplicateKeys.swift): an object whose first key is an earlier object's compares its
    /// next keys with that object's instead of checking them for repeats, and a stream's records reuse one tape and the
    /// template slots of the records before. A record that repeats a key after records of its shape that did not —
    /// spelled alike, through an escape, past the filter's 48 keys, after keys the template does not have — must
    /// still be read last-wins, as decoded alone; in NDJSON (one parse a record, one tape) and in an array's batches.
    static let repeatedKeyRecords: [String] = {
        let keys = (0 ..< 60).map { "\"k\($0)\": \($0)" }
        return [
            #"{"a": 1, "b": "x"}"#, #"{"a": 2, "b": "y", "a": 3}"#, #"{"a": 4, "\u0061": 5}"#, #"{"a": 6, "c": 0, "b": "z", "a": 7}"#,
            #"{"b": "w", "a": 8}"#, #"{"b": "v", "a": 9, "b": "u"}"#, #"{"a": {"a": 1, "b": "n"}, "b": "o", "a": 10}"#,
            "{" + keys.joined(separator: ", ") + ", \"a\": 11}", "{" + keys.joined(separator: ", ") + ", \"a\": 12, \"k59\": 0, \"a\": 13}",
            "{" + keys.prefix(48).joined(separator: ", ") + ", \"k0\": 1, \"a\": 14}", "{\"k0\": 0, \"k\\u0031\": 1, \"a\": 15, \"a\": 16}",
        ]
    }()

    /// The JSON value and `a` of each record, decoded alone.
    static func repeatedKeyOutcome(_ result: APIDecodeResult<JSONValue>) -> String {
        guard case .object(let members)? = result.value else { return "nil \(result.errors)" }
        let text = { (key: String) in members[key].map(StreamedBatchTests.canonical) ?? "-" }
        return "a=\(text("a")) b=\(text("b")) k0=\(text("k0")) \(members.count) \(result.errors)"
    }

    @Test(arguments: ["\n", ",\n"])
    func aRepeatedKeyIsReadLastWinsAfterRecordsOfItsShape(separator: String) {
        // After two rounds of records of the same shapes that repeat no key (templates for the ones that do).
        let keys = (0 ..< 60).map { "\"k\($0)\": \($0)" }
        let plain = [#"{"a": 0, "b": "p"}"#, #"{"a": 0, "c": 0, "b": "p"}"#, #"{"b": "p", "a": 0}"#, #"{"a": {"a": 1, "b": "n"}, "b": "o"}"#,
                     "{" + keys.joined(separator: ", ") + "}", #"{"k0": 0, "k1": 1, "a": 0}"#]
        let records = plain + plain + Self.repeatedKeyRecords
        let alone = records.map { Self.repeatedKeyOutcome(APIDataDecoder().decode(string: $0, to: JSONValue.self)) }
        let lastValues: [Substring] = alone.suffix(Self.repeatedKeyRecords.count).map { $0.prefix { $0 != " " } }
        let expectedLastValues: [Substring] = [
            "a=number(1)", "a=number(3)", "a=number(5)", "a=number(7)", "a=number(8)", "a=number(9)", "a=number(10)", "a=number(11)",
            "a=number(13)", "a=number(14)", "a=number(16)",
        ]
        #expect(lastValues == expectedLastValues)
        let text = separator == "\n" ? records.joined(separator: "\n") : "[" + records.joined(separator: separator) + "]"
        if separator == "\n" {
            #expect(APIDataDecoder().decodeRecords(string: text, to: JSONValue.self).map { Self.repeatedKeyOutcome($0.result) } == alone)
        }
        for batchBytes in [0, 1, 64, 400] {
            var engine = RecordStreamEngine<JSONValue>(options: APIDecodeOptions(), layout: .automatic, rawInput: nil, maximumRecordSize: 1 << 20,
                                                       batches: RecordStreamBatches(options: APIDecodeOptions(), batchBytes: batchBytes, minimumBytes: 1))
            ByteReader.withBytes(of: Array(text.utf8)) { engine.run(window: $0, atEnd: true) }
            #expect(engine.records.map { Self.repeatedKeyOutcome($0.result) } == alone, "batches of \(batchBytes)")
        }
    }

    // MARK: - Any chunks

    /// Random NDJSON and arrays (envelopes now and then) of hostile pieces — too deep, too long strings, stray byte
    /// order marks, garbage after the array, object keys, cut literals — under small limits, fed to the engine in
    /// chunks of 97 bytes down to 1: the records of the whole input in one window. (`StreamedChunkInvarianceTests`
    /// goes through `records(from:to:)`, which reads 64 KiB from any sequence, so its small inputs are one window.)
    @Test func randomStreamsWithLimitsGiveTheSameRecordsInAnyChunks() {
        var random = SplitMix64(seed: 2026)
        let pieces = [#"{"person_id": 1, "first_name": "A", "last_name": "B"}"#, #"{"person_id": 4,"#, #""first_name": "C"}"#, "[1, 2", "]",
                      "}", "42", #""key": 1"#, "tru", "\u{FEFF}{}", "{\"a\":\n1}", "[[[[[1]]]]]", "\"a long string value\"", "x y z é", ":",
                      "\u{FEFF}", "{\"é😀\": [[[{}]]]}"]
        var problems: [String] = []
        for round in 0 ..< 400 where problems.count < 3 {
            var text = ""
            var member: String?
            if round % 2 == 0 {
                for _ in 0 ..< random.int(1 ... 12) { text += random.pick(pieces) + random.pick(["\n", "\r\n", " ", "", "\r"]) }
                text = "{}\n" + text
            } else {
                member = round % 6 == 1 ? "items" : nil
                text = StreamedBatchTests.randomArray(&random, envelope: member != nil)
                if random.chance(0.3) { text = text.replacingOccurrences(of: "\n", with: " ") }
                if random.chance(0.3) { text += random.pick([" x y z é", "\"k\": 1", "\u{1F600}"]) }
            }
            var options = APIDecodeOptions(maximumDepth: random.pick([1, 2, 3, 512]))
            options.maximumStringLength = random.pick([nil, 1, 3, 8])
            options.maximumValueLength = random.pick([100, 5])
            let whole = Self.engineRecords(Array(text.utf8), options: options, chunk: 1 << 20, member: member)
            for chunk in [97, 13, 5, 2, 1] where Self.engineRecords(Array(text.utf8), options: options, chunk: chunk, member: member) != whole {
                problems.append("\(text.debugDescription) in chunks of \(chunk), maximumDepth \(options.maximumDepth)")
                break
            }
        }
        #expect(problems == [])
    }

    /// The records the engine gives for `bytes` fed `chunk` bytes at a time (at least as much as the window holds,
    /// as `APIRecordStream` reads), without batches, rendered with the errors' values (`StreamedBatchTests.records`
    /// drives the engine).
    static func engineRecords(_ bytes: [UInt8], options: APIDecodeOptions, chunk: Int, member: String? = nil) -> [String] {
        StreamedBatchTests.records(bytes, to: JSONValue.self, options: options, chunk: chunk,
                                   batches: RecordStreamBatches(options: options, batchBytes: 0), member: member,
                                   rendering: { rendered($0) }).lines
    }
}
