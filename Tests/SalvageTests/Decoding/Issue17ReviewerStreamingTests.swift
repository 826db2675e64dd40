import Foundation
import Salvage
import Testing

// Black-box acceptance tests for issue #17 item 4 (streamed records), written from the issue and the guide
// only: a stream gives what the in-memory decodes give for the same bytes, from a file and from a sequence.

/// A record model with an id and a name, both required.
struct Reviewer17Item: APIDecodable, Equatable, Sendable {
    static var idKey: String? { "id" }
    let id: Int
    let name: String

    init(id: Int, name: String) {
        self.id = id
        self.name = name
    }

    init?(from decoder: APIDecoder) {
        guard let (id, name) = decoder.all(decoder["id"] --> Int.self, decoder["name"] --> String.self) else { return nil }
        self.init(id: id, name: name)
    }
}

/// Bytes handed out one at a time, optionally suspending every `yieldEvery` bytes and throwing at `failAt`.
struct Reviewer17Bytes: AsyncSequence, Sendable {
    typealias Element = UInt8
    struct ReadFailure: Error, Equatable {}
    let bytes: [UInt8]
    var yieldEvery = 0
    var failAt: Int?

    struct AsyncIterator: AsyncIteratorProtocol {
        let source: Reviewer17Bytes
        var position = 0

        mutating func next() async throws -> UInt8? {
            if position == source.failAt { throw ReadFailure() }
            guard position < source.bytes.count else { return nil }
            if source.yieldEvery > 0 && position % source.yieldEvery == 0 { await Task.yield() }
            defer { position += 1 }
            return source.bytes[position]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(source: self) }
}

/// One record as plain comparable data: index, line, value, and every error with its location.
struct Reviewer17Snapshot<T: Equatable>: Equatable, CustomStringConvertible {
    let index: Int
    let line: Int
    let value: T?
    let errors: [String]
    let unrecorded: Int

    init(_ record: APIDecodeRecord<T>) {
        index = record.index
        line = record.line
        value = record.result.value
        errors = record.result.errors.map { "\($0) @ \($0.location.map(String.init(describing:)) ?? "-") [\($0.code)]\(Self.value($0))" }
        unrecorded = record.result.unrecordedErrorCount
    }

    /// The error's offending value (` = …`), when it keeps one.
    static func value(_ error: APIDecodeError) -> String { error.value.map { " = \($0)" } ?? "" }

    var description: String { "#\(index) L\(line) \(value.map { "\($0)" } ?? "nil") \(errors) +\(unrecorded)" }
}

extension Reviewer17Snapshot: Sendable where T: Sendable {}

enum Reviewer17 {
    static func bytes(_ string: String) -> [UInt8] { Array(string.utf8) }

    /// Writes `bytes` to a new temporary file.
    static func file(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("reviewer17-\(UUID().uuidString).json")
        try Data(bytes).write(to: url)
        return url
    }

    static func collect<T: APIDecodable & Equatable>(_ stream: APIRecordStream<T>) async throws -> [Reviewer17Snapshot<T>] {
        var out: [Reviewer17Snapshot<T>] = []
        for try await record in stream { out.append(Reviewer17Snapshot(record)) }
        return out
    }

    /// The records of `bytes` streamed from a file.
    static func fromFile<T: APIDecodable & Equatable>(_ bytes: [UInt8], to type: T.Type, maximumRecordSize: Int = 64 << 20) async throws -> [Reviewer17Snapshot<T>] {
        let url = try file(bytes)
        defer { try? FileManager.default.removeItem(at: url) }
        return try await collect(APIDataDecoder().records(from: url, to: type, maximumRecordSize: maximumRecordSize))
    }

    /// The records of `bytes` streamed from an asynchronous sequence.
    static func fromSequence<T: APIDecodable & Equatable>(_ bytes: [UInt8], to type: T.Type, yieldEvery: Int = 0,
                                maximumRecordSize: Int = 64 << 20) async throws -> [Reviewer17Snapshot<T>] {
        try await collect(APIDataDecoder().records(from: Reviewer17Bytes(bytes: bytes, yieldEvery: yieldEvery), to: type,
                                                   maximumRecordSize: maximumRecordSize))
    }

    static func inMemory<T: APIDecodable & Equatable>(_ bytes: [UInt8], to type: T.Type) -> [Reviewer17Snapshot<T>] {
        APIDataDecoder().decodeRecords(data: Data(bytes), to: type).map { Reviewer17Snapshot($0) }
    }

