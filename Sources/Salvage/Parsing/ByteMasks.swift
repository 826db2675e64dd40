// Sixteen input bytes classified at once, as a 16-bit mask: bit i for the byte at `index + i`.
//
// The parser asks two questions of the bytes ahead of it many times per value: where does this string's plain
// text stop (a quote, a backslash, a control character or a non-ASCII byte), and where does this whitespace
// run end. A mask answers both with one trailing-zero count, and a guessed run length with one compare.
//
// Why C on x86-64: turning a vector compare into a bit mask is one SSE2 instruction (`pmovmskb`), which Swift
// does not expose; `CSalvageRuntime.h` wraps it in `static inline` functions that Swift inlines. Elsewhere
// (ARM64) the portable form below gathers the lanes with one multiplication per eight (each lane's bit is
// distinct, so the product's top byte is their sum without carries). The portable form is compiled everywhere:
// `ByteMaskTests` checks both against the byte-by-byte definition on x86-64 (where CI runs), and the portable
// one alone elsewhere.
//
// Why unsafe: the vector load reads sixteen bytes at `index`; every caller checks `index + 16 <= count` first,
// and both mask functions assert it in debug builds.

#if arch(x86_64)
import CSalvageRuntime
#endif

extension ByteReader {
    /// Bit i set when the byte at `index + i` stops plain string text: `"`, `\`, a control character
    /// (below 0x20) or a byte of 0x80 or more. The caller guarantees `index + 16 <= count`.
    @inline(__always)
    func stringStopMask(_ index: Int) -> UInt32 {
        assert(index >= 0 && index + 16 <= count, "ByteReader: mask at \(index) out of bounds 0..<\(count)")
        #if arch(x86_64)
        return salvage_string_stop_mask16(base + index)
        #else
        return ByteMasks.portableStringStopMask(vector(index))
        #endif
    }

    /// Bit i set when the byte at `index + i` is JSON whitespace (space, tab, line feed, carriage return).
    /// The caller guarantees `index + 16 <= count`.
    @inline(__always)
    func blankMask(_ index: Int) -> UInt32 {
        assert(index >= 0 && index + 16 <= count, "ByteReader: mask at \(index) out of bounds 0..<\(count)")
        #if arch(x86_64)
        return salvage_blank_mask16(base + index)
        #else
        return ByteMasks.portableBlankMask(vector(index))
        #endif
    }

    /// Whether the fifteen bytes at `index` are five well-formed three-byte UTF-8 characters (none overlong, none
    /// a surrogate): a run of CJK text crossed in one step. The caller guarantees `index + 16 <= count` (the
    /// sixteenth byte is loaded, not looked at). Always false where the SSE2 form is not available: the callers'
    /// character-by-character path then validates the same bytes (`ByteMaskTests` checks the SSE2 form against
    /// the definition).
    @inline(__always)
    func startsFiveThreeByteCharacters(_ index: Int) -> Bool {
        assert(index >= 0 && index + 16 <= count, "ByteReader: characters at \(index) out of bounds 0..<\(count)")
        #if arch(x86_64)
        return salvage_five_three_byte_characters16(base + index) != 0
        #else
        return false
        #endif
    }
}

/// The masks of `ByteReader.stringStopMask` and `blankMask` in portable Swift, for processors without a
/// mask-to-bits instruction that C can reach (and for the tests that check the x86-64 forms against them).
enum ByteMasks {
    /// `stringStopMask` of the sixteen `lanes`.
    @inline(__always)
    static func portableStringStopMask(_ lanes: SIMD16<Int8>) -> UInt32 {
        // Vector-with-vector compares only: the vector-with-scalar operators are generic in this toolchain and
        // compiled to a loop over the lanes. Bytes of 0x80 or more are negative, so `< 0x20` takes them in.
        bits(of: (lanes .== SIMD16<Int8>(repeating: 0x22)) .| (lanes .== SIMD16<Int8>(repeating: 0x5C))
            .| (lanes .< SIMD16<Int8>(repeating: 0x20)))
    }

    /// `blankMask` of the sixteen `lanes`.
    @inline(__always)
    static func portableBlankMask(_ lanes: SIMD16<Int8>) -> UInt32 {
        bits(of: (lanes .== SIMD16<Int8>(repeating: 0x20)) .| (lanes .== SIMD16<Int8>(repeating: 0x0A))
            .| (lanes .== SIMD16<Int8>(repeating: 0x0D)) .| (lanes .== SIMD16<Int8>(repeating: 0x09)))
    }

    /// Lane i's truth as bit i. Each lane (0 or all ones) keeps only bit `i % 8`; the eight lanes of a half
    /// read as one little-endian word then hold distinct bits, and multiplying by 0x0101…01 sums them into the
    /// top byte without a carry.
    @inline(__always)
    static func bits(of mask: SIMDMask<SIMD16<Int8>>) -> UInt32 {
        let lanes = unsafeBitCast(mask, to: SIMD16<UInt8>.self)
            & SIMD16<UInt8>(1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128)
        let words = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
        let low = (UInt64(littleEndian: words[0]) &* 0x0101_0101_0101_0101) &>> 56
        let high = (UInt64(littleEndian: words[1]) &* 0x0101_0101_0101_0101) &>> 56
        return UInt32(truncatingIfNeeded: low | high &<< 8)
    }
}
