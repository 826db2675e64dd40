// Correctly rounded decimal → Double conversion without allocating: the Eisel–Lemire algorithm
// (D. Lemire, "Number Parsing at a Gigabyte per Second", 2021; N. Mushtak and D. Lemire, "Fast Number
// Parsing Without Fallback", 2023), as in the fast_float library.
//
// A number w × 10^q with w < 10^19 is converted with one or two 64×64→128-bit multiplications by a
// precomputed 128-bit approximation of 5^q (`PowersOfFive.swift`). Numbers with more than 19 significant
// digits, where the truncation of w could matter, return nil and take the standard library's path.

/// The decimal significand (at most 19 digits) and exponent of a validated JSON number.
struct DecimalParts {
    var negative = false
    var significand: UInt64 = 0
    var exponent = 0
    /// True when the number has more than 19 significant digits, so `significand` is truncated.
    var truncated = false

    /// Reads a JSON number text, already validated by the parser.
    init(_ text: ByteReader) {
        if let parts = DecimalParts(atMostNineteenDigits: text) {
            self = parts
        } else {
            self.init(anyLength: text)
        }
    }

    /// The common case: at most 19 digits in all (leading zeros included), so the digits accumulate
    /// exactly in a `UInt64` without looking at each one's significance; eight at a time where possible.
    /// Nil for longer numbers, which take `init(anyLength:)`.
    @inline(__always)
    private init?(atMostNineteenDigits text: ByteReader) {
        var index = 0
        if text.first == UInt8(ascii: "-") {
            negative = true
            index = 1
        }
        let integerStart = index
        index = DecimalParts.accumulateDigits(text, from: index, into: &significand)
        var digitCount = index - integerStart
        if index < text.count, text[index] == UInt8(ascii: ".") {
            let fractionStart = index + 1
            index = DecimalParts.accumulateDigits(text, from: fractionStart, into: &significand)
            digitCount += index - fractionStart
            exponent = fractionStart - index
        }
        guard digitCount <= 19 else { return nil }
        exponent += writtenExponent(text, from: index)
    }

    /// Accumulates the digits at `start` into `value` (wrapping: the caller discards the result when more
    /// than 19 digits were read); returns the index after them.
    @inline(__always)
    private static func accumulateDigits(_ text: ByteReader, from start: Int, into value: inout UInt64) -> Int {
        var index = start
        while index + 8 <= text.count {
            let word = text.word(index)
            let count = leadingDigitCount(word)
            if count == 8 {
                value = value &* 100_000_000 &+ eightDigitsValue(word)
                index += 8
                continue
            }
            value = value &* powersOfTenUpTo8[count] &+ leadingDigitsValue(word, count: count)
            return index + count
        }
        if index < text.count && text.count >= 8 {
            // The last one to seven bytes: the word that ends at the text's end, shifted down so they are its
            // low bytes; the bytes shifted in are zeros, which are not digits (canada's coordinates end in
            // seven digits or so after one full word, and a loop over them cost a quarter of its conversions).
            let remaining = text.count - index
            let word = text.word(text.count - 8) &>> UInt64(truncatingIfNeeded: (8 - remaining) * 8)
            let count = leadingDigitCount(word)
            value = value &* powersOfTenUpTo8[count] &+ leadingDigitsValue(word, count: count)
            return index + count
        }
        while index < text.count, isDigit(text[index]) {
            value = value &* 10 &+ UInt64(text[index] &- UInt8(ascii: "0"))
            index += 1
        }
        return index
    }

    /// Any length: significant digits beyond the 19th are dropped (and `truncated` set).
    private init(anyLength text: ByteReader) {
        var index = 0
        if text.first == UInt8(ascii: "-") {
            negative = true
            index = 1
        }
        var digits = 0
        while index < text.count, isDigit(text[index]) {
            accumulate(text[index], digits: &digits, isFraction: false)
            index += 1
        }
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index += 1
            while index < text.count, isDigit(text[index]) {
                accumulate(text[index], digits: &digits, isFraction: true)
                index += 1
            }
        }
        // The written exponent, added in full to the decimal point's offset (up to the input's length):
        // capping it first would turn `0.<100,000 zeros>1e100001` into 0.1.
        exponent += writtenExponent(text, from: index)
    }

    private mutating func accumulate(_ byte: UInt8, digits: inout Int, isFraction: Bool) {
        let digit = UInt64(byte &- UInt8(ascii: "0"))
        if significand == 0 && digit == 0 {
            // Leading zeros are not significant.
            if isFraction { exponent -= 1 }
            return
        }
        if digits < 19 {
            significand = significand &* 10 &+ digit
            digits += 1
            if isFraction { exponent -= 1 }
        } else {
            // Beyond 19 digits: drop the digit, keep the magnitude.
            if digit != 0 { truncated = true }
            if !isFraction { exponent += 1 }
        }
    }

    /// The correctly rounded Double, or nil when the significand was truncated (take the slow path).
    var double: Double? {
        guard !truncated else { return nil }
        guard let magnitude = eiselLemire(significand, exponent) else { return nil }
        return negative ? -magnitude : magnitude
    }
}

