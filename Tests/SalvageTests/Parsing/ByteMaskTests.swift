@testable import Salvage
import Testing

// The parser's sixteen-byte masks (Parsing/ByteMasks.swift): SSE2's pmovmskb through CSalvageRuntime on x86-64,
// the portable Swift form elsewhere. Both are checked here against the byte-by-byte definition, so the form a
// platform does not run in CI (ARM64 uses the portable one) is still tested on every machine.

@Suite struct ByteMaskTests {
    /// What `stringStopMask` marks: a quote, a backslash, a control character or a byte of 0x80 or more.
    static func stopsString(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80
    }

    /// What `blankMask` marks: JSON's four whitespace bytes.
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The mask of `bytes[offset ..< offset + 16]` by the definition.
    static func expectedMask(_ bytes: [UInt8], at offset: Int, _ marks: (UInt8) -> Bool) -> UInt32 {
        (0 ..< 16).reduce(UInt32(0)) { mask, lane in marks(bytes[offset + lane]) ? mask | 1 << UInt32(lane) : mask }
    }

    /// The four masks (both kinds, the platform's and the portable form) of `bytes[offset ..< offset + 16]`.
    static func masks(_ bytes: [UInt8], at offset: Int) -> (stops: UInt32, portableStops: UInt32, blanks: UInt32, portableBlanks: UInt32) {
        bytes.withUnsafeBufferPointer { buffer in
            let input = ByteReader(buffer)
            return (input.stringStopMask(offset), ByteMasks.portableStringStopMask(input.vector(offset)),
                    input.blankMask(offset), ByteMasks.portableBlankMask(input.vector(offset)))
        }
    }

    /// Every byte value in every lane, among filler that neither mask marks, at an unaligned offset.
    @Test(arguments: 0 ... 255)
    func everyByteInEveryLane(_ value: Int) {
        let byte = UInt8(value)
        for lane in 0 ..< 16 {
            var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 19)
            bytes[3 + lane] = byte
            let found = Self.masks(bytes, at: 3)
            let stop: UInt32 = Self.stopsString(byte) ? 1 << UInt32(lane) : 0
            let blank: UInt32 = Self.isBlank(byte) ? 1 << UInt32(lane) : 0
            #expect(found.stops == stop, "lane \(lane)")
            #expect(found.portableStops == stop, "lane \(lane)")
            #expect(found.blanks == blank, "lane \(lane)")
            #expect(found.portableBlanks == blank, "lane \(lane)")
        }
    }

    /// Many marked lanes at once: random windows drawn from the bytes that matter and a few that do not.
    @Test func randomWindows() {
        let alphabet: [UInt8] = [0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x22, 0x2F, 0x5B, 0x5C, 0x5D, 0x61, 0x7F, 0x80, 0xBF, 0xC3, 0xE6, 0xFF]
        var generator = SplitMix64(seed: 17)
        var mismatches: [String] = []
        for _ in 0 ..< 4_000 {
            let bytes = (0 ..< 21).map { _ in generator.pick(alphabet) }
            let offset = generator.below(6)
            let found = Self.masks(bytes, at: offset)
            let stops = Self.expectedMask(bytes, at: offset, Self.stopsString)
            let blanks = Self.expectedMask(bytes, at: offset, Self.isBlank)
            if found.stops != stops || found.portableStops != stops || found.blanks != blanks || found.portableBlanks != blanks {
                mismatches.append("\(bytes) at \(offset): \(found), expected \(stops), \(blanks)")
            }
        }
        #expect(mismatches == [])
    }

    /// `startsFiveThreeByteCharacters` against the definition: five characters `1110xxxx 10xxxxxx 10xxxxxx`, a
    /// lead of 0xE0 with a second byte of 0xA0 or more, a lead of 0xED with one below 0xA0. Every lead and second
    /// byte value in each of the five places, and random windows of lead and continuation bytes.
    @Test func fiveThreeByteCharacters() {
        func expected(_ bytes: [UInt8]) -> Bool {
            stride(from: 0, to: 15, by: 3).allSatisfy { at in
                let (lead, second, third) = (bytes[at], bytes[at + 1], bytes[at + 2])
                guard lead & 0xF0 == 0xE0, second & 0xC0 == 0x80, third & 0xC0 == 0x80 else { return false }
                if lead == 0xE0 { return second >= 0xA0 }
                if lead == 0xED { return second < 0xA0 }
                return true
            }
        }
        func found(_ bytes: [UInt8]) -> Bool {
            bytes.withUnsafeBufferPointer { ByteReader($0).startsFiveThreeByteCharacters(0) }
        }
        let valid: [UInt8] = [0xE6, 0x97, 0xA5, 0xE6, 0x9C, 0xAC, 0xE8, 0xAA, 0x9E, 0xE3, 0x81, 0x82, 0xE3, 0x81, 0x84, 0x22]
        #if arch(x86_64)
        #expect(found(valid))
        #else
        #expect(!found(valid)) // no shortcut: the character-by-character path validates these bytes
        #endif
        var mismatches: [String] = []
        for place in 0 ..< 5 {
            for value in 0 ... 255 {
                for offset in [0, 1] {
                    var bytes = valid
                    bytes[place * 3 + offset] = UInt8(value)
                    if found(bytes) && !expected(bytes) { mismatches.append("accepted \(bytes)") }
                    #if arch(x86_64)
                    if found(bytes) != expected(bytes) { mismatches.append("\(bytes): \(found(bytes))") }
                    #endif
                }
            }
        }
        var generator = SplitMix64(seed: 29)
        let alphabet: [UInt8] = [0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xC3, 0x41, 0x80, 0x9F, 0xA0, 0xBF, 0xC0]
        for _ in 0 ..< 20_000 {
            let bytes = (0 ..< 16).map { _ in generator.pick(alphabet) }
            if found(bytes) && !expected(bytes) { mismatches.append("accepted \(bytes)") }
            #if arch(x86_64)
            if found(bytes) != expected(bytes) { mismatches.append("\(bytes): \(found(bytes))") }
            #endif
        }
        #expect(mismatches == [])
    }
}
