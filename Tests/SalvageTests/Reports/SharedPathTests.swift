import Foundation
import Testing
@testable import Salvage

/// Recorded errors keep their paths in one `PathTable` per decode: a step is a node linked to the step
/// before it, and errors under one record or array share the nodes of their common prefix. The paths read
/// back are the same values, descriptions and exports as before, after the decode and on other tasks.
@Suite struct SharedPathTests {
    private struct Item: APIDecodable {
        static var idKey: String? { "sku" }
        let price: Double?
        let quantity: Int?
        init?(from decoder: APIDecoder) {
            price = decoder["price"] --> Double?.self
            quantity = decoder["qty"] --> Int?.self
        }
    }

    /// Seven errors: the first `PathTableBuilder.pathsKeptAlone` (four) keep arrays of their own, the
    /// others share a table.
    private static let json = #"""
        [{"sku": "A-1", "price": "x", "qty": "q"}, {"sku": "B-2", "price": "y", "qty": 1}, {"price": 2, "qty": true},
         {"sku": "C-3", "price": "z", "qty": "r"}, {"sku": "D-4", "price": "w", "qty": 2}]
        """#

    private static let descriptions = [
        #"root(Array<Item>) > [0](Item sku=A-1) > "price"(Double) : Unexpectedly found a string"#,
        #"root(Array<Item>) > [0](Item sku=A-1) > "qty"(Int) : Unexpectedly found a string"#,
        #"root(Array<Item>) > [1](Item sku=B-2) > "price"(Double) : Unexpectedly found a string"#,
        #"root(Array<Item>) > [2](Item) > "qty"(Int) : Unexpectedly found a boolean"#,
        #"root(Array<Item>) > [3](Item sku=C-3) > "price"(Double) : Unexpectedly found a string"#,
        #"root(Array<Item>) > [3](Item sku=C-3) > "qty"(Int) : Unexpectedly found a string"#,
        #"root(Array<Item>) > [4](Item sku=D-4) > "price"(Double) : Unexpectedly found a string"#,
    ]

    private static func table(of error: APIDecodeError) -> PathTable? {
        if case .shared(let table, _) = error.storedPath { return table }
        return nil
    }

    @Test func errorsOfOneDecodeShareTheStepsOfTheirCommonPrefix() throws {
        #expect(PathTableBuilder.pathsKeptAlone == 4)
        let errors = APIDataDecoder().decode(data: Data(Self.json.utf8), to: [Item].self).errors
        #expect(errors.map(\.description) == Self.descriptions)
        #expect(errors.prefix(4).allSatisfy { Self.table(of: $0) == nil })
        let tables = errors.dropFirst(4).compactMap(Self.table(of:))
        #expect(tables.count == 3)
        let table = try #require(tables.first)
        #expect(tables.allSatisfy { $0 === table })
        // root; [3], "price", "qty"; [4], "price": the root is stored once, each record once.
        #expect(table.nodes.count == 6)
        // Keys once per table, ids once per record.
        #expect(table.strings == ["root", "C-3", "price", "qty", "D-4"])
        let parents = errors.dropFirst(4).map { error -> Int32 in
            guard case .shared(let table, let node) = error.storedPath else { return -2 }
            return table.nodes[Int(node)].parent
        }
        #expect(parents[0] == parents[1])
        #expect(parents[1] != parents[2])
    }

    @Test func aSharedPathEqualsAndHashesLikeTheSamePathBuiltByHand() throws {
        let errors = APIDataDecoder().decode(data: Data(Self.json.utf8), to: [Item].self).errors
        let byHand = APIDecodeError(path: ["root", 3, "price"], reason: .unexpectedJSONType(actual: .string))
        #expect(Self.table(of: errors[4]) != nil && Self.table(of: byHand) == nil)
        #expect(errors[4] == byHand)
        #expect(errors[4].hashValue == byHand.hashValue)
        #expect(errors[5] != byHand)
        #expect(errors[6] != byHand)
        #expect(errors[0] != byHand)
        #expect(Set(errors + [byHand]).count == 7)
        // Copies compare equal through the shared node, and against an exported copy read back.
        let back = try JSONDecoder().decode([APIDecodeError].self, from: JSONEncoder().encode(errors))
        #expect(back == errors)
        #expect(back.map(\.description) == Self.descriptions)
    }

    @Test func pathsReadBackKeepEveryTag() throws {
        let errors = APIDataDecoder().decode(data: Data(Self.json.utf8), to: [Item].self).errors
        let record = errors[5].path[1]
        #expect(record.arrayIndex == 3 && record.hashKey == nil)
        #expect(record.typeName == "Item" && record.idKey == "sku" && record.id == "C-3")
        let leaf = try #require(errors[5].path.last)
        #expect(leaf.hashKey == "qty" && leaf.typeName == "Int" && leaf.idKey == nil && leaf.id == nil)
        #expect(errors.suffix(3).map { $0.path.jsonPath } == [#"root[3]["price"]"#, #"root[3]["qty"]"#, #"root[4]["price"]"#])
        #expect(errors.suffix(3).map { $0.codingPath.map(\.stringValue) } == [["3", "price"], ["3", "qty"], ["4", "price"]])
    }

    @Test func errorsSentToOtherTasksReadTheSamePaths() async {
        let errors = APIDataDecoder().decode(data: Data(Self.json.utf8), to: [Item].self).errors
        let described = await withTaskGroup(of: (Int, String).self) { group in
            for (index, error) in errors.enumerated() { group.addTask { (index, error.description) } }
            var texts = Array(repeating: "", count: errors.count)
            for await (index, text) in group { texts[index] = text }
            return texts
        }
        #expect(described == Self.descriptions)
    }

    @Test func aSealedTableIsNeverWrittenAgain() throws {
        var builder = PathTableBuilder(keptAlone: 0)
        let added = (builder.add(["root", 0, "price"]), builder.add(["root", 0, "qty"]))
        let first = try #require(added.0)
        let second = try #require(added.1)
        #expect(first.table === second.table)
        #expect(first.table.nodes.count == 4)
        builder.seal()
        let afterSealing = builder.add(["root", 1, "price"])
        let third = try #require(afterSealing)
        #expect(third.table !== first.table)
        #expect(first.table.nodes.count == 4)
        #expect(third.table.nodes.count == 3)
        #expect(first.table.path(to: second.node) == ["root", 0, "qty"])
        #expect(third.table.path(to: third.node).map(\.description) == [#"["root"]"#, "[1]", #"["price"]"#])
        let empty = builder.add([])
        #expect(empty?.node == nil)
    }

    @Test func takingTheErrorsOfADecodeSealsItsTable() throws {
        let state = DecodeLedger()
        defer { state.deallocate() }
        let record = { (index: Int, key: APICodingKey) in
            state.append(APIDecodeError(path: ["root", APICodingKey(arrayIndex: index), key], reason: .other(message: "m")))
        }
        for index in 0 ..< 5 { record(index, "price") }
        let taken = state.errors
        for index in 0 ..< 5 { record(index, "qty") }
        let all = state.errors
        #expect(all.prefix(4).allSatisfy { Self.table(of: $0) == nil })
        #expect(all[5 ..< 9].allSatisfy { Self.table(of: $0) == nil })
        let first = try #require(Self.table(of: taken[4]))
        let second = try #require(Self.table(of: all[9]))
        #expect(first !== second)
        #expect(first.nodes.count == 3 && second.nodes.count == 3)
        #expect(all.map(\.description) == (0 ..< 5).map { #"root > [\#($0)] > "price" : m"# } + (0 ..< 5).map { #"root > [\#($0)] > "qty" : m"# })
        // An empty path stays as given.
        state.append(APIDecodeError(path: [], reason: .other(message: "c")))
        #expect(state.errors.last?.path == [])
    }

    @Test func aDecodeWithFewErrorsMakesNoTable() throws {
        var builder = PathTableBuilder()
        for index in 0 ..< PathTableBuilder.pathsKeptAlone {
            let added = builder.add(["root", APICodingKey(arrayIndex: index)])
            #expect(added == nil)
        }
        let fifth = builder.add(["root", 4])
        #expect(try #require(fifth).table.path(to: try #require(fifth).node) == ["root", 4])
    }

    @Test func aSealedTableKeepsNoUnusedRoom() throws {
        var builder = PathTableBuilder(keptAlone: 0)
        for index in 0..<37 { _ = builder.add(["root", APICodingKey(arrayIndex: index), "price"]) }
        let last = builder.add(["root", 37, "price"])
        let table = try #require(last).table
        builder.seal()
        #expect(table.nodes.count == 1 + 2 * 38)
        #expect(table.nodes.capacity - table.nodes.count <= table.nodes.count / 4)
        #expect(table.path(to: Int32(table.nodes.count - 1)) == ["root", 37, "price"])
    }

    @Test(arguments: [
        nil,
        Salvage.SourceLocation(offset: 103, line: 1, column: 104),
        Salvage.SourceLocation(offset: 0, line: 0, column: 0),
        Salvage.SourceLocation(offset: -5, line: -1, column: 3),
        Salvage.SourceLocation(offset: Int.max, line: Int(UInt32.max), column: Int(UInt32.max)),
        Salvage.SourceLocation(offset: 5_000_000_000, line: 1, column: Int(UInt32.max) + 1),
        Salvage.SourceLocation(offset: 7, line: Int.max, column: Int.min),
    ])
    func everyLocationIsKeptExactly(location: Salvage.SourceLocation?) {
        var error = APIDecodeError(path: ["root", "height"], reason: .other(message: "m"), location: location)
        #expect(error.location == location)
        error.note = "n"
        #expect(error.location == location && error.note == "n")
        error.note = nil
        #expect(error.location == location && error.note == nil)
        #expect(error.description == #"root > "height" : m"#)
    }

    /// `"\u{E9}"` and `"e\u{301}"` are different keys to JSON (and to member lookup) but equal Swift
    /// `String`s: a table that matched keys with `==` gave the second one's error the first one's bytes.
    @Test func canonicallyEquivalentKeysKeepTheirOwnBytes() {
        let keys = ["a", "b", "c", "d", "\u{E9}", "e\u{301}", "f", "e\u{301}z", "\u{E9}z"]
        let json = "{" + keys.map { "\"\($0)\": \"x\"" }.joined(separator: ", ") + "}"
        let errors = APIDataDecoder().decode(string: json, to: [String: Int].self).errors
        #expect(errors.count == 9)
        #expect(errors.map { Array(($0.path.last?.stringValue ?? "").utf8) } == keys.map { Array($0.utf8) })
        #expect(errors.dropFirst(4).allSatisfy { Self.table(of: $0) != nil })
    }

    @Test func anErrorAndAStepStaySmall() {
        #expect(MemoryLayout<APIDecodeError>.stride == 80)
        #expect(MemoryLayout<PathTable.Node>.stride == 24)
    }
}
