// Crossing plain string text: the bytes that need no look, up to the next quote, backslash, control
// character or non-ASCII byte. Used by `scanString` for every string and key (StringScanning.swift).
//
// Sixteen bytes are classified at once (`ByteReader.stringStopMask`, ByteMasks.swift): the first stopping byte
// is the mask's lowest set bit. Eight bytes per word for the last fifteen bytes of the input, where a sixteen-byte
// load would read past the end.

extension JSONParser {
    /// Where the plain ASCII text starting at `start` (just after a string's opening quote) stops, when it
    /// stops within the next 48 bytes: the offset of the first quote, backslash, control character or non-ASCII
    /// byte. Otherwise (a longer string, or fewer than sixteen bytes of input left) the complement (`~`) of the
    /// offset up to which the text is plain. Inlined into the structure loop, so most strings cost one to three
    /// masks and a compare instead of a call: keys such as `in_reply_to_status_id_str` and values such as
    /// dates and ids are longer than sixteen bytes.
    @inline(always)
    func plainStringEnd(from start: Int) -> Int {
        var index = start
        if index &+ 16 <= input.count {
            let stops = input.stringStopMask(index)
            if stops != 0 { return index &+ stops.trailingZeroBitCount }
            index &+= 16
            if index &+ 16 <= input.count {
                let stops = input.stringStopMask(index)
                if stops != 0 { return index &+ stops.trailingZeroBitCount }
                index &+= 16
                if index &+ 16 <= input.count {
                    let stops = input.stringStopMask(index)
                    if stops != 0 { return index &+ stops.trailingZeroBitCount }
                    index &+= 16
                }
            }
        }
        return ~index
    }

    /// Returns the first index at or after `start` holding a quote, a backslash, a control character or a
    /// non-ASCII byte (or `input.count`).
    @inline(__always)
    static func skipPlainASCII(_ input: ByteReader, from start: Int) -> Int {
        var index = start
        while index &+ 16 <= input.count {
            let stops = input.stringStopMask(index)
            if stops != 0 {
                return index &+ stops.trailingZeroBitCount
            }
            index &+= 16
        }
        // Eight bytes at a time for the last fifteen: a lane is "special" if it is '"', '\\', < 0x20 or >= 0x80.
        // The tests run on the low seven bits of each lane, where adding never carries into the next lane:
        // x + 0x7F has its high bit set unless x == 0, and x + 0x60 unless x < 0x20.
        let high: UInt64 = 0x8080_8080_8080_8080
        let sevenBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        while index &+ 8 <= input.count {
            let word = input.word(index)
            let low = word & sevenBits
            let notQuote = (low ^ 0x2222_2222_2222_2222) &+ sevenBits
            let notSlash = (low ^ 0x5C5C_5C5C_5C5C_5C5C) &+ sevenBits
            let notControl = low &+ 0x6060_6060_6060_6060
            let special = ~(notQuote & notSlash & notControl & ~word) & high
            if special != 0 {
                return index &+ special.trailingZeroBitCount / 8
            }
            index &+= 8
        }
        while index < input.count {
            let byte = input.byte(index)
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 {
                return index
            }
            index += 1
        }
        return index
    }
}
