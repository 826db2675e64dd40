/// Numbers as `JSONEncoder` writes them.
extension JSONTextWriter {
    /// Appends an integer in decimal, without making a `String`.
    mutating func appendInteger<T: FixedWidthInteger>(_ value: T) {
        if T.bitWidth > 64 {
            appendRaw(String(value))
            return
        }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = UInt64(truncatingIfNeeded: value.magnitude)
        var digitCount = 1
        var rest = magnitude
        while rest >= 10 {
            rest /= 10
            digitCount += 1
        }
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digitCount))
        var index = bytes.count - 1
        rest = magnitude
        while rest != 0 {
            let (quotient, remainder) = rest.quotientAndRemainder(dividingBy: 10)
            bytes[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: remainder)
            rest = quotient
            index -= 1
        }
    }
}
