import Foundation
import Salvage
import Testing

/// `decodeRequired([T].self, uniquingBy:keeping:)`, its optional and root forms: one record per id, one
/// `duplicate_record` error per dropped duplicate, loss budgets that do not count duplicates.
struct UniquingTests {
    private struct Item: APIDecodable, Equatable {
        static var idKey: String? { "id" }
        let name: String
        init(_ name: String) { self.name = name }
        init?(from decoder: APIDecoder) {
            guard let name = decoder["name"] --> String.self else { return nil }
            self.name = name
        }
    }

    private struct Page: APIDecodable {
        static var idKey: String? { "page" }
        let items: [Item]
        let related: [Item]?
        init?(from decoder: APIDecoder) {
            let items = decoder["items"].decodeRequired([Item].self, uniquingBy: .idKey)
            let related = decoder["related"].decodeOptional([Item].self, uniquingBy: .key("sku"), keeping: .last)
            guard decoder.succeeded, let items else { return nil }
            self.items = items
            self.related = related
        }
    }

    /// No `idKey`: `.idKey` unique nothing and says so.
    private struct Plain: APIDecodable, Equatable {
        let name: String
        init(_ name: String) { self.name = name }
        init?(from decoder: APIDecoder) {
            guard let name = decoder["name"] --> String.self else { return nil }
            self.name = name
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let label: String
        let json: String
        let keeping: RecordOccurrence
        let kept: [String]
        let errors: [String]
        var testDescription: String { label }
    }

