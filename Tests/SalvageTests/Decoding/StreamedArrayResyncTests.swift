import Salvage
import Testing

/// `records(from:to:)` on an array after a broken element: decoding goes on at the next element of the same
/// array, on one line too; what cannot be resynchronised is said in the error, never lost silently. And the
/// adversarial rest: a stream cut at any byte keeps the records before the cut and ends in one error; empty
/// and blank input; cancellation; exact, growing progress counts.
struct StreamedArrayResyncTests {
    typealias ArrayCase = StreamedRecordTests.ArrayCase

    /// Every chunk size up to 9 bytes, a mix, and the whole input at once.
    static let chunkings = (1 ... 9).map { [$0] } + [[1, 13, 2, 40, 3], [1 << 20]]

    static func invalid(_ column: Int, _ message: String) -> String {
        let at = "line 1, column \(column) (byte \(column - 1))"
        return #"nil ["root(Int) : Invalid JSON at \#(at): \#(message) @ \#(at)"]"#
    }

    static let cases = [
        // A broken string holding `,` and `]`.
        ArrayCase(json: #"[1, "x,]\q", 2, 3]"#, records: ["#0 line 1: 1 []", #"#1 line 1: \#(invalid(9, #"Invalid escape sequence: \'\\\' followed by character \'q\'"#))"#,
                                                         "#2 line 1: 2 []", "#3 line 1: 3 []"]),
        ArrayCase(json: #"[1, {"a": "b,]" x}, 3]"#, records: ["#0 line 1: 1 []",
                                                             #"#1 line 1: \#(invalid(17, #"Unexpected character \'x\': expected \',\' or \'}\' after an object member"#))"#, "#2 line 1: 3 []"]),
        // Broken nested containers; a `,` in a string inside them.
        ArrayCase(json: #"[1, {"a": [1, {"b": }], "c": ","}, 4]"#, records: ["#0 line 1: 1 []",
                                                                            #"#1 line 1: \#(invalid(21, #"Unexpected character \'}\': expected a value"#))"#, "#2 line 1: 4 []"]),
        // A `}` closes the `[` left open inside it too.
        ArrayCase(json: #"[1, {"a":[1,2}, 4]"#, records: ["#0 line 1: 1 []",
                                                         #"#1 line 1: \#(invalid(14, #"Unexpected character \'}\': expected \',\' or \']\' after an array element"#))"#, "#2 line 1: 4 []"]),
        // Garbage where a `,` belongs: the next element is after the next `,` outside strings.
        ArrayCase(json: #"[1 "a,]" 2, 3]"#, records: ["#0 line 1: 1 []",
                                                     #"#1 line 1: \#(invalid(4, #"Unexpected character \'\"\': expected \',\' or \']\' after an array element"#))"#, "#2 line 1: 3 []"]),
        ArrayCase(json: "[1, x, 2]\n", records: ["#0 line 1: 1 []", #"#1 line 1: \#(invalid(5, #"Unexpected character \'x\': expected a value"#))"#, "#2 line 1: 2 []"]),
        // No `,` or `]` can end an unterminated string: the error says which bytes were skipped.
        ArrayCase(json: #"[1, "abc, 3]"#, records: ["#0 line 1: 1 []",
                                                   #"#1 line 1: \#(invalid(5, #"Unterminated string: the input ends before the closing \'\"\' (bytes 4 to 11 skipped: no \',\' or \']\' ends the element on this line)"#))"#]),
    ]

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test(arguments: cases)
    func oneLineArraysGoOnAtTheNextElement(_ arrayCase: ArrayCase) async throws {
        for sizes in Self.chunkings {
            #expect(try await StreamedRecordTests.streamed(arrayCase.json, sizes: sizes, to: Int.self) == arrayCase.records, "chunks of \(sizes)")
        }
    }

    static let edgeCases = [
        ArrayCase(json: "", records: []),
        ArrayCase(json: " \n\t\r\n", records: []),
        ArrayCase(json: "\u{FEFF}", records: []),
        ArrayCase(json: "\u{FEFF} [1,\r\n2]\r\n", records: ["#0 line 1: 1 []", "#1 line 2: 2 []"]),
        ArrayCase(json: "[1]]", records: ["#0 line 1: 1 []", #"#1 line 1: \#(invalid(4, #"Unexpected character \']\' after the top-level value"#))"#]),
        ArrayCase(json: "[1,]", records: ["#0 line 1: 1 []", #"#1 line 1: \#(invalid(4, #"Trailing comma: expected a value after \',\'"#))"#]),
        // As the in-memory parse says it, on the closing bracket's own line; the next array goes on.
        ArrayCase(json: "[1, \n ]\n[2]", records: ["#0 line 1: 1 []",
                                                 #"#1 line 2: nil ["root(Int) : Invalid JSON at line 2, column 2 (byte 6): Trailing comma: expected a value after \',\' @ line 2, column 2 (byte 6)"]"#,
                                                 "#2 line 3: 2 []"]),
        ArrayCase(json: "[,1]", records: [#"#0 line 1: \#(invalid(2, #"Unexpected character \',\': expected a value"#))"#, "#1 line 1: 1 []"]),
        ArrayCase(json: "[1,,2]", records: ["#0 line 1: 1 []", #"#1 line 1: \#(invalid(4, #"Unexpected character \',\': expected a value"#))"#, "#2 line 1: 2 []"]),
    ]

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test(arguments: edgeCases)
    func emptyBlankAndStrayPunctuation(_ arrayCase: ArrayCase) async throws {
        for sizes in Self.chunkings {
            #expect(try await StreamedRecordTests.streamed(arrayCase.json, sizes: sizes, to: Int.self) == arrayCase.records, "chunks of \(sizes)")
        }
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func anElementOverTheMaximumSizeIsSkippedToItsEndOnOneLine() async throws {
        let json = "[1, [" + String(repeating: "0,", count: 60) + "\"],\", {\"a\": [0]}], 7, 8]\n[9]"
        for sizes in Self.chunkings {
            #expect(try await StreamedRecordTests.streamed(json, sizes: sizes, to: Int.self, maximumRecordSize: 64) == [
                "#0 line 1: 1 []",
                #"#1 line 1: \#(Self.invalid(5, "A record is larger than maximumRecordSize (64 bytes)"))"#,
                "#2 line 1: 7 []", "#3 line 1: 8 []", "#4 line 2: 9 []",
            ], "chunks of \(sizes)")
        }
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func theIssueExampleKeepsRecordsOneAndThree() async throws {
        for sizes in Self.chunkings {
            let records = try await StreamedRecordTests.streamed(#"[{"a":1},{"a":,},{"a":3}]"#, sizes: sizes, to: JSONValue.self)
            #expect(records == [
                #"#0 line 1: object(["a": Salvage.JSONValue.number(1)]) []"#,
                #"#1 line 1: nil ["root(JSONValue) : Invalid JSON at line 1, column 15 (byte 14): Unexpected character \',\': expected a value @ line 1, column 15 (byte 14)"]"#,
                #"#2 line 1: object(["a": Salvage.JSONValue.number(3)]) []"#,
            ], "chunks of \(sizes)")
        }
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func anEnvelopeOnOneLineKeepsTheElementsAfterABrokenOneAndItsMembers() async throws {
        let json = #"{"orders": [1, {"a":}, 3 4, 5], "next": "x"}"#
        for sizes in Self.chunkings {
            var lines: [String] = []
            var envelopes: [JSONValue] = []
            let bytes = StreamedRecordTests.ChunkedBytes(bytes: Array(json.utf8), sizes: sizes)
            let log = EnvelopeBox()
            for try await record in APIDataDecoder().records(from: bytes, to: Int.self, at: "orders", envelope: { log.value = $0 }) {
                lines.append(StreamedRecordTests.rendered(record))
            }
            envelopes = log.value.map { [$0] } ?? []
            #expect(lines == [
                "#0 line 1: 1 []",
                #"#1 line 1: \#(Self.invalid(21, #"Unexpected character \'}\': expected a value"#))"#,
                "#2 line 1: 3 []",
                #"#3 line 1: \#(Self.invalid(26, #"Unexpected character \'4\': expected \',\' or \']\' after an array element"#))"#,
                "#4 line 1: 5 []",
            ], "chunks of \(sizes)")
            #expect(envelopes == [["next": "x"]], "chunks of \(sizes)")
        }
    }

    /// A records member that appears twice: both arrays' elements are records, in order (nothing is dropped; an
    /// in-memory decode of the envelope would keep the last), and the envelope gets the other members.
    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func aRepeatedRecordsMemberStreamsBothArrays() async throws {
        let json = #"{"orders": [1, 2], "next": "x", "orders": [3,]}"#
        let bytes = StreamedRecordTests.ChunkedBytes(bytes: Array(json.utf8), sizes: [1 << 20])
        let log = EnvelopeBox()
        var lines: [String] = []
        for try await record in APIDataDecoder().records(from: bytes, to: Int.self, at: "orders", envelope: { log.value = $0 }) {
            lines.append(StreamedRecordTests.rendered(record))
        }
        #expect(lines == ["#0 line 1: 1 []", "#1 line 1: 2 []", "#2 line 1: 3 []",
                          #"#3 line 1: \#(Self.invalid(46, #"Trailing comma: expected a value after \',\'"#))"#])
        #expect(log.value == ["next": "x"])
    }

    /// A trailing comma after elements decoded in batches (an array of more than 64 KiB) is said the same way.
    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func aTrailingCommaAfterBatchedElements() async throws {
        let json = "[" + (0 ..< 30_000).map { "\($0)," }.joined() + "]"
        let bytes = StreamedRecordTests.ChunkedBytes(bytes: Array(json.utf8), sizes: [1 << 20])
        var values: [Int] = []
        var errors: [String] = []
        for try await record in APIDataDecoder().records(from: bytes, to: Int.self) {
            if let value = record.result.value { values.append(value) }
            errors += record.result.errors.map(\.description)
        }
        #expect(values == Array(0 ..< 30_000))
        let at = "line 1, column \(json.utf8.count) (byte \(json.utf8.count - 1))"
        #expect(errors == ["root(Int) : Invalid JSON at \(at): Trailing comma: expected a value after ','"])
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func randomBrokenArraysGiveTheSameRecordsInAnyChunks() async throws {
        var random = SplitMix64(seed: 29)
        let pieces = ["1", "{\"a\":", "}", "]", "[", ",", "\"s,]\"", "\"\\q", "tru", " ", "\n", "{\"a\":[1,2}", "x", "\"", "\r\n", "22"]
        for _ in 0 ..< 60 {
            var text = "[1,"
            for _ in 0 ..< random.int(1 ... 14) { text += random.pick(pieces) }
            text += random.pick(["", "]", ",3]", "]\n[4]"])
            let whole = try await StreamedRecordTests.streamed(text, sizes: [1 << 20], to: Int.self)
            // The element before the broken bytes is kept, and chunking never changes the outcome.
            #expect(whole.first == "#0 line 1: 1 []", "\(text.debugDescription)")
            for _ in 0 ..< 2 {
                let sizes = (0 ..< 3).map { _ in random.int(1 ... 7) }
                let streamed = try await StreamedRecordTests.streamed(text, sizes: sizes, to: Int.self)
                #expect(streamed == whole, "\(text.debugDescription) in chunks of \(sizes)")
            }
        }
    }

    /// `count` lines of `1`, made as they are read.
    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    struct ManyOnes: AsyncSequence {
        typealias Element = UInt8
        let count: Int
        struct AsyncIterator: AsyncIteratorProtocol {
            var left: Int
            mutating func next() async -> UInt8? {
                guard left > 0 else { return nil }
                left -= 1
                return left % 2 == 0 ? UInt8(ascii: "\n") : UInt8(ascii: "1")
            }
        }
        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(left: count * 2) }
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func aCancelledTaskStopsReadingAfterTheRecordsAlreadyDecoded() async throws {
        let task = Task {
            var received = 0
            do {
                for try await record in APIDataDecoder().records(from: ManyOnes(count: 2_000_000), to: Int.self) {
                    #expect(record.result.value == 1)
                    received += 1
                    if received == 10 { withUnsafeCurrentTask { $0?.cancel() } }
                }
                return (received, false)
            } catch is CancellationError {
                return (received, true)
            }
        }
        let (received, cancelled) = try await task.value
        #expect(cancelled)
        // The first read takes 64 KiB: 32768 records at most come before the cancellation is seen.
        #expect(received >= 10 && received <= 32768, "\(received)")
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func progressCountsAreExactAndGrow() async throws {
        let text = (0 ..< 500).map { $0 % 50 == 7 ? "{oops" : "\($0)" }.joined(separator: "\n")
        let log = ProgressBox()
        var records = 0
        let bytes = StreamedRecordTests.ChunkedBytes(bytes: Array(text.utf8), sizes: [100])
        for try await _ in APIDataDecoder().records(from: bytes, to: Int.self, progress: { log.reports.append($0) }) { records += 1 }
        let reports = log.reports
        #expect(records == 500)
        #expect(reports.last == APIRecordProgress(bytesRead: text.utf8.count, records: 500, errors: 10, isFinished: true))
        #expect(reports.filter(\.isFinished).count == 1)
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.bytesRead <= $1.bytesRead && $0.records <= $1.records && $0.errors <= $1.errors })
        #expect(reports.allSatisfy { $0.records <= 500 && $0.bytesRead <= text.utf8.count })
    }

    /// Three records as an array, as NDJSON and in an envelope.
    static let truncatedDocuments = [
        #"[{"a":1}, {"a":[2]},{"a":"3"}]"#,
        "{\"a\":1}\n{\"a\":[2]}\r\n{\"a\":\"3\"}\n",
        #"{"n": 1, "orders": [{"a":1}, {"a":[2]},{"a":"3"}], "next": "x"}"#,
    ]

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test(arguments: truncatedDocuments)
    func aStreamCutAtAnyByteKeepsTheRecordsBeforeTheCutAndEndsInOneError(_ document: String) async throws {
        let bytes = Array(document.utf8)
        let isNDJSON = document.hasSuffix("\n")
        let envelope = document.hasPrefix(#"{"n""#)
        // Where each record's `}` is: where the depth returns to the records' level (no braces in strings here).
        var depth = 0
        var recordEnds: [Int] = []
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { depth -= 1 }
            if byte == UInt8(ascii: "}") && depth == (isNDJSON ? 0 : envelope ? 2 : 1) { recordEnds.append(index) }
        }
        #expect(recordEnds.count == 3)
        for cut in 0 ... bytes.count {
            let prefix = Array(bytes[..<cut])
            for sizes in [[1], [4], [1 << 20]] {
                var values: [JSONValue?] = []
                var errors: [Int] = []
                let source = StreamedRecordTests.ChunkedBytes(bytes: prefix, sizes: sizes)
                let records = envelope ? APIDataDecoder().records(from: source, to: JSONValue.self, at: "orders", envelope: { _ in })
                                       : APIDataDecoder().records(from: source, to: JSONValue.self)
                for try await record in records {
                    values.append(record.result.value)
                    errors.append(record.result.errors.count)
                }
                let complete = recordEnds.filter { $0 < cut }.count
                let whole = cut == bytes.count || (isNDJSON && (cut == 0 || [UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "}")].contains(bytes[cut - 1])))
                    || (!isNDJSON && cut == 0)
                #expect(values.prefix(complete).allSatisfy { $0 != nil }, "cut at \(cut) in chunks of \(sizes)")
                #expect(values.count == complete + (whole ? 0 : 1), "cut at \(cut) in chunks of \(sizes): \(values)")
                #expect(errors == Array(repeating: 0, count: complete) + (whole ? [] : [1]), "cut at \(cut) in chunks of \(sizes)")
            }
        }
    }
}

private final class ProgressBox: @unchecked Sendable {
    var reports: [APIRecordProgress] = []
}

private final class EnvelopeBox: @unchecked Sendable {
    var value: JSONValue?
}