    /// `root(Array<Item>) > [3](Item id=7) > …` as a streamed element says it: `root(Item id=7) > …`.
    static func elementPath(_ description: String) -> String {
        description.replacingOccurrences(of: #"^root\(Array<[A-Za-z0-9]+>\) > \[\d+\]\("#, with: "root(", options: .regularExpression)
    }
}

@Suite struct Issue17ReviewerStreamingTests {
    static let ndjson: [(String, String)] = [
        ("two records", "{\"id\":1,\"name\":\"a\"}\n{\"id\":2,\"name\":\"b\"}\n"),
        ("field errors", "{\"id\":\"x\",\"name\":\"a\"}\n{\"id\":2}\n{\"id\":3,\"name\":\"c\"}"),
        ("crlf and blank lines", "{\"id\":1,\"name\":\"a\"}\r\n\r\n   \r\n{\"id\":2,\"name\":\"b\"}\r\n"),
        ("lone cr", "{\"id\":1,\"name\":\"a\"}\r{\"id\":\"2\",\"name\":\"b\"}\r{\"id\":3,\"name\":7}\r"),
        ("bom at start and on a later line", "\u{FEFF}{\"id\":1,\"name\":\"a\"}\n\u{FEFF}{\"id\":2,\"name\":\"b\"}\n"),
        ("truncated last line", "{\"id\":1,\"name\":\"a\"}\n{\"id\":2,\"na"),
        ("trailing garbage", "{\"id\":1,\"name\":\"a\"}\nxyz\n{\"id\":2,\"name\":\"b\"}\n]]]"),
        ("guide table 1", "{\"n\":1\n{\"n\":2}\n{\"n\":3}\n"),
        // A stream whose first byte is `[` is an array stream, so the guide's second row follows a record here.
        ("guide table 2", "{\"id\":1,\"name\":\"a\"}\n[1, 2,\n[3]\n[4]\n"),
        ("guide table 4", "{\n\"n\": 2,\n\"m\": oops,\n\"k\": 3\n}\n{\"n\":4}\n"),
        ("guide table 5", "{\"id\":1,\"name\":\"a\"},\n{\"id\":2,\"name\":\"b\"},\n"),
        ("several on a line", "{\"id\":1,\"name\":\"a\"}{\"id\":2,\"name\":\"b\"} {\"id\":3,\"name\":\"é\"}"),
        ("pretty printed", "{\n  \"id\": 1,\n  \"name\": \"a\"\n}\n{\n  \"id\": 2,\n  \"name\": 2\n}\n"),
        ("multibyte before an error", "{\"id\":1,\"name\":\"ééé😀\",\"x\":} \n{\"id\":2,\"name\":\"b\"}"),
        ("empty", ""),
        ("whitespace only", " \n\r\n\t  \n"),
        ("top-level scalars", "1\n\"s\"\nnull\ntrue\n"),
    ]

    @Test(arguments: ndjson.map(\.0))
    func ndjsonStreamsAsDecodeRecords(_ name: String) async throws {
        let bytes = Reviewer17.bytes(try #require(Self.ndjson.first { $0.0 == name }).1)
        let expected = Reviewer17.inMemory(bytes, to: Reviewer17Item.self)
        #expect(try await Reviewer17.fromFile(bytes, to: Reviewer17Item.self) == expected)
        #expect(try await Reviewer17.fromSequence(bytes, to: Reviewer17Item.self) == expected)
        #expect(try await Reviewer17.fromSequence(bytes, to: Reviewer17Item.self, yieldEvery: 3) == expected)
    }

    @Test func invalidUTF8CostsOnlyItsRecord() async throws {
        var bytes = Reviewer17.bytes("{\"id\":1,\"name\":\"a")
        bytes += [0xFF, 0xC3]
        bytes += Reviewer17.bytes("\"}\n{\"id\":2,\"name\":\"b\"}\n")
        let expected = Reviewer17.inMemory(bytes, to: Reviewer17Item.self)
        #expect(expected.count == 2)
        #expect(expected.first?.value == nil && expected.first?.errors.count == 1)
        #expect(expected.last?.value == Reviewer17Item(id: 2, name: "b"))
        #expect(try await Reviewer17.fromFile(bytes, to: Reviewer17Item.self) == expected)
        #expect(try await Reviewer17.fromSequence(bytes, to: Reviewer17Item.self) == expected)
    }

    @Test func aFieldErrorSaysWhereItIsInTheWholeStream() async throws {
        let bytes = Reviewer17.bytes("{\"id\":1,\"name\":\"a\"}\n\n{\"id\":2,\"name\":false}\n")
        let records = try await Reviewer17.fromFile(bytes, to: Reviewer17Item.self)
        #expect(records.map(\.index) == [0, 1])
        #expect(records.map(\.line) == [1, 3])
        #expect(records.map(\.value) == [Reviewer17Item(id: 1, name: "a"), nil])
        #expect(records.last?.errors == [
            #"root(Reviewer17Item id=2) > "name"(String) : Unexpectedly found a boolean @ line 3, column 16 (byte 36) [type_mismatch] = false"#,
        ])
    }

