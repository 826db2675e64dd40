import Foundation

// `salvage-benchmark --check`: the speed floors of issue #17 item 1, in one table, and the comparison of a
// run's medians with them (item 5, "guard the gains"). Used by hand before a commit that touches a hot path;
// never in CI or in a test's assertion about real timings (the machine is shared and noisy).

/// One measured row, reduced to what the floors look at.
public struct SpeedSample: Sendable, Equatable {
    public let suite: String
    public let input: String
    /// Foundation's median time ÷ Salvage's median time.
    public let ratio: Double
    /// Salvage's median time, in seconds.
    public let salvageSeconds: Double
    /// Salvage's throughput at its median time, in MB/s (10^6 bytes per second).
    public let salvageMBps: Double

    public init(suite: String, input: String, ratio: Double, salvageSeconds: Double, salvageMBps: Double) {
        self.suite = suite
        self.input = input
        self.ratio = ratio
        self.salvageSeconds = salvageSeconds
        self.salvageMBps = salvageMBps
    }
}

extension SuiteResult {
    /// This result's medians, as the floors read them.
    public var speedSample: SpeedSample {
        SpeedSample(suite: suite, input: input, ratio: ratio, salvageSeconds: salvage.median, salvageMBps: salvage.medianMBps(bytes: bytes))
    }
}

/// A minimum (or, for a time ratio, a maximum) that a run's median must meet.
public struct SpeedFloor: Sendable {
    /// What a floor compares.
    public enum Measure: Sendable {
        /// Salvage ÷ Foundation speed of `suite` (on `input`, or on the suite's only row when nil) must be at least the floor.
        case ratio(suite: String, input: String?)
        /// Salvage's median time on `suite` ÷ its median time on `baseline` must be at most the floor.
        case timeRatio(suite: String, baseline: String)
        /// Salvage's median MB/s on `suite`/`input` must be at least the floor.
        case throughput(suite: String, input: String)
    }

    public let measure: Measure
    /// The issue's "not done below" figure.
    public let floor: Double
    /// The issue's "aim for" figure, when it names one.
    public let aim: Double?

    /// The floors of issue #17 item 1, in one place.
    public static let issue17: [SpeedFloor] = [
        SpeedFloor(measure: .ratio(suite: "twitter", input: nil), floor: 7, aim: 10),
        SpeedFloor(measure: .ratio(suite: "citm", input: nil), floor: 12, aim: 15),
        SpeedFloor(measure: .ratio(suite: "canada", input: nil), floor: 9, aim: 12),
        SpeedFloor(measure: .ratio(suite: "flaky", input: nil), floor: 12, aim: 15),
        SpeedFloor(measure: .timeRatio(suite: "flaky", baseline: "flaky-clean"), floor: 1.2, aim: nil),
    ] + ["codable", "codable-strict"].flatMap { suite in
        ["twitter.json", "citm_catalog.json", "canada.json"].map { SpeedFloor(measure: .ratio(suite: suite, input: $0), floor: 4, aim: nil) }
    } + [
        SpeedFloor(measure: .throughput(suite: "parse", input: "twitter.json"), floor: 2_500, aim: nil),
    ]
}

/// The outcome of one floor on one run.
public struct SpeedCheckRow: Sendable, Equatable {
    public enum Status: String, Sendable {
        case ok, failed, notRun = "not run"
    }

    public let status: Status
    /// What was compared, e.g. `twitter ratio 7.41x >= 7x (aim 10x)`.
    public let text: String

    public init(status: Status, text: String) {
        self.status = status
        self.text = text
    }
}

extension SpeedFloor {
    /// Compares `samples` (one run's rows) with `floors`; a floor whose suite did not run is `notRun`.
    public static func check(_ samples: [SpeedSample], against floors: [SpeedFloor] = issue17) -> [SpeedCheckRow] {
        floors.map { $0.check(samples) }
    }

    func check(_ samples: [SpeedSample]) -> SpeedCheckRow {
        func find(_ suite: String, _ input: String?) -> SpeedSample? {
            samples.first { $0.suite == suite && (input == nil || $0.input == input) }
        }
        let aimText = aim.map { " (aim \(Self.formatFloor($0))x)" } ?? ""
        switch measure {
        case let .ratio(suite, input):
            let label = input.map { "\(suite) \($0)" } ?? suite
            guard let sample = find(suite, input) else { return SpeedCheckRow(status: .notRun, text: "\(label) ratio: suite not run") }
            let passed = sample.ratio >= floor
            return SpeedCheckRow(status: passed ? .ok : .failed,
                                 text: "\(label) ratio \(Self.format(sample.ratio))x \(passed ? ">=" : "<") \(Self.formatFloor(floor))x" + aimText)
        case let .timeRatio(suite, baseline):
            let label = "\(suite) time / \(baseline) time"
            guard let sample = find(suite, nil), let base = find(baseline, nil) else {
                return SpeedCheckRow(status: .notRun, text: "\(label): \(suite) and \(baseline) must both run")
            }
            let value = sample.salvageSeconds / base.salvageSeconds
            let passed = value <= floor
            return SpeedCheckRow(status: passed ? .ok : .failed,
                                 text: "\(label) \(Self.format(value)) \(passed ? "<=" : ">") \(Self.formatFloor(floor))")
        case let .throughput(suite, input):
            let label = "\(suite) \(input)"
            guard let sample = find(suite, input) else { return SpeedCheckRow(status: .notRun, text: "\(label) MB/s: suite not run") }
            let passed = sample.salvageMBps >= floor
            return SpeedCheckRow(status: passed ? .ok : .failed,
                                 text: "\(label) \(Self.format(sample.salvageMBps, digits: 0)) MB/s \(passed ? ">=" : "<") \(Self.formatFloor(floor)) MB/s")
        }
    }

    /// A measured value with `digits` decimals.
    static func format(_ value: Double, digits: Int = 2) -> String {
        String(format: "%.\(digits)f", value)
    }

    /// A floor as written in the issue: `7`, `1.2`, `2500`.
    static func formatFloor(_ value: Double) -> String {
        String(format: "%g", value)
    }
}

/// The `--check` section printed after the table: one line per floor, failures first, and a verdict.
public struct SpeedCheckReport: Sendable {
    public let rows: [SpeedCheckRow]
    /// Whether the run was `--quick` (one untimed-quality run: the verdict means little).
    public let quick: Bool

    public init(rows: [SpeedCheckRow], quick: Bool) {
        self.rows = rows
        self.quick = quick
    }

    /// True when no floor that was measured is missed.
    public var passed: Bool { !rows.contains { $0.status == .failed } }

    /// The lines to print.
    public var text: String {
        let failed = rows.filter { $0.status == .failed }
        var lines = ["speed check against issue #17's floors (medians of this run):"]
        for row in failed + rows.filter({ $0.status != .failed }) {
            lines.append("  " + row.status.rawValue.uppercased().padding(toLength: 8, withPad: " ", startingAt: 0) + row.text)
        }
        if quick { lines.append("  (--quick: one run per suite, so these figures are not measurements)") }
        let measured = rows.filter { $0.status != .notRun }.count
        lines.append(failed.isEmpty
            ? "speed check passed: \(measured) floor(s) met, \(rows.count - measured) not run"
            : "speed check FAILED: \(failed.count) of \(measured) measured floor(s) missed")
        return lines.joined(separator: "\n")
    }
}
