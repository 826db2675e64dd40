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

    /// Measures the peaks of decoding about `megabytes` MB of flaky persons, then of small records, to models
    /// and to `JSONValue`, and the heap bytes held by `errorCount` errors (one bad height per person).
    static func measure(megabytes: Int, errorCount: Int) -> PeakMemoryReport? {
        var peaks: [Peak] = []
        let persons = { Data(FlakyPeopleGenerator.document(count: megabytes * 1_000_000 / 175, flaky: true)) }
        let records = { Data(smallRecords(count: megabytes * 1_000_000 / 52)) }
        for (shape, makeInput) in [("flaky persons", persons), ("small records", records)] {
            for target in ["models", "JSONValue"] {
                guard let baseline = residentBytes() else { return nil }
                let data = makeInput()
                resetPeak()
                let kept = decode(data, shape: shape, toModels: target == "models")
                guard let peak = peakResidentBytes() else { return nil }
                peaks.append(Peak(target: "\(shape) to \(target)", inputBytes: data.count, peakBytes: peak - baseline, kept: kept))
            }
        }
        return PeakMemoryReport(peaks: peaks, bytesPerError: bytesPerError(count: errorCount), errors: errorCount)
    }

    /// Decodes `data` and returns how many records were kept.
    private static func decode(_ data: Data, shape: String, toModels: Bool) -> Int {
        guard toModels else {
            let value = APIDataDecoder().decode(data: data, to: JSONValue.self).value
            if case .array(let records)? = value { return records.count }
            if case .array(let people)? = value?["people"] { return people.count }
            return 0
        }
        if shape == "flaky persons" { return APIDataDecoder().decode(data: data, to: FlakyPeople.self).value?.count ?? 0 }
        return APIDataDecoder().decode(data: data, to: [SmallRecord].self).value?.count ?? 0
    }

    /// `[{"id": 1000000, "name": "item 0", "price": 0.5, "ok": true}, …]`: about 52 bytes a record.
    static func smallRecords(count: Int) -> [UInt8] {
        var text = "["
        text.reserveCapacity(count * 56)
        for index in 0..<count {
            if index > 0 { text += "," }
            text += "{\"id\":\(1_000_000 + index),\"name\":\"item \(index % 1000)\",\"price\":\(index % 100).5,\"ok\":true}"
        }
        return Array((text + "]").utf8)
    }

    private struct SmallRecord: APIDecodable {
        let id: Int
        let name: String
        let price: Double
        let ok: Bool

        init?(from decoder: APIDecoder) {
            guard let (id, name, price, ok) = decoder.all(decoder["id"] --> Int.self, decoder["name"] --> String.self,
                                                         decoder["price"] --> Double.self, decoder["ok"] --> Bool.self) else { return nil }
            (self.id, self.name, self.price, self.ok) = (id, name, price, ok)
        }
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