/// The correctly rounded `Double` of a short decimal (`TapeNode.shortDecimalBit`): `-?digits.digits` (or a
/// plain `-?digits`) with at most 19 digits in all, `integerDigits` of them before the point, as parsed.
/// The digits are read where they are, without testing which bytes are digits: the integer digits one by
/// one when there are few (canada.json's coordinates have two or three), the fraction eight at a time and
/// its last one to seven digits from the word that ends at the text's end (no exponent follows them).
@inline(__always)
func shortDecimalDouble(_ text: ByteReader, integerDigits: Int) -> Double {
    let negative = text[0] == UInt8(ascii: "-")
    let integerStart = negative ? 1 : 0
    let fractionStart = integerStart + integerDigits + 1
    var significand: UInt64 = 0
    if integerDigits <= 4 || text.count < 8 {
        var index = integerStart
        while index < fractionStart - 1 {
            significand = significand &* 10 &+ UInt64(text[index] &- UInt8(ascii: "0"))
            index += 1
        }
    } else {
        significand = appendingKnownDigits(text, at: integerStart, count: integerDigits, to: 0)
    }
    // A plain integer has no decimal point: its "fraction start" is one past its end.
    let fractionDigits = max(text.count - fractionStart, 0)
    if fractionDigits > 0 {
        significand = appendingFinalDigits(text, count: fractionDigits, to: significand)
    }
    // At most 19 digits and an exponent of -19 … 0: Clinger's exact path when the digits fit 53 bits (10^19 is
    // below 10^22), else the product, whose result is always a normal, finite Double (no range checks).
    let magnitude: Double
    if significand <= 1 << 53 {
        magnitude = Double(significand) / exactPowersOfTen[fractionDigits]
    } else {
        magnitude = eiselLemireProduct(significand, -fractionDigits, isNormal: true)
    }
    return negative ? -magnitude : magnitude
}

/// `value` followed by the `count` (1 through 19, with `value`'s digits at most 19 in all) digits that end
/// `text`, which the parser checked are all digits: eight at a time, then the last one to seven from the
/// word that ends at the text's end, the bytes below them replaced by '0's (or one by one in a text shorter
/// than eight bytes).
@inline(__always)
func appendingFinalDigits(_ text: ByteReader, count: Int, to value: UInt64) -> UInt64 {
    var value = value
    var index = text.count - count
    var remaining = count
    while remaining >= 8 {
        value = value &* 100_000_000 &+ eightDigitsValue(text.word(index))
        index += 8
        remaining -= 8
    }
    guard remaining > 0 else { return value }
    if text.count >= 8 {
        // The last `remaining` digits are the word's top bytes; the bytes below them become '0's.
        let below = UInt64.max &>> UInt64(truncatingIfNeeded: remaining &* 8)
        let word = text.word(text.count - 8) & ~below | 0x3030_3030_3030_3030 & below
        return value &* powersOfTenUpTo8[remaining] &+ eightDigitsValue(word)
    }
    while remaining > 0 {
        value = value &* 10 &+ UInt64(text[index] &- UInt8(ascii: "0"))
        index += 1
        remaining -= 1
    }
    return value
}

/// `value` followed by the `count` (0 through 19, with `value`'s digits at most 19 in all) digits at `start`
/// of `text`, which the parser checked are all digits: eight at a time, then the rest from one word — the
/// one starting at them, or, near the text's end, the one ending at the text's end shifted down. The text
/// has at least eight bytes.
@inline(__always)
func appendingKnownDigits(_ text: ByteReader, at start: Int, count: Int, to value: UInt64) -> UInt64 {
    var value = value
    var index = start
    var remaining = count
    while remaining >= 8 {
        value = value &* 100_000_000 &+ eightDigitsValue(text.word(index))
        index += 8
        remaining -= 8
    }
    guard remaining > 0 else { return value }
    let wordStart = min(index, text.count - 8)
    let word = text.word(wordStart) &>> UInt64(truncatingIfNeeded: (index - wordStart) &* 8)
    return value &* powersOfTenUpTo8[remaining] &+ leadingDigitsValue(word, count: remaining)
}

