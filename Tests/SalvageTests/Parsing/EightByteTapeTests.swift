@testable import Salvage
import Testing

// The tape's 8-byte nodes (`Parsing/Tape.swift`): a scalar's text start and length share 8 bytes with its kind
// and hints, and a container is an open node (count, close node index) plus a close node (the container's
// offset). These cases pin the layout node by node, around every field's limit.

@Suite struct EightByteTapeTests {
    typealias Row = SalvagePackageAccess.TapeRow

    @Test func aNodeIsEightBytes() {
        #expect(MemoryLayout<TapeNode>.stride == 8)
    }

    /// The benchmark's parse suite reports `values`: JSON values and keys, not the containers' close nodes.
    @Test func theBenchmarksValueCountLeavesOutCloseNodes() {
        let json = Array(#"{"id": 7, "tags": ["a", "b", []], "ok": {}}"#.utf8)
        #expect(SalvagePackageAccess.parse(json) == 14)
        #expect(SalvagePackageAccess.valueCount(json) == 10)
        #expect(SalvagePackageAccess.valueCount(Array("[1,".utf8)) == nil)
    }

    struct Layout: Sendable, CustomTestStringConvertible {
        let json: String
        let rows: [Row]
        var testDescription: String { json }
    }

    static let layouts: [Layout] = [
        Layout(json: "{}", rows: [Row(kind: "object", start: 0, extent: 1, count: 0), Row(kind: "close", start: 0, extent: 0, count: nil)]),
        Layout(json: " [ ] ", rows: [Row(kind: "array", start: 1, extent: 1, count: 0), Row(kind: "close", start: 1, extent: 0, count: nil)]),
        Layout(json: "[[],{}]", rows: [
            Row(kind: "array", start: 0, extent: 5, count: 2),
            Row(kind: "array", start: 1, extent: 2, count: 0), Row(kind: "close", start: 1, extent: 1, count: nil),
            Row(kind: "object", start: 4, extent: 4, count: 0), Row(kind: "close", start: 4, extent: 3, count: nil),
            Row(kind: "close", start: 0, extent: 0, count: nil),
        ]),
        Layout(json: #"[{"a":[1]},null,"é\n"]"#, rows: [
            Row(kind: "array", start: 0, extent: 9, count: 3),
            Row(kind: "object", start: 1, extent: 6, count: 1),
            Row(kind: "string", start: 3, extent: 1, count: nil),
            Row(kind: "array", start: 6, extent: 5, count: 1),
            Row(kind: "number", start: 7, extent: 1, count: nil),
            Row(kind: "close", start: 6, extent: 3, count: nil),
            Row(kind: "close", start: 1, extent: 1, count: nil),
            Row(kind: "null", start: 11, extent: 4, count: nil),
            Row(kind: "string", start: 17, extent: 4, count: nil),
            Row(kind: "close", start: 0, extent: 0, count: nil),
        ]),
        Layout(json: "-12.5e3", rows: [Row(kind: "number", start: 0, extent: 7, count: nil)]),
        Layout(json: #""""#, rows: [Row(kind: "string", start: 1, extent: 0, count: nil)]),
    ]

    /// Sample documents, node by node: empty containers, containers in containers, and scalars after them.
    @Test(arguments: EightByteTapeTests.layouts)
    func sampleDocumentsNodeByNode(_ layout: Layout) throws {
        #expect(SalvagePackageAccess.tapeRows(Array(layout.json.utf8)) == layout.rows)
    }

    /// Objects and arrays alternating 300 levels deep, a scalar between each level's brackets: every container's
    /// children end at its close node, which keeps its offset, and the node after it is the next scalar.
    @Test func nestingAtDepth() throws {
        let depth = 300
        var json = ""
        var offsets: [Int] = []
        for level in 0 ..< depth {
            offsets.append(json.utf8.count)
            json += level.isMultiple(of: 2) ? #"{"k":"# : "["
        }
        json += "0"
        for level in (0 ..< depth).reversed() {
            json += level.isMultiple(of: 2) ? "}" : ",\(level)]"
        }
        let checked = try JSONDocument.withParsed(.array(Array(json.utf8)), limits: ParseLimits(maximumDepth: depth)) { document in
            var node = 0
            for level in 0 ..< depth {
                let entry = document.tape[node]
                #expect(entry.kind == (level.isMultiple(of: 2) ? .object : .array))
                #expect(document.sourceOffset(node) == offsets[level])
                #expect(document.tape[entry.closeIndex].isCloseNode)
                #expect(Int(document.tape[entry.closeIndex].payload) == offsets[level])
                // Each level has three nodes of its own (open, close, and a key or a trailing number), and "0" one.
                #expect(entry.closeIndex == node + 3 * (depth - level))
                if !level.isMultiple(of: 2) {
                    // `[inner, level]`: the element after the inner container is the number.
                    let inner = node + 1
                    #expect(document.rawText(document.next(after: inner)) == "\(level)")
                    #expect(document.element(of: node, at: 1) == document.next(after: inner))
                }
                node += level.isMultiple(of: 2) ? 2 : 1 // past the key, or into the array
            }
            #expect(document.rawText(node) == "0")
            return document.tape.count
        }.get()
        #expect(checked == 3 * depth + 1)
    }

    /// The text length field's limit: lengths below the sentinel are kept, the rest record the sentinel.
    @Test(arguments: [0, 1, 4_194_302, 4_194_303, 4_194_304, Int(UInt32.max)])
    func lengthsAroundTheSentinel(_ length: Int) {
        let node = TapeNode(stringAt: 9, length: UInt32(length), hasEscapes: true, nonASCII: true)
        #expect(TapeNode.lengthSentinel == 4_194_303)
        #expect(Int(node.header >> TapeNode.lengthShift) == min(length, TapeNode.lengthSentinel))
        #expect(node.kind == .string && node.flag && !node.isASCIIString && node.start == 9)
        let number = TapeNode(numberAt: 3, length: UInt32(length), header: NodeKind.number.rawValue | TapeNode.shortDecimalBit | 31 << TapeNode.integerDigitsShift)
        #expect(Int(number.header >> TapeNode.lengthShift) == min(length, TapeNode.lengthSentinel))
        #expect(number.kind == .number && number.isShortDecimal && number.shortDecimalIntegerDigits == 31 && !number.flag)
    }

    /// A key and a value at and past the sentinel's length (4 MiB), the value with escapes at its end, decode to
    /// their exact text: their length is measured again from the input.
    @Test(arguments: [TapeNode.lengthSentinel, TapeNode.lengthSentinel + 3])
    func longStringsAreMeasuredAgain(_ length: Int) throws {
        let escapedTail = #"\"\\"# // four bytes written, `"\` decoded
        let key = String(repeating: "k", count: length)
        let value = String(repeating: "v", count: length - 4) + escapedTail
        let json = "{\"\(key)\":\"\(value)\",\"n\":1}"
        let rows = try #require(SalvagePackageAccess.tapeRows(Array(json.utf8)))
        #expect(rows == [
            Row(kind: "object", start: 0, extent: 5, count: 2),
            Row(kind: "string", start: 2, extent: length, count: nil),
            Row(kind: "string", start: length + 5, extent: length, count: nil),
            Row(kind: "string", start: 2 * length + 8, extent: 1, count: nil),
            Row(kind: "number", start: 2 * length + 11, extent: 1, count: nil),
            Row(kind: "close", start: 0, extent: 0, count: nil),
        ])
        let decodedValue = String(repeating: "v", count: length - 4) + #""\"#
        let result = APIDataDecoder().decode(string: json, to: [String: String].self)
        #expect(result.errors.map(\.description) == [#"root(Dictionary<String, String>) > "n"(String) : Unexpectedly found an integer"#])
        #expect(result.value == [key: decodedValue])
    }

    /// Keys of 4 MiB or more are looked up by their measured length: two keys that both store the sentinel, one
    /// byte apart; a key one byte longer matches neither. (Escaped long keys: `longStringsAreMeasuredAgain`.)
    @Test func longKeysAreLookedUp() throws {
        let sentinel = TapeNode.lengthSentinel
        let longer = String(repeating: "k", count: sentinel + 1)
        let atSentinel = String(repeating: "k", count: sentinel)
        let json = "{\"\(longer)\":1,\"\(atSentinel)\":2}"
        let found = try JSONDocument.withParsed(.array(Array(json.utf8))) { document in
            [longer, atSentinel, longer + "k"].map { document.member(of: 0, key: $0) }
        }.get()
        #expect(found == [2, 4, nil])
    }

    /// A number with more digits than the length field holds is read whole, and the value after it is found.
    @Test func longNumbersAreMeasuredAgain() throws {
        let digits = TapeNode.lengthSentinel + 2
        let json = "[1" + String(repeating: "0", count: digits - 3) + ".5,7]"
        let rows = try #require(SalvagePackageAccess.tapeRows(Array(json.utf8)))
        #expect(rows == [
            Row(kind: "array", start: 0, extent: 3, count: 2),
            Row(kind: "number", start: 1, extent: digits, count: nil),
            Row(kind: "number", start: digits + 2, extent: 1, count: nil),
            Row(kind: "close", start: 0, extent: 0, count: nil),
        ])
        let seven = try JSONDocument.withParsed(.array(Array(json.utf8))) { document in
            document.integer(document.next(after: 1), as: Int.self)
        }.get()
        guard case .value(7) = seven else {
            Issue.record("7 read as \(seven)")
            return
        }
    }

    /// An open node at the field's limits: the largest count, the last close index the parser allows.
    @Test(arguments: [(0, false), (1, true), (TapeNode.maximumCount, true), (TapeNode.maximumCount, false)])
    func countsAtTheMaximum(_ count: Int, _ flag: Bool) {
        let close = Int(UInt32.max) - 1
        let open = TapeNode(openingAt: 12, kind: .object).closed(at: close, count: count, flag: flag)
        #expect(open.kind == .object && open.isContainer && !open.isCloseNode)
        #expect(open.count == count)
        #expect(open.flag == flag)
        #expect(open.closeIndex == close)
        #expect(open.index(after: 5) == close + 1)
        #expect(TapeNode.maximumCount == 268_435_455)
        let closeNode = TapeNode(closingContainerAt: 12)
        #expect(closeNode.isCloseNode && !closeNode.isContainer && closeNode.payload == 12)
    }

    /// A long number is measured again by the number grammar, so a value that follows it without a separator (as
    /// in a stream of concatenated values) is not taken into it. Small texts here: `measuredLength` is what
    /// reading a sentinel length calls.
    @Test(arguments: [
        ("123-5", 3), ("-1.5-2", 4), ("1.5.5", 3), ("1e5-3", 3), ("1E+5+3", 4), ("-0.25e-7,", 8), ("7", 1), ("12]", 2),
        ("1.5e3.0", 5), ("0e0e0", 3),
    ])
    func longNumbersEndWhereTheirGrammarEnds(_ text: String, _ length: Int) throws {
        let node = TapeNode(numberAt: 0, length: UInt32(TapeNode.lengthSentinel), header: NodeKind.number.rawValue)
        let measured = ByteReader.withBytes(of: Array(text.utf8)) { node.measuredLength(in: $0) }
        #expect(measured == length)
    }
}
