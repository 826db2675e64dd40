// Skipping whitespace between tokens: pretty-printed JSON (twitter.json, citm_catalog.json) has a line
// break and a run of indentation before most keys and values, and a lone space after most ':'s.
//
// Runs are measured sixteen bytes at a time with `ByteReader.blankMask` (ByteMasks.swift). Runs before members
// and closing brackets are guessed (`skipGuessedWhitespaceRun`): the parse of pretty-printed JSON waits mostly
// on a chain of loads and compares from one token's offset to the next one's, and a guess that a compare
// confirms takes the run's compares off that chain (Docs/Performance.md, 2026-11-25 night).

extension JSONParser {
    /// Moves `position` past any whitespace. Most calls find none or one space; longer runs are measured by
    /// `skipWhitespaceRun`.
    @inline(always)
    mutating func skipWhitespace() {
        guard position < input.count else { return }
        let byte = input.byte(position)
        // Every JSON whitespace byte is at most a space.
        if byte > UInt8(ascii: " ") { return }
        if byte == UInt8(ascii: " ") && position &+ 1 < input.count && input.byte(position &+ 1) > UInt8(ascii: " ") {
            position &+= 1 // a lone space, as after ':' and ','
            return
        }
        position = JSONParser.skipWhitespaceRun(input, from: position)
    }

    /// `skipWhitespace` where pretty-printed JSON has a line break and indentation: before a member or
    /// element (`beforeCloser` false) or after one, before a comma or closing bracket (`beforeCloser` true).
    /// A lone space is a run of one, guessed like any other.
    @inline(always)
    mutating func skipWhitespace(beforeCloser: Bool) {
        guard position < input.count, input.byte(position) <= UInt8(ascii: " ") else { return }
        let run = JSONParser.skipGuessedWhitespaceRun(input, from: position, level: depth,
                                                       guesses: beforeCloser ? runGuesses.closers : runGuesses.members)
        position = run.end
        if beforeCloser {
            runGuesses.closers = run.guesses
        } else {
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
    /// A wrong guess costs the check; then the run is measured and its length (at most 255) kept.
    @inline(__always)
    static func skipGuessedWhitespaceRun(_ input: ByteReader, from start: Int, level: Int, guesses: UInt64) -> (end: Int, guesses: UInt64) {
        let shift = UInt64(truncatingIfNeeded: level & 7) &* 8
        let guess = Int(truncatingIfNeeded: (guesses &>> shift) & 0xFF)
        if isWhitespaceRun(input, at: start, length: guess) {
            return (start &+ guess, guesses)
        }
        return measuredWhitespaceRun(input, from: start, shift: shift, guesses: guesses)
    }

    /// `skipGuessedWhitespaceRun` when the guess was wrong: the run measured, and its length (at most 255) put
    /// in `guesses` at `shift`.
    @inline(never)
    static func measuredWhitespaceRun(_ input: ByteReader, from start: Int, shift: UInt64, guesses: UInt64) -> (end: Int, guesses: UInt64) {
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
            guard index &+ 16 <= input.count, input.blankMask(index) == 0xFFFF else { return false }
            index &+= 16
            left &-= 16
        }
        guard index &+ 16 <= input.count else { return false }
        // The first byte that is not whitespace must be `left` bytes on (the complement's upper sixteen bits are
        // set, so the count is at most 16).
        return (~input.blankMask(index)).trailingZeroBitCount == left
    }

    /// The index of the first byte at or after `start` that is not a space, tab, line feed or carriage
    /// return (or `input.count`).
    static func skipWhitespaceRun(_ input: ByteReader, from start: Int) -> Int {
        var index = start
        while index &+ 16 <= input.count {
            let blanks = input.blankMask(index)
            if blanks != 0xFFFF {
                // The upper sixteen bits of the complement are set, so the count is below 16.
                return index &+ (~blanks).trailingZeroBitCount
            }
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
