import Foundation
import Salvage
import SalvageBenchmarkKit

/// Peak memory decoding a large generated array, from the kernel's high-water mark of resident memory.
struct PeakMemoryReport {
    let inputBytes: Int
    let peakBytes: Int
    let persons: Int
    var ratio: Double { Double(peakBytes) / Double(inputBytes) }

    /// Generates about `megabytes` MB of flaky persons, then decodes them with Salvage. The peak counts
    /// everything resident above what the process used before the input existed, input included.
    static func measure(megabytes: Int) -> PeakMemoryReport? {
        let count = megabytes * 1_000_000 / 175
        guard let baseline = residentBytes() else { return nil }
        let data = Data(FlakyPeopleGenerator.document(count: count, flaky: true))
        resetPeak()
        let result = APIDataDecoder().decode(data: data, to: FlakyPeople.self)
        guard let peak = peakResidentBytes() else { return nil }
        return PeakMemoryReport(inputBytes: data.count, peakBytes: peak - baseline, persons: result.value?.count ?? 0)
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
