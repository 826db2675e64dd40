import Testing
@testable import Salvage

/// The parser guesses that a whitespace run is as long as the last one before a member (or before a closing
/// bracket) at the same nesting level, and checks the guess against the bytes (`skipGuessedWhitespaceRun`).
/// Right guesses, guesses one byte short or long, runs of every length 0–70 and longer than the 255 a guess
/// keeps, runs near the input's end (fewer than sixteen bytes left to check) and levels eight apart (which
/// share a guess) must all give what the plain run skipper (`skipWhitespaceRun`) gives, and the tape and
/// errors that the bytes say.
@Suite struct WhitespaceRunGuessTests {
    typealias Row = SalvagePackageAccess.TapeRow

    /// A document built token by token, with the tape it must parse to (starts, extents and counts worked
    /// out here, independently of the parser).
    struct PrettyDocument {
        var bytes: [UInt8] = []
        var rows: [Row] = []
        /// Open containers: their row and their element count so far.
        var open: [(row: Int, count: Int)] = []

        /// A run of `length` whitespace bytes: a line feed, then spaces with tabs and carriage returns mixed in.
        mutating func run(_ length: Int) {
            for index in 0 ..< length {
                bytes.append(index == 0 ? 0x0A : index % 5 == 3 ? 0x09 : index % 7 == 5 ? 0x0D : 0x20)
            }
        }

        mutating func text(_ text: String) { bytes += Array(text.utf8) }

        mutating func scalar(_ kind: String, _ text: String, isKey: Bool = false) {
            let quoted = kind == "string"
            rows.append(Row(kind: kind, start: bytes.count + (quoted ? 1 : 0), extent: text.utf8.count, count: nil))
            bytes += Array((quoted ? "\"\(text)\"" : text).utf8)
            if !isKey, !open.isEmpty { open[open.count - 1].count += 1 }
        }

        mutating func openContainer(_ kind: String) {
            if !open.isEmpty { open[open.count - 1].count += 1 }
            open.append((rows.count, 0))
            rows.append(Row(kind: kind, start: bytes.count, extent: 0, count: 0))
            text(kind == "object" ? "{" : "[")
        }

        mutating func closeContainer() {
            // The tape's layout (Tape.swift): the open node records its close node's index and its count; the
            // close node, the container's offset and the open node's index.
            let (row, count) = open.removeLast()
            let opened = rows[row]
            rows[row] = Row(kind: opened.kind, start: opened.start, extent: rows.count, count: count)
            rows.append(Row(kind: "close", start: opened.start, extent: row, count: nil))
            text(opened.kind == "object" ? "}" : "]")
        }
    }

    static func rows(_ document: PrettyDocument) -> [Row]? {
        SalvagePackageAccess.tapeRows(document.bytes)
    }

    static let runLengths = Array(0 ... 20) + [31, 32, 33, 47, 48, 254, 255, 256, 300]

    /// Every pair of run lengths, alternating in every place a run can be: before members, before closing
    /// brackets, in empty containers; with and without sixteen bytes after the last run.
    @Test(arguments: runLengths)
    func alternatingRunsLandOnTheirTokens(_ first: Int) throws {
        for second in Self.runLengths {
            for tail in [0, 17] {
                var document = PrettyDocument()
                document.openContainer("array")
                for (a, b) in [(first, second), (second, first), (first, first), (second, second)] {
                    document.run(a)
                    document.scalar("number", "1")
                    document.text(",")
                    document.run(b)
                    document.scalar("string", "s")
                    document.text(",")
                    document.run(a)
                    document.openContainer("object")
                    document.run(b)
                    document.scalar("string", "k", isKey: true)
                    document.text(":")
                    document.run(a)
                    document.openContainer("array")
                    document.run(b)
                    document.closeContainer()
                    document.run(a)
                    document.closeContainer()
                    document.text(",")
                }
                document.run(first)
                document.scalar("true", "true")
                document.run(second)
                document.closeContainer()
                document.run(tail)
                #expect(Self.rows(document) == document.rows, "runs \(first), \(second), tail \(tail)")
            }
        }
    }

    /// Nests 40 deep with a different run length at every level: levels eight apart share their guesses.
    @Test(arguments: 0 ... 35)
    func levelsEightApartShareAGuess(_ shift: Int) throws {
        var document = PrettyDocument()
        for level in 0 ..< 40 {
            document.openContainer(level % 2 == 0 ? "array" : "object")
            document.run((level * 7 + shift) % 40)
            if level % 2 == 1 {
                document.scalar("string", "k\(level)", isKey: true)
                document.text(":")
            }
        }
        document.scalar("number", "7")
        for level in (0 ..< 40).reversed() {
            document.run((level * 5 + shift) % 40)
            document.closeContainer()
            if level > 0, level % 3 == 0 {
                // A second element after the inner container, at the same level as its first.
                document.text(",")
                document.run((level * 7 + shift) % 40)
                if document.rows[document.open.last!.row].kind == "object" {
                    document.scalar("string", "x\(level)", isKey: true)
                    document.text(":")
                }
                document.scalar("null", "null")
            }
        }
        #expect(Self.rows(document) == document.rows)
    }

    struct AfterRun: Sendable, CustomTestStringConvertible {
        let bytes: [UInt8]
        let message: String
        var testDescription: String { message }
    }

