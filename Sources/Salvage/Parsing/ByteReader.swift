// The parser's reader of input bytes through an unsafe pointer.
//
// Why unsafe: the parser looks at every input byte, often several times per byte (structure, string scan,
// UTF-8 validation). Going through `Array`'s bounds-checked subscript there costs a large share of parse time.
// Every caller checks `index < count` (or `index + 8 <= count` for word loads) before reading; debug builds
// assert it again here so a mistake fails loudly in tests instead of reading out of bounds.

/// A read-only window on the input bytes, valid only inside `withUnsafeBufferPointer`.
struct ByteReader {
    let base: UnsafePointer<UInt8>
    let count: Int

    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        // An empty buffer may have a nil base address; point at a valid dummy so `base` is never nil.
        // With count == 0, nothing is ever read through it.
        self.base = buffer.baseAddress ?? ByteReader.emptyBase
        self.count = buffer.count
    }

    nonisolated(unsafe) static let emptyBase: UnsafePointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        pointer.initialize(to: 0)
        return UnsafePointer(pointer)
    }()

    /// The byte at `index`. The caller guarantees `0 <= index < count`.
    func byte(_ index: Int) -> UInt8 {
        assert(index >= 0 && index < count, "ByteReader: index \(index) out of bounds 0..<\(count)")
        return base[index]
    }

    /// Eight bytes starting at `index`, little-endian. The caller guarantees `index + 8 <= count`.
    func word(_ index: Int) -> UInt64 {
        assert(index >= 0 && index + 8 <= count, "ByteReader: word at \(index) out of bounds 0..<\(count)")
        return UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
    }

    /// Whether the `length` bytes at `first` equal the `length` bytes at `second`.
    /// The caller guarantees both regions lie inside the input.
    func regionsEqual(_ first: Int, _ second: Int, length: Int) -> Bool {
        assert(first >= 0 && second >= 0 && first + length <= count && second + length <= count)
        return length == 0 || memcmp(base + first, base + second, length) == 0
    }

    /// `memcmp` of the `length` bytes at `first` and at `second`. The caller guarantees both lie inside the input.
    func compareRegions(_ first: Int, _ second: Int, length: Int) -> Int32 {
        assert(first >= 0 && second >= 0 && first + length <= count && second + length <= count)
        return length == 0 ? 0 : memcmp(base + first, base + second, length)
    }

    /// Whether `length` bytes at `index` equal `other`. The caller guarantees `index + length <= count`.
    func bytesEqual(at index: Int, length: Int, to other: UnsafeRawBufferPointer) -> Bool {
        assert(index >= 0 && index + length <= count)
        guard other.count == length else { return false }
        guard length > 0, let otherBase = other.baseAddress else { return true }
        return memcmp(base + index, otherBase, length) == 0
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
