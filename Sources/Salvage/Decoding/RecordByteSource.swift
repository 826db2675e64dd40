import Foundation

/// Where a streamed decode reads its bytes: a file read in fixed-size chunks, or any asynchronous sequence
/// of bytes. `read(into:atLeast:)` appends bytes to the window and returns how many (0 at the end). Swift
/// concurrency and `FileHandle.read(upToCount:)` need the systems named in `@available` on Apple platforms.
@available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
@usableFromInline
final class RecordByteSource {
    private let readMore: (inout [UInt8], Int) async throws -> Int
    private let closing: () -> Void

    @usableFromInline
    init(readMore: @escaping (inout [UInt8], Int) async throws -> Int, closing: @escaping () -> Void = {}) {
        self.readMore = readMore
        self.closing = closing
    }

    /// Appends at least `minimum` bytes to `window` unless the source ends first; returns the count appended.
    func read(into window: inout [UInt8], atLeast minimum: Int) async throws -> Int {
        var total = 0
        while total < minimum {
            let count = try await readMore(&window, minimum - total)
            if count == 0 { break }
            total += count
        }
        return total
    }

    /// Releases the source (closes the file) once the decode is over.
    func close() { closing() }

    /// The file at `url`, read `chunkSize` bytes at a time (never loaded whole), each chunk with one `read(2)`
    /// straight into the window (`RecordFileReading.swift`). Opening it with `FileHandle` is deferred to the first
    /// read, so an error there is thrown by the iteration.
    @usableFromInline
    static func file(_ url: URL, chunkSize: Int) -> RecordByteSource {
        let reader = RecordFileReader(url: url, chunkSize: chunkSize)
        return RecordByteSource(readMore: { window, _ in try reader.read(into: &window) }, closing: { reader.close() })
    }

    /// The bytes of `sequence`, taken one by one from its iterator (sequences of bytes such as
    /// `FileHandle.AsyncBytes` and `URLSession.AsyncBytes` buffer their source themselves).
    ///
    /// Inlinable, so made in your module for your sequence's type: unspecialized, every byte's `next()` went
    /// through the generic iterator's witness table and metadata (about 720 instructions a byte).
    @inlinable
    static func sequence<S: AsyncSequence>(_ sequence: S) -> RecordByteSource where S.Element == UInt8 {
        var iterator = sequence.makeAsyncIterator()
        return RecordByteSource(readMore: { window, wanted in
            var count = 0
            while count < wanted, let byte = try await iterator.next() {
                window.append(byte)
                count += 1
            }
            return count
        })
    }
}
