import Foundation

// Turning number nodes into Swift numbers, only when a decoder asks, exactly.
//
// Integers: plain integer text takes a digit loop that accumulates towards the sign (so `Int64.min` works)
// with overflow checks; text with a fraction or an exponent (`3.0`, `3e2`, `1.5e1`) takes an exact slow path
// that decides "whole and in range", "overflow" or "has a fractional part" without ever going through Double.
// Doubles: up to 19 significant digits take the Eisel–Lemire conversion (`FastDoubleParsing.swift`), which
// is correctly rounded and allocates nothing; longer numbers take the standard library's conversion. A
// number the parser marked as a short decimal (a fraction, no exponent, at most 19 digits) has its digits read where the
// parse says they are, without looking for the decimal point, the digits' end or an exponent.

/// The outcome of reading a number node as a `Decimal`.
enum DecimalReading {
    case value(Decimal)
    /// Larger in magnitude than `Decimal` can hold.
    case overflow
    /// More significant digits than `Decimal`'s 128-bit mantissa holds, or non-zero digits below its
    /// smallest exponent (10^-128): `Decimal` would round it.
    case imprecise
}

/// The outcome of reading a number node as an integer type.
enum IntegerReading<Value> {
    case value(Value)
    /// The number is whole but does not fit the type.
    case overflow
    /// The number has a non-zero fractional part.
    case fractional
}

extension JSONDocument {
    /// Reads number node `node` as `T`, exactly.
    func integer<T: FixedWidthInteger>(_ node: Int, as type: T.Type) -> IntegerReading<T> {
        let entry = tape[node]
        let start = Int(entry.start)
        let end = start + entry.length(in: input)
        let text = input.slice(start, length: end - start)
        return entry.flag ? plainInteger(text, as: T.self) : scientificInteger(text, as: T.self)
    }

    /// Whether the number is whole, however it is written (`7`, `7.0`, `7e2`, `1.5e30`), whatever its size.
    func isWholeNumber(_ node: Int) -> Bool {
        let entry = tape[node]
        if entry.flag { return true }
        let start = Int(entry.start)
        let end = start + entry.length(in: input)
        let parts = NumberParts(input.slice(start, length: end - start))
        guard let last = parts.lastSignificant else { return true }
        return parts.exponent + (parts.digitCount - 1 - last) >= 0
    }

