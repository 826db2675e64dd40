import Foundation
import SalvageBenchmarkKit

/// Renders results as a table or as JSON.
struct Report {
    let results: [SuiteResult]
    let memory: PeakMemoryReport?

    func print(json: Bool) {
        if json {
            Swift.print(jsonText())
        } else {
            Swift.print(table())
        }
    }

    /// The configuration this benchmark, and Salvage with it, was built in. In a debug build Salvage runs
    /// unoptimised, as in a user's tests, while Foundation's `JSONDecoder` comes optimised with the toolchain.
    static var buildConfiguration: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }

    func table() -> String {
        var lines = [
            "build: \(Report.buildConfiguration)" + (Report.buildConfiguration == "debug"
                ? " (Salvage unoptimised, as in tests; Foundation's JSONDecoder optimised)" : ""),
            pad("suite", 12) + pad("input", 24) + pad("MB", 7, right: true) + pad("Salvage MB/s med/best", 24, right: true)
                + pad("Foundation MB/s med/best", 27, right: true) + pad("ratio", 8, right: true) + pad("allocs S/F", 18, right: true) + "  check",
        ]
        for result in results {
            let salvage = format(result.salvage.medianMBps(bytes: result.bytes)) + " / " + format(result.salvage.bestMBps(bytes: result.bytes))
            let foundation = format(result.foundation.medianMBps(bytes: result.bytes)) + " / " + format(result.foundation.bestMBps(bytes: result.bytes))
            let allocations = "\(result.salvageAllocations.map(String.init) ?? "-")/\(result.foundationAllocations.map(String.init) ?? "-")"
            let check = result.failures.isEmpty ? (result.checksumsMatch ? "ok" : "differ") : "FAILED"
            lines.append(pad(result.suite, 12) + pad(result.input, 24) + pad(format(Double(result.bytes) / 1e6, digits: 2), 7, right: true)
                         + pad(salvage, 24, right: true) + pad(foundation, 27, right: true) + pad(format(result.ratio, digits: 2) + "x", 8, right: true)
                         + pad(allocations, 18, right: true) + "  " + check)
            for (key, value) in result.notes.sorted(by: { $0.key < $1.key }) where !value.isEmpty {
                lines.append("    \(key): \(value)")
            }
            for failure in result.failures {
                lines.append("    FAILURE: \(failure)")
            }
        }
        if let memory {
            for peak in memory.peaks {
                lines.append("peak memory decoding \(format(Double(peak.inputBytes) / 1e6)) MB of \(peak.target): "
                             + "\(format(Double(peak.peakBytes) / 1e6)) MB (\(format(peak.ratio, digits: 2))x the input), \(peak.kept) kept")
            }
            if let bytes = memory.bytesPerError {
                lines.append("heap held by \(memory.errors) errors sharing a path: \(format(bytes, digits: 0)) bytes per error")
            }
        }
        return lines.joined(separator: "\n")
    }

    private func format(_ value: Double, digits: Int = 1) -> String {
        String(format: "%.\(digits)f", value)
    }

    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }

    func jsonText() -> String {
        var objects: [[String: Any]] = results.map { result in
            var object: [String: Any] = [
                "suite": result.suite,
                "input": result.input,
                "bytes": result.bytes,
                "salvage_mb_s": result.salvage.medianMBps(bytes: result.bytes),
                "salvage_mb_s_best": result.salvage.bestMBps(bytes: result.bytes),
                "foundation_mb_s": result.foundation.medianMBps(bytes: result.bytes),
                "foundation_mb_s_best": result.foundation.bestMBps(bytes: result.bytes),
                "ratio": result.ratio,
                "checksum_salvage": result.salvageChecksum,
                "checksum_foundation": result.foundationChecksum,
                "checksums_match": result.checksumsMatch,
                "failures": result.failures,
            ]
            object["build"] = Report.buildConfiguration
            object["allocations"] = result.salvageAllocations ?? NSNull()
            object["foundation_allocations"] = result.foundationAllocations ?? NSNull()
            for (key, value) in result.notes { object[key] = value }
            return object
        }
        if let memory {
            for peak in memory.peaks {
                objects.append(["suite": "peak-memory", "target": peak.target, "bytes": peak.inputBytes, "peak_bytes": peak.peakBytes,
                                "peak_ratio": peak.ratio, "kept": peak.kept])
            }
            objects.append(["suite": "error-memory", "errors": memory.errors, "bytes_per_error": memory.bytesPerError ?? NSNull()])
        }
        guard let data = try? JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys]) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }
}
