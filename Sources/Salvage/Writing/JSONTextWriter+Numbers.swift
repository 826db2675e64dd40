/// Numbers as `JSONEncoder` writes them.
extension JSONTextWriter {
    /// Appends an integer in decimal, without making a `String`.
    @inline(__always)
    mutating func appendInteger<T: FixedWidthInteger>(_ value: T) {
        if T.bitWidth > 64 {
            appendRaw(String(value))
            return
        }
        text.appendDecimal(UInt64(truncatingIfNeeded: value.magnitude), negative: value < 0)
    }
}
