// Counting the line feeds between two recorded errors, sixteen bytes at a time.
//
// Why unsafe: a 16-byte SIMD compare mask is read as sixteen signed lanes (0 or -1) and as two words
// (`unsafeBitCast`), so that the count is a subtraction per block and the last line feed is found from the
// mask's bits. Locating an error called `memchr` once per line: about 70 instructions a call for lines of
// ~170 bytes (the flaky benchmark), more than the 64-byte loop below spends on them (about 15).

extension SourceLocation {
    /// The number of line feeds in `start ..< end` and the index of the last one (-1 when there is none).
    /// The caller guarantees `0 <= start` and `end <= bytes.count`.
    static func lineFeeds(in bytes: ByteReader, from start: Int, to end: Int) -> (count: Int, last: Int) {
        let lineFeeds = SIMD16<Int8>(repeating: 0x0A)
        var count = 0
        var index = start
        while index &+ 64 <= end {
            // Each lane counts up to 4 a round; 63 rounds stay under 256, then the lanes are added up.
            var lanes = SIMD16<Int8>()
            var rounds = 0
            while index &+ 64 <= end && rounds < 63 {
                lanes &-= unsafeBitCast(bytes.vector(index) .== lineFeeds, to: SIMD16<Int8>.self)
                lanes &-= unsafeBitCast(bytes.vector(index &+ 16) .== lineFeeds, to: SIMD16<Int8>.self)
                lanes &-= unsafeBitCast(bytes.vector(index &+ 32) .== lineFeeds, to: SIMD16<Int8>.self)
                lanes &-= unsafeBitCast(bytes.vector(index &+ 48) .== lineFeeds, to: SIMD16<Int8>.self)
                index &+= 64
                rounds &+= 1
            }
            let words = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
            count &+= byteSum(UInt64(littleEndian: words[0])) &+ byteSum(UInt64(littleEndian: words[1]))
        }
        if index &+ 16 <= end {
            var lanes = SIMD16<Int8>()
            while index &+ 16 <= end {
                lanes &-= unsafeBitCast(bytes.vector(index) .== lineFeeds, to: SIMD16<Int8>.self)
                index &+= 16
            }
            let words = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
            count &+= byteSum(UInt64(littleEndian: words[0])) &+ byteSum(UInt64(littleEndian: words[1]))
        }
        while index < end {
            if bytes[index] == 0x0A { count &+= 1 }
            index &+= 1
        }
        guard count > 0 else { return (0, -1) }
        return (count, lastLineFeed(in: bytes, from: start, to: end))
    }

    /// The sum of the eight bytes of `word` (each taken as unsigned).
    @inline(__always)
    private static func byteSum(_ word: UInt64) -> Int {
        let pairs = (word & 0x00FF_00FF_00FF_00FF) &+ ((word >> 8) & 0x00FF_00FF_00FF_00FF)
        return Int((pairs &* 0x0001_0001_0001_0001) >> 48)
    }

    /// The index of the last line feed in `start ..< end`, or -1: searched backwards, sixteen bytes at a time.
    private static func lastLineFeed(in bytes: ByteReader, from start: Int, to end: Int) -> Int {
        let lineFeeds = SIMD16<Int8>(repeating: 0x0A)
        var blockEnd = end
        while blockEnd &- 16 >= start {
            let words = unsafeBitCast(bytes.vector(blockEnd &- 16) .== lineFeeds, to: SIMD2<UInt64>.self)
            let high = UInt64(littleEndian: words[1])
            if high != 0 { return blockEnd &- 1 &- high.leadingZeroBitCount / 8 }
            let low = UInt64(littleEndian: words[0])
            if low != 0 { return blockEnd &- 9 &- low.leadingZeroBitCount / 8 }
            blockEnd &-= 16
        }
        while blockEnd > start {
            blockEnd &-= 1
            if bytes[blockEnd] == 0x0A { return blockEnd }
        }
        return -1
    }
}