/// Where a written exponent's magnitude saturates: 2^50, far beyond any input's length (under 2^32), so
/// adding the decimal point's offset to it never overflows and never brings a saturated exponent back
/// into any type's range.
let exponentSaturation = 1 << 50

/// The exponent written at `index` ('e' or 'E', an optional sign, digits), or 0 when the text ends there;
/// its magnitude saturates at ``exponentSaturation``. The text is a validated JSON number.
func writtenExponent(_ text: ByteReader, from start: Int) -> Int {
    var index = start
    guard index < text.count else { return 0 }
    index += 1
    var negative = false
    if index < text.count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
        negative = text[index] == UInt8(ascii: "-")
        index += 1
    }
    var written = 0
    while index < text.count {
        written = min(written &* 10 &+ Int(text[index] &- UInt8(ascii: "0")), exponentSaturation)
        index += 1
    }
    return negative ? -written : written
}

/// w × 10^q correctly rounded to the nearest Double (ties to even); infinity when too large.
/// Always inlined: in the short decimals' path (see `shortDecimalDouble`) the call cost a tenth of it.
@inline(__always)
func eiselLemire(_ significand: UInt64, _ exponent: Int) -> Double? {
    let w = significand
    let q = exponent
    if w == 0 || q < -342 { return 0 }
    if q > 308 { return .infinity }
    // Exact fast path (Clinger): w fits in 53 bits and 10^|q| is exact.
    if w <= 1 << 53 && q >= -22 && q <= 22 {
        let value = Double(w)
        return q < 0 ? value / exactPowersOfTen[-q] : value * exactPowersOfTen[q]
    }
    return eiselLemireProduct(w, q, isNormal: false)
}

/// Eisel–Lemire's product for w × 10^q, w non-zero and q within -342 … 308 (`eiselLemire` checked). When
/// `isNormal` (a constant at each call, so the branches fold away) the caller knows the result is a normal,
/// finite Double: w < 2^64 and q within -19 … 0 (the binary exponent is then 959 … 1087).
@inline(__always)
func eiselLemireProduct(_ significand: UInt64, _ q: Int, isNormal: Bool) -> Double {
    var w = significand
    let leadingZeros = w.leadingZeroBitCount
    w <<= UInt64(leadingZeros)
    let tableIndex = 2 * (q - powersOfFiveMinimumExponent)
    var (upper, lower) = w.multipliedFullWidth(by: powersOfFive[tableIndex])
    if upper & 0x1FF == 0x1FF {
        // The product may be off in the bits that matter: refine with the next 64 bits of 5^q.
        let (secondUpper, _) = w.multipliedFullWidth(by: powersOfFive[tableIndex + 1])
        let (sum, carry) = lower.addingReportingOverflow(secondUpper)
        lower = sum
        if carry { upper &+= 1 }
    }
    let upperBit = Int(upper >> 63)
    var mantissa = upper >> UInt64(upperBit + 9)
    var power2 = (((152_170 + 65_536) * q) >> 16) + 63 + upperBit - leadingZeros + 1023
    if !isNormal && power2 <= 0 {
        // Subnormal (or zero).
        if -power2 + 1 >= 64 { return 0 }
        mantissa >>= UInt64(-power2 + 1)
        mantissa += mantissa & 1
        mantissa >>= 1
        power2 = mantissa < (1 << 52) ? 0 : 1
        return Double(bitPattern: UInt64(power2) << 52 | mantissa)
    }
    // Exactly halfway between two doubles: round to even instead of up.
    if lower <= 1 && q >= -4 && q <= 23 && mantissa & 3 == 1 && (mantissa << UInt64(upperBit + 9)) == upper {
        mantissa &= ~1
    }
    mantissa += mantissa & 1
    mantissa >>= 1
    if mantissa >= (2 << 52) {
        mantissa = 1 << 52
        power2 += 1
    }
    mantissa &= ~(1 << 52)
    if !isNormal && power2 >= 0x7FF { return .infinity }
    return Double(bitPattern: UInt64(power2) << 52 | mantissa)
}

/// 10^0 … 10^22, every one exactly representable as a `Double`.
let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]
