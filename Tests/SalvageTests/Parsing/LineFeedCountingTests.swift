import Testing
@testable import Salvage

/// `SourceLocation.lineFeeds` counts line feeds in 64- and 16-byte blocks and finds the last one backwards;
/// `SourceLocation.locate` switches to it after the first short line. Checked against a byte loop
/// (`lineAndColumn(of:in:)`) at every offset, with line feeds at every place of the blocks.
@Suite struct LineFeedCountingTests {
    /// Line lengths that put line feeds at every offset of a 16- and a 64-byte block, around the 63-round
    /// fold of the counter (a run of line feeds longer than 4 × 63 × 64 bytes), and long lines (`memchr`).
    static let lineLengths: [Int] = [0, 1, 2, 7, 15, 16, 17, 31, 63, 64, 65, 100, 170, 511, 512, 513, 2_000]

    private static func text(lineLength: Int, lines: Int, ending: String = "\n") -> [UInt8] {
        var bytes: [UInt8] = []
        for line in 0 ..< lines {
            bytes += Array(String(repeating: "abcdefghij", count: lineLength / 10 + 1).prefix(lineLength).utf8)
            if line < lines - 1 || line % 2 == 0 { bytes += Array(ending.utf8) }
        }
        return bytes
    }

    private static func counted(_ bytes: [UInt8], _ start: Int, _ end: Int) -> (count: Int, last: Int) {
        var count = 0
        var last = -1
        for index in start ..< end where bytes[index] == 0x0A {
            count += 1
            last = index
        }
        return (count, last)
    }

    @Test(arguments: lineLengths)
    func countsEveryLineFeedOfEveryRange(lineLength: Int) {
        let bytes = Self.text(lineLength: lineLength, lines: lineLength < 64 ? 40 : 6)
        ByteReader.withBytes(of: bytes) { reader in
            for start in [0, 1, 5, 16, 17, 63, 64].filter({ $0 <= bytes.count }) {
                for end in Set([start, start + 1, start + 15, start + 16, start + 64, start + 65, start + 130, bytes.count - 1, bytes.count])
                    where end >= start && end <= bytes.count {
                    let found = SourceLocation.lineFeeds(in: reader, from: start, to: end)
                    let expected = Self.counted(bytes, start, end)
                    #expect(found.count == expected.count && found.last == expected.last, "\(start)..<\(end) of \(bytes.count) bytes")
                }
            }
        }
    }

    @Test func aRunOfLineFeedsPastTheCountersFoldIsCountedWhole() {
        // 20,000 line feeds: every lane of the 64-byte loop reaches its limit of 4 × 63 before it is added up.
        let bytes = [UInt8](repeating: 0x0A, count: 20_000) + Array("x".utf8)
        ByteReader.withBytes(of: bytes) { reader in
            for end in [16_127, 16_128, 16_129, 20_000, 20_001] {
                let found = SourceLocation.lineFeeds(in: reader, from: 0, to: end)
                #expect(found.count == min(end, 20_000) && found.last == min(end, 20_000) - 1, "to \(end)")
            }
        }
    }

    @Test(arguments: lineLengths)
    func locatesEveryOffsetLikeAByteLoop(lineLength: Int) {
        for ending in ["\n", "\r\n", "\r"] {
            let bytes = Self.text(lineLength: lineLength, lines: lineLength < 64 ? 30 : 5, ending: ending)
            ByteReader.withBytes(of: bytes) { reader in
                var locator = IncrementalLocator()
                var mismatches: [Int] = []
                for offset in stride(from: 0, through: bytes.count, by: max(1, lineLength / 3)) {
                    let fromStart = SourceLocation.locate(offset: offset, in: reader)
                    let continued = locator.locate(offset: offset, in: reader)
                    let expected = lineAndColumn(of: offset, in: bytes)
                    if fromStart.line != expected.line || fromStart.column != expected.column || continued != fromStart {
                        mismatches.append(offset)
                    }
                }
                #expect(mismatches.isEmpty, "line length \(lineLength), ending \(ending.debugDescription)")
            }
        }
    }
}
