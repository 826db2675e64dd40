// The string-escaping loop of `JSONTextWriter`, over the string's UTF-8 storage.
//
// Why unsafe buffers: this loop writes every string and key of every encoded model. It reads the string's
// bytes eight at a time as one `UInt64` (SWAR: "SIMD within a register") to find the next byte that may need
// an escape, and copies each run that needs none with one `memcpy` into the writer's buffer. Every read is
// inside `0..<buffer.count`: whole words while eight bytes remain, the last one to seven bytes copied into a
// zeroed word.

extension JSONTextWriter {
    /// Appends the UTF-8 `buffer` escaped, in quotes; see ``appendString(_:)``.
    @inline(__always)
    mutating func appendQuoted(_ buffer: UnsafeBufferPointer<UInt8>) {
        text.append(UInt8(ascii: "\""))
        appendEscaped(buffer)
        text.append(UInt8(ascii: "\""))
    }

    /// Appends the UTF-8 `buffer` escaped (without quotes); see ``appendString(_:)``.
    mutating func appendEscaped(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress else { return }
        let count = buffer.count
        let slashMask: UInt64 = escapesSlashes ? ~0 : 0
        let lineSeparatorMask: UInt64 = escapesLineSeparators ? ~0 : 0
        var runStart = 0
        var wordStart = 0
        while wordStart < count {
            let remaining = count &- wordStart
            var word: UInt64 = 0
            if remaining >= 8 {
                word = UInt64(littleEndian: UnsafeRawPointer(base + wordStart).loadUnaligned(as: UInt64.self))
            } else {
                withUnsafeMutableBytes(of: &word) { $0.baseAddress?.copyMemory(from: base + wordStart, byteCount: remaining) }
                word = UInt64(littleEndian: word)
            }
            var candidates = JSONTextWriter.escapeCandidates(in: word, slashMask: slashMask, lineSeparatorMask: lineSeparatorMask)
            if remaining < 8 { candidates &= (1 &<< UInt64(remaining &* 8)) &- 1 }
            guard candidates != 0 else {
                wordStart &+= 8
                continue
            }
            // The lowest flagged byte is always a real candidate (the flags' false positives lie above a true one).
            let index = wordStart &+ candidates.trailingZeroBitCount >> 3
            let byte = base[index]
            if byte == 0xE2 {
                // U+2028 (E2 80 A8) and U+2029 (E2 80 A9) with `.javaScriptSafe`; any other E2 is plain.
                if index &+ 2 < count, base[index &+ 1] == 0x80, base[index &+ 2] == 0xA8 || base[index &+ 2] == 0xA9 {
                    flush(base, from: runStart, to: index)
                    text.append(base[index &+ 2] == 0xA8 ? "\\u2028" : "\\u2029")
                    runStart = index &+ 3
                    wordStart = runStart
                } else {
                    wordStart = index &+ 1
                }
                continue
            }
            flush(base, from: runStart, to: index)
            appendEscape(byte)
            runStart = index &+ 1
            wordStart = runStart
        }
        flush(base, from: runStart, to: count)
    }

    /// Flags (0x80 in its byte) each byte of `word` that may need an escape: below 0x20, `"`, `\`, `/` where
    /// `slashMask` is all ones, `E2` where `lineSeparatorMask` is. The lowest flag is exact; a flag above a
    /// true one may be false (the subtraction's borrow), which the caller's byte check sorts out.
    @inline(__always)
    static func escapeCandidates(in word: UInt64, slashMask: UInt64, lineSeparatorMask: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        @inline(__always) func zeroBytes(_ value: UInt64) -> UInt64 {
            (value &- ones) & ~value & (ones &* 0x80)
        }
        return zeroBytes(word & (ones &* 0xE0)) | zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C))
            | (zeroBytes(word ^ (ones &* 0x2F)) & slashMask) | (zeroBytes(word ^ (ones &* 0xE2)) & lineSeparatorMask)
    }

    /// Copies the plain bytes `start..<end` of the string at `base`.
    @inline(__always)
    private mutating func flush(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) {
        if start < end { text.append(UnsafeBufferPointer(start: base + start, count: end &- start)) }
    }
}
