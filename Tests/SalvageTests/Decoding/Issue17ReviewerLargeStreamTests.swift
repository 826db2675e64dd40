import Foundation
import Salvage
import Testing

// Black-box tests of streamed records past chunk boundaries (64 KiB from a sequence, 1 MiB from a file),
// record size limits, deep nesting, and the progress hook (issue #17 item 4).

/// Runs the jobs of the tasks that prefer it on one thread with a chosen stack size, so that a stream's
/// `next()` (nonisolated) runs there: a thread of 512 KiB, as secondary threads on Apple platforms have.
final class Reviewer17ThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopped = false
    private(set) var thread: Thread?

    init(stackSize: Int) {
        let thread = Thread { [unowned self] in self.run() }
        thread.stackSize = stackSize
        self.thread = thread
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Ends the thread once its queue is empty.
    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped { condition.wait() }
            guard !jobs.isEmpty else {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// Whether each progress report came from the executor's thread.
final class Reviewer17ThreadLog: @unchecked Sendable {
    var onThread: [Bool] = []
}

@Suite struct Issue17ReviewerLargeStreamTests {
    /// A record line: clean, a field error, a broken line, multibyte names, CRLF — chosen by `n`.
    static func line(_ n: Int) -> String {
        let pad = String(repeating: n % 3 == 0 ? "é" : "x", count: (n * 7919) % 300)
        switch n % 11 {
        case 3: return "{\"id\":\(n),\"name\":\(n)}\r\n"
        case 5: return "{\"id\":\(n),\"name\":\"\(pad)\",\"broken\":}\n"
        case 7: return "{\"id\":\"\(n)\",\"name\":\"😀\(pad)\"}\n\n"
        default: return "{\"id\":\(n),\"name\":\"\(pad)\"}\n"
        }
    }

    static func ndjson(over size: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var n = 0
        while bytes.count < size {
            bytes += line(n).utf8
            n += 1
        }
        return bytes
    }

    @Test(arguments: [70_000, 1_200_000])
    func aLargeNDJSONStreamIsDecodeRecords(_ size: Int) async throws {
        let bytes = Self.ndjson(over: size)
        let expected = Reviewer17.inMemory(bytes, to: Reviewer17Item.self)
        #expect(expected.contains { !$0.errors.isEmpty })
        #expect(try await Reviewer17.fromFile(bytes, to: Reviewer17Item.self) == expected)
        #expect(try await Reviewer17.fromSequence(bytes, to: Reviewer17Item.self) == expected)
    }

    @Test func aLongLineOfRecordsKeepsItsColumns() async throws {
        // One line of 1.2 MB holding many records, multibyte characters and errors: columns count scalars from
        // the start of the line, which the window dropped long before.
        var text = ""
        var n = 0
        while text.utf8.count < 1_200_000 {
            text += n % 97 == 0 ? "{\"id\":\(n),\"name\":false}" : "{\"id\":\(n),\"name\":\"é😀\(n)\"} "
            n += 1
        }
        let bytes = Reviewer17.bytes(text + "\n{\"id\":\"last\",\"name\":\"z\"}")
        let expected = Reviewer17.inMemory(bytes, to: Reviewer17Item.self)
        #expect(try await Reviewer17.fromFile(bytes, to: Reviewer17Item.self) == expected)
        #expect(try await Reviewer17.fromSequence(bytes, to: Reviewer17Item.self) == expected)
    }

    @Test func aMinifiedArrayOnOneLineKeepsItsColumns() async throws {
        let elements = (0..<32_000).map { n in
            n % 101 == 0 ? "{\"id\":\(n),\"name\":[\(n)]}" : "{\"id\":\(n),\"name\":\"é😀 \(n)\"}"
        }
        let bytes = Reviewer17.bytes("[" + elements.joined(separator: ",") + "]")
        #expect(bytes.count > 1 << 20)
        let whole = APIDataDecoder().decode(data: Data(bytes), to: [Reviewer17Item].self)
        let expectedErrors = whole.errors.map { "\(Reviewer17.elementPath($0.description)) @ \($0.location.map(String.init(describing:)) ?? "-") [\($0.code)]\(Reviewer17Snapshot<Reviewer17Item>.value($0))" }
        #expect(expectedErrors.count == 317)
        for records in [try await Reviewer17.fromFile(bytes, to: Reviewer17Item.self),
                        try await Reviewer17.fromSequence(bytes, to: Reviewer17Item.self)] {
            #expect(records.count == 32_000)
            #expect(records.compactMap(\.value) == whole.value)
            #expect(records.flatMap(\.errors) == expectedErrors)
            #expect(records.map(\.index) == Array(0..<32_000))
            #expect(records.allSatisfy { $0.line == 1 })
        }
    }

    /// What follows a filler line, so that a chunk boundary falls at each of its bytes in turn.
    static let tail = "{\"id\":1,\"name\":\"é😀\"}\r\n{\"id\":\"x\",\"name\":\"b\"}\r\n\u{FEFF}{\"id\":3,\"name\":\"c\"}\r{\"id\":4,\"name\":tru}\n{\"id\":5,\"name\":\"e\"}"

    @Test func aSequenceChunkBoundaryAnywhereInNDJSON() async throws {
        let tail = Array(Self.tail.utf8)
        for cut in 0...tail.count {
            // Filler line `{"id":0,"name":"xxx…"}\n` ends `cut` bytes before 64 KiB.
            let fillerLength = (64 << 10) - cut
            let filler = Reviewer17.bytes("{\"id\":0,\"name\":\"" + String(repeating: "x", count: fillerLength - 19) + "\"}\n")
            #expect(filler.count == fillerLength)
            let bytes = filler + tail
            let expected = Reviewer17.inMemory(bytes, to: Reviewer17Item.self)
            let streamed = try await Reviewer17.fromSequence(bytes, to: Reviewer17Item.self)
            #expect(streamed == expected, "boundary \(cut) bytes into the tail")
        }
    }

    /// Top-level scalars one after another: a boundary inside `12345` or `true` must not split the value.
    static let scalarTail = "12345 678\r\ntrue false\nnull\n\"ab\\\"c\" -1.5e+10 {\"k\":[1,2]}\n0"

    @Test func aSequenceChunkBoundaryInsideTopLevelScalars() async throws {
        let tail = Array(Self.scalarTail.utf8)
        for cut in 0...tail.count {
            let filler = Reviewer17.bytes("\"" + String(repeating: "x", count: (64 << 10) - cut - 3) + "\"\n")
            let bytes = filler + tail
            let expected = Reviewer17.inMemory(bytes, to: JSONValue.self)
            #expect(expected.count == 10)
            #expect(try await Reviewer17.fromSequence(bytes, to: JSONValue.self) == expected, "boundary \(cut) bytes into the tail")
            let array = Reviewer17.bytes("[\"" + String(repeating: "x", count: (64 << 10) - cut - 4) + "\",")
                + Reviewer17.bytes(Self.scalarTail.replacingOccurrences(of: " ", with: ",").replacingOccurrences(of: "\n", with: ",")) + [UInt8(ascii: "]")]
            let whole = APIDataDecoder().decode(bytes: array, to: [JSONValue].self)
            let streamed = try await Reviewer17.fromSequence(array, to: JSONValue.self)
            #expect(streamed.compactMap(\.value) == whole.value, "boundary \(cut) bytes into the array's tail")
            #expect(streamed.count == 10 && streamed.allSatisfy(\.errors.isEmpty))
        }
    }

    static let arrayTail = "{\"id\":1,\"name\":\"é😀\"},\r\n{\"id\":\"x\",\"name\":\"b\"} , {\"id\":3,\"name\":tru},\r{\"id\":4,\"name\":\"d\"}]\r\n[{\"id\":5,\"name\":\"e\"}]"

    @Test func aSequenceChunkBoundaryAnywhereInAnArray() async throws {
        let tail = Array(Self.arrayTail.utf8)
        var reference: [Reviewer17Snapshot<Reviewer17Item>]?
        for cut in 0...tail.count {
            let fillerLength = (64 << 10) - cut
            let filler = Reviewer17.bytes("[{\"id\":0,\"name\":\"" + String(repeating: "x", count: fillerLength - 20) + "\"},")
            #expect(filler.count == fillerLength)
            let bytes = filler + tail
            // The file is read in one chunk of 1 MiB: no boundary at all.
            let whole = try await Reviewer17.fromFile(bytes, to: Reviewer17Item.self)
            let streamed = try await Reviewer17.fromSequence(bytes, to: Reviewer17Item.self)
            #expect(streamed == whole, "boundary \(cut) bytes into the tail")
            // Shifting the filler shifts byte offsets; everything else stays.
            let shape = whole.map { "\($0.index) \($0.line) \(String(describing: $0.value?.id)) \($0.errors.count)" }
            if let reference { #expect(shape == reference.map { "\($0.index) \($0.line) \(String(describing: $0.value?.id)) \($0.errors.count)" }) }
            reference = whole
        }
        #expect(reference?.compactMap(\.value).map(\.id) == [0, 1, 4, 5])
    }

    @Test func aFileChunkBoundaryInsideACRLFAndAMultibyteCharacter() async throws {
        for cut in [1, 2, 5, 6, 7, 9] {
            // `…"é😀"}\r\n`: the 1 MiB boundary falls inside the emoji, between `\r` and `\n`, and so on.
            let head = "{\"id\":1,\"name\":\"é😀\"}\r\n"
            let fillerLength = (1 << 20) - (head.utf8.count - cut)
            let filler = Reviewer17.bytes("{\"id\":0,\"name\":\"" + String(repeating: "x", count: fillerLength - 19) + "\"}\n")
            let bytes = filler + Reviewer17.bytes(head + "{\"id\":\"2\",\"name\":\"b\"}\r\n{\"id\":3,\"name\":\"c\"}")
            let expected = Reviewer17.inMemory(bytes, to: Reviewer17Item.self)
            #expect(expected.map(\.line) == [1, 2, 3, 4])
            #expect(try await Reviewer17.fromFile(bytes, to: Reviewer17Item.self) == expected, "cut \(cut)")
        }
    }

    // MARK: Limits

    @Test func aRecordOfExactlyTheLimitDecodes() async throws {
        let record = "{\"id\":2,\"name\":\"" + String(repeating: "y", count: 100) + "\"}"
        let bytes = Reviewer17.bytes("{\"id\":1,\"name\":\"a\"}\n" + record + "\n")
        let size = record.utf8.count
        let atLimit = try await Reviewer17.fromSequence(bytes, to: Reviewer17Item.self, maximumRecordSize: size)
        #expect(atLimit.map(\.value?.id) == [1, 2], "\(atLimit)")
        let underLimit = try await Reviewer17.fromSequence(bytes, to: Reviewer17Item.self, maximumRecordSize: size - 1)
        #expect(underLimit.map(\.value?.id) == [1, nil], "\(underLimit)")
    }

    static let deep: [(String, String)] = [
        ("ndjson", "{\"id\":0,\"name\":\"z\"}\n" + String(repeating: "[", count: 100_000) + "\n{\"id\":1,\"name\":\"a\"}\n"),
        ("ndjson closed", "{\"id\":0,\"name\":\"z\"}\n" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n{\"id\":1,\"name\":\"a\"}\n"),
        ("array element", "[{\"id\":0,\"name\":\"z\"}," + String(repeating: "[", count: 100_000) + "\n,{\"id\":1,\"name\":\"a\"}]"),
        ("object element", "[" + String(repeating: "{\"a\":", count: 50_000) + "1" + String(repeating: "}", count: 50_000)
            + ",\n{\"id\":1,\"name\":\"a\"}]"),
    ]

    @Test(arguments: deep.map(\.0))
    func deepNestingIsARecordedError(_ name: String) async throws {
        let bytes = Reviewer17.bytes(try #require(Self.deep.first { $0.0 == name }).1)
        for records in [try await Reviewer17.fromFile(bytes, to: Reviewer17Item.self),
                        try await Reviewer17.fromSequence(bytes, to: Reviewer17Item.self)] {
            #expect(records.last?.value == Reviewer17Item(id: 1, name: "a"), "\(records.map(\.errors))")
            #expect(records.contains { $0.value == nil && $0.errors.count == 1 })
        }
    }

    @Test func deepNestingOnASmallStackIsARecordedError() async throws {
        // 100,000 `[` in one record, then records 500 levels deep (valid), iterated on a 512 KiB thread.
        let deepValid = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        let input = "{\"id\":0}\n" + String(repeating: "[", count: 100_000) + "\n{\"id\":1}\n" + deepValid + "\n"
            + "[" + deepValid + "]\n"
        let executor = Reviewer17ThreadExecutor(stackSize: 512 << 10)
        defer { executor.stop() }
        let log = Reviewer17ThreadLog()
        let stream = APIDataDecoder().records(from: Reviewer17Bytes(bytes: Reviewer17.bytes(input)), to: JSONValue.self) { _ in
            log.onThread.append(Thread.current === executor.thread)
        }
        let task = Task(executorPreference: executor) { () async throws -> [Reviewer17Snapshot<JSONValue>] in
            var records: [Reviewer17Snapshot<JSONValue>] = []
            for try await record in stream { records.append(Reviewer17Snapshot(record)) }
            return records
        }
        let records = try await task.value
        #expect(!log.onThread.isEmpty && log.onThread.allSatisfy { $0 })
        #expect(records == Reviewer17.inMemory(Reviewer17.bytes(input), to: JSONValue.self))
        #expect(records.map { $0.value == nil } == [false, true, false, false, false])
        #expect(records[1].errors.first?.contains("Nesting is deeper than maximumDepth (512 levels) @ line 2, column 513 (byte 521)") == true,
                "\(records[1])")
    }

    // MARK: Progress

    @Test(arguments: [100, 1_500_000])
    func progressCountsWhatWasRead(_ size: Int) async throws {
        let bytes = Self.ndjson(over: size)
        let url = try Reviewer17.file(bytes)
        defer { try? FileManager.default.removeItem(at: url) }
        final class Log { var reports: [APIRecordProgress] = [] }
        for source in ["file", "sequence"] {
            let log = Log()
            let stream = source == "file"
                ? APIDataDecoder().records(from: url, to: Reviewer17Item.self) { log.reports.append($0) }
                : APIDataDecoder().records(from: Reviewer17Bytes(bytes: bytes), to: Reviewer17Item.self) { log.reports.append($0) }
            var records = 0
            var errors = 0
            for try await record in stream {
                records += 1
                errors += record.result.errors.count + record.result.unrecordedErrorCount
            }
            let reports = log.reports
            #expect(reports.last == APIRecordProgress(bytesRead: bytes.count, records: records, errors: errors, isFinished: true), "\(source)")
            #expect(reports.filter(\.isFinished).count == 1, "\(source)")
            #expect(zip(reports, reports.dropFirst()).allSatisfy {
                $0.bytesRead <= $1.bytesRead && $0.records <= $1.records && $0.errors <= $1.errors
            }, "\(source)")
            if size > 1 << 20 { #expect(reports.count > 2, "\(source)") }
        }
    }
}