    @Test(arguments: [
        Case(label: "first of two", json: #"[{"id": 17, "name": "a"}, {"id": 18, "name": "b"}, {"id": 17, "name": "c"}]"#, keeping: .first,
             kept: ["a", "b"], errors: ["root(Array<Item>) > [2](Item id=17) : Duplicate of the record at [0] (id=17); kept [0], dropped [2]"]),
        Case(label: "last of two", json: #"[{"id": 17, "name": "a"}, {"id": 18, "name": "b"}, {"id": 17, "name": "c"}]"#, keeping: .last,
             kept: ["b", "c"], errors: ["root(Array<Item>) > [0](Item id=17) : Duplicate of the record at [2] (id=17); kept [2], dropped [0]"]),
        Case(label: "first of three", json: #"[{"id": 1, "name": "a"}, {"id": 1, "name": "b"}, {"id": 1, "name": "c"}]"#, keeping: .first,
             kept: ["a"], errors: ["root(Array<Item>) > [1](Item id=1) : Duplicate of the record at [0] (id=1); kept [0], dropped [1]",
                                   "root(Array<Item>) > [2](Item id=1) : Duplicate of the record at [0] (id=1); kept [0], dropped [2]"]),
        Case(label: "last of three", json: #"[{"id": 1, "name": "a"}, {"id": 1, "name": "b"}, {"id": 1, "name": "c"}]"#, keeping: .last,
             kept: ["c"], errors: ["root(Array<Item>) > [0](Item id=1) : Duplicate of the record at [2] (id=1); kept [2], dropped [0]",
                                   "root(Array<Item>) > [1](Item id=1) : Duplicate of the record at [2] (id=1); kept [2], dropped [1]"]),
        Case(label: "ids of different JSON types", json: #"[{"id": 1, "name": "a"}, {"id": "1", "name": "b"}, {"id": 1.0, "name": "c"}, {"id": true, "name": "d"}, {"id": "1", "name": "e"}]"#,
             keeping: .first, kept: ["a", "b", "c", "d"],
             errors: [#"root(Array<Item>) > [4](Item id=1) : Duplicate of the record at [1] (id="1"); kept [1], dropped [4]"#]),
        Case(label: "numbers compare as written", json: #"[{"id": 0, "name": "a"}, {"id": -0, "name": "b"}, {"id": 100, "name": "c"}, {"id": 1e2, "name": "d"}, {"id": 1E2, "name": "e"}, {"id": 0, "name": "f"}, {"id": 1e2, "name": "g"}]"#,
             keeping: .first, kept: ["a", "b", "c", "d", "e"],
             errors: ["root(Array<Item>) > [5](Item id=0) : Duplicate of the record at [0] (id=0); kept [0], dropped [5]",
                      "root(Array<Item>) > [6](Item id=1e2) : Duplicate of the record at [3] (id=1e2); kept [3], dropped [6]"]),
        Case(label: "integers beyond Int64", json: #"[{"id": 99999999999999999999, "name": "a"}, {"id": -9223372036854775808, "name": "b"}, {"id": 99999999999999999999, "name": "c"}, {"id": -9223372036854775808, "name": "d"}]"#,
             keeping: .last, kept: ["c", "d"],
             errors: ["root(Array<Item>) > [0](Item id=99999999999999999999) : Duplicate of the record at [2] (id=99999999999999999999); kept [2], dropped [0]",
                      "root(Array<Item>) > [1](Item id=-9223372036854775808) : Duplicate of the record at [3] (id=-9223372036854775808); kept [3], dropped [1]"]),
        Case(label: "missing, null and container ids are kept", json: #"[{"name": "a"}, {"name": "b"}, {"id": null, "name": "c"}, {"id": null, "name": "d"}, {"id": [1], "name": "e"}, {"id": [1], "name": "f"}]"#,
             keeping: .first, kept: ["a", "b", "c", "d", "e", "f"], errors: []),
        Case(label: "escaped strings compare unescaped", json: #"[{"id": "A\u002d1", "name": "a"}, {"id": "A-1", "name": "b"}]"#, keeping: .first,
             kept: ["a"], errors: [#"root(Array<Item>) > [1](Item id=A-1) : Duplicate of the record at [0] (id="A-1"); kept [0], dropped [1]"#]),
        Case(label: "first that fails is not kept", json: #"[{"id": 5}, {"id": 5, "name": "b"}, {"id": 5, "name": 3}]"#, keeping: .first,
             kept: ["b"], errors: [#"root(Array<Item>) > [0](Item id=5) > "name"(String) : No value is present"#,
                                   "root(Array<Item>) > [2](Item id=5) : Duplicate of the record at [1] (id=5); kept [1], dropped [2]"]),
        Case(label: "last that fails does not replace", json: #"[{"id": 5, "name": "a"}, {"id": 5, "name": "b"}, {"id": 5, "name": 3}]"#, keeping: .last,
             kept: ["b"], errors: [#"root(Array<Item>) > [2](Item id=5) > "name"(String) : Unexpectedly found an integer"#,
                                   "root(Array<Item>) > [0](Item id=5) : Duplicate of the record at [1] (id=5); kept [1], dropped [0]"]),
        // Review: each error names the occurrence finally kept, not the one that replaced it first.
        Case(label: "last, interleaved", json: #"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 1, "name": "c"}, {"id": 2, "name": "d"}, {"id": 1, "name": "e"}]"#,
             keeping: .last, kept: ["d", "e"],
             errors: ["root(Array<Item>) > [0](Item id=1) : Duplicate of the record at [4] (id=1); kept [4], dropped [0]",
                      "root(Array<Item>) > [1](Item id=2) : Duplicate of the record at [3] (id=2); kept [3], dropped [1]",
                      "root(Array<Item>) > [2](Item id=1) : Duplicate of the record at [4] (id=1); kept [4], dropped [2]"]),
        // Review: `String`'s `==` would make these equal (canonical equivalence); an API's ids are exact.
        Case(label: "canonically equivalent strings differ", json: #"[{"id": "\u00e9", "name": "a"}, {"id": "e\u0301", "name": "b"}, {"id": "\u00e9", "name": "c"}]"#,
             keeping: .first, kept: ["a", "b"],
             errors: ["root(Array<Item>) > [2](Item id=\u{E9}) : Duplicate of the record at [0] (id=\"\u{E9}\"); kept [0], dropped [2]"]),
    ])
    func keepsOneRecordPerID(_ test: Case) {
        let result = APIDataDecoder().decode(string: test.json, to: [Item].self, uniquingBy: .idKey, keeping: test.keeping)
        #expect(result.value?.map(\.name) == test.kept)
        #expect(result.errors.map(\.description) == test.errors)
        #expect(result.errors.filter { $0.code == "duplicate_record" }.allSatisfy { $0.severity == .recovered })
    }

    @Test func theErrorInEveryRendering() throws {
        let json = "[{\"id\": 17, \"name\": \"a\"},\n {\"id\": 17, \"name\": \"b\"}]"
        let result = APIDataDecoder().decode(data: Data(json.utf8), to: [Item].self, uniquingBy: .idKey)
        #expect(result.value == [Item("a")])
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.reason == .duplicateRecord(id: "17", kept: 0, dropped: 1))
        #expect(error.code == "duplicate_record")
        #expect(error.severity == .recovered)
        #expect(error.location == SourceLocation(offset: 27, line: 2, column: 2))
        #expect(error.shortForm == "root[1]: duplicate_record")
        #expect(error.jsonLine == #"{"code":"duplicate_record","column":2,"expected":"Item","found":"object","json_pointer":"/1","line":2,"#
                + #""message":"Duplicate of the record at [0] (id=17); kept [0], dropped [1]","outermost_record":"Item id=17","#
                + #""path":"root[1]","record":"Item id=17","severity":"recovered","value":"{…}"}"#)
        #expect(error.diagnostic(source: json) == """
            warning: Duplicate of the record at [0] (id=17); kept [0], dropped [1] [duplicate_record]
             --> line 2, column 2: root(Array<Item>) > [1](Item id=17)
              |
            2 |  {"id": 17, "name": "b"}]
              |  ^
            """)
        #expect(result.summary.description == """
            1 error in 1 group
            1× recovered duplicate_record root[*]: Duplicate of the record at [0] (id=17); kept [0], dropped [1] (e.g. Item id=17 at line 2, column 2)
            """)
    }

    @Test func nestedArraysNameTheirRecord() {
        let json = """
            {"page": 2, "items": [{"id": 17, "name": "a"}, {"id": 9, "name": "b"}, {"id": 17, "name": "c"}],
             "related": [{"sku": "X", "name": "x1"}, {"sku": "X", "name": "x2"}]}
            """
        let result = APIDataDecoder().decode(string: json, to: Page.self)
        #expect(result.value?.items == [Item("a"), Item("b")])
        #expect(result.value?.related == [Item("x2")])
        #expect(result.errors.map(\.description) == [
            #"root(Page page=2) > "items"(Array<Item>) > [2](Item id=17) : Duplicate of the record at [0] (id=17); kept [0], dropped [2]"#,
            #"root(Page page=2) > "related"(Array<Item>) > [0](Item) : Duplicate of the record at [1] (id="X"); kept [1], dropped [0]"#,
        ])
        let absent = APIDataDecoder().decode(string: #"{"page": 3, "items": []}"#, to: Page.self)
        #expect(absent.value?.items == [] && absent.value?.related == nil && absent.errors.isEmpty)
        let missing = APIDataDecoder().decode(string: #"{"page": 4}"#, to: Page.self)
        #expect(missing.value == nil)
        #expect(missing.errors.map(\.description) == [#"root(Page page=4) > "items"(Array<Item>) : No value is present"#])
    }

    @Test func pathsReachNestedIDs() {
        let json = #"[{"meta": {"id": 1}, "name": "a"}, {"meta": {"id": 1}, "name": "b"}, {"meta": [1], "name": "c"}]"#
        let result = APIDataDecoder().decode(string: json, to: [Item].self, uniquingBy: .path("meta.id"))
        #expect(result.value == [Item("a"), Item("c")])
        #expect(result.errors.map(\.shortForm) == ["root[1]: duplicate_record"])
        #expect(result.errors.map(\.reason) == [.duplicateRecord(id: "1", kept: 0, dropped: 1)])
        #expect("\(RecordIdentity<Item>.path("meta.id"))" == #"["meta"]["id"]"#)
        #expect("\(RecordIdentity<Item>.idKey)" == #"["id"]"#)
    }

    struct BudgetCase: Sendable, CustomTestStringConvertible {
        let maxDropped: Int?
        let maxDroppedFraction: Double?
        let passes: Bool
        var testDescription: String { "maxDropped \(maxDropped.map(String.init) ?? "-"), fraction \(maxDroppedFraction.map { "\($0)" } ?? "-")" }
    }

    /// Four elements: one broken, two duplicates of the first. Only the broken one counts against the budget.
    @Test(arguments: [
        BudgetCase(maxDropped: 1, maxDroppedFraction: nil, passes: true),
        BudgetCase(maxDropped: 0, maxDroppedFraction: nil, passes: false),
        BudgetCase(maxDropped: nil, maxDroppedFraction: 0.25, passes: true),
        BudgetCase(maxDropped: nil, maxDroppedFraction: 0.2, passes: false),
        BudgetCase(maxDropped: 5, maxDroppedFraction: 0.1, passes: false),
    ])
    func duplicatesDoNotCountAgainstTheLossBudget(_ budget: BudgetCase) {
        let json = #"[{"id": 1, "name": "a"}, {"id": 1, "name": "b"}, {"id": 2}, {"id": 1, "name": "d"}]"#
        let result = APIDataDecoder().decode(string: json, to: [Item].self, uniquingBy: .idKey,
                                             maxDropped: budget.maxDropped, maxDroppedFraction: budget.maxDroppedFraction)
        #expect(result.value == (budget.passes ? [Item("a")] : nil))
        #expect(result.errors.map(\.code) == ["duplicate_record", "missing", "duplicate_record"] + (budget.passes ? [] : ["loss_budget"]))
        if !budget.passes {
            let allowed = [budget.maxDropped.map(String.init), budget.maxDroppedFraction.map { "\(Int($0 * 100))%" }].compactMap { $0 }
            #expect(result.errors.last?.reason == .lossBudgetExceeded(dropped: 1, total: 4, allowed: allowed.joined(separator: " and ")))
            #expect(result.errors.last?.severity == .failure)
        }
    }

    @Test func aRequiredArrayOverItsBudgetFailsItsModel() {
        struct Feed: APIDecodable {
            let items: [Item]
            init?(from decoder: APIDecoder) {
                guard let items = decoder["items"].decodeRequired([Item].self, uniquingBy: .idKey, keeping: .last, maxDropped: 0) else { return nil }
                self.items = items
            }
        }
        let result = APIDataDecoder().decode(string: #"{"items": [{"id": 1, "name": "a"}, {"id": 1, "name": "b"}, {"id": 2}]}"#, to: Feed.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(Feed) > "items"(Array<Item>) > [2](Item id=2) > "name"(String) : No value is present"#,
            #"root(Feed) > "items"(Array<Item>) > [0](Item id=1) : Duplicate of the record at [1] (id=1); kept [1], dropped [0]"#,
            #"root(Feed) > "items"(Array<Item>) : Dropped 1 of 3 elements, more than the 0 allowed"#,
        ])
        #expect(result.errors.map(\.severity) == [.failure, .recovered, .failure])
    }

    @Test func idKeyOnATypeWithoutOneKeepsEverythingAndSaysSo() throws {
        let result = APIDataDecoder().decode(string: #"[{"name": "a"}, {"name": "a"}, {}]"#, to: [Plain].self, uniquingBy: .idKey, maxDropped: 1)
        #expect(result.value == [Plain("a"), Plain("a")])
        #expect(result.errors.map(\.description) == [
            "root(Array<Plain>) : Plain has no idKey to unique records by; no duplicate was dropped",
            #"root(Array<Plain>) > [2](Plain) > "name"(String) : No value is present"#,
        ])
        // The broken element's error is what the plain lossy array records (a failure of that element's model).
        let plain = APIDataDecoder().decode(string: #"[{"name": "a"}, {"name": "a"}, {}]"#, to: [Plain].self)
        #expect(result.errors.map(\.severity) == [.info] + plain.errors.map(\.severity))
        #expect(plain.errors.map(\.severity) == [.failure])
        #expect("\(RecordIdentity<Plain>.idKey)" == "idKey (none)")
        let overBudget = APIDataDecoder().decode(string: #"[{}, {}]"#, to: [Plain].self, uniquingBy: .idKey, maxDropped: 1)
        #expect(overBudget.value == nil)
        #expect(overBudget.errors.map(\.code) == ["custom", "missing", "missing", "loss_budget"])
    }

    @Test func notAnArrayFailsAsWithoutUniquing() {
        let result = APIDataDecoder().decode(string: #"{"id": 1}"#, to: [Item].self, uniquingBy: .idKey)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == ["root(Array<Item>) : Unexpectedly found an object"])
        let invalid = APIDataDecoder().decode(data: Data("[{".utf8), to: [Item].self, uniquingBy: .idKey)
        #expect(invalid.value == nil && invalid.errors.map(\.code) == ["invalid_json"])
    }

    @Test func aRedactedIDIsHiddenInTheReason() throws {
        var options = APIDecodeOptions()
        options.redactedKeys = ["id"]
        let result = APIDataDecoder(options: options).decode(string: #"[{"id": 7, "name": "a"}, {"id": 7, "name": "b"}]"#, to: [Item].self, uniquingBy: .idKey)
        #expect(result.value == [Item("a")])
        #expect(result.errors.map(\.description) == ["root(Array<Item>) > [1](Item id=<redacted>) : Duplicate of the record at [0] (id=<redacted>); kept [0], dropped [1]"])
    }
}