    // MARK: Top-level arrays

    static let arrays: [(String, String)] = [
        ("clean", "[{\"id\":1,\"name\":\"a\"},{\"id\":2,\"name\":\"b\"}]"),
        ("field errors", "[\n  {\"id\":1,\"name\":\"a\"},\n  {\"id\":\"x\",\"name\":\"b\"},\n  {\"id\":3,\"name\":[]},\n  7\n]\n"),
        ("crlf and bom", "\u{FEFF}  [\r\n{\"id\":1,\"name\":\"é\"},\r\n{\"id\":2,\"name\":null}\r\n]\r\n"),
        ("empty", "[]"),
        ("empty with spaces", " [ \n ] \n"),
    ]

    @Test(arguments: arrays.map(\.0))
    func aValidArrayStreamsAsTheInMemoryArray(_ name: String) async throws {
        let bytes = Reviewer17.bytes(try #require(Self.arrays.first { $0.0 == name }).1)
        let whole = APIDataDecoder().decode(data: Data(bytes), to: [Reviewer17Item].self)
        let expectedErrors = whole.errors.map {
            "\(Reviewer17.elementPath($0.description)) @ \($0.location.map(String.init(describing:)) ?? "-") [\($0.code)]\(Reviewer17Snapshot<Reviewer17Item>.value($0))"
        }
        for records in [try await Reviewer17.fromFile(bytes, to: Reviewer17Item.self),
                        try await Reviewer17.fromSequence(bytes, to: Reviewer17Item.self, yieldEvery: 5)] {
            #expect(records.compactMap(\.value) == whole.value)
            #expect(records.map(\.index) == Array(records.indices))
            #expect(records.flatMap(\.errors) == expectedErrors)
        }
    }

    static let endings: [(String, String, [Int], Int)] = [
        // name, input, values, errors
        ("missing bracket", "[1,2,\n3", [1, 2, 3], 1),
        ("missing bracket after a broken element", "[1,2,\n{\"a\":", [1, 2], 1),
        ("two arrays", "[1,2]\n[3]", [1, 2, 3], 0),
        ("two arrays on one line", "[1][2,3][]", [1, 2, 3], 0),
        // `cat a.json b.json`: a byte order mark starting a later file is ignored, as between records.
        ("array files concatenated, each with a byte order mark", "\u{FEFF}[1,2]\n\u{FEFF}[3]\r\n\u{FEFF}\n[4]", [1, 2, 3, 4], 0),
        ("garbage after the array ends the stream", "[1,2] x\n[3]\n", [1, 2], 1),
        ("an object after the array", "[1]\n{\"a\":1}\n", [1], 1),
    ]

    @Test(arguments: endings.map(\.0))
    func theEndOfAnArray(_ name: String) async throws {
        let (_, input, values, errors) = try #require(Self.endings.first { $0.0 == name })
        let bytes = Reviewer17.bytes(input)
        for records in [try await Reviewer17.fromFile(bytes, to: Int.self), try await Reviewer17.fromSequence(bytes, to: Int.self)] {
            #expect(records.compactMap(\.value) == values, "\(records)")
            #expect(records.flatMap(\.errors).count == errors, "\(records)")
            #expect(records.map(\.index) == Array(records.indices), "\(records)")
        }
    }

    // MARK: Reading

    @Test(arguments: [0, 19, 20, 35, 40, 50])
    func aSequenceThatFailsGivesTheRecordsBeforeItFirst(_ failAt: Int) async throws {
        // Lines end after bytes 19 and 39: a failure at or after a line's end comes after that line's record.
        let bytes = Reviewer17.bytes("{\"id\":1,\"name\":\"a\"}\n{\"id\":2,\"name\":\"b\"}\n{\"id\":3,\"name\":\"c\"}\n")
        let stream = APIDataDecoder().records(from: Reviewer17Bytes(bytes: bytes, failAt: failAt), to: Reviewer17Item.self)
        var ids: [Int] = []
        var iterator = stream.makeAsyncIterator()
        await #expect(throws: Reviewer17Bytes.ReadFailure.self) {
            while let record = try await iterator.next() { ids.append(record.result.value?.id ?? -1) }
        }
        let complete = failAt >= 40 ? [1, 2] : failAt >= 20 ? [1] : []
        #expect(ids.starts(with: complete), "\(ids)")
        #expect(!ids.contains(-1), "a record cut by the failure is not an error record: \(ids)")
        #expect(ids.count <= complete.count + 1)
    }
}
