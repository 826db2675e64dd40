// The string-escaping loop of `JSONTextWriter`, over the string's UTF-8 storage.
//
// Why unsafe buffers: this loop writes every string and key of every encoded model. It reads the string's
// bytes eight at a time as one `UInt64` (SWAR: "SIMD within a register"), stores each word straight into room
// reserved in the writer's buffer, and flags in the same word the bytes that may need an escape; the bytes
// before the first flag count as written, the escape is written over the rest. No `memcpy` call, no per-byte
// loop. Every read is inside `0..<buffer.count` (whole words while eight bytes remain, the last one to seven
// bytes read in 4-, 2- and 1-byte pieces); every store is inside the room reserved for the string's remaining
// bytes plus eight.

extension JSONTextWriter {
    /// Appends the UTF-8 `buffer` escaped, in quotes; see ``appendString(_:)``.
    @inline(__always)
    mutating func appendQuoted(_ buffer: UnsafeBufferPointer<UInt8>) {
        text.append(UInt8(ascii: "\""))
        appendEscaped(buffer)
        text.append(UInt8(ascii: "\""))
    }

    /// Appends the UTF-8 `buffer` escaped (without quotes); see ``appendString(_:)``. One loop per option
    /// combination (a generic specialized for each), so that the disabled checks cost nothing. Never inlined:
    /// the loops are large, and inlined into every caller they crowd out the inlining of the encoder's own
    /// bookkeeping.
    @inline(never)
    mutating func appendEscaped(_ buffer: UnsafeBufferPointer<UInt8>) {
        switch (escapesSlashes, escapesLineSeparators) {
        case (true, false): appendEscaped(buffer, EscapingSlashes.self)
        case (false, false): appendEscaped(buffer, EscapingRFC8259.self)
        case (true, true): appendEscaped(buffer, EscapingSlashesAndLineSeparators.self)
        case (false, true): appendEscaped(buffer, EscapingLineSeparators.self)
        }
    }

    private mutating func appendEscaped<Policy: EscapingPolicy>(_ buffer: UnsafeBufferPointer<UInt8>, _: Policy.Type) {
        let slashes = Policy.slashes
        let lineSeparators = Policy.lineSeparators
        guard let base = buffer.baseAddress else { return }
        let count = buffer.count
        var index = 0
        // `destination + stored` is where `base + index` goes; room for the rest of the string and 8 bytes more.
        var destination = UnsafeMutableRawPointer(text.reserve(count &+ 8))
        var stored = 0
        while index < count {
            let remaining = count &- index
            var candidates: UInt64
            if remaining >= 8 {
                let raw = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                destination.storeBytes(of: raw, toByteOffset: stored, as: UInt64.self)
                candidates = JSONTextWriter.escapeCandidates(in: UInt64(littleEndian: raw), slashes: slashes, lineSeparators: lineSeparators)
                if candidates == 0 {
                    index &+= 8
                    stored &+= 8
                    continue
                }
            } else {
                let word = JSONTextWriter.loadTail(UnsafeRawPointer(base + index), count: remaining)
                destination.storeBytes(of: word.littleEndian, toByteOffset: stored, as: UInt64.self)
                candidates = JSONTextWriter.escapeCandidates(in: word, slashes: slashes, lineSeparators: lineSeparators)
                    & ((1 &<< UInt64(truncatingIfNeeded: remaining &* 8)) &- 1)
                if candidates == 0 {
                    index &+= remaining
                    stored &+= remaining
                    continue
                }
            }
            // The lowest flag is always a true candidate (false flags lie above a true one).
            let offset = candidates.trailingZeroBitCount &>> 3
            index &+= offset
            stored &+= offset
            let byte = base[index]
            if lineSeparators && byte == 0xE2 {
                // U+2028 (E2 80 A8) and U+2029 (E2 80 A9); any other E2 is plain (and already stored).
                guard index &+ 2 < count, base[index &+ 1] == 0x80, base[index &+ 2] == 0xA8 || base[index &+ 2] == 0xA9 else {
                    index &+= 1
                    stored &+= 1
                    continue
                }
                text.commit(stored)
                text.append(base[index &+ 2] == 0xA8 ? "\\u2028" : "\\u2029")
                index &+= 3
            } else {
                text.commit(stored)
                appendEscape(byte)
                index &+= 1
            }
            destination = UnsafeMutableRawPointer(text.reserve(count &- index &+ 8))
            stored = 0
        }
        text.commit(stored)
    }

    /// The 1 to 7 bytes at `source` as the low bytes of a little-endian word (the rest zero).
    @inline(__always)
    private static func loadTail(_ source: UnsafeRawPointer, count: Int) -> UInt64 {
        var word: UInt64 = 0
        var offset = 0
        if count & 4 != 0 {
            word = UInt64(UInt32(littleEndian: source.loadUnaligned(as: UInt32.self)))
            offset = 4
        }
        if count & 2 != 0 {
            word |= UInt64(UInt16(littleEndian: source.loadUnaligned(fromByteOffset: offset, as: UInt16.self))) &<< UInt64(offset &* 8)
            offset &+= 2
        }
        if count & 1 != 0 {
            word |= UInt64(source.load(fromByteOffset: offset, as: UInt8.self)) &<< UInt64(offset &* 8)
        }
        return word
    }

    /// Flags (0x80 in its byte) each byte of the little-endian `word` that may need an escape: below 0x20, `"`,
    /// `\`, `/` when `slashes`, `E2` when `lineSeparators`. The lowest flag is exact; a flag above a true one
    /// may be false (a subtraction's borrow), which does not matter: the caller only uses the lowest.
    @inline(__always)
    static func escapeCandidates(in word: UInt64, slashes: Bool, lineSeparators: Bool) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        @inline(__always) func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value }
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        var flags = ((word &- ones &* 0x20) & ~word) | zeroBytes(quote) | zeroBytes(backslash)
        if slashes { flags |= zeroBytes(word ^ (ones &* 0x2F)) }
        if lineSeparators { flags |= zeroBytes(word ^ (ones &* 0xE2)) }
        return flags & (ones &* 0x80)
    }
}

/// Which optional escapes a string loop writes, as constants the compiler folds into each specialization.
protocol EscapingPolicy {
    /// `/` as `\/`.
    static var slashes: Bool { get }
    /// U+2028 and U+2029 as `\u2028` and `\u2029`.
    static var lineSeparators: Bool { get }
}

private enum EscapingRFC8259: EscapingPolicy {
    static var slashes: Bool { false }
    static var lineSeparators: Bool { false }
}

private enum EscapingSlashes: EscapingPolicy {
    static var slashes: Bool { true }
    static var lineSeparators: Bool { false }
}

private enum EscapingLineSeparators: EscapingPolicy {
    static var slashes: Bool { false }
    static var lineSeparators: Bool { true }
}

private enum EscapingSlashesAndLineSeparators: EscapingPolicy {
    static var slashes: Bool { true }
    static var lineSeparators: Bool { true }
}
