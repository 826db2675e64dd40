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
}
