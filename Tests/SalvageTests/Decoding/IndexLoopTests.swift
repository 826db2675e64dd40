import Salvage
import SalvageBenchmarkKit
import Testing

// `decoder[i]` continues from the element the previous look-up in the same array reached
// (`ElementCursors`): every access pattern must still find exactly the element asked for.

/// Reads `values[i]` for each i of `order`, from one decoder, as a model's `init?(from:)` would.
private struct IndexedReads: APIDecodable {
    nonisolated(unsafe) static var order: [Int] = []
    let values: [Int?]

    init?(from decoder: APIDecoder) {
        values = Self.order.map { decoder["values"][$0] --> Int?.self }
    }
}

/// Reads `grid[row][column]` for each pair of `order`: one cursor per row array and one for the grid.
private struct GridReads: APIDecodable {
    nonisolated(unsafe) static var order: [(Int, Int)] = []
    let values: [Int?]

    init?(from decoder: APIDecoder) {
        values = Self.order.map { decoder["grid"][$0.0][$0.1] --> Int?.self }
    }
}

@Suite(.serialized) struct IndexLoopTests {
    static let count = 50
    static let json = #"{"values": ["# + (0..<count).map { "\($0 * 10)" }.joined(separator: ", ") + "]}"

    static let orders: [(String, [Int])] = [
        ("forward", Array(0..<count)),
        ("backward", Array((0..<count).reversed())),
        ("repeated", [3, 3, 3, 4, 4, 2, 2]),
        ("skipping forward", Array(stride(from: 0, to: count, by: 7))),
        ("zigzag", [10, 11, 5, 12, 0, 49, 48, 1, 25]),
        ("out of range in between", [1, 2, 50, -1, 3, 1000, 4]),
        ("pseudo-random", (0..<200).map { ($0 * 37 + 11) % count }),
    ]

    @Test(arguments: orders.map(\.0))
    func everyOrderFindsTheElementAskedFor(_ name: String) throws {
        let order = try #require(Self.orders.first { $0.0 == name }).1
        IndexedReads.order = order
        let result = APIDataDecoder().decode(string: Self.json, to: IndexedReads.self)
        let expected = order.map { (0..<Self.count).contains($0) ? $0 * 10 : nil }
        #expect(result.value?.values == expected)
        #expect(result.errors.isEmpty)
    }

    @Test func nestedLoopsAndManyArraysKeepTheirPlace() {
        // 12 rows: more arrays than the cursors remember, read row by row and column by column.
        let grid = (0..<12).map { row in "[" + (0..<12).map { "\(row * 100 + $0)" }.joined(separator: ",") + "]" }
        let json = #"{"grid": ["# + grid.joined(separator: ",") + "]}"
        let rowMajor = (0..<12).flatMap { row in (0..<12).map { (row, $0) } }
        let columnMajor = (0..<12).flatMap { column in (0..<12).map { ($0, column) } }
        for order in [rowMajor, columnMajor] {
            GridReads.order = order
            let result = APIDataDecoder().decode(string: json, to: GridReads.self)
            #expect(result.value?.values == order.map { $0.0 * 100 + $0.1 })
            #expect(result.errors.isEmpty)
        }
    }

    @Test func anIndexIntoSomethingElseIsStillAbsent() {
        IndexedReads.order = [0]
        let notArray = APIDataDecoder().decode(string: #"{"values": {"0": 1}}"#, to: IndexedReads.self)
        #expect(notArray.value?.values == [nil])
        #expect(notArray.errors.map(\.description) == [#"root(IndexedReads) > "values" : Unexpectedly found an object"#])
    }

    @Test func anIndexLoopSumsEveryElement() {
        // The loop of the benchmark's worst case (`--worst-cases`: a million elements), on 20,000.
        let json = #"{"items": ["# + (1...20_000).map(String.init).joined(separator: ",") + "]}"
        let result = APIDataDecoder().decode(string: json, to: IndexLoopSum.self)
        #expect(result.value?.count == 20_000)
        #expect(result.value?.sum == 20_000 * 20_001 / 2)
        #expect(result.errors.isEmpty)
    }
}
