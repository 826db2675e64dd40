// Doubles and floats written as `JSONEncoder` writes them, without making a `String` for each.
//
// Why an unsafe buffer: `description` allocates a String for every number longer than 15 bytes (most of
// canada.json's coordinates: one allocation per number). The standard library's `write(to:)` of `Double` and
// `Float` formats the same shortest round-trip digits into a stack buffer and hands them to the stream's
// `_writeASCII(_:)`, which `TextSink` copies straight into the text. Should a standard library call
// `write(_:)` instead, the text is the same, only slower.

extension JSONTextWriter {
    /// Appends a finite `Double` or `Float` as `JSONEncoder` does: Swift's shortest round-trip text, without a
    /// trailing `.0` (`1.0` → `1`, `-0.0` → `-0`, `1e-07`, `1e+21` as they are).
    mutating func appendFloatingPoint<F: BinaryFloatingPoint & TextOutputStreamable>(_ value: F) {
        var sink = TextSink(bytes: bytes)
        bytes = []
        value.write(to: &sink)
        bytes = sink.bytes
        let count = bytes.count
        if count >= 2, bytes[count - 1] == UInt8(ascii: "0"), bytes[count - 2] == UInt8(ascii: ".") {
            bytes.removeLast(2)
        }
    }
}

/// A `TextOutputStream` appending to a byte array (moved in and out, not copied).
private struct TextSink: TextOutputStream {
    var bytes: [UInt8]

    mutating func write(_ string: String) {
        bytes.append(contentsOf: string.utf8)
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
    }
}
