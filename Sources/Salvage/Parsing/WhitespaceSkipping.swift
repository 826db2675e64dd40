// Skipping whitespace between tokens: pretty-printed JSON (twitter.json, citm_catalog.json) has a line
// break and a run of indentation before most keys and values, and a lone space after most ':'s.
//
// Why unsafe: a run is crossed sixteen bytes at a time with one SSE2 or NEON compare per whitespace byte
// (`ByteReader.vector`), and the compare's mask is read as two 64-bit words with `unsafeBitCast` to find
// the first byte that is not whitespace, as in PlainTextScanning.swift (Swift has no public "movemask").
// Both types are 16 bytes of plain lanes, so the cast only reinterprets them. Measured with cachegrind: see
// Docs/Performance.md (2026-11-24, evening).

extension JSONParser {
    /// Moves `position` past any whitespace. Most calls find none or one space; runs go to
    /// `skipWhitespaceRun`, out of line, so the structure loop stays small.
    @inline(__always)
    mutating func skipWhitespace() {
        guard position < input.count else { return }
        let byte = input.byte(position)
        // Every JSON whitespace byte is at most a space.
        if byte > UInt8(ascii: " ") { return }
        if byte == UInt8(ascii: " ") && position + 1 < input.count && input.byte(position + 1) > UInt8(ascii: " ") {
            position += 1 // a lone space, as after ':' and ','
            return
        }
        position = JSONParser.skipWhitespaceRun(input, from: position)
    }

    /// The index of the first byte at or after `start` that is not a space, tab, line feed or carriage
    /// return (or `input.count`).
    static func skipWhitespaceRun(_ input: ByteReader, from start: Int) -> Int {
        var index = start
        // Vector-with-vector compares only: the vector-with-scalar operators are generic in this toolchain
        // and compiled to a loop over the lanes.
        let spaces = SIMD16<Int8>(repeating: 0x20)
        let lineFeeds = SIMD16<Int8>(repeating: 0x0A)
        let returns = SIMD16<Int8>(repeating: 0x0D)
        let tabs = SIMD16<Int8>(repeating: 0x09)
        while index &+ 16 <= input.count {
            let lanes = input.vector(index)
            let blank = (lanes .== spaces) .| (lanes .== lineFeeds) .| (lanes .== returns) .| (lanes .== tabs)
            // Lanes are 0 or -1: the first byte that is not whitespace is the first zero byte of the mask.
            let words = unsafeBitCast(blank, to: SIMD2<UInt64>.self)
            let low = ~UInt64(littleEndian: words[0])
            if low != 0 { return index &+ low.trailingZeroBitCount / 8 }
            let high = ~UInt64(littleEndian: words[1])
            if high != 0 { return index &+ 8 &+ high.trailingZeroBitCount / 8 }
            index &+= 16
        }
        while index < input.count {
            switch input.byte(index) {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                index += 1
            default:
                return index
            }
        }
        return index
    }
}
