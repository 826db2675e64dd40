import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Reading a file's chunks for `records(from: URL, to:)`.
//
// Why not `FileHandle.read(upToCount:)`: swift-corelibs-foundation reads a regular file `st_blksize` bytes (4 KiB)
// per system call into a buffer it grows by `realloc`, so a 1 MiB chunk took 256 `read`s and was copied about twice
// before the stream appended it to its window (a third copy). By valgrind's count that was about 370 instructions a
// streamed record of the benchmark's 180-byte persons, and the system calls cost kernel time valgrind does not count:
// reading a 208 MB file that way took 0.061 s of CPU against 0.020 s with one `read(2)` a chunk.
//
// Why unsafe: the chunk is read with `read(2)` straight into the uninitialized storage of the window's next array
// (`Array(unsafeUninitializedCapacity:)`), after the bytes the window keeps; the pointers live only inside that call.

/// A file read a chunk at a time into a stream's window (see `RecordByteSource.file`). The file is opened by
/// `FileHandle` at the first read, so opening fails with `FileHandle`'s error, as before.
final class RecordFileReader {
    private let url: URL
    private let chunkSize: Int
    private var handle: FileHandle?

    /// A reader of the file at `url`, `chunkSize` bytes a read; nothing is opened yet.
    init(url: URL, chunkSize: Int) {
        self.url = url
        self.chunkSize = max(1, chunkSize)
    }

    /// Appends the file's next `chunkSize` bytes (fewer only at its end) to `window`; returns how many (0 at the end).
    /// Bytes and chunk sizes are those `FileHandle.read(upToCount:)` gives, which loops until it has the count or
    /// the file ends. A failing `read(2)` is handed to `FileHandle` for the same call: it throws the error it always
    /// threw (the bytes of that call are lost, as there), or, should the failure not repeat, reads on.
    func read(into window: inout [UInt8]) throws -> Int {
        if handle == nil { handle = try FileHandle(forReadingFrom: url) }
        guard let handle else { return 0 }
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        let descriptor = handle.fileDescriptor
        let kept = window.count
        let wanted = chunkSize
        var total = 0
        var failed = false
        let next = window.withUnsafeBufferPointer { old in
            [UInt8](unsafeUninitializedCapacity: kept + wanted) { buffer, count in
                guard let base = buffer.baseAddress else { return }
                if let oldBase = old.baseAddress, kept > 0 { base.initialize(from: oldBase, count: kept) }
                while total < wanted {
                    let read = Self.systemRead(descriptor, base + kept + total, wanted - total)
                    if read < 0 && errno == EINTR { continue }
                    guard read > 0 else {
                        failed = read < 0
                        break
                    }
                    total += read
                }
                count = kept + total
            }
        }
        if failed {
            // FileHandle meets the same failure and throws its error; the bytes read before it go with the call.
            guard let rest = try handle.read(upToCount: wanted - total), !rest.isEmpty else {
                if total > 0 { window = next }
                return total
            }
            window = next
            window.append(contentsOf: rest)
            return total + rest.count
        }
        if total > 0 { window = next }
        return total
        #else
        guard let data = try handle.read(upToCount: chunkSize), !data.isEmpty else { return 0 }
        window.append(contentsOf: data)
        return data.count
        #endif
    }

    /// Closes the file (reading again would open it anew).
    func close() {
        try? handle?.close()
        handle = nil
    }

    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    /// `read(2)`, named apart from `read(into:)`.
    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #elseif canImport(Musl)
        Musl.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }
    #endif
}
