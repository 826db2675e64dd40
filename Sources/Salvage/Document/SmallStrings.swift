// Making `String`s of at most fifteen UTF-8 bytes without a call into the standard library.
//
// Most strings a decode makes are short (names, ids, tags, enum raw values, dictionary keys). For them the
// cheapest public way, `String(copying: UTF8Span(unchecked:isKnownASCII:))`, costs about 110 instructions
// (the standard library's `_uncheckedFromUTF8` copies the bytes one at a time into a small string), and
// `String(unsafeUninitializedCapacity:initializingUTF8With:)` about 70 with its second validation. On 64-bit
// platforms a `String` of at most fifteen UTF-8 bytes is stored inline in its two words ("small string"):
// the bytes in order, zero-padded, and in the last byte the form (immortal, small, ASCII or not) and the
// count. That layout is part of the standard library's stable ABI on Apple platforms (inlinable code in
// every app makes such strings) and the same on Linux, so two word loads, two masks and a bit cast make the
// string in about twenty instructions.
//
// Why unsafe, and why it stays correct: the bit cast is used only after `SmallStringLayout.isVerified` has
// checked, once per process, that the strings the standard library itself makes from sample bytes (empty,
// ASCII of 1, 8 and 15 bytes, two- and three-byte UTF-8) have exactly the bits built here, and that the
// built strings compare equal to them. On a platform or a future standard library where they differ, every
// string is made by `JSONDocument.string(validatedUTF8:isASCII:)`'s public path instead. The bytes must
// be valid UTF-8 (the parser validated every string node; unescaping produces valid UTF-8); whether they
// are ASCII is computed from the bytes themselves, not taken from the caller.

/// Builds small strings from raw bytes, after checking that this process's standard library lays them out
/// as expected.
enum SmallStringLayout {
    /// The longest string stored inline.
    static let capacity = 15

    /// Whether `string(low:high:count:)` makes the same strings as the standard library here.
    static let isVerified: Bool = verify()

    /// The string of the first `count` (0...15) bytes of `low` then `high` (little-endian words, the first
    /// byte in the lowest bits), which must be valid UTF-8. Bytes past `count` are ignored.
    /// Only call when `isVerified`.
    @inline(__always)
    static func string(low: UInt64, high: UInt64, count: Int) -> String {
        #if arch(x86_64) || arch(arm64)
        // Moved out of memory rather than bit cast: a bit-cast `String` is borrowed, and returning it would
        // cost a `swift_bridgeObjectRetain` call (a no-op for these immortal strings, but a call).
        var words = bits(low: low, high: high, count: count)
        return withUnsafeMutableBytes(of: &words) { $0.assumingMemoryBound(to: String.self).moveElement(from: 0) }
        #else
        return ""  // Never reached: `isVerified` is false here.
        #endif
    }

    /// The two words of the small string holding the first `count` (0...15) bytes of `low` then `high`.
    @inline(__always)
    static func bits(low: UInt64, high: UInt64, count: Int) -> (UInt64, UInt64) {
        let bitCount = UInt64(truncatingIfNeeded: count) &* 8
        // The bytes past `count` cleared: all of `low` kept from 8 bytes on, none of `high` up to 8 bytes.
        let first = count >= 8 ? low : low & ((1 &<< bitCount) &- 1)
        let second = count <= 8 ? 0 : high & ((1 &<< (bitCount &- 64)) &- 1)
        let isASCII = (first | second) & 0x8080_8080_8080_8080 == 0
        // The last byte: immortal (0x80), ASCII (0x40), small (0x20), then the count.
        let discriminator = UInt64(truncatingIfNeeded: count) | (isASCII ? 0xE0 : 0xA0)
        return (first, second | discriminator << 56)
    }

    /// The small string of `bytes` (at most fifteen, valid UTF-8), read without touching memory past them.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var low: UInt64 = 0
        var high: UInt64 = 0
        let count = min(bytes.count, capacity)
        var index = 0
        while index < count {
            let byte = UInt64(bytes[index])
            if index < 8 { low |= byte &<< (index &* 8) } else { high |= byte &<< ((index &- 8) &* 8) }
            index &+= 1
        }
        return string(low: low, high: high, count: count)
    }

    /// Checks the layout against strings the standard library makes itself.
    private static func verify() -> Bool {
        #if arch(x86_64) || arch(arm64)
        let samples: [[UInt8]] = [
            [], Array("a".utf8), Array("abcdefgh".utf8), Array("abcdefghi".utf8), Array("abcdefghijklmno".utf8),
            Array("é".utf8), Array("日本語".utf8), Array("\u{7F}ab\u{80}".utf8), Array("abcdefghijklm\u{E9}".utf8),
        ]
        for sample in samples {
            let expected = String(decoding: sample, as: UTF8.self)
            var low: UInt64 = 0
            var high: UInt64 = 0
            for (index, byte) in sample.enumerated() {
                if index < 8 { low |= UInt64(byte) << (index * 8) } else { high |= UInt64(byte) << ((index - 8) * 8) }
            }
            // Garbage past the count must be masked off.
            let garbage: UInt64 = 0xA5A5_A5A5_A5A5_A5A5
            let count = sample.count
            let lowNoise = count >= 8 ? 0 : garbage << (count * 8)
            let highNoise = count >= 16 ? 0 : (count <= 8 ? garbage : garbage << ((count - 8) * 8))
            let built = bits(low: low | lowNoise, high: high | highNoise, count: count)
            let stdlib = unsafeBitCast(expected, to: (UInt64, UInt64).self)
            guard built == stdlib else { return false }
            let made = unsafeBitCast(built, to: String.self)
            guard made == expected, Array(made.utf8) == sample, made.utf8.count == count else { return false }
        }
        return true
        #else
        return false
        #endif
    }
}
