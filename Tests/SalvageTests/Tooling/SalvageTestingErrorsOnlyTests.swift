import Salvage
import SalvageTesting
import Testing
import XCTest

/// `expectErrors`/`XCTAssertErrors` (the error list only, for list endpoints) and the multi-line value diff
/// of `expectDecoded`/`XCTAssertDecoded`.
struct SalvageTestingErrorsOnlyTests {
    /// Not `Equatable`: `expectErrors` must not need it.
    struct Event: APIDecodable {
        let id: Int
        let actor: String
        init?(from decoder: APIDecoder) {
            let id = decoder["id"] --> Int.self
            let actor = decoder["actor"] --> String.self
            guard decoder.succeeded, let id, let actor else { return nil }
            self.id = id
            self.actor = actor
        }
    }

    struct Item: APIDecodable, Equatable {
        let sku: String
        let price: Double?
        init(sku: String, price: Double?) { self.sku = sku; self.price = price }
        init?(from decoder: APIDecoder) {
            let sku = decoder["sku"] --> String.self
            let price = decoder["price"] --> Double?.self
            guard decoder.succeeded, let sku else { return nil }
            self.init(sku: sku, price: price)
        }
    }

    struct Order: APIDecodable, Equatable {
        let id: Int
        let customer: String
        let note: String?
        let items: [Item]
        let tags: [String: Int]
        init(id: Int, customer: String, note: String?, items: [Item], tags: [String: Int]) {
            (self.id, self.customer, self.note, self.items, self.tags) = (id, customer, note, items, tags)
        }
        init?(from decoder: APIDecoder) {
            let id = decoder["id"] --> Int.self
            let customer = decoder["customer"] --> String.self
            let note = decoder["note"] --> String?.self
            let items = decoder["items"] --> [Item].self
            let tags = decoder["tags"] --> [String: Int].self
            guard decoder.succeeded, let id, let customer, let items, let tags else { return nil }
            self.init(id: id, customer: customer, note: note, items: items, tags: tags)
        }
    }

    private static let events = #"[{"id": 1, "actor": "ada"}, {"id": "two", "actor": "bob"}, {"id": 3}]"#

    @Test func expectErrorsChecksOnlyTheErrorList() {
        let result = APIDataDecoder().decode(string: Self.events, to: [Event].self)
        expectErrors(result, [#"root[1]["id"]: type_mismatch"#, #"root[2]["actor"]: missing"#])
        #expect(result.value?.map(\.id) == [1])
        #expect(DecodeExpectation.mismatch(result, errors: [#"root[1]["id"]: type_mismatch"#, #"root[2]["actor"]: missing"#]) == nil)
    }

    @Test func expectErrorsRecordsOneIssueWithALineDiff() {
        let result = APIDataDecoder().decode(string: Self.events, to: [Event].self)
        let expected = #"""
        errors differ (- expected, + actual):
          root[1]["id"]: type_mismatch
        + root[2]["actor"]: missing
        - root[2]["id"]: missing
        """#
        withKnownIssue("a deliberately wrong expectation") {
            expectErrors(result, [#"root[1]["id"]: type_mismatch"#, #"root[2]["id"]: missing"#])
        } matching: { issue in
            issue.comments.map(\.rawValue) == [expected]
        }
        #expect(DecodeExpectation.mismatch(result, errors: [#"root[1]["id"]: type_mismatch"#, #"root[2]["id"]: missing"#]) == expected)
    }

    @Test func aCleanDecodeExpectedToHaveErrorsSaysWhichAreMissing() {
        let result = APIDataDecoder().decode(string: #"[{"id": 1, "actor": "ada"}]"#, to: [Event].self)
        #expect(DecodeExpectation.mismatch(result, errors: [#"root[0]["id"]: missing"#]) == #"""
        errors differ (- expected, + actual):
        - root[0]["id"]: missing
        """#)
        #expect(DecodeExpectation.mismatch(result, errors: []) == nil)
    }

    private static let order = #"""
    {"id": 17, "customer": "Ada Lovelace", "note": null,
     "items": [{"sku": "A-1", "price": 2.5}, {"sku": "B-2", "price": "free"}, {"sku": "C-3", "price": 9.75}],
     "tags": {"gift": 1, "rush": 0}}
    """#

    @Test func aValueThatDiffersIsOnePairOfLinesPerDifferingField() {
        let result = APIDataDecoder().decode(string: Self.order, to: Order.self)
        let expectedOrder = Order(id: 17, customer: "Ada Lovelace", note: "leave at the door",
                                  items: [Item(sku: "A-1", price: 2.5), Item(sku: "B-2", price: 4), Item(sku: "C-3", price: 9.75)],
                                  tags: ["gift": 1, "rush": 1])
        let expected = #"""
        value differs (- expected, + actual):
        - value.note: "leave at the door"
        + value.note: nil
        - value.items[1].price: 4.0
        + value.items[1].price: nil
        - value.tags["rush"]: 1
        + value.tags["rush"]: 0
        errors differ (- expected, + actual):
        + root["items"][1]["price"]: type_mismatch
        """#
        #expect(DecodeExpectation.mismatch(result, value: expectedOrder, errors: []) == expected)
        withKnownIssue("a deliberately wrong expectation") {
            expectDecoded(result, expectedOrder, errors: [])
        } matching: { issue in
            issue.comments.map(\.rawValue) == [expected]
        }
    }

    @Test func missingAndExtraElementsAndANilValueAreLinesOfTheirOwn() {
        let result = APIDataDecoder().decode(string: #"[{"sku": "A-1", "price": 1}]"#, to: [Item].self)
        #expect(DecodeExpectation.mismatch(result, value: [Item(sku: "A-1", price: 1), Item(sku: "B-2", price: nil)], errors: []) == #"""
        value differs (- expected, + actual):
        - value[1]: Item(sku: "B-2", price: nil)
        + value[1]: nil
        """#)
        #expect(DecodeExpectation.mismatch(result, value: [], errors: []) == #"""
        value differs (- expected, + actual):
        - value[0]: nil
        + value[0]: Item(sku: "A-1", price: Optional(1.0))
        """#)
        #expect(DecodeExpectation.mismatch(result, value: nil, errors: []) == #"""
        value differs (- expected, + actual):
        - value: nil
        + value: [SalvageTests.SalvageTestingErrorsOnlyTests.Item(sku: "A-1", price: Optional(1.0))]
        """#)
    }
}

/// The XCTest form: `XCTAssertErrors` fails with the same message, captured here instead of failing the test.
final class SalvageTestingErrorsOnlyXCTests: XCTestCase {
    private var failures: [String] = []

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        failures.append(description)
    }

    func testAssertErrors() {
        let result = APIDataDecoder().decode(string: #"[{"id": 1, "actor": "ada"}, {"id": "two", "actor": "bob"}]"#,
                                             to: [SalvageTestingErrorsOnlyTests.Event].self)
        XCTAssertErrors(result, [#"root[1]["id"]: type_mismatch"#])
        XCTAssertErrors(result, [])
        let captured = failures
        failures = []
        XCTAssertEqual(captured, [#"""
        errors differ (- expected, + actual):
        + root[1]["id"]: type_mismatch
        """#])
    }
}
