import Foundation
import Salvage
import SalvageBenchmarkKit

/// `--stream`: a generated top-level array of flaky persons decoded from a file by `records(from:to:)`,
/// against the in-memory `decode(data:to: [FlakyPerson].self)` of a smaller array of the same persons.
/// Reports throughput (input MB per second of wall-clock) and the peak resident memory above the level
/// before each decode (the in-memory input included). Every row's clock includes freeing the models it
/// decoded (the stream frees each record's in its loop; the in-memory rows free their arrays before the
/// clock stops). The file is written to a temporary folder and deleted.
@available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
struct StreamMeasurement {
    struct Row {
        let name: String
        let bytes: Int
        let seconds: Double
        /// CPU seconds of the process (all threads) during the decode: steadier than wall-clock on a shared machine.
        let cpuSeconds: Double
        let peakBytes: Int
        let records: Int
        let errors: Int
        var megabytesPerSecond: Double { Double(bytes) / 1e6 / seconds }
        var megabytesPerCPUSecond: Double { Double(bytes) / 1e6 / cpuSeconds }
    }

    /// 10,000 persons of the flaky suite as array elements, without the brackets (about 1.7 MB).
    static let block: [UInt8] = {
        let document = FlakyPeopleGenerator.document(count: 10_000, flaky: true)
        let prefix = Array("{\"people\": [\n".utf8).count
        let suffix = Array("\n]}\n".utf8).count
        return Array(document[prefix ..< document.count - suffix])
    }()

    /// A top-level array of whole blocks, about `megabytes` MiB, handed to `write` piece by piece.
    static func generate(megabytes: Int, _ write: ([UInt8]) -> Void) {
        let blocks = Swift.max(1, megabytes * 1_048_576 / block.count)
        write(Array("[\n".utf8))
        for index in 0 ..< blocks {
            if index > 0 { write(Array(",\n".utf8)) }
            write(block)
        }
        write(Array("\n]\n".utf8))
    }

    /// The process's whole peak resident memory during the streamed decode (baseline included).
    nonisolated(unsafe) static var streamedProcessPeak = 0

    static func run(streamMegabytes: Int, inMemoryMegabytes: Int) -> [Row] {
        var rows: [Row] = []
        // Streamed first, while the process is small: memory freed by an earlier decode would stay resident
        // (malloc keeps it) and hide the stream's own use.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("salvage-stream-\(ProcessInfo.processInfo.processIdentifier).json")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: url) }
        guard let handle = try? FileHandle(forWritingTo: url) else { return [] }
        generate(megabytes: streamMegabytes) { handle.write(Data($0)) }
        try? handle.close()
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        let baseline = PeakMemoryReport.residentBytes() ?? 0
        PeakMemoryReport.resetPeak()
        let start = Date()
        let cpuStart = cpuTime()
        let counts = blockingStream(url)
        let cpuSeconds = cpuTime() - cpuStart
        let seconds = Date().timeIntervalSince(start)
        let processPeak = PeakMemoryReport.peakResidentBytes() ?? 0
        let peak = processPeak - baseline
        streamedProcessPeak = processPeak
        rows.append(Row(name: "streamed, records(from: URL)", bytes: size, seconds: seconds, cpuSeconds: cpuSeconds, peakBytes: peak, records: counts.values, errors: counts.errors))
        do {
            var bytes: [UInt8] = []
            generate(megabytes: inMemoryMegabytes) { bytes += $0 }
            let data = Data(bytes)
            bytes = []
            let baseline = PeakMemoryReport.residentBytes() ?? 0
            PeakMemoryReport.resetPeak()
            let start = Date()
            let cpuStart = cpuTime()
            // The models are freed inside the timed region, as the streamed loop frees each record's.
            let counts = decodeAndRelease { () -> (values: Int, errors: Int) in
                let result = APIDataDecoder().decode(data: data, to: [FlakyPerson].self)
                return (result.value?.count ?? 0, result.errors.count)
            }
            let cpuSeconds = cpuTime() - cpuStart
            let seconds = Date().timeIntervalSince(start)
            let peak = (PeakMemoryReport.peakResidentBytes() ?? 0) - baseline + data.count
            rows.append(Row(name: "in memory, decode(data:)", bytes: data.count, seconds: seconds, cpuSeconds: cpuSeconds, peakBytes: peak,
                            records: counts.values, errors: counts.errors))
        }
        // The same persons as NDJSON through the in-memory decodeRecords: the cost of a result per record,
        // which the streamed path shares, apart from reading.
        do {
            var bytes: [UInt8] = []
            generate(megabytes: inMemoryMegabytes) { bytes += $0 }
            var lines = Array(String(decoding: bytes.dropFirst(2).dropLast(3), as: UTF8.self).replacingOccurrences(of: "},\n", with: "}\n").utf8)
            bytes = []
            let data = Data(lines)
            lines = []
            let baseline = PeakMemoryReport.residentBytes() ?? 0
            PeakMemoryReport.resetPeak()
            let start = Date()
            let cpuStart = cpuTime()
            let counts = decodeAndRelease { () -> (values: Int, errors: Int) in
                let records = APIDataDecoder().decodeRecords(data: data, to: FlakyPerson.self)
                return (records.filter { $0.result.value != nil }.count, records.reduce(0) { $0 + $1.result.errors.count })
            }
            let cpuSeconds = cpuTime() - cpuStart
            let seconds = Date().timeIntervalSince(start)
            let peak = (PeakMemoryReport.peakResidentBytes() ?? 0) - baseline + data.count
            rows.append(Row(name: "in memory, decodeRecords(data:)", bytes: data.count, seconds: seconds, cpuSeconds: cpuSeconds, peakBytes: peak,
                            records: counts.values, errors: counts.errors))
        }
        return rows
    }

