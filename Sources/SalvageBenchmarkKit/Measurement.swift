import Foundation

/// Timings of one decoder on one input: median and fastest of the timed runs.
public struct Measurement: Sendable {
    public let seconds: [Double]
    public var median: Double {
        let sorted = seconds.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
    public var fastest: Double { seconds.min() ?? .nan }

    /// Megabytes (10^6 bytes) of input per second at the median time.
    public func medianMBps(bytes: Int) -> Double { Double(bytes) / 1e6 / median }
    /// Megabytes of input per second at the fastest time.
    public func bestMBps(bytes: Int) -> Double { Double(bytes) / 1e6 / fastest }
}

/// How many times to run, and how to count heap allocations (supplied by the executable, which can hook malloc).
public struct BenchmarkSettings: Sendable {
    public var warmups: Int
    public var iterations: Int
    public var allocationCounter: (@Sendable () -> Int)?
    /// For profiling Salvage: run the Foundation side once only (its timings are then meaningless).
    public var salvageOnly = false

    public init(warmups: Int, iterations: Int, allocationCounter: (@Sendable () -> Int)? = nil) {
        self.warmups = warmups
        self.iterations = iterations
        self.allocationCounter = allocationCounter
    }

    /// One run, no warm-up: enough to prove every suite works and checksums agree.
    public static let quick = BenchmarkSettings(warmups: 0, iterations: 1)
    /// The published configuration: median of 20 runs after 3 warm-ups.
    public static let full = BenchmarkSettings(warmups: 3, iterations: 20)

    /// Runs `body` `warmups` times untimed, then `iterations` times timed; returns the timings and the last result.
    /// Times two decoders on the same input in alternating blocks (four rounds of Salvage's runs then
    /// Foundation's), each block preceded by one untimed run to bring its own data back into the caches.
    /// Blocks keep one decoder's allocations from disturbing the other's timings (run-by-run alternation
    /// halved Salvage's parse speed); rounds let both see the same machine noise. Each also gets `warmups`
    /// untimed runs first. Returns both timings, both last results and, when a counter is available, the
    /// heap allocations of one more run of each.
    func measurePair<S, F>(_ salvage: () -> S, _ foundation: () -> F) -> (salvage: (Measurement, S, Int?), foundation: (Measurement, F, Int?)) {
        var salvageResult = salvage()
        var foundationResult = foundation()
        for _ in 0..<warmups {
            salvageResult = salvage()
            if !salvageOnly { foundationResult = foundation() }
        }
        var salvageSeconds: [Double] = []
        var foundationSeconds: [Double] = []
        let rounds = min(4, max(1, iterations))
        for round in 0..<rounds {
            let runs = iterations / rounds + (round < iterations % rounds ? 1 : 0)
            if round > 0 { salvageResult = salvage() }
            for _ in 0..<runs {
                let start = DispatchTime.now().uptimeNanoseconds
                salvageResult = salvage()
                salvageSeconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            if salvageOnly && !foundationSeconds.isEmpty { continue }
            if round > 0 { foundationResult = foundation() }
            for _ in 0..<(salvageOnly ? 1 : runs) {
                let start = DispatchTime.now().uptimeNanoseconds
                foundationResult = foundation()
                foundationSeconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
        }
        var salvageAllocations: Int? = nil
        var foundationAllocations: Int? = nil
        if let allocationCounter {
            var before = allocationCounter()
            salvageResult = salvage()
            salvageAllocations = allocationCounter() - before
            before = allocationCounter()
            foundationResult = foundation()
            foundationAllocations = allocationCounter() - before
        }
        return ((Measurement(seconds: salvageSeconds), salvageResult, salvageAllocations),
                (Measurement(seconds: foundationSeconds), foundationResult, foundationAllocations))
    }
}

/// The outcome of one suite on one input.
public struct SuiteResult: Sendable {
    public let suite: String
    public let input: String
    public let bytes: Int
    public let salvage: Measurement
    public let foundation: Measurement
    public let salvageChecksum: String
    public let foundationChecksum: String
    public let salvageAllocations: Int?
    public let foundationAllocations: Int?
    /// Suite-specific facts, e.g. persons kept and errors reported.
    public let notes: [String: String]
    /// Problems found while checking the results; empty when everything is right.
    public let failures: [String]

    public var ratio: Double { foundation.median / salvage.median }
    public var checksumsMatch: Bool { salvageChecksum == foundationChecksum }
}
