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

    /// The file at `url`, read `chunkSize` bytes at a time (never loaded whole). Opening it is deferred to the
    /// first read, so an error there is thrown by the iteration.
    ///
    /// Read with `read(2)` on the handle's descriptor into one buffer reused for every chunk, then appended
    /// to the window: `FileHandle.read(upToCount:)` made a new `Data` for every chunk, grown by `realloc` as
    /// it filled (about 150 instructions per record of the benchmark's file).
    @usableFromInline
    static func file(_ url: URL, chunkSize: Int) -> RecordByteSource {
        var handle: FileHandle?
        var chunk: [UInt8] = []
        return RecordByteSource(readMore: { window, _ in
            if handle == nil {
                handle = try FileHandle(forReadingFrom: url)
                chunk = [UInt8](repeating: 0, count: chunkSize)
            }
            guard let descriptor = handle?.fileDescriptor else { return 0 }
            let count = try readFile(descriptor, into: &chunk)
            window.append(contentsOf: chunk[..<count])
            return count
        }, closing: {
            try? handle?.close()
            handle = nil
            chunk = []
        })
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

/// Reads up to `chunk.count` bytes of the file `descriptor` into `chunk` with `read(2)` (again when a signal
/// interrupts it); returns the count, 0 at the end of the file.
private func readFile(_ descriptor: Int32, into chunk: inout [UInt8]) throws -> Int {
    while true {
        let count = read(descriptor, &chunk, chunk.count)
        if count >= 0 { return count }
        guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
}
