// Crossing plain string text: the bytes that need no look, up to the next quote, backslash, control
// character or non-ASCII byte. Called by `scanString` for every string and key (StringScanning.swift).
//
// Why unsafe: the scan compares sixteen bytes at once (one SSE2 or NEON register, loaded by
// `ByteReader.vector`) and reads the compare's mask as two 64-bit words with `unsafeBitCast` to find the
// first stopping byte; Swift has no public "movemask". Both types are 16 bytes of plain lanes, so the cast
// only reinterprets them. Measured with cachegrind on twitter.json: the SIMD loop takes `scanString` from
// 6.37 M to 5.66 M instructions per decode next to the eight-bytes-per-word loop kept for the last fifteen
// bytes of the input (where a 16-byte load would read past the end).

extension JSONParser {
    /// The length of the string whose text starts at `start` (just after its opening quote) when it is plain
    /// ASCII that closes within the next sixteen bytes — most keys and many short values — or nil (the
    /// string is longer, has an escape, a control character or a non-ASCII byte, or fewer than sixteen bytes
    /// of input are left): then `scanString` reads it. Inlined into the structure loop, so the common short
    /// string costs one load and three compares instead of a call.
    @inline(__always)
    func shortPlainStringLength(at start: Int) -> Int? {
        guard start &+ 16 <= input.count else { return nil }
        let lanes = input.vector(start)
        let special = (lanes .== SIMD16<Int8>(repeating: 0x22)) .| (lanes .== SIMD16<Int8>(repeating: 0x5C))
            .| (lanes .< SIMD16<Int8>(repeating: 0x20))
        let words = unsafeBitCast(special, to: SIMD2<UInt64>.self)
        let low = UInt64(littleEndian: words[0])
        let high = UInt64(littleEndian: words[1])
        // The first special byte's offset; 16 when there is none (the trailing-zero count of 0 is 64).
        let offset = low != 0 ? low.trailingZeroBitCount &>> 3 : 8 &+ high.trailingZeroBitCount &>> 3
        guard offset < 16, input.byte(start &+ offset) == UInt8(ascii: "\"") else { return nil }
        return offset
    }

    /// Returns the first index at or after `index` holding a quote, a backslash, a control character or a
    /// non-ASCII byte (or `input.count`).
    @inline(__always)
    func skipPlainASCII(from start: Int) -> Int {
        var index = start
        // Sixteen bytes at a time (one SSE2 or NEON register): a lane is special if it is '"' or '\\', or
        // below 0x20 as a signed byte, which takes in the control characters and every byte >= 0x80 at once.
        // Vector-with-vector compares only: the vector-with-scalar operators and `any(_:)` are generic in
        // this toolchain and compiled to a loop over the lanes.
        let quotes = SIMD16<Int8>(repeating: 0x22)
        let backslashes = SIMD16<Int8>(repeating: 0x5C)
        let spaces = SIMD16<Int8>(repeating: 0x20)
        while index &+ 16 <= input.count {
            let lanes = input.vector(index)
            let special = (lanes .== quotes) .| (lanes .== backslashes) .| (lanes .< spaces)
            // The mask's lanes are 0 or -1: the first special byte is the first non-zero byte of the two
            // halves read as little-endian words.
            let words = unsafeBitCast(special, to: SIMD2<UInt64>.self)
            let low = UInt64(littleEndian: words[0])
            let high = UInt64(littleEndian: words[1])
            if low | high != 0 {
                return low != 0 ? index &+ low.trailingZeroBitCount / 8 : index &+ 8 &+ high.trailingZeroBitCount / 8
            }
            index &+= 16
        }
        // Eight bytes at a time for the last fifteen: a lane is "special" if it is '"', '\\', < 0x20 or >= 0x80.
        // The tests run on the low seven bits of each lane, where adding never carries into the next lane:
        // x + 0x7F has its high bit set unless x == 0, and x + 0x60 unless x < 0x20.
        let high: UInt64 = 0x8080_8080_8080_8080
        let sevenBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        while index &+ 8 <= input.count {
            let word = input.word(index)
            let low = word & sevenBits
            let notQuote = (low ^ 0x2222_2222_2222_2222) &+ sevenBits
            let notSlash = (low ^ 0x5C5C_5C5C_5C5C_5C5C) &+ sevenBits
            let notControl = low &+ 0x6060_6060_6060_6060
            let special = ~(notQuote & notSlash & notControl & ~word) & high
            if special != 0 {
                return index &+ special.trailingZeroBitCount / 8
            }
            index &+= 8
        }
        while index < input.count {
            let byte = input.byte(index)
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 {
                return index
            }
            index += 1
        }
        return index
    }
}
