import Salvage
import Testing

/// `merge(_:uniquingBy:policy:)` and `merging`: a decoded page merged into the records held, by id.
struct RecordMergingTests {
    private struct Record: Identifiable, Equatable, CustomStringConvertible {
        let id: Int
        let name: String
        init(_ id: Int, _ name: String) {
            self.id = id
            self.name = name
        }
        var description: String { "\(id)\(name)" }
    }

    private static let held = [Record(1, "a"), Record(2, "b"), Record(3, "c")]

    struct Case: Sendable, CustomTestStringConvertible {
        let label: String
        let page: [(Int, String)]
        let policy: MergePolicy
        let merged: String
        var testDescription: String { "\(label) \(policy)" }
    }

    @Test(arguments: [
        Case(label: "new ids only", page: [(5, "e"), (4, "d")], policy: .replace, merged: "1a 2b 3c 5e 4d"),
        Case(label: "new ids only", page: [(5, "e"), (4, "d")], policy: .keepExisting, merged: "1a 2b 3c 5e 4d"),
        Case(label: "new ids only", page: [(5, "e"), (4, "d")], policy: .append, merged: "1a 2b 3c 5e 4d"),
        Case(label: "overlap", page: [(2, "B"), (4, "d"), (1, "A")], policy: .replace, merged: "1A 2B 3c 4d"),
        Case(label: "overlap", page: [(2, "B"), (4, "d"), (1, "A")], policy: .keepExisting, merged: "1a 2b 3c 4d"),
        Case(label: "overlap", page: [(2, "B"), (4, "d"), (1, "A")], policy: .append, merged: "3c 2B 4d 1A"),
        Case(label: "page repeats an id", page: [(4, "d"), (2, "B"), (4, "D"), (2, "X")], policy: .replace, merged: "1a 2X 3c 4D"),
        Case(label: "page repeats an id", page: [(4, "d"), (2, "B"), (4, "D"), (2, "X")], policy: .keepExisting, merged: "1a 2b 3c 4d"),
        Case(label: "page repeats an id", page: [(4, "d"), (2, "B"), (4, "D"), (2, "X")], policy: .append, merged: "1a 3c 4D 2X"),
        Case(label: "empty page", page: [], policy: .append, merged: "1a 2b 3c"),
    ])
    func mergesByPolicy(_ test: Case) {
        let page = test.page.map { Record($0.0, $0.1) }
        var held = Self.held
        held.merge(page, policy: test.policy)
        #expect(held.map(\.description).joined(separator: " ") == test.merged)
        #expect(Self.held.merging(page, policy: test.policy) == held)
        #expect(Self.held.merging(page, uniquingBy: \.id, policy: test.policy) == held)
    }

    @Test(arguments: [(MergePolicy.replace, "4D 2X"), (.keepExisting, "4d 2B"), (.append, "4D 2X")])
    func aPageMergedIntoNothingIsUniqued(policy: MergePolicy, merged: String) {
        let page = [Record(4, "d"), Record(2, "B"), Record(4, "D"), Record(2, "X")]
        #expect([Record]().merging(page, policy: policy).map(\.description).joined(separator: " ") == merged)
    }

    @Test func theDefaultPolicyIsReplace() {
        #expect(Self.held.merging([Record(2, "B")]) == [Record(1, "a"), Record(2, "B"), Record(3, "c")])
    }

    @Test func anyIDCanBeUsedAndDuplicatesHeldStay() {
        let held = [Record(1, "a"), Record(2, "a"), Record(3, "b")]
        // By name: "a" is held twice; the page's "a" matches the first of them.
        let merged = held.merging([Record(9, "a"), Record(8, "c")], uniquingBy: \.name, policy: .replace)
        #expect(merged == [Record(9, "a"), Record(2, "a"), Record(3, "b"), Record(8, "c")])
        let moved = held.merging([Record(9, "a")], uniquingBy: { $0.name.uppercased() }, policy: .append)
        #expect(moved == [Record(2, "a"), Record(3, "b"), Record(9, "a")])
    }

    @Test func aThrowingIDRethrows() {
        struct NoID: Error {}
        var held = Self.held
        #expect(throws: NoID.self) {
            try held.merge([Record(0, "z")], uniquingBy: { record -> Int in
                guard record.id > 0 else { throw NoID() }
                return record.id
            })
        }
        #expect(held == Self.held)
    }
}
