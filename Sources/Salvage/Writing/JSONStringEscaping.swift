// The string-escaping loop of `JSONTextWriter`, over the string's UTF-8 storage.
//
// Why unsafe buffers: this loop writes every string of every encoded model. It scans the bytes with a
// lookup table and copies each run that needs no escape with one `append(contentsOf:)` (a memcpy) instead
// of appending byte by byte; reading `String.withUTF8`'s buffer directly avoids the index arithmetic of
// `String.UTF8View`. Every read is inside `0..<buffer.count`.

extension JSONTextWriter {
    /// Appends the UTF-8 `buffer` escaped, in quotes; see ``appendString(_:)``.
    @inline(__always)
    mutating func appendQuoted(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(buffer)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends the UTF-8 `buffer` escaped (without quotes); see ``appendString(_:)``.
    mutating func appendEscaped(_ buffer: UnsafeBufferPointer<UInt8>) {
        let count = buffer.count
        var runStart = 0
        var index = 0
        while index < count {
            let byte = buffer[index]
            guard escapeCandidates[Int(byte)] else {
                index += 1
                continue
            }
            if byte == 0xE2 {
                // U+2028 (E2 80 A8) and U+2029 (E2 80 A9) with `.javaScriptSafe`; any other E2 is plain.
                guard index + 2 < count, buffer[index + 1] == 0x80, buffer[index + 2] == 0xA8 || buffer[index + 2] == 0xA9 else {
                    index += 1
                    continue
                }
                flush(buffer, from: runStart, to: index)
                appendRaw(buffer[index + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                index += 3
            } else {
                flush(buffer, from: runStart, to: index)
                appendEscape(byte)
                index += 1
            }
            runStart = index
        }
        flush(buffer, from: runStart, to: count)
    }

    /// Copies the plain bytes `start..<end` of `buffer`.
    @inline(__always)
    private mutating func flush(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        if start < end { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<end])) }
    }
}
