import Foundation
import Salvage
import SalvageBenchmarkKit
import CAllocationCounter

/// The benchmark's memory section (#17's targets: models ≤ 3× the input, `JSONValue` ≤ 6×, an error ≤ 200 bytes
/// on average when many share a path). Peaks come from the kernel's high-water mark of resident memory; the
/// bytes an error keeps come from the allocator's count of bytes in use.
struct PeakMemoryReport {
    /// One peak: decoding `inputBytes` of generated persons to `target`.
    struct Peak {
        let target: String
        let inputBytes: Int
        let peakBytes: Int
        let kept: Int
        var ratio: Double { Double(peakBytes) / Double(inputBytes) }
    }

    let peaks: [Peak]
    /// Heap bytes held per recorded error (nil where the allocator cannot tell).
    let bytesPerError: Double?
    let errors: Int

    /// Generates about `megabytes` MB of flaky persons and measures the peaks of decoding them to models and to
    /// `JSONValue`, then the heap bytes held by the errors of a document whose every person has a bad height.
    static func measure(megabytes: Int, errorCount: Int) -> PeakMemoryReport? {
        let count = megabytes * 1_000_000 / 175
        var peaks: [Peak] = []
        for target in ["models", "JSONValue"] {
            guard let baseline = residentBytes() else { return nil }
            let data = Data(FlakyPeopleGenerator.document(count: count, flaky: true))
            resetPeak()
            let kept: Int
            if target == "models" {
                kept = APIDataDecoder().decode(data: data, to: FlakyPeople.self).value?.count ?? 0
            } else {
                if case .array(let people)? = APIDataDecoder().decode(data: data, to: JSONValue.self).value?["people"] { kept = people.count } else { kept = 0 }
            }
            guard let peak = peakResidentBytes() else { return nil }
            peaks.append(Peak(target: target, inputBytes: data.count, peakBytes: peak - baseline, kept: kept))
        }
        return PeakMemoryReport(peaks: peaks, bytesPerError: bytesPerError(count: errorCount), errors: errorCount)
    }

    /// Heap bytes in use after decoding `count` persons that each have one bad height, keeping only the
    /// errors, minus the bytes in use before: what `count` recorded errors cost, divided by `count`.
    private static func bytesPerError(count: Int) -> Double? {
        let data = Data(FlakyPeopleGenerator.document(count: count, flaky: true, everyHeightBad: true))
        guard let before = heapBytesInUse() else { return nil }
        let errors = APIDataDecoder().decode(data: data, to: FlakyPeople.self).errors
        guard let after = heapBytesInUse() else { return nil }
        precondition(errors.count == count, "expected \(count) errors, got \(errors.count)")
        return withExtendedLifetime(errors) { Double(after - before) / Double(count) }
    }

    private static func heapBytesInUse() -> Int? {
        let bytes = salvage_heap_bytes_in_use()
        return bytes >= 0 ? bytes : nil
    }

    private static func status(_ field: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field) {
            let digits = line.split(separator: " ").compactMap { Int($0) }
            if let kilobytes = digits.first { return kilobytes * 1024 }
        }
        return nil
    }

    static func residentBytes() -> Int? { status("VmRSS:") }
    static func peakResidentBytes() -> Int? { status("VmHWM:") }

    /// Resets the high-water mark to the current resident size (Linux: write 5 to clear_refs).
    static func resetPeak() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }
}
