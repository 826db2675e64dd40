// Skipping whitespace between tokens: pretty-printed JSON (twitter.json, citm_catalog.json) has a line
// break and a run of indentation before most keys and values, and a lone space after most ':'s.
//
// Why unsafe: a run is crossed sixteen bytes at a time with one SSE2 or NEON compare per whitespace byte
// (`ByteReader.vector`), and the compare's mask is read as two 64-bit words with `unsafeBitCast` to find
// the first byte that is not whitespace, as in PlainTextScanning.swift (Swift has no public "movemask").
// Both types are 16 bytes of plain lanes, so the cast only reinterprets them. Measured with cachegrind: see
// Docs/Performance.md (2026-11-24, evening).
//
// Runs before members and closing brackets are guessed (`skipGuessedWhitespaceRun`): the parse of pretty-printed
// JSON waits mostly on a chain of loads and compares from one token's offset to the next one's, and a guess
// that a compare confirms takes the run's compares off that chain (Docs/Performance.md, 2026-11-25 night).

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

    /// `skipWhitespace` where pretty-printed JSON has a line break and indentation: before a member or
    /// element (`beforeCloser` false) or after one, before a comma or closing bracket (`beforeCloser` true).
    /// Runs go to `skipGuessedWhitespaceRun`, out of line.
    @inline(__always)
    mutating func skipWhitespace(beforeCloser: Bool) {
        guard position < input.count else { return }
        let byte = input.byte(position)
        if byte > UInt8(ascii: " ") { return }
        if byte == UInt8(ascii: " ") && position + 1 < input.count && input.byte(position + 1) > UInt8(ascii: " ") {
            position += 1
            return
        }
        if beforeCloser {
            let run = JSONParser.skipGuessedWhitespaceRun(input, from: position, level: depth, guesses: runGuesses.closers)
            position = run.end
            runGuesses.closers = run.guesses
        } else {
            let run = JSONParser.skipGuessedWhitespaceRun(input, from: position, level: depth, guesses: runGuesses.members)
            position = run.end
            runGuesses.members = run.guesses
        }
    }

    /// The index of the first byte at or after `start` that is not whitespace, for a run before a member or
    /// a closing bracket at nesting level `level`, and `guesses` with this run's length for the level.
    ///
    /// Pretty-printed JSON puts the same run (a line break and the same indentation) before every member of
    /// a container, and another before its closing bracket: when the run is as long as the last one at the
    /// same level (`guesses`, eight bits per level, levels modulo 8), the result does not depend on the
    /// compares, only on a branch that is predicted right, so the parser goes on without waiting for them.
    /// A wrong guess costs the check; then the run is measured and its length (at most 255) kept. The guesses
    /// are passed and returned by value: as an `inout` field of the parser they slowed canada.json's parse
    /// by about 4% (which has almost no runs).
    @inline(never)
    static func skipGuessedWhitespaceRun(_ input: ByteReader, from start: Int, level: Int, guesses: UInt64) -> (end: Int, guesses: UInt64) {
        let shift = UInt64(truncatingIfNeeded: level & 7) &* 8
        let guess = Int(truncatingIfNeeded: (guesses &>> shift) & 0xFF)
        if isWhitespaceRun(input, at: start, length: guess) {
            return (start &+ guess, guesses)
        }
        let end = skipWhitespaceRun(input, from: start)
        return (end, guesses & ~(0xFF &<< shift) | UInt64(truncatingIfNeeded: min(end &- start, 255)) &<< shift)
    }

    /// Whether the `length` bytes at `start` are whitespace and the byte after them is not. False also when
    /// fewer than sixteen bytes are left after the last whole sixteen of the run (the check loads sixteen).
    @inline(__always)
    static func isWhitespaceRun(_ input: ByteReader, at start: Int, length: Int) -> Bool {
        var index = start
        var left = length
        while left >= 16 {
            guard index &+ 16 <= input.count else { return false }
            let blank = unsafeBitCast(whitespaceLanes(input.vector(index)), to: SIMD2<UInt64>.self)
            guard blank[0] & blank[1] == ~0 else { return false }
            index &+= 16
            left &-= 16
        }
        guard index &+ 16 <= input.count else { return false }
        // Lanes before `left` must be whitespace and lane `left` must not; the others do not matter.
        let lane = SIMD16<Int8>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
        let limit = SIMD16<Int8>(repeating: Int8(truncatingIfNeeded: left))
        let wrong = unsafeBitCast((whitespaceLanes(input.vector(index)) .^ (lane .< limit)) .& (lane .<= limit), to: SIMD2<UInt64>.self)
        return wrong[0] | wrong[1] == 0
    }

    /// Which of sixteen bytes are a space, tab, line feed or carriage return. Vector-with-vector compares
    /// only: the vector-with-scalar operators are generic in this toolchain and compiled to a loop over the lanes.
    @inline(__always)
    static func whitespaceLanes(_ lanes: SIMD16<Int8>) -> SIMDMask<SIMD16<Int8>> {
        (lanes .== SIMD16<Int8>(repeating: 0x20)) .| (lanes .== SIMD16<Int8>(repeating: 0x0A))
            .| (lanes .== SIMD16<Int8>(repeating: 0x0D)) .| (lanes .== SIMD16<Int8>(repeating: 0x09))
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

/// The last whitespace run's length (at most 255) before a member and before a closing bracket, eight bits per
/// nesting level (levels taken modulo 8). Only guesses: every guess is checked against the bytes.
struct WhitespaceRunGuesses {
    var members: UInt64 = 0
    var closers: UInt64 = 0
}
