import Foundation

/// The parse suite's yardstick: one plain pass over the input's bytes, timed in the same run as the parse,
/// so the parse's MB/s can be read against what this machine does when it merely touches every byte.
public enum ByteScanBaseline {
    /// The wrapping sum of every byte of `bytes`: the result is used, so the optimizer cannot drop the loop
    /// (it may vectorise it, as it would any plain loop).
    public static func sum(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer { buffer in
            var total: UInt64 = 0
            for byte in buffer { total &+= UInt64(byte) }
            return total
        }
    }

    /// Times `sum(bytes)` with `settings` (its warm-ups, then its timed runs); the last sum proves the work was done.
    public static func measure(_ bytes: [UInt8], settings: BenchmarkSettings) -> (Measurement, UInt64) {
        var total = sum(bytes)
        for _ in 0..<settings.warmups { total = sum(bytes) }
        var seconds: [Double] = []
        for _ in 0..<max(1, settings.iterations) {
            let start = DispatchTime.now().uptimeNanoseconds
            total = sum(bytes)
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return (Measurement(seconds: seconds), total)
    }
}
