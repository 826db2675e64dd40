import Foundation
import Salvage
import Testing

/// `decode(data:to:maxDropped:)` and `maxDroppedFraction:`: a loss budget for a root array (list endpoints).
struct RootLossBudgetTests {
    private struct Item: APIDecodable, Equatable {
        let id: Int
        init(id: Int) { self.id = id }
        init?(from decoder: APIDecoder) {
            let id = decoder["id"] --> Int.self
            guard decoder.succeeded, let id else { return nil }
            self.id = id
        }
    }

    private struct CodableItem: Decodable, Equatable {
        let id: Int
    }

    private static let fourWithTwoBroken = Data(#"[{"id": 1}, {"id": "x"}, {"id": 3}, {}]"#.utf8)

    private static let overBudget = [
        #"root(Array<Item>) > [1](Item) > "id"(Int) : Unexpectedly found a string"#,
        #"root(Array<Item>) > [3](Item) > "id"(Int) : No value is present"#,
        "root(Array<Item>) : Dropped 2 of 4 elements, more than the 1 allowed",
    ]

    @Test func overTheBudgetTheValueIsNilAndOneErrorSaysWhy() throws {
        let result = APIDataDecoder().decode(data: Self.fourWithTwoBroken, to: [Item].self, maxDropped: 1)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == Self.overBudget)
        let budget = try #require(result.errors.last)
        #expect(budget.reason == .lossBudgetExceeded(dropped: 2, total: 4, allowed: "1"))
        #expect(budget.code == "loss_budget")
        #expect(budget.severity == .failure)
        #expect(budget.location == SourceLocation(offset: 0, line: 1, column: 1))
        #expect(APIDataDecoder().decode(string: #"[{"id": 1}, {"id": "x"}, {"id": 3}, {}]"#, to: [Item].self, maxDropped: 1).errors.map(\.description)
                == Self.overBudget)
    }

    @Test func withinTheBudgetNothingChanges() {
        let plain = APIDataDecoder().decode(data: Self.fourWithTwoBroken, to: [Item].self)
        let budgeted = APIDataDecoder().decode(data: Self.fourWithTwoBroken, to: [Item].self, maxDropped: 2)
        #expect(budgeted.value == [Item(id: 1), Item(id: 3)])
        #expect(budgeted.value == plain.value)
        #expect(budgeted.errors.map(\.description) == plain.errors.map(\.description))
    }

    struct FractionCase: Sendable, CustomTestStringConvertible {
        let fraction: Double
        let passes: Bool
        let allowed: String
        var testDescription: String { "\(fraction)" }
    }

    @Test(arguments: [
        FractionCase(fraction: 0, passes: false, allowed: "0%"),
        FractionCase(fraction: 0.25, passes: false, allowed: "25%"),
        FractionCase(fraction: 0.5, passes: true, allowed: "50%"),
        FractionCase(fraction: 1, passes: true, allowed: "100%"),
    ])
    func fractions(_ budget: FractionCase) {
        let result = APIDataDecoder().decode(data: Self.fourWithTwoBroken, to: [Item].self, maxDroppedFraction: budget.fraction)
        #expect(result.value == (budget.passes ? [Item(id: 1), Item(id: 3)] : nil))
        #expect(result.errors.map(\.code) == ["type_mismatch", "missing"] + (budget.passes ? [] : ["loss_budget"]))
        if !budget.passes {
            #expect(result.errors.last?.reason == .lossBudgetExceeded(dropped: 2, total: 4, allowed: budget.allowed))
        }
    }

    @Test func maxDroppedZeroFailsOnTheFirstDroppedElement() {
        let clean = APIDataDecoder().decode(string: #"[{"id": 1}]"#, to: [Item].self, maxDropped: 0)
        #expect(clean.value == [Item(id: 1)])
        #expect(clean.errors.isEmpty)
        let oneBroken = APIDataDecoder().decode(string: #"[{"id": 1}, {"id": null}]"#, to: [Item].self, maxDropped: 0)
        #expect(oneBroken.value == nil)
        #expect(oneBroken.errors.map(\.shortForm) == [#"root[1]["id"]: null"#, "root: loss_budget"])
    }

    @Test func anEmptyArrayIsWithinAnyBudget() {
        #expect(APIDataDecoder().decode(string: "[]", to: [Item].self, maxDropped: 0).value == [])
        let fraction = APIDataDecoder().decode(string: "[]", to: [Item].self, maxDroppedFraction: 0)
        #expect(fraction.value == [])
        #expect(fraction.errors.isEmpty)
    }

    @Test func aRootThatFailsForAnotherReasonHasOnlyItsOwnError() {
        let object = APIDataDecoder().decode(string: #"{"id": 1}"#, to: [Item].self, maxDropped: 0)
        #expect(object.value == nil)
        #expect(object.errors.map(\.description) == ["root(Array<Item>) : Unexpectedly found an object"])
        let broken = APIDataDecoder().decode(data: Data("<html>".utf8), to: [Item].self, maxDroppedFraction: 0.5)
        #expect(broken.value == nil)
        #expect(broken.errors.map(\.description) == ["root(Array<Item>) : Invalid JSON at line 1, column 1 (byte 0): Unexpected character '<': expected a value"])
        #expect(APIDataDecoder().decode(data: nil, to: [Item].self, maxDropped: 1).errors.map(\.code) == ["invalid_json"])
    }

    @Test func codableRootsHaveTheSameBudget() {
        let over = APIDataDecoder().decode(data: Self.fourWithTwoBroken, toDecodable: [CodableItem].self, maxDropped: 1)
        #expect(over.value == nil)
        #expect(over.errors.map(\.shortForm) == [#"root[1]["id"]: type_mismatch"#, #"root[3]["id"]: missing"#, "root: loss_budget"])
        #expect(over.errors.last?.description == "root(Array<CodableItem>) : Dropped 2 of 4 elements, more than the 1 allowed")
        #expect(over.errors.last?.severity == .failure)
        let within = APIDataDecoder().decode(data: Self.fourWithTwoBroken, toDecodable: [CodableItem].self, maxDroppedFraction: 0.5)
        #expect(within.value == [CodableItem(id: 1), CodableItem(id: 3)])
        #expect(within.errors.map(\.shortForm) == [#"root[1]["id"]: type_mismatch"#, #"root[3]["id"]: missing"#])
        let object = APIDataDecoder().decode(data: Data(#"{"id": 1}"#.utf8), toDecodable: [CodableItem].self, maxDropped: 0)
        #expect(object.errors.map(\.shortForm) == ["root: type_mismatch"])
    }
}
