import Foundation

// The bytes of JSON text being written: one malloc'd block, grown geometrically, freed in `deinit` or handed to
// the `Data` that is returned.
//
// Why raw memory: every byte the encoder writes goes through here. As a `[UInt8]` each append paid a uniqueness
// check (`isUniquelyReferenced`), a generic `append(contentsOf:)` and a capacity check of its own; owned as a
// pointer, an append is one capacity comparison and a store or a `memcpy`, and the finished text becomes a
// `Data` without being copied. The type is noncopyable, so exactly one owner frees the block, on every path
// (a throwing encode included: the owner's `deinit` runs). Every write is preceded by `reserve(_:)`, which
// guarantees the room it writes into.

/// A growable byte buffer for JSON text (see the comment above).
struct JSONTextBuffer: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    /// How many bytes are written.
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        start = JSONTextBuffer.makeBlock(self.capacity)
    }

    deinit {
        free(start)
    }

    private static func makeBlock(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let block = malloc(capacity) else { fatalError("JSONTextBuffer: out of memory (\(capacity) bytes)") }
        return block.assumingMemoryBound(to: UInt8.self)
    }

    /// Where the next byte goes, with room for at least `extra` bytes from there.
    @inline(__always)
    mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if capacity &- count < extra { grow(extra) }
        return start + count
    }

    @inline(never)
    private mutating func grow(_ extra: Int) {
        var newCapacity = capacity * 2
        while newCapacity - count < extra { newCapacity *= 2 }
        guard let block = realloc(start, newCapacity) else { fatalError("JSONTextBuffer: out of memory (\(newCapacity) bytes)") }
        start = block.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
    }

    /// Counts `written` bytes stored after the last `reserve(_:)` as written.
    @inline(__always)
    mutating func commit(_ written: Int) {
        count &+= written
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1).pointee = byte
        count &+= 1
    }

    @inline(__always)
    mutating func append(_ first: UInt8, _ second: UInt8) {
        let end = reserve(2)
        end[0] = first
        end[1] = second
        count &+= 2
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count).update(from: source, count: bytes.count)
        count &+= bytes.count
    }

    /// Appends `bytes[range]`.
    mutating func append(_ bytes: [UInt8], in range: Range<Int>) {
        bytes.withUnsafeBufferPointer { append(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Appends a literal (`null`, `true`, `false`) straight from the binary's constant data.
    @inline(__always)
    mutating func append(_ literal: StaticString) {
        append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends `count` copies of `byte`.
    mutating func append(repeating byte: UInt8, count repeats: Int) {
        guard repeats > 0 else { return }
        reserve(repeats).initialize(repeating: byte, count: repeats)
        count &+= repeats
    }

    /// Appends the decimal digits of `value`, after a `-` when `negative`.
    @inline(__always)
    mutating func appendDecimal(_ value: UInt64, negative: Bool) {
        var digitCount = 1
        var rest = value
        while rest >= 100 {
            rest /= 100
            digitCount &+= 2
        }
        if rest >= 10 { digitCount &+= 1 }
        let sign = negative ? 1 : 0
        let end = reserve(21)
        if negative { end.pointee = UInt8(ascii: "-") }
        var index = sign &+ digitCount
        let pairs = JSONTextBuffer.digitPairs.utf8Start
        rest = value
        while rest >= 100 {
            let (quotient, remainder) = rest.quotientAndRemainder(dividingBy: 100)
            index &-= 2
            end[index] = pairs[Int(remainder) &* 2]
            end[index &+ 1] = pairs[Int(remainder) &* 2 &+ 1]
            rest = quotient
        }
        if rest >= 10 {
            end[sign] = pairs[Int(rest) &* 2]
            end[sign &+ 1] = pairs[Int(rest) &* 2 &+ 1]
        } else {
            end[sign] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
        }
        count &+= sign &+ digitCount
    }

    /// "00" to "99", the two digits of each number below 100.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// The byte at `index` (below `count`).
    subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < count, "JSONTextBuffer index out of range")
        return start[index]
    }

    /// Forgets the bytes from `newCount` on.
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "JSONTextBuffer truncated past its end")
        count = newCount
    }

    /// A copy of the bytes from `offset` to the end.
    func copy(from offset: Int) -> [UInt8] {
        precondition(offset >= 0 && offset <= count, "JSONTextBuffer copied past its end")
        return Array(UnsafeBufferPointer(start: start + offset, count: count - offset))
    }

    /// The text as an array of bytes.
    func bytes() -> [UInt8] {
        copy(from: 0)
    }

    /// The text as a `String`.
    func string() -> String {
        String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }

    /// The text as `Data`, which takes over the block (shrunk to fit, without copying); the buffer is left empty.
    mutating func takeData() -> Data {
        guard count > 0, let fitted = realloc(start, count) else { return Data(bytes: start, count: count) }
        let data = Data(bytesNoCopy: fitted, count: count, deallocator: .free)
        capacity = 64
        start = JSONTextBuffer.makeBlock(capacity)
        count = 0
        return data
    }
}
