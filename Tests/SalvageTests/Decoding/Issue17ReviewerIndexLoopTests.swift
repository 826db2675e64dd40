import Foundation
import Salvage
import Testing

// Black-box tests of issue #17 item 2: `decoder["items"][i]` in a loop is O(1) amortised for sequential and
// nearby indices. The counts are large enough that a walk from the first element at each access (n²/2
// steps) would take minutes, so a regression hangs the test instead of passing slowly.

/// Reads `items[i]` for each i of `order` as a model's `init?(from:)` would, required (`Int`) or optional.
private struct Reviewer17Indexed: APIDecodable {
    nonisolated(unsafe) static var order: [Int] = []
    nonisolated(unsafe) static var optional = false
    let values: [Int?]

    init?(from decoder: APIDecoder) {
        values = Self.order.map { (index: Int) -> Int? in
            let element = decoder["items"][index]
            return Self.optional ? element --> Int?.self : element --> Int.self
        }
    }
}

/// Sums `rows[i]["v"]` for i in 0..<count, rows being objects.
private struct Reviewer17RowSum: APIDecodable {
    let sum: Int

    init?(from decoder: APIDecoder) {
        var sum = 0
        let count = decoder["count"] --> Int.self ?? 0
        for i in 0..<count { sum += decoder["rows"][i]["v"] --> Int.self ?? 0 }
        self.sum = sum
    }
}

/// Reads `columns` arrays side by side: `decoder["c0"][i]`, `decoder["c1"][i]`, … for each row i.
private struct Reviewer17Columns: APIDecodable {
    nonisolated(unsafe) static var columns = 0
    let sum: Int

    init?(from decoder: APIDecoder) {
        let rows = decoder["rows"] --> Int.self ?? 0
        var sum = 0
        for i in 0..<rows {
            for column in 0..<Self.columns { sum += decoder["c\(column)"][i] --> Int.self ?? 0 }
        }
        self.sum = sum
    }
}

@Suite(.serialized) struct Issue17ReviewerIndexLoopTests {
    static let count = 200_000
    static let items: String = (0..<count).map { String($0 * 3) }.joined(separator: ",")
    static let json: String = #"{"first": 1, "items": ["# + items + #"], "last": 2}"#

    static let forward: [Int] = Array(0..<count)
    static let orders: [(String, [Int])] = [
        ("forward", forward),
        ("backward", forward.reversed()),
        ("pairs swapped", forward.map { (i: Int) -> Int in i ^ 1 }),
        ("each one twice", forward.flatMap { (i: Int) -> [Int] in [i, i] }),
        ("two ahead, back, forward", Array(0..<count / 3).flatMap { (i: Int) -> [Int] in [3 * i + 2, 3 * i, 3 * i + 1] }),
        ("two interleaved walks", Array(0..<count / 2).flatMap { (i: Int) -> [Int] in [i, i + count / 2] }),
    ]

    @Test(arguments: orders.map(\.0))
    func anIndexLoopGivesEveryValue(_ name: String) throws {
        let order = try #require(Self.orders.first { $0.0 == name }).1
        Reviewer17Indexed.order = order
        Reviewer17Indexed.optional = false
        let result = APIDataDecoder().decode(string: Self.json, to: Reviewer17Indexed.self)
        #expect(result.errors.isEmpty)
        #expect(result.value?.values == order.map { $0 * 3 })
    }

    @Test func indicesOutOfRangeAreErrorsAtTheirPaths() {
        Reviewer17Indexed.order = [2, -1, 0, 3, 1, 1_000, 2]
        Reviewer17Indexed.optional = false
        let result = APIDataDecoder().decode(string: #"{"items": [10, 20, 30]}"#, to: Reviewer17Indexed.self)
        // A required value that is missing fails the model; each miss is reported where it was looked up.
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(Reviewer17Indexed) > "items" > [-1](Int) : No value is present"#,
            #"root(Reviewer17Indexed) > "items" > [3](Int) : No value is present"#,
            #"root(Reviewer17Indexed) > "items" > [1000](Int) : No value is present"#,
        ])
        #expect(result.errors.map { $0.path.jsonPath } == [#"root["items"][-1]"#, #"root["items"][3]"#, #"root["items"][1000]"#])
    }

    @Test func anIndexLoopOverObjects() {
        let n = 100_000
        let json = #"{"rows": ["# + (0..<n).map { #"{"k":"x","v":\#($0)}"# }.joined(separator: ",") + #"], "count": \#(n)}"#
        let result = APIDataDecoder().decode(string: json, to: Reviewer17RowSum.self)
        #expect(result.value?.sum == n * (n - 1) / 2)
        #expect(result.errors.isEmpty)
    }

    @Test func anIndexLoopInEveryStreamedRecord() async throws {
        // Records whose model loops over its own array; 3 records of 60,000 elements, the second one broken.
        let items = (0..<60_000).map(String.init).joined(separator: ",")
        let bytes = Reviewer17.bytes("{\"count\":60000,\"rows\":[" + (0..<60_000).map { #"{"v":\#($0)}"# }.joined(separator: ",") + "]}\n"
            + "{\"count\":2,\"rows\":[{\"v\":1},{\"v\":\"x\"}]}\n{\"count\":1,\"rows\":[{\"v\":" + items.prefix(1) + "}]}\n")
        var sums: [Int?] = []
        var errors: [String] = []
        for try await record in APIDataDecoder().records(from: Reviewer17Bytes(bytes: bytes), to: Reviewer17RowSum.self) {
            sums.append(record.result.value?.sum)
            errors += record.result.errors.map(\.description)
        }
        #expect(sums == [60_000 * 59_999 / 2, nil, 0])
        #expect(errors == [#"root(Reviewer17RowSum) > "rows" > [1] > "v"(Int) : Unexpectedly found a string"#])
    }
}
