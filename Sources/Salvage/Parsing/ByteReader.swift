// The one reader of input bytes: the parser, the document's lazy strings and numbers, date parsing and
// line/column lookup all read the input through `ByteReader`, and nothing else touches it.
//
// Why unsafe: the parser looks at every input byte, often several times per byte (structure, string scan,
// UTF-8 validation), and numbers and strings are read again on demand. Going through `Array`'s or `Data`'s
// bounds-checked subscripts there costs a large share of decode time, and copying the input into an
// `Array` first would cost a copy of every input. Every caller checks `index < count` (or `index + 2`, `+ 8`
// or `+ 16 <= count` for pair, word and vector loads) before reading; debug builds assert it again in every
// accessor here and in ByteMasks.swift,
// so a mistake fails loudly in tests instead of reading out of bounds. The reader is valid only while the
// input is borrowed (inside one decode); documents never outlive it.

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
    @inline(__always)
    func byte(_ index: Int) -> UInt8 {
        assert(index >= 0 && index < count, "ByteReader: index \(index) out of bounds 0..<\(count)")
        return base[index]
    }

    /// The byte at `index`, as `byte(_:)`. The caller guarantees `0 <= index < count`.
    subscript(index: Int) -> UInt8 { byte(index) }

    /// The first byte, or nil when there is none.
    var first: UInt8? { count > 0 ? base[0] : nil }

    /// The `length` bytes starting at `start`, as a reader of their own (indices from 0).
    /// The caller guarantees `start + length <= count`.
    func slice(_ start: Int, length: Int) -> ByteReader {
        assert(start >= 0 && length >= 0 && start + length <= count, "ByteReader: slice \(start)+\(length) out of bounds 0..<\(count)")
        return ByteReader(base: base + start, count: length)
    }

    /// The bytes as a buffer, for APIs that take one (`String(decoding:as:)`).
    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    private init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
    }

    /// Eight bytes starting at `index`, little-endian. The caller guarantees `index + 8 <= count`.
    func word(_ index: Int) -> UInt64 {
        assert(index >= 0 && index + 8 <= count, "ByteReader: word at \(index) out of bounds 0..<\(count)")
        return UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
    }

    /// Two bytes starting at `index`, little-endian. The caller guarantees `index + 2 <= count`.
    @inline(__always)
    func pair(_ index: Int) -> UInt16 {
        assert(index >= 0 && index + 2 <= count, "ByteReader: pair at \(index) out of bounds 0..<\(count)")
        return UInt16(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt16.self))
    }

    /// Sixteen bytes starting at `index`, as signed lanes (for SSE2/NEON compares). The caller guarantees
    /// `index + 16 <= count`.
    @inline(__always)
    func vector(_ index: Int) -> SIMD16<Int8> {
        assert(index >= 0 && index + 16 <= count, "ByteReader: vector at \(index) out of bounds 0..<\(count)")
        return UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<Int8>.self)
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

    /// Whether `length` bytes at `index` equal all of `other`. The caller guarantees `index + length <= count`.
    @inline(__always)
    func bytesEqual(at index: Int, length: Int, to other: ByteReader) -> Bool {
        assert(index >= 0 && index + length <= count)
        guard other.count == length else { return false }
        if length < 8 {
            // Short keys (`id`, `name`, `text`): a few byte compares cost less than calling memcmp.
            var offset = 0
            while offset < length {
                if base[index + offset] != other.base[offset] { return false }
                offset += 1
            }
            return true
        }
        if length <= 16 {
            // Most other keys: two overlapping word loads on each side instead of a call to memcmp.
            let tail = length - 8
            return word(index) == other.word(0) && word(index + tail) == other.word(tail)
        }
        return memcmp(base + index, other.base, length) == 0
    }

    /// The index of the first `byte` in `start ..< end`, or nil. The caller guarantees `0 <= start`,
    /// `end <= count`. Uses `memchr`, which the C library vectorises: line/column lookups scan whole inputs.
    func firstIndex(of byte: UInt8, from start: Int, to end: Int) -> Int? {
        assert(start >= 0 && end <= count, "ByteReader: search \(start)..<\(end) out of bounds 0..<\(count)")
        guard start < end, let found = memchr(base + start, Int32(byte), end - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Calls `body` with a reader of `bytes` (borrowed; the reader must not escape `body`): a streamed
    /// decode's window.
    static func withBytes<R>(of bytes: [UInt8], _ body: (ByteReader) -> R) -> R {
        bytes.withUnsafeBufferPointer { body(ByteReader($0)) }
    }

    /// Calls `body` with a reader of `text`'s UTF-8 bytes (borrowed; the reader must not escape `body`).
    static func withUTF8<R>(of text: String, _ body: (ByteReader) -> R) -> R {
        var text = text
        return text.withUTF8 { body(ByteReader($0)) }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