    /// Runs `decode`, whose result (the decoded models) is freed before this returns, so a timed region
    /// around it includes the models' destruction: the streamed row's loop destroys each record's model
    /// while its clock runs, and the comparison must do the same work on both sides.
    @inline(never)
    static func decodeAndRelease(_ decode: () -> (values: Int, errors: Int)) -> (values: Int, errors: Int) {
        decode()
    }

    /// Iterates the file's records on a task and waits for it (the benchmark's top level is synchronous).
    static func blockingStream(_ url: URL) -> (values: Int, errors: Int) {
        final class Box: @unchecked Sendable { var values = 0, errors = 0 }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                for try await record in APIDataDecoder().records(from: url, to: FlakyPerson.self) {
                    if record.result.value != nil { box.values += 1 }
                    box.errors += record.result.errors.count
                }
            } catch {
                FileHandle.standardError.write(Data("salvage-benchmark: reading \(url.path) failed: \(error)\n".utf8))
            }
            done.signal()
        }
        done.wait()
        return (box.values, box.errors)
    }

    /// The CPU time of the process so far, in seconds (user and system, all threads).
    static func cpuTime() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    static func print(_ rows: [Row]) {
        for row in rows {
            Swift.print(row.name.padding(toLength: 33, withPad: " ", startingAt: 0)
                + String(format: "%8.1f MB  %7.2f s  %7.1f MB/s  CPU %7.2f s  %7.1f MB/CPU-s  peak %7.1f MB  %d persons  %d errors",
                         Double(row.bytes) / 1e6, row.seconds, row.megabytesPerSecond, row.cpuSeconds, row.megabytesPerCPUSecond,
                         Double(row.peakBytes) / 1e6, row.records, row.errors))
        }
        guard rows.count == 3 else { return }
        Swift.print(String(format: "streamed: peak resident memory of the whole process %.1f MB", Double(streamedProcessPeak) / 1e6))
        for index in 1 ..< 3 {
            Swift.print(String(format: "streamed / %@ throughput: %.2f wall-clock, %.2f CPU", rows[index].name,
                               rows[0].megabytesPerSecond / rows[index].megabytesPerSecond, rows[0].megabytesPerCPUSecond / rows[index].megabytesPerCPUSecond))
        }
    }
}
