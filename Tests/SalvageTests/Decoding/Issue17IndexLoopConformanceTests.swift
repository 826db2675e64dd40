import Salvage
import Testing

// Issue #17 item 2: "Sequential (and nearby) index access must be O(1) amortised". Forward loops are covered
// by IndexLoopTests; these are the other directions a LastMile-style loop takes: backwards, and a look at the
// previous element after the current one. Both started again from the first element on every step back, so
// they were quadratic (10,000 elements: 6.6 s, 40,000: 88 s in a debug build).

/// Reads `values[i]` for each i of `order`, from one decoder, as a model's `init?(from:)` would.
private struct OrderedReads: APIDecodable {
    nonisolated(unsafe) static var order: [Int] = []
    let values: [Int?]

    init?(from decoder: APIDecoder) {
        values = Self.order.map { decoder["values"][$0] --> Int?.self }
    }
}

/// Sums `items` by index from the last element to the first, one `decoder["items"][i]` per element.
private struct BackwardSum: APIDecodable {
    let count: Int
    let sum: Int

    init?(from decoder: APIDecoder) {
        let count = decoder["items"].count ?? 0
        var sum = 0
        for index in (0..<count).reversed() {
            sum += decoder["items"][index] --> Int?.self ?? 0
        }
        self.count = count
        self.sum = sum
    }
}

/// `for i in 1..<count`: element i, then element i - 1 (differences of neighbours).
private struct NeighbourDifferences: APIDecodable {
    let differences: [Int]

    init?(from decoder: APIDecoder) {
        let count = decoder["items"].count ?? 0
        var differences: [Int] = []
        for index in 1..<Swift.max(1, count) {
            let current = decoder["items"][index] --> Int.self
            let previous = decoder["items"][index - 1] --> Int.self
            differences.append((current ?? 0) - (previous ?? 0))
        }
        self.differences = differences
    }
}

/// Columns read side by side, `decoder["c0"][i]`, `decoder["c1"][i]`, …, for every i: more arrays than the cursors
/// kept in their first-in-first-out list (8), so each look-up found its array's cursor pushed out.
private struct Columns: APIDecodable {
    nonisolated(unsafe) static var columns = 0
    let sums: [Int]

    init?(from decoder: APIDecoder) {
        var sums = Array(repeating: 0, count: Self.columns)
        let rows = decoder["c0"].count ?? 0
        for row in 0..<rows {
            for column in 0..<Self.columns { sums[column] += decoder["c\(column)"][row] --> Int?.self ?? 0 }
        }
        self.sums = sums
    }
}

@Suite(.serialized) struct Issue17IndexLoopConformanceTests {
    static let count = 300
    static let json = #"{"values": ["# + (0..<count).map { "\($0 * 10)" }.joined(separator: ", ") + "]}"

    /// Orders that step back across the cursor's remembered elements (every 16th): each read must still find
    /// exactly the element asked for.
    static let orders: [(String, [Int])] = [
        ("backward", Array((0..<count).reversed())),
        ("forward then back one", forwardThenBackOne),
        ("back across marks", [299, 16, 15, 32, 31, 0, 255, 64, 63, 17, 16, 299, 1, 288, 287, 289]),
        ("jumps back to every mark", stride(from: 288, through: 16, by: -16).flatMap { [$0, $0 + 1, $0 - 1] } + [0, 1]),
        ("out of range in between", [200, -1, 150, 300, 149, 1000, 64]),
    ]

    static var forwardThenBackOne: [Int] {
        var order: [Int] = []
        for index in 1..<count { order += [index, index - 1] }
        return order
    }

    @Test(arguments: orders.map(\.0))
    func everyBackwardOrderFindsTheElementAskedFor(_ name: String) throws {
        let order = try #require(Self.orders.first { $0.0 == name }).1
        OrderedReads.order = order
        let result = APIDataDecoder().decode(string: Self.json, to: OrderedReads.self)
        #expect(result.value?.values == order.map { (0..<Self.count).contains($0) ? $0 * 10 : nil })
        #expect(result.errors.isEmpty)
    }

    /// 40,000 elements read last to first, and each neighbour pair: quadratic, each took over a minute in a
    /// debug build (88 s backwards; the run was stopped after 5 minutes); linear, under a second.
    @Test(.timeLimit(.minutes(1)))
    func backwardAndNeighbourLoopsAreLinear() {
        let count = 40_000
        let json = #"{"items": ["# + (1...count).map(String.init).joined(separator: ",") + "]}"
        let backward = APIDataDecoder().decode(string: json, to: BackwardSum.self)
        #expect(backward.value?.count == count)
        #expect(backward.value?.sum == count * (count + 1) / 2)
        #expect(backward.errors.isEmpty)
        let neighbours = APIDataDecoder().decode(string: json, to: NeighbourDifferences.self)
        #expect(neighbours.value?.differences == Array(repeating: 1, count: count - 1))
        #expect(neighbours.errors.isEmpty)
    }

    @Test func aBackwardLoopOverNestedArraysKeepsEveryLevelsPlace() {
        struct Grid: APIDecodable {
            let values: [Int?]
            init?(from decoder: APIDecoder) {
                var values: [Int?] = []
                for row in (0..<100).reversed() {
                    for column in (0..<100).reversed() { values.append(decoder["grid"][row][column] --> Int?.self) }
                }
                self.values = values
            }
        }
        var rows: [String] = []
        var expected: [Int?] = []
        for row in 0..<100 {
            let cells: [String] = (0..<100).map { (column: Int) -> String in String(row * 1_000 + column) }
            rows.append("[" + cells.joined(separator: ",") + "]")
        }
        for row in (0..<100).reversed() {
            for column in (0..<100).reversed() { expected.append(row * 1_000 + column) }
        }
        let json = #"{"grid": ["# + rows.joined(separator: ",") + "]}"
        let result = APIDataDecoder().decode(string: json, to: Grid.self)
        #expect(result.value?.values == expected)
        #expect(result.errors.isEmpty)
    }

    /// 12 columns of 20,000 rows read row by row: with only 8 cursors kept, every look-up walked its column from
    /// the first element (2.4 billion steps, minutes in a debug build); with cursors pushed out kept aside, linear.
    @Test(.timeLimit(.minutes(1)))
    func moreColumnsThanCursorsAreReadInLinearTime() {
        let rows = 20_000
        Columns.columns = 12
        let column = "[" + (1...rows).map(String.init).joined(separator: ",") + "]"
        let members: [String] = (0..<Columns.columns).map { (index: Int) -> String in "\"c\(index)\": " + column }
        let result = APIDataDecoder().decode(string: "{" + members.joined(separator: ", ") + "}", to: Columns.self)
        #expect(result.value?.sums == Array(repeating: rows * (rows + 1) / 2, count: Columns.columns))
        #expect(result.errors.isEmpty)
    }

    /// Round robin over 9 to 40 short arrays, forwards and backwards: every look-up finds its element.
    @Test(arguments: [9, 17, 40])
    func roundRobinOverManyArraysFindsEveryElement(_ columns: Int) {
        Columns.columns = columns
        let members: [String] = (0..<columns).map { (index: Int) -> String in
            "\"c\(index)\": [" + (0..<100).map { String(index * 1_000 + $0) }.joined(separator: ",") + "]"
        }
        let result = APIDataDecoder().decode(string: "{" + members.joined(separator: ", ") + "}", to: Columns.self)
        #expect(result.value?.sums == (0..<columns).map { $0 * 100_000 + 4_950 })
        #expect(result.errors.isEmpty)
    }
}
