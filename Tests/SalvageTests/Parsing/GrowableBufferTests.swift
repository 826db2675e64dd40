@testable import Salvage
import Testing

// `GrowableBuffer` is the one growable buffer in raw memory: the parser's tape (then `TapeStorage`), its
// stack of open containers and a decode's frames (`DecodeLedger`). These tests reach it with `@testable`
// because it is internal and noncopyable; the parser and decode tests cover it through its users too.

/// Counts the deinits of `Probe`s, to see that the buffer destroys each element exactly once.
private final class DeinitLog {
    var count = 0
}

private final class Probe {
    let value: Int
    let log: DeinitLog

    init(_ value: Int, log: DeinitLog) {
        self.value = value
        self.log = log
    }

    deinit { log.count += 1 }
}

@Suite("GrowableBuffer")
struct GrowableBufferTests {
    /// The capacity doubles when an append finds the buffer full, and every element survives each move.
    @Test(arguments: [
        (initialCapacity: 0, appends: 1, expectedCapacity: 1),
        (1, 1, 1),
        (1, 2, 2),
        (1, 3, 4),
        (1, 5, 8),
        (1, 9, 16),
        (16, 16, 16),
        (16, 17, 32),
        (16, 33, 64),
        (32, 1_000, 1_024),
    ])
    func appendsGrowAcrossCapacityBoundaries(initialCapacity: Int, appends: Int, expectedCapacity: Int) {
        var buffer = GrowableBuffer<Int>(capacity: initialCapacity)
        for value in 0 ..< appends {
            buffer.append(value * 3)
        }
        #expect(buffer.count == appends)
        #expect(buffer.capacity == expectedCapacity)
        #expect((0 ..< buffer.count).map { buffer[$0] } == (0 ..< appends).map { $0 * 3 })
    }

