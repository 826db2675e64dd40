import Foundation
import Salvage
import Testing

// Issue #15, items 2, 3 (loss budget) and 6, checked as their text reads: `decoder.all(…)` binds every
// field without `!` and records every error where a `guard let` chain does not; `decode(data:to:maxDropped:)`
// and `maxDroppedFraction:` on a root array, misuse included (0, 1, NaN, negative budgets, a non-array root);
// the LastMile requirements `alwaysSucceeds` and `parseableElementCount` honoured.

/// Two required fields read with `decoder.all(…)`: both are decoded before `all` looks at them.
private struct Pair: APIDecodable, Equatable {
    let a: Int
    let b: Int
    init(a: Int, b: Int) { (self.a, self.b) = (a, b) }
    init?(from decoder: APIDecoder) {
        guard let (a, b) = decoder.all(decoder["a"] --> Int.self, decoder["b"] --> Int.self) else { return nil }
        self.init(a: a, b: b)
    }
}

/// The same two fields in the `guard let` chain the guides warn about: it stops at the first nil.
private struct ChainedPair: APIDecodable {
    init?(from decoder: APIDecoder) {
        guard let _ = decoder["a"] --> Int.self, let _ = decoder["b"] --> Int.self else { return nil }
    }
}

/// An optional field passed to `all` without `.some(…)`: the compiler accepts it, and an absent value then
/// fails the model (`all` sees a nil). The guides say to wrap optional fields; this pins what forgetting does.
private struct UnwrappedOptional: APIDecodable {
    let id: Int
    let nick: String
    init?(from decoder: APIDecoder) {
        guard let (id, nick) = decoder.all(decoder["id"] --> Int.self, decoder["nick"] --> String?.self) else { return nil }
        (self.id, self.nick) = (id, nick)
    }
}

/// An optional field wrapped in `.some(…)`, as the guides write it.
private struct WrappedOptional: APIDecodable, Equatable {
    let id: Int
    let nick: String?
    init(id: Int, nick: String?) { (self.id, self.nick) = (id, nick) }
    init?(from decoder: APIDecoder) {
        guard let (id, nick) = decoder.all(decoder["id"] --> Int.self, .some(decoder["nick"] --> String?.self)) else { return nil }
        (self.id, self.nick) = (id, nick)
    }
}

private struct Row: APIDecodable, Equatable {
    static var idKey: String? { "id" }
    let id: Int
    init?(from decoder: APIDecoder) {
        guard let id = decoder.all(decoder["id"] --> Int.self) else { return nil }
        self.id = id
    }
}

private struct CodableRow: Decodable, Equatable {
    let id: Int
}

/// LastMile's `alwaysSucceeds`, honoured (item 6): decoded where there is no value or `null`.
private struct Paging: APIDecodable {
    static var alwaysSucceeds: Bool { true }
    let next: String?
    init?(from decoder: APIDecoder) { next = decoder["next"] --> String?.self }
}

/// LastMile's `parseableElementCount`, honoured (item 6): checked against `CountLimited` like an array.
private struct Bag: APIDecodable {
    let items: [Int]
    var parseableElementCount: Int? { items.count }
    init?(from decoder: APIDecoder) {
        guard let items = decoder.all(decoder["items"] --> [Int].self) else { return nil }
        self.items = items
    }
}

private struct BagHolder: APIDecodable {
    let bag: Bag?
    init?(from decoder: APIDecoder) { bag = decoder["bag"] --> CountLimited<Bag?>(max: 2, isMandatory: true) }
}

@Suite struct Issue15AcceptanceDecodingTests {
    // MARK: item 6, LastMile requirements that were accepted and ignored

