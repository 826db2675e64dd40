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
    func measureFoundation<T>(_ body: () -> T) -> (Measurement, T, allocations: Int?) {
        guard salvageOnly else { return measure(body) }
        let start = DispatchTime.now().uptimeNanoseconds
        let result = body()
        return (Measurement(seconds: [Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9]), result, nil)
    }

    func measure<T>(_ body: () -> T) -> (Measurement, T, allocations: Int?) {
        var result = body()
        for _ in 0..<warmups { result = body() }
        var seconds: [Double] = []
        for _ in 0..<max(1, iterations) {
            let start = DispatchTime.now().uptimeNanoseconds
            result = body()
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        var allocations: Int? = nil
        if let allocationCounter {
            let before = allocationCounter()
            result = body()
            allocations = allocationCounter() - before
        }
        return (Measurement(seconds: seconds), result, allocations)
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