    /// Bytes after a run that end the parse, with their message (the offset is the run's end).
    static let endings: [AfterRun] = [
        AfterRun(bytes: Array("x".utf8), message: "Unexpected character 'x': expected a value"),
        AfterRun(bytes: [0x1F], message: "Unexpected byte 0x1F: expected a value"),
        AfterRun(bytes: [0x0B], message: "Unexpected byte 0x0B: expected a value"),
        AfterRun(bytes: [0x0C], message: "Unexpected byte 0x0C: expected a value"),
        AfterRun(bytes: [0x80], message: "Unexpected byte 0x80: expected a value"),
        AfterRun(bytes: Array("]".utf8), message: "Trailing comma: expected a value after ','"),
        AfterRun(bytes: [], message: "Unexpected end of input: expected a value"),
    ]

    /// A run after a guess that is right, one short or one long, then a byte that cannot follow: the error
    /// is at the byte after the run, with or without sixteen bytes of input after it.
    @Test(arguments: endings)
    func errorsAfterAGuessedRunAreWhereTheBytesAre(_ ending: AfterRun) {
        for length in Array(0 ... 20) + [31, 32, 33, 255, 256] {
            for guess in Set([max(0, length - 1), length, length + 1]) {
                for tail in [0, 20] {
                    var document = PrettyDocument()
                    document.text("[1,")
                    document.run(guess)
                    document.text("2,")
                    document.run(length)
                    let offset = document.bytes.count
                    document.bytes += ending.bytes
                    if !ending.bytes.isEmpty { document.bytes += Array(repeating: 0x20, count: tail) }
                    let result = APIDataDecoder().decode(bytes: document.bytes, to: JSONValue.self)
                    guard case .invalidJSON(let error) = result.errors.first?.reason else {
                        Issue.record("no syntax error: run \(length), guess \(guess), tail \(tail)")
                        continue
                    }
                    #expect(result.errors.count == 1)
                    #expect(error.message == ending.message, "run \(length), guess \(guess), tail \(tail)")
                    #expect(error.location.offset == (ending.bytes.isEmpty ? document.bytes.count : offset),
                            "run \(length), guess \(guess), tail \(tail)")
                }
            }
        }
    }

    /// Bytes that can follow a run, one of each class the check tells apart: ASCII that can and cannot start
    /// a value, control characters that are not whitespace, non-ASCII bytes; nil is the input's end.
    static let afterRun: [UInt8?] = [UInt8(ascii: "x"), UInt8(ascii: "\""), UInt8(ascii: "}"), 0x00, 0x0B, 0x0C, 0x1F, 0x21, 0x7F, 0x80, 0xFF, nil]

    /// The guessing skipper against the plain one, for a run of every length 0–70 at offsets 0–3, every class
    /// of byte after it, inputs that end 0, 1, 15, 16 or 17 bytes after that byte, and guesses that are right,
    /// one short, one long, zero, fifteen, sixteen and the most a guess keeps; the guess left behind is the
    /// old one when it was right and the run's length (at most 255) when it was not.
    @Test(arguments: 0 ... 70)
    func guessesGiveWhatThePlainSkipperGives(_ length: Int) {
        var failures: [String] = []
        for offset in 0 ... 3 {
            for after in Self.afterRun {
                for tail in after == nil ? [0] : [0, 1, 15, 16, 17] {
                    var bytes = Array(repeating: UInt8(ascii: "["), count: offset)
                    bytes += (0 ..< length).map { [0x20, 0x0A, 0x0D, 0x09][$0 % 4] }
                    if let after { bytes.append(after) }
                    bytes += Array(repeating: UInt8(ascii: "1"), count: tail)
                    bytes.withUnsafeBufferPointer { buffer in
                        let input = ByteReader(buffer)
                        let expected = JSONParser.skipWhitespaceRun(input, from: offset)
                        if expected != offset + length { failures.append("plain skipper: \(expected)") }
                        for guess in Set([0, max(0, length - 1), length, length + 1, 15, 16, 255]) {
                            for level in [0, 7, 13] {
                                let shift = UInt64(level % 8) * 8
                                // The other levels' guesses are 0xA5: they must stay as they are.
                                let others = UInt64(0xA5A5_A5A5_A5A5_A5A5) & ~(0xFF << shift)
                                let run = JSONParser.skipGuessedWhitespaceRun(input, from: offset, level: level, guesses: others | UInt64(guess) << shift)
                                let kept = guess == length ? guess : min(length, 255)
                                if run.end != expected || run.guesses != others | UInt64(kept) << shift {
                                    failures.append("offset \(offset), after \(String(describing: after)), tail \(tail), guess \(guess), level \(level): \(run.end), guesses \(String(run.guesses, radix: 16))")
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(failures == [])
    }

    /// Runs longer than a guess keeps: 255 is kept as 255 and checked whole; 256 and 300 are kept as 255, so
    /// the guess is wrong and the run is measured each time.
    @Test(arguments: [254, 255, 256, 300])
    func longRuns(_ length: Int) {
        let bytes = Array(repeating: UInt8(ascii: " "), count: length) + Array("1".utf8) + Array(repeating: UInt8(ascii: " "), count: 16)
        bytes.withUnsafeBufferPointer { buffer in
            let input = ByteReader(buffer)
            let first = JSONParser.skipGuessedWhitespaceRun(input, from: 0, level: 2, guesses: 0)
            #expect(first.end == length)
            #expect(first.guesses == UInt64(min(length, 255)) << 16)
            let second = JSONParser.skipGuessedWhitespaceRun(input, from: 0, level: 2, guesses: first.guesses)
            #expect(second.end == length)
            #expect(second.guesses == UInt64(min(length, 255)) << 16)
        }
    }
}