    /// `-?[0-9]+`, accumulated towards the sign.
    private func plainInteger<T: FixedWidthInteger>(_ text: ByteReader, as type: T.Type) -> IntegerReading<T> {
        let negative = text.first == UInt8(ascii: "-")
        let digits = negative ? text.count - 1 : text.count
        if digits <= 18 {
            // Up to 18 digits fit an `Int` whatever they are: accumulate in `Int`, convert once. In a debug
            // build the generic loop below calls `T`'s arithmetic through its witness table three times a digit.
            // The parser checked that these are all digits: eight at a time, then the rest in one word (or one by
            // one in a text shorter than eight bytes).
            var magnitude = 0
            var index = negative ? 1 : 0
            while index + 8 <= text.count {
                magnitude = magnitude &* 100_000_000 &+ Int(truncatingIfNeeded: eightDigitsValue(text.word(index)))
                index += 8
            }
            if index < text.count && text.count >= 8 {
                // The last one to seven digits in one step: the word ending at the text's end, shifted down.
                let remaining = text.count - index
                let word = text.word(text.count - 8) &>> UInt64(truncatingIfNeeded: (8 - remaining) * 8)
                magnitude = magnitude &* Int(truncatingIfNeeded: powersOfTenUpTo8[remaining])
                    &+ Int(truncatingIfNeeded: leadingDigitsValue(word, count: remaining))
                index = text.count
            }
            while index < text.count {
                magnitude = magnitude &* 10 &+ Int(text[index] &- UInt8(ascii: "0"))
                index += 1
            }
            guard let value = T(exactly: negative ? -magnitude : magnitude) else { return .overflow }
            return .value(value)
        }
        var value: T = 0
        for index in (negative ? 1 : 0) ..< text.count {
            let digit = T(truncatingIfNeeded: text[index] &- UInt8(ascii: "0"))
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return .overflow }
            value = next
        }
        return .value(value)
    }

    /// Any valid JSON number, decided exactly from its digits and exponent.
    private func scientificInteger<T: FixedWidthInteger>(_ text: ByteReader, as type: T.Type) -> IntegerReading<T> {
        let parts = NumberParts(text)
        // value = digits[first...last] × 10^exponent, with no leading or trailing zero digits.
        guard let first = parts.firstSignificant, let last = parts.lastSignificant else { return .value(0) }
        let trailingZeros = (last + 1 ..< parts.digitCount).count
        let exponent = parts.exponent + trailingZeros
        if exponent < 0 { return .fractional }
        let significantCount = last - first + 1
        if significantCount + exponent > 40 { return .overflow }
        var value: T = 0
        for position in first ... last + exponent {
            let digit = position <= last ? T(truncatingIfNeeded: parts.digit(position)) : 0
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = parts.negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return .overflow }
            value = next
        }
        return .value(value)
    }

    /// Reads number node `node` as a `Double`, correctly rounded; nil when its magnitude is too large for
    /// `Double`, or when it is not zero but too small for it (`1e-400` would round to zero: `JSONDecoder` rejects
    /// it, and `Double`'s conversion reports `lossOfPrecision`). Zeros keep their sign.
    func double(_ node: Int) -> Double? {
        double(of: tape[node])
    }

    /// `double(_:)` of the tape entry `entry` (a number node), read once by the caller.
    @inline(__always)
    func double(of entry: TapeNode) -> Double? {
        if entry.isShortDecimal {
            // A fraction, no exponent, at most 19 digits, the decimal point's place known from the parse
            // (canada.json's coordinates): always finite.
            return shortDecimalDouble(input.slice(Int(entry.start), length: entry.storedLength), integerDigits: entry.shortDecimalIntegerDigits)
        }
        return longDouble(of: entry)
    }

    /// The value at `node` when it is a short decimal (`TapeNode.shortDecimalBit`), NaN otherwise (a short
    /// decimal never is): the `Double` field's fast path, one tape read and no optional (see `ScalarFields.swift`).
    @inline(__always)
    func shortDecimalDoubleOrNaN(_ node: Int) -> Double {
        let entry = tape[node]
        guard entry.header & (TapeNode.shortDecimalBit | 0b111) == TapeNode.shortDecimalBit | NodeKind.number.rawValue else { return .nan }
        return shortDecimalDouble(input.slice(Int(entry.start), length: entry.storedLength), integerDigits: entry.shortDecimalIntegerDigits)
    }

    /// Every other number: an exponent, or more than 19 digits.
    private func longDouble(of entry: TapeNode) -> Double? {
        let start = Int(entry.start)
        let end = start + entry.length(in: input)
        let fast = DecimalParts(input.slice(start, length: end - start)).double
        // More than 19 significant digits: the standard library's conversion (allocates a String).
        guard let value = fast ?? Double(String(decoding: input.slice(start, length: end - start).buffer, as: UTF8.self)),
              value.isFinite else { return nil }
        // A short decimal (the other path) is never this small: only here can a non-zero number round to zero.
        if value == 0, hasNonZeroDigit(start, end) { return nil }
        return value
    }

    /// Reads number node `node` as a `Float`; nil when its magnitude is too large for `Float`, or when it is not
    /// zero but too small for it (`1e-50`), as for `Double`.
    func float(_ node: Int) -> Float? {
        guard let value = Float(rawText(node)), value.isFinite else { return nil }
        if value == 0, hasNonZeroDigit(Int(tape[node].start), Int(tape[node].start) + tape[node].length(in: input)) { return nil }
        return value
    }

    /// Whether the number written in bytes `start ..< end` has a significant digit other than 0 (is not zero).
    private func hasNonZeroDigit(_ start: Int, _ end: Int) -> Bool {
        NumberParts(input.slice(start, length: end - start)).firstSignificant != nil
    }

    /// Whether the number at `node` is too small for a floating-point type whose reading of it failed: not
    /// zero, yet the standard library's conversion rounds it to zero (too large ones become infinite).
    func isTooSmall<F: BinaryFloatingPoint & LosslessStringConvertible>(_ node: Int, for type: F.Type) -> Bool {
        F(rawText(node)) == 0 && hasNonZeroDigit(Int(tape[node].start), Int(tape[node].start) + tape[node].length(in: input))
    }

    /// Reads number node `node` as a `Decimal`, exactly: whenever its significant digits fit in `Decimal`'s
    /// 128-bit mantissa with an exponent in -128 … 127 (`1e128` is 10 × 10^127), however it is written.
    func decimal(_ node: Int) -> DecimalReading {
        let entry = tape[node]
        let start = Int(entry.start)
        let parts = NumberParts(input.slice(start, length: entry.length(in: input)))
        guard let first = parts.firstSignificant, let last = parts.lastSignificant else { return .value(0) }
        // value = digits[first...last] × 10^exponent, with no leading or trailing zero digits; the exponent is
        // exact (the written one plus the decimal point's offset, saturated far beyond any type's range).
        var exponent = parts.exponent + (parts.digitCount - 1 - last)
        // The largest Decimal is (2^128 - 1) × 10^127, about 3.4 × 10^165.
        if exponent + (last - first) > 165 { return .overflow }
        if exponent < -128 || last - first >= 39 { return .imprecise }
        var mantissa = DecimalMantissa()
        for position in first ... last {
            guard mantissa.multiplyByTen(adding: UInt64(parts.digit(position))) else { return .imprecise }
        }
        while exponent > 127 {
            // At most 38 steps: the magnitude check above bounds the exponent.
            guard mantissa.multiplyByTen(adding: 0) else { return .overflow }
            exponent -= 1
        }
        // Foundation's parser reads this normalized form exactly (it rejects some equal ones, like `1e128`).
        let text = (parts.negative ? "-" : "") + mantissa.decimalText + "e" + String(exponent)
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !value.isNaN else { return .imprecise }
        return .value(value)
    }
}

