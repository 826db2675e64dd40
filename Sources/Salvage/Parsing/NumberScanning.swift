// Validating numbers against RFC 8259's grammar, without converting them:
//
//     number = [ "-" ] int [ frac ] [ exp ]
//     int    = "0" / ( digit1-9 *digit )
//     frac   = "." 1*digit
//     exp    = ( "e" / "E" ) [ "-" / "+" ] 1*digit
//
// The node remembers whether the text is a plain integer (no fraction, no exponent), which lets integer
// conversions take a simple digit loop later.

extension JSONParser {
    @inline(always)
    mutating func scanNumber() throws(ParseFailure) {
        let start = position
        var index = position
        if input.byte(index) == UInt8(ascii: "-") {
            index += 1
        }
        guard index < input.count, isDigit(input.byte(index)) else {
            let what = index < input.count ? describeByte(at: index) : "end of input"
            let hint = index < input.count && (input.byte(index) == UInt8(ascii: "I") || input.byte(index) == UInt8(ascii: "N"))
                ? "; NaN and Infinity are not valid JSON numbers" : ""
            throw ParseFailure(message: "Invalid number: expected a digit after '-', found \(what)\(hint)", offset: index)
        }
        if input.byte(index) == UInt8(ascii: "0") {
            index += 1
            if index < input.count, isDigit(input.byte(index)) {
                throw ParseFailure(message: "Invalid number: leading zeros are not allowed", offset: start)
            }
        } else {
            index = skipDigits(from: index)
        }
        var isInteger = true
        if index < input.count, input.byte(index) == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < input.count, isDigit(input.byte(index)) else {
                throw ParseFailure(message: "Invalid number: expected a digit after the decimal point", offset: index)
            }
            index = skipDigits(from: index)
        }
        if index < input.count, input.byte(index) | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            if index < input.count, input.byte(index) == UInt8(ascii: "+") || input.byte(index) == UInt8(ascii: "-") {
                index += 1
            }
            guard index < input.count, isDigit(input.byte(index)) else {
                throw ParseFailure(message: "Invalid number: expected a digit in the exponent", offset: index)
            }
            index = skipDigits(from: index)
        }
        tape.append(TapeNode(kind: .number, start: UInt32(truncatingIfNeeded: start), extent: UInt32(truncatingIfNeeded: index - start), flag: isInteger))
        position = index
    }

    @inline(__always)
    private func skipDigits(from start: Int) -> Int {
        var index = start
        // Eight bytes at a time: a run shorter than eight (most numbers) is measured by one word test.
        while index + 8 <= input.count {
            let count = leadingDigitCount(input.word(index))
            index += count
            if count < 8 { return index }
        }
        while index < input.count, isDigit(input.byte(index)) {
            index += 1
        }
        return index
    }
}

@inline(__always)
func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
}
