// The order in which a stream's iterator hands out a batch of records.
//
// Why unsafe: `APIRecordStream.AsyncIterator.next()` moves each record out of its batch with `removeLast()`, so
// the batch is reversed first. `Array.reverse()` swaps elements by copying one and destroying the other: a retain
// and a release of everything a record holds (about 400 instructions a record for the benchmark's person).
// `UnsafeMutableBufferPointer.reverse()` swaps by moving the bytes. The pointer lives only inside
// `withUnsafeMutableBufferPointer`, over the array's own initialized elements.

@usableFromInline
enum RecordStreamBatchOrder {
    /// Reverses `records` in place, moving each record (no copy, retain or release).
    @inlinable
    static func reverse<T>(_ records: inout [APIDecodeRecord<T>]) {
        records.withUnsafeMutableBufferPointer { $0.reverse() }
    }
}
