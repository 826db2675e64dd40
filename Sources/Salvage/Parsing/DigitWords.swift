// Eight ASCII digits at a time, in one 64-bit word (little-endian, as `ByteReader.word` loads it).
//
// Numbers are most of canada.json (coordinates of 15–17 digits), and both the parser's grammar check and
// the document's Double conversion walked them a digit at a time. These two helpers are the SWAR tricks of
// the fast_float library (D. Lemire): a test that all eight bytes are '0'...'9', and the value of the eight
// digits with three multiplications instead of eight multiply-adds.

/// Whether all eight bytes of `word` are ASCII digits.
@inline(__always)
func isEightDigits(_ word: UInt64) -> Bool {
    // A byte below '0' borrows into its high bit when 0x30 is subtracted; a byte above '9' carries into it
    // when 0x46 is added. Neither can happen to a digit.
    ((word &+ 0x4646_4646_4646_4646) | (word &- 0x3030_3030_3030_3030)) & 0x8080_8080_8080_8080 == 0
}

/// The value of the eight ASCII digits of `word` (the first digit in the lowest byte). The caller checked
/// `isEightDigits(word)`.
@inline(__always)
func eightDigitsValue(_ word: UInt64) -> UInt64 {
    let mask: UInt64 = 0x0000_00FF_0000_00FF
    let multiplier1: UInt64 = 100 + (1_000_000 << 32)
    let multiplier2: UInt64 = 1 + (10_000 << 32)
    var value = word &- 0x3030_3030_3030_3030
    value = (value &* 10) &+ (value >> 8) // pairs of digits, in every other byte
    return (((value & mask) &* multiplier1) &+ (((value >> 16) & mask) &* multiplier2)) >> 32
}

/// The number of ASCII digits at the start of `word` (its lowest bytes), 0 through 8.
///
/// The test of `isEightDigits` flags every non-digit byte's high bit; carries and borrows only move
/// towards higher bytes, so the lowest flagged byte is exact even when the bytes above it are not.
@inline(__always)
func leadingDigitCount(_ word: UInt64) -> Int {
    let nonDigits = ((word &+ 0x4646_4646_4646_4646) | (word &- 0x3030_3030_3030_3030)) & 0x8080_8080_8080_8080
    return nonDigits.trailingZeroBitCount >> 3 // 64 >> 3 = 8 when all are digits
}

/// The value of the first `count` (0 through 8) ASCII digits of `word`: they are moved to the top of the
/// word, below them go '0's, and the eight digits are read at once.
///
/// Masking shifts only (`&<<`, `&>>`: one instruction each; Swift's `<<` and `>>` with a variable amount add
/// compares for amounts of 64 and more). A shift by 64 (count 0) is done as two of 32; for count 8 the
/// '0's are shifted by 0 and or-ed into the digits, which already have those bits set.
@inline(__always)
func leadingDigitsValue(_ word: UInt64, count: Int) -> UInt64 {
    let shift = UInt64(truncatingIfNeeded: 64 &- count &* 8)
    let digits = (word &<< (shift &>> 1)) &<< (shift &- (shift &>> 1))
    let zeros: UInt64 = 0x3030_3030_3030_3030 &>> (UInt64(truncatingIfNeeded: count &* 8) & 63)
    return eightDigitsValue(digits | zeros)
}

/// 10^0 through 10^8, to append `count` digits read by `leadingDigitsValue`.
let powersOfTenUpTo8: [UInt64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000]
