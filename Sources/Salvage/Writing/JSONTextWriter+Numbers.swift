/// Numbers as `JSONEncoder` writes them.
extension JSONTextWriter {
    /// Appends an integer in decimal, without making a `String`.
    mutating func appendInteger<T: FixedWidthInteger>(_ value: T) {
        if T.bitWidth > 64 {
            appendRaw(String(value))
            return
        }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = UInt64(truncatingIfNeeded: value.magnitude)
        let start = bytes.count
        repeat {
            let (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: 10)
            bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: remainder))
            magnitude = quotient
        } while magnitude != 0
        bytes[start...].reverse()
    }

    /// Appends a finite `Double` or `Float` as `JSONEncoder` does: Swift's shortest round-trip
    /// `description`, without a trailing `.0` (`1.0` → `1`, `-0.0` → `-0`, `1e-07`, `1e+21` as they are).
    mutating func appendFloatingPoint<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F) {
        bytes.append(contentsOf: value.description.utf8)
        let count = bytes.count
        if count >= 2, bytes[count - 1] == UInt8(ascii: "0"), bytes[count - 2] == UInt8(ascii: ".") {
            bytes.removeLast(2)
        }
    }
}
