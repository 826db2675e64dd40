// Validating numbers against RFC 8259's grammar, without converting them:
//
//     number = [ "-" ] int [ frac ] [ exp ]
//     int    = "0" / ( digit1-9 *digit )
//     frac   = "." 1*digit
//     exp    = ( "e" / "E" ) [ "-" / "+" ] 1*digit
//
// The node remembers whether the text is a plain integer (no fraction, no exponent), which lets integer
// conversions take a simple digit loop later, and — when the number has a fraction, no exponent and at most
// 19 digits (canada.json's coordinates, prices, heights) — how many digits come before the decimal point, so the
// `Double` conversion reads the digits where they are without looking for the point, the end of the
// digits or an exponent again (`TapeNode.shortDecimalBit`, documented in `Tape.swift`).

extension JSONParser {
    /// Validates the number at `position` and appends its node.
    @inline(always)
    mutating func scanNumber() throws(ParseFailure) {
        let start = position
        var index = position
        if input.byte(index) == UInt8(ascii: "-") {
            index &+= 1
        }
        guard index < input.count, isDigit(input.byte(index)) else {
            throw JSONParser.signFailure(input, at: index)
        }
        if input.byte(index) == UInt8(ascii: "0") {
            index &+= 1
            if index < input.count, isDigit(input.byte(index)) {
                throw JSONParser.failure("Invalid number: leading zeros are not allowed", at: start)
            }
        } else {
            index = JSONParser.skipDigits(input, from: index)
        }
        // The header as a plain integer; a fraction or an exponent clears the flag. A fraction without an
        // exponent, with at most 19 digits in all, makes a short decimal (recomputed from `start` and the
        // point's place, so that nothing more stays live through the digit runs).
        var header = NodeKind.number.rawValue | TapeNode.flagBit
        if index < input.count, input.byte(index) == UInt8(ascii: ".") {
            let point = index
            index &+= 1
            guard index < input.count, isDigit(input.byte(index)) else {
                throw JSONParser.failure("Invalid number: expected a digit after the decimal point", at: index)
            }
            index = JSONParser.skipDigits(input, from: index)
            let signLength = input.byte(start) == UInt8(ascii: "-") ? 1 : 0
            header = index &- start &- signLength &- 1 <= TapeNode.shortDecimalMaximumDigits
                ? NodeKind.number.rawValue | TapeNode.shortDecimalBit | UInt32(truncatingIfNeeded: point &- start &- signLength) << TapeNode.integerDigitsShift
                : NodeKind.number.rawValue
        }
        if index < input.count, input.byte(index) | 0x20 == UInt8(ascii: "e") {
            header = NodeKind.number.rawValue
            index &+= 1
            if index < input.count, input.byte(index) == UInt8(ascii: "+") || input.byte(index) == UInt8(ascii: "-") {
                index &+= 1
            }
            guard index < input.count, isDigit(input.byte(index)) else {
                throw JSONParser.failure("Invalid number: expected a digit in the exponent", at: index)
            }
            index = JSONParser.skipDigits(input, from: index)
        }
        let node = TapeNode(numberAt: UInt32(truncatingIfNeeded: start), length: UInt32(truncatingIfNeeded: index &- start), header: header)
        tape.append(node)
        position = index
    }

    /// No digit where a number's first digit belongs (after a `-`, or at the end of the input).
    @inline(never)
    static func signFailure(_ input: ByteReader, at index: Int) -> ParseFailure {
        let what = index < input.count ? describeByte(input, at: index) : "end of input"
        let hint = index < input.count && (input.byte(index) == UInt8(ascii: "I") || input.byte(index) == UInt8(ascii: "N"))
            ? "; NaN and Infinity are not valid JSON numbers" : ""
        return ParseFailure(message: "Invalid number: expected a digit after '-', found \(what)\(hint)", offset: index)
    }

    /// The index after the run of digits starting at `start`.
    @inline(__always)
    static func skipDigits(_ input: ByteReader, from start: Int) -> Int {
        var index = start
        // Eight bytes at a time: a run shorter than eight (most numbers) is measured by one word test.
        while index &+ 8 <= input.count {
            let count = leadingDigitCount(input.word(index))
            index &+= count
            if count < 8 { return index }
        }
        while index < input.count, isDigit(input.byte(index)) {
            index &+= 1
        }
        return index
    }
}

extension TapeNode {
    /// Numbers only: the text has a fraction, no exponent and at most ``shortDecimalMaximumDigits`` digits
    /// in all (leading zeros included), so they accumulate exactly in a `UInt64`; bits 5–9 then hold how
    /// many of them come before the decimal point (1 through 18). Plain integers are not marked: their
    /// conversions have the plain-integer flag, and marking them cost the parser more than it saved. See
    /// `Tape.swift`.
    static let shortDecimalBit: UInt32 = 0b1_0000
    /// Where a short decimal's count of integer digits starts in `header` (five bits).
    static let integerDigitsShift: UInt32 = 5
    /// The most digits a short decimal has: 10^19 - 1 is below 2^64.
    static let shortDecimalMaximumDigits = 19

    /// A number node with a header built by `scanNumber`.
    @inline(__always)
    init(numberAt start: UInt32, length: UInt32, header: UInt32) {
        self.payload = start
        self.header = header | TapeNode.packedLength(length)
    }

    /// Numbers only: whether the text is a short decimal (see ``shortDecimalBit``).
    var isShortDecimal: Bool { header & TapeNode.shortDecimalBit != 0 }

    /// Numbers only, short decimals only: the number of digits before the decimal point.
    var shortDecimalIntegerDigits: Int { Int(truncatingIfNeeded: (header >> TapeNode.integerDigitsShift) & 0b1_1111) }
}

@inline(__always)
func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
}