    @Test func alwaysSucceedsAtTheRootAndInArrays() {
        for json in ["null", "{}"] {
            let result = APIDataDecoder().decode(string: json, to: Paging.self)
            #expect(result.value.map { $0.next == nil } == true)
            #expect(result.errors.isEmpty)
        }
        #expect(APIDataDecoder().decode(string: "[]", to: Paging.self).errors.map(\.description) == ["root(Paging) : Unexpectedly found an array"])
        let pages = APIDataDecoder().decode(string: #"[null, {"next": "b"}]"#, to: [Paging].self)
        #expect(pages.value?.map(\.next) == [nil, "b"])
        #expect(pages.errors.isEmpty)
    }

    @Test func parseableElementCountIsCheckedLikeAnArrayCount() {
        let over = APIDataDecoder().decode(string: #"{"bag": {"items": [1, 2, 3]}}"#, to: BagHolder.self)
        #expect(over.value.map { $0.bag == nil } == true)
        #expect(over.errors.map(\.description) == [#"root(BagHolder) > "bag"(Bag) : Count above max: max 2, actual 3"#])
        let within = APIDataDecoder().decode(string: #"{"bag": {"items": [1, 2]}}"#, to: BagHolder.self)
        #expect(within.value?.bag?.items == [1, 2])
        #expect(within.errors.isEmpty)
    }

    // MARK: item 2, `decoder.all`

    @Test func allRecordsEveryBadFieldWhereAGuardLetChainRecordsOnlyTheFirst() {
        let json = #"{"a": "one", "b": null}"#
        let all = APIDataDecoder().decode(string: json, to: Pair.self)
        #expect(all.value == nil)
        #expect(all.errors.map(\.description) == [
            #"root(Pair) > "a"(Int) : Unexpectedly found a string"#,
            #"root(Pair) > "b"(Int) : Unexpectedly found null"#,
        ])
        let chain = APIDataDecoder().decode(string: json, to: ChainedPair.self)
        #expect(chain.value == nil)
        #expect(chain.errors.map(\.description) == [#"root(ChainedPair) > "a"(Int) : Unexpectedly found a string"#])
    }

    @Test func allBindsEveryFieldWhenNoneIsMissing() {
        let result = APIDataDecoder().decode(string: #"{"a": 1, "b": 2}"#, to: Pair.self)
        #expect(result.value == Pair(a: 1, b: 2))
        #expect(result.errors.isEmpty)
    }

    @Test func anOptionalFieldWrappedInSomeBindsAsNilWhenAbsent() {
        let absent = APIDataDecoder().decode(string: #"{"id": 1}"#, to: WrappedOptional.self)
        #expect(absent.value == WrappedOptional(id: 1, nick: nil))
        #expect(absent.errors.isEmpty)
        let wrongType = APIDataDecoder().decode(string: #"{"id": 1, "nick": 5}"#, to: WrappedOptional.self)
        #expect(wrongType.value == WrappedOptional(id: 1, nick: nil))
        #expect(wrongType.errors.map(\.description) == [#"root(WrappedOptional) > "nick"(String) : Unexpectedly found an integer"#])
    }

    @Test func anOptionalFieldNotWrappedFailsTheModelAndSaysSo() {
        let result = APIDataDecoder().decode(string: #"{"id": 1}"#, to: UnwrappedOptional.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == ["root(UnwrappedOptional) : UnwrappedOptional.init(from:) returned nil without recording an error"])
        #expect(APIDataDecoder().decode(string: #"{"id": 1, "nick": "ada"}"#, to: UnwrappedOptional.self).value?.nick == "ada")
    }

    // MARK: item 3, a loss budget for a root array

    private static func rows(_ count: Int, broken: Int) -> String {
        "[" + (0 ..< count).map { $0 < broken ? #"{"id": "x"}"# : #"{"id": \#($0)}"# }.joined(separator: ", ") + "]"
    }

    struct FractionCase: Sendable, CustomTestStringConvertible {
        let fraction: Double
        let count: Int
        let broken: Int
        /// Nil within the budget; otherwise the root error's description.
        let failure: String?
        var testDescription: String { "\(broken) of \(count) at \(fraction)" }
    }

    /// A budget of exactly the share that was lost passes; one element more fails. `0.29 * 100` is
    /// `28.999999999999996`, so comparing with the product failed 29 of 100 "more than the 29% allowed".
    @Test(arguments: [
        FractionCase(fraction: 0.29, count: 100, broken: 29, failure: nil),
        FractionCase(fraction: 0.57, count: 100, broken: 57, failure: nil),
        FractionCase(fraction: 0.58, count: 100, broken: 58, failure: nil),
        FractionCase(fraction: 0.1, count: 30, broken: 3, failure: nil),
        FractionCase(fraction: 0.29, count: 100, broken: 30, failure: "root(Array<Row>) : Dropped 30 of 100 elements, more than the 29% allowed"),
        FractionCase(fraction: 0.001, count: 100, broken: 1, failure: "root(Array<Row>) : Dropped 1 of 100 elements, more than the 0.1% allowed"),
        FractionCase(fraction: 0.125, count: 16, broken: 3, failure: "root(Array<Row>) : Dropped 3 of 16 elements, more than the 12.5% allowed"),
        FractionCase(fraction: 0, count: 3, broken: 0, failure: nil),
        FractionCase(fraction: 0, count: 3, broken: 1, failure: "root(Array<Row>) : Dropped 1 of 3 elements, more than the 0% allowed"),
        FractionCase(fraction: 1, count: 3, broken: 3, failure: nil),
        FractionCase(fraction: 2.5, count: 3, broken: 3, failure: nil),
        FractionCase(fraction: -0.1, count: 3, broken: 0, failure: nil),
        FractionCase(fraction: -0.1, count: 3, broken: 1, failure: "root(Array<Row>) : Dropped 1 of 3 elements, more than the 0% allowed"),
        FractionCase(fraction: .nan, count: 3, broken: 0, failure: nil),
        FractionCase(fraction: .nan, count: 3, broken: 3, failure: "root(Array<Row>) : Dropped 3 of 3 elements, more than the 0% allowed"),
    ])
    func fractionalBudgets(_ budget: FractionCase) {
        let result = APIDataDecoder().decode(string: Self.rows(budget.count, broken: budget.broken), to: [Row].self,
                                             maxDroppedFraction: budget.fraction)
        #expect(result.value?.count == (budget.failure == nil ? budget.count - budget.broken : nil))
        #expect(result.errors.count == budget.broken + (budget.failure == nil ? 0 : 1))
        let budgetErrors: [String] = result.errors.filter { $0.code == "loss_budget" }.map(\.description)
        let expectedBudgetErrors: [String] = budget.failure.map { [$0] } ?? []
        #expect(budgetErrors == expectedBudgetErrors)
        let codable = APIDataDecoder().decode(data: Data(Self.rows(budget.count, broken: budget.broken).utf8), toDecodable: [CodableRow].self,
                                              maxDroppedFraction: budget.fraction)
        #expect(codable.value?.count == result.value?.count)
        #expect(codable.errors.last?.code == (budget.failure == nil ? (budget.broken == 0 ? nil : "type_mismatch") : "loss_budget"))
    }

    @Test(arguments: [(-1, nil), (-1, 1), (0, nil), (Int.min, 2), (Int.max, 3)] as [(Int, Int?)])
    func countBudgets(maxDropped: Int, brokenOrNil: Int?) {
        let broken = brokenOrNil ?? 0
        let result = APIDataDecoder().decode(string: Self.rows(3, broken: broken), to: [Row].self, maxDropped: maxDropped)
        // A negative budget allows nothing, like 0: a clean array passes, one dropped element fails.
        let fails = broken > max(0, maxDropped)
        #expect(result.value?.count == (fails ? nil : 3 - broken))
        let lastElementError: String? = broken == 0 ? nil : #"root(Array<Row>) > [\#(broken - 1)](Row id=x) > "id"(Int) : Unexpectedly found a string"#
        let budgetError: String = "root(Array<Row>) : Dropped \(broken) of 3 elements, more than the 0 allowed"
        #expect(result.errors.last?.description == (fails ? budgetError : lastElementError))
    }

    @Test func aBudgetOnARootThatIsNotAnArrayOrNotJSONAddsNothing() {
        let object = APIDataDecoder().decode(string: #"{"id": 1}"#, to: [Row].self, maxDroppedFraction: 0)
        #expect(object.errors.map(\.shortForm) == ["root: type_mismatch"])
        let null = APIDataDecoder().decode(string: "null", to: [Row].self, maxDropped: 5)
        #expect(null.errors.map(\.description) == ["root(Array<Row>) : Unexpectedly found null"])
        let html = APIDataDecoder().decode(data: Data("<h1>502</h1>".utf8), to: [Row].self, maxDropped: 0)
        #expect(html.errors.map(\.shortForm) == ["root: invalid_json"])
        #expect(html.errors.first?.value == "<h1>502</h1>")
    }

    @Test func theBudgetCountsElementsDroppedAnywhereInTheArray() {
        let json = #"[{"id": 1}, true, {"id": "x"}, {"id": 4}]"#
        let result = APIDataDecoder().decode(string: json, to: [Row].self, maxDropped: 1)
        #expect(result.errors.map(\.description) == [
            "root(Array<Row>) > [1](Row) : Unexpectedly found a boolean",
            #"root(Array<Row>) > [2](Row id=x) > "id"(Int) : Unexpectedly found a string"#,
            "root(Array<Row>) : Dropped 2 of 4 elements, more than the 1 allowed",
        ])
    }
}