    /// After thousands of random appends and removals (across many growths), the contents are exactly an
    /// `Array`'s given the same operations.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func contentsMatchAnArrayAfterManyAppendsAndRemovals(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var buffer = GrowableBuffer<Int>(capacity: 1)
        var model: [Int] = []
        var removed: [Int?] = []
        var expectedRemoved: [Int?] = []
        for step in 0 ..< 5_000 {
            switch random.below(10) {
            case 0 ... 5:
                buffer.append(step)
                model.append(step)
            case 6, 7:
                if !model.isEmpty {
                    removed.append(buffer.removeLast())
                    expectedRemoved.append(model.removeLast())
                }
            default:
                removed.append(buffer.popLast())
                expectedRemoved.append(model.popLast())
            }
            #expect(buffer.count == model.count)
        }
        #expect(model.count > 500)
        #expect(removed == expectedRemoved)
        #expect((0 ..< buffer.count).map { buffer[$0] } == model)
        #expect(buffer.map { $0 } == model)
    }

    @Test func popLastOnAnEmptyBufferIsNilAndChangesNothing() {
        var buffer = GrowableBuffer<Int>(capacity: 4)
        #expect(buffer.popLast() == nil)
        #expect(buffer.count == 0)
        buffer.append(7)
        #expect(buffer.popLast() == 7)
        #expect(buffer.popLast() == nil)
        #expect(buffer.count == 0)
        #expect(buffer.capacity == 4)
    }

    @Test func subscriptWritesInPlace() {
        var buffer = GrowableBuffer<Int>(capacity: 2)
        for value in 0 ..< 5 { buffer.append(value) }
        buffer[0] = 100
        buffer[4] += 40
        buffer[2] = buffer[1] * 10
        #expect(buffer.map { $0 } == [100, 1, 10, 3, 44])
    }

    @Test func reserveCapacityMovesTheElementsOnlyWhenItGrows() {
        var buffer = GrowableBuffer<Int>(capacity: 8)
        for value in 0 ..< 3 { buffer.append(value) }
        let base = buffer.base
        buffer.reserveCapacity(4)
        #expect(buffer.capacity == 8)
        #expect(buffer.base == base)
        buffer.reserveCapacity(100)
        #expect(buffer.capacity == 100)
        #expect(buffer.map { $0 } == [0, 1, 2])
        for value in 3 ..< 100 { buffer.append(value) }
        #expect(buffer.capacity == 100)
        #expect(buffer.map { $0 } == Array(0 ..< 100))
    }

    /// Growth moves elements (no copies left behind), removals hand them out, and the buffer's `deinit`
    /// destroys the rest: every element is destroyed exactly once.
    @Test func everyElementIsDestroyedExactlyOnce() {
        let log = DeinitLog()
        do {
            var buffer = GrowableBuffer<Probe>(capacity: 2)
            for value in 0 ..< 5 { buffer.append(Probe(value, log: log)) }
            #expect(log.count == 0)
            #expect(buffer.removeLast().value == 4)
            #expect(log.count == 1)
            #expect(buffer.popLast()?.value == 3)
            #expect(log.count == 2)
            buffer[0] = Probe(10, log: log)
            #expect(log.count == 3)
            #expect(buffer.map(\.value) == [10, 1, 2])
        }
        #expect(log.count == 6)
    }

    /// The parser's nodes move into `TapeStorage` as they are: the same memory, no copy.
    @Test func handingTheNodesToTapeStorageKeepsTheirMemory() {
        var nodes = GrowableBuffer<TapeNode>(capacity: 2)
        for index in 0 ..< 5 {
            nodes.append(TapeNode(kind: .null, start: UInt32(index * 2), extent: 4))
        }
        let base = nodes.base
        let storage = TapeStorage(nodes: nodes)
        #expect(storage.nodes.base == base)
        #expect(storage.count == 5)
        #expect(storage.map(\.start) == [0, 2, 4, 6, 8])
        #expect(storage[4].start == 8)
    }

    /// A stream's next record is parsed into the previous record's tape (`TapeStorage.parseValue`): the same memory,
    /// emptied first, and the nodes and failures a parse into a new tape gives.
    @Test func parsingIntoATapeAgainKeepsItsMemory() {
        let bytes = Array(#"{"a": [1, 2, {"b": null}]} "x" [true, tru] 7"#.utf8)
        ByteReader.withBytes(of: bytes) { reader in
            guard case .success(let first) = JSONDocument.parseValue(in: reader, from: 0, limits: ParseLimits()) else {
                Issue.record("the first value does not parse")
                return
            }
            let tape = first.document.tape
            let base = tape.nodes.base
            #expect(tape.count == 11) // eight values and three close nodes
            for start in [first.end, 31, 43] {
                let again = tape.parseValue(in: reader, from: start, limits: ParseLimits())
                let fresh = JSONDocument.parseValue(in: reader, from: start, limits: ParseLimits())
                switch (again, fresh) {
                case (.success(let end), .success(let parsed)):
                    #expect(end == parsed.end)
                    #expect(tape.map(\.header) == parsed.document.tape.map(\.header))
                    #expect(tape.map(\.payload) == parsed.document.tape.map(\.payload))
                case (.failure(let failure), .failure(let expected)):
                    #expect(failure.message == expected.message)
                    #expect(failure.offset == expected.offset)
                default:
                    Issue.record("the parses into the reused and a new tape disagree at \(start)")
                }
                #expect(tape.nodes.base == base)
            }
            // `"x"`, then `[true, tru]` (fails at `tru`), then `7`.
            #expect(tape.count == 1)
            #expect(tape[0].kind == .number)
        }
    }

    /// A document nested deeper than the parser's first container stack (16) with more nodes than its first
    /// guess at the tape (one per 6 bytes, plus 16): both buffers grow, and the tape is exact.
    @Test func parsingGrowsTheTapeAndTheContainerStack() throws {
        let depth = 40
        let numbers = (1 ... 50).map(String.init).joined(separator: ",")
        let json = String(repeating: "[", count: depth) + numbers + String(repeating: "]", count: depth)
        let rows = try #require(SalvagePackageAccess.tapeRows(Array(json.utf8)))
        typealias Row = SalvagePackageAccess.TapeRow
        let nodeCount = 2 * depth + 50 // an open and a close node per array
        #expect(json.utf8.count / 6 + 16 < nodeCount)
        // Array `level` (its `[` at offset `level`) closes at node `nodeCount - 1 - level`.
        var expected = (0 ..< depth).map { Row(kind: "array", start: $0, extent: nodeCount - 1 - $0, count: $0 == depth - 1 ? 50 : 1) }
        var offset = depth
        for number in 1 ... 50 {
            let length = String(number).count
            expected.append(Row(kind: "number", start: offset, extent: length, count: nil))
            offset += length + 1
        }
        expected += (0 ..< depth).reversed().map { Row(kind: "close", start: $0, extent: $0, count: nil) }
        #expect(rows == expected)
    }

    /// A decode's frames outgrow the ledger's first capacity and stay exact while pushed and popped.
    @Test func ledgerFramesGrowAndPopInOrder() {
        let ledger = DecodeLedger(capacity: 1)
        defer { ledger.deallocate() }
        for node in 0 ..< 100 {
            #expect(ledger.push(Frame(node: node, parent: node - 1, step: .index(node), type: Int.self)) == node)
        }
        #expect(ledger.count == 100)
        ledger.setLookupHint(50, 7)
        #expect(ledger.lookupHint(50, node: 50) == 7)
        #expect((0 ..< 100).map { ledger[$0]?.node } == Array(0 ..< 100))
        #expect(ledger[100] == nil)
        for index in stride(from: 99, through: 0, by: -1) {
            ledger.pop(index)
            #expect(ledger.count == index)
            #expect(ledger[index] == nil)
        }
        #expect(ledger[0] == nil)
    }
}