/// `Decimal`'s 128-bit mantissa as two words: Swift's `UInt128` needs macOS 15 / iOS 18, and the package
/// supports older systems.
private struct DecimalMantissa {
    var high: UInt64 = 0
    var low: UInt64 = 0

    /// `self = self × 10 + digit`; false, leaving `self` unchanged, when the result needs more than 128 bits.
    mutating func multiplyByTen(adding digit: UInt64) -> Bool {
        let lowProduct = low.multipliedFullWidth(by: 10)
        let (highProduct, overflow1) = high.multipliedReportingOverflow(by: 10)
        let (sumHigh, overflow2) = highProduct.addingReportingOverflow(lowProduct.high)
        let (newLow, carry) = lowProduct.low.addingReportingOverflow(digit)
        let (newHigh, overflow3) = sumHigh.addingReportingOverflow(carry ? 1 : 0)
        guard !overflow1, !overflow2, !overflow3 else { return false }
        (high, low) = (newHigh, newLow)
        return true
    }

    /// The value in decimal digits, without leading zeros ("0" for zero).
    var decimalText: String {
        let chunk: UInt64 = 10_000_000_000_000_000_000  // 10^19, the largest power of ten in a UInt64
        var rest = self
        var chunks: [UInt64] = []
        repeat {
            let (quotientHigh, remainderHigh) = rest.high.quotientAndRemainder(dividingBy: chunk)
            let (quotientLow, remainder) = chunk.dividingFullWidth((remainderHigh, rest.low))
            rest = DecimalMantissa(high: quotientHigh, low: quotientLow)
            chunks.append(remainder)
        } while rest.high != 0 || rest.low != 0
        var text = String(chunks.removeLast())
        for part in chunks.reversed() {
            let digits = String(part)
            text += String(repeating: "0", count: 19 - digits.count) + digits
        }
        return text
    }
}

/// The digits and exponent of a validated JSON number, read without allocating.
private struct NumberParts {
    let text: ByteReader
    let negative: Bool
    let integerDigits: Range<Int>
    let fractionDigits: Range<Int>
    /// The written exponent minus the number of fraction digits: exact, unless the written exponent's
    /// magnitude reaches ``exponentSaturation`` (far beyond any type's range, whatever the digits).
    let exponent: Int

    init(_ text: ByteReader) {
        self.text = text
        var index = 0
        negative = text.first == UInt8(ascii: "-")
        if negative { index = 1 }
        let integerStart = index
        while index < text.count, isDigit(text[index]) { index += 1 }
        integerDigits = integerStart ..< index
        var fractionStart = index
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index += 1
            fractionStart = index
            while index < text.count, isDigit(text[index]) { index += 1 }
        }
        fractionDigits = fractionStart ..< max(fractionStart, index)
        let written = writtenExponent(text, from: index)
        exponent = written - fractionDigits.count
    }

    var digitCount: Int { integerDigits.count + fractionDigits.count }

    /// Digit number `position` of the integer digits followed by the fraction digits.
    func digit(_ position: Int) -> UInt8 {
        let index = position < integerDigits.count
            ? integerDigits.lowerBound + position
            : fractionDigits.lowerBound + position - integerDigits.count
        return text[index] &- UInt8(ascii: "0")
    }

    var firstSignificant: Int? { (0 ..< digitCount).first { digit($0) != 0 } }
    var lastSignificant: Int? { (0 ..< digitCount).last { digit($0) != 0 } }
}
