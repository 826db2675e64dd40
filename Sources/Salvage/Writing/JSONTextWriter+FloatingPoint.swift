// Doubles and floats written as `JSONEncoder` writes them, without making a `String` for each.
//
// Why unsafe buffers: `description` allocates a String for every number longer than 15 bytes (most of
// canada.json's coordinates: one allocation per number). The standard library's `write(to:)` of `Double` and
// `Float` formats the same shortest round-trip digits into a stack buffer and hands them to the stream's
// `_writeASCII(_:)`, which `DigitSink` copies straight into room reserved at the end of the writer's buffer
// (64 bytes; the longest `Double` is 24). Should a standard library write more, or call `write(_:)` instead,
// the text is the same, only slower.

extension JSONTextWriter {
    /// Appends a finite `Double` or `Float` as `JSONEncoder` does: Swift's shortest round-trip text, without a
    /// trailing `.0` (`1.0` → `1`, `-0.0` → `-0`, `1e-07`, `1e+21` as they are).
    @inline(__always)
    mutating func appendFloatingPoint<F: BinaryFloatingPoint & TextOutputStreamable>(_ value: F) {
        var sink = DigitSink(destination: text.reserve(DigitSink.room))
        value.write(to: &sink)
        if sink.overflow.isEmpty {
            let written = sink.count
            let end = sink.destination
            let trailingZero = written >= 2 && end[written &- 1] == UInt8(ascii: "0") && end[written &- 2] == UInt8(ascii: ".")
            text.commit(trailingZero ? written &- 2 : written)
        } else {
            var digits = sink.overflow
            if digits.count >= 2, digits[digits.count - 1] == UInt8(ascii: "0"), digits[digits.count - 2] == UInt8(ascii: ".") {
                digits.removeLast(2)
            }
            digits.withUnsafeBufferPointer { text.append($0) }
        }
    }
}

/// A `TextOutputStream` writing into `room` bytes reserved at the end of a `JSONTextBuffer`; past that, into
/// `overflow` (all of the text then).
private struct DigitSink: TextOutputStream {
    static let room = 64
    let destination: UnsafeMutablePointer<UInt8>
    var count = 0
    var overflow: [UInt8] = []

    init(destination: UnsafeMutablePointer<UInt8>) {
        self.destination = destination
    }

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { _writeASCII($0) }
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        if overflow.isEmpty, let source = buffer.baseAddress, buffer.count <= DigitSink.room &- count {
            (destination + count).update(from: source, count: buffer.count)
            count &+= buffer.count
            return
        }
        if overflow.isEmpty { overflow = Array(UnsafeBufferPointer(start: destination, count: count)) }
        overflow.append(contentsOf: buffer)
    }
}
