import Foundation
import Salvage
import Testing

// LastMile's `alwaysSucceeds` and `parseableElementCount` requirements are honoured, as LastMile did: a model
// declaring them no longer changes meaning silently when it moves to Salvage.

/// LastMile's meaning: `init?(from:)` runs even when the value is absent or null.
private struct Paging: APIDecodable, Equatable {
    static var alwaysSucceeds: Bool { true }
    let next: String?
    init(next: String?) { self.next = next }
    init?(from decoder: APIDecoder) { next = decoder["next"] --> String?.self }
}

private struct Page: APIDecodable, Equatable {
    let paging: Paging
    let items: [Int]
    init(paging: Paging, items: [Int]) { self.paging = paging; self.items = items }
    init?(from decoder: APIDecoder) {
        let paging = decoder["paging"] --> Paging.self
        let items = decoder["items"] --> [Int].self
        guard decoder.succeeded, let paging, let items else { return nil }
        self.init(paging: paging, items: items)
    }
}

/// Always succeeds, but has a required field: absent, that field is missing and the model fails.
private struct Cursor: APIDecodable, Equatable {
    static var alwaysSucceeds: Bool { true }
    let token: String
    init?(from decoder: APIDecoder) {
        let token = decoder["token"] --> String.self
        guard decoder.succeeded, let token else { return nil }
        self.token = token
    }
}

/// A collection type of the user's, counted through `parseableElementCount`.
private struct Batch: APIDecodable, Equatable {
    let ids: [Int]
    var parseableElementCount: Int? { ids.count }
    init?(from decoder: APIDecoder) {
        let ids = decoder["ids"] --> [Int].self
        guard decoder.succeeded, let ids else { return nil }
        self.ids = ids
    }
}

struct LastMileRequirementsTests {
    private func shortErrors<T>(_ result: APIDecodeResult<T>) -> [String] {
        result.errors.map { "\($0.path.jsonPath): \($0.code) \($0.severity)" }
    }

    @Test(arguments: [#"{"items": [1]}"#, #"{"paging": null, "items": [1]}"#])
    func alwaysSucceedsDecodesAnAbsentOrNullValue(json: String) {
        let result = APIDataDecoder().decode(string: json, to: Page.self)
        #expect(result.value == Page(paging: Paging(next: nil), items: [1]))
        #expect(result.errors.isEmpty)
    }

    @Test func alwaysSucceedsAppliesToOptionalFieldsAndElements() {
        let result = APIDataDecoder().decode(string: #"[null, {"next": "b"}]"#, to: [Paging].self)
        #expect(result.value == [Paging(next: nil), Paging(next: "b")])
        #expect(result.errors.isEmpty)
        let optional = APIDataDecoder().decode(string: #"{}"#, to: OptionalPaging.self)
        #expect(optional.value?.paging == Paging(next: nil))
        #expect(optional.errors.isEmpty)
    }

    @Test func alwaysSucceedsStillReportsARequiredFieldOfItsOwn() {
        let result = APIDataDecoder().decode(string: #"{}"#, to: CursorHolder.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(CursorHolder) > "cursor" > "token"(String) : No value is present"#,
        ])
    }

    @Test func alwaysSucceedsStillReportsAParentOfTheWrongType() {
        let result = APIDataDecoder().decode(string: #"{"meta": "n/a"}"#, to: NestedPaging.self)
        #expect(result.value?.paging == Paging(next: nil))
        #expect(shortErrors(result) == [#"root["meta"]: type_mismatch recovered"#])
    }

    @Test func theDefaultIsFalse() {
        #expect(Int.alwaysSucceeds == false)
        #expect(Page.alwaysSucceeds == false)
        let result = APIDataDecoder().decode(string: #"{"paging": {}}"#, to: Page.self)
        #expect(result.value == nil)
        #expect(shortErrors(result) == [#"root["items"]: missing failure"#])
    }

    @Test func parseableElementCountIsCheckedAgainstCountLimits() {
        let batch = #"{"ids": [1, 2, 3]}"#
        let json = #"{"below": \#(batch), "above": \#(batch), "exact": \#(batch), "pair": \#(batch)}"#
        let result = APIDataDecoder().decode(string: json, to: Batches.self)
        #expect(result.value?.below == nil)
        #expect(result.value?.above?.ids == [1, 2, 3])
        #expect(result.value?.exact?.ids == [1, 2, 3])
        #expect(result.value?.pair == nil)
        #expect(result.errors.map(\.description) == [
            #"root(Batches) > "below"(Batch) : Count below min: min 4, actual 3"#,
            #"root(Batches) > "above"(Batch) : Count above max: max 2, actual 3"#,
            #"root(Batches) > "pair"(Batch) : Count not exact: expected 2, actual 3"#,
        ])
        #expect(result.errors.map(\.severity) == [.recovered, .info, .recovered])
    }

    /// A LastMile project's own `extension Date: APIDecodable` (epoch seconds) is ignored in favour of
    /// Salvage's (the compiler only warns); the guide's replacement is a strategy, per field or per decode.
    @Test func epochSecondsDatesTakeAStrategy() {
        let json = #"{"created_at": 1652857701}"#
        let perField = APIDataDecoder().decode(string: json, to: EpochStamp.self)
        #expect(perField.value?.created == Date(timeIntervalSince1970: 1_652_857_701))
        #expect(perField.errors.isEmpty)
        let perDecode = APIDataDecoder(options: APIDecodeOptions(dateDecodingStrategy: .secondsSince1970)).decode(string: json, to: Stamp.self)
        #expect(perDecode.value?.created == Date(timeIntervalSince1970: 1_652_857_701))
        #expect(perDecode.errors.isEmpty)
        let unchanged = APIDataDecoder().decode(string: json, to: Stamp.self)
        #expect(unchanged.value == nil)
        #expect(unchanged.errors.map(\.description) == [
            #"root(Stamp) > "created_at"(Date) : Unexpectedly found an integer"#,
        ])
    }

    @Test func builtInCollectionsGiveTheirCountAndOtherTypesNil() {
        #expect([1, 2, 3].parseableElementCount == 3)
        #expect(["a": 1].parseableElementCount == 1)
        #expect(Set([1, 2]).parseableElementCount == 2)
        #expect(7.parseableElementCount == nil)
        #expect(Paging(next: nil).parseableElementCount == nil)
    }
}

private struct OptionalPaging: APIDecodable {
    let paging: Paging?
    init?(from decoder: APIDecoder) { paging = decoder["paging"] --> Paging?.self }
}

private struct CursorHolder: APIDecodable, Equatable {
    let cursor: Cursor
    init?(from decoder: APIDecoder) {
        let cursor = decoder["cursor"] --> Cursor.self
        guard decoder.succeeded, let cursor else { return nil }
        self.cursor = cursor
    }
}

private struct NestedPaging: APIDecodable {
    let paging: Paging?
    init?(from decoder: APIDecoder) { paging = decoder["meta"]["paging"] --> Paging?.self }
}

private struct Batches: APIDecodable {
    let below: Batch?
    let above: Batch?
    let exact: Batch?
    let pair: Batch?
    init?(from decoder: APIDecoder) {
        below = decoder["below"] --> CountLimited<Batch?>(min: 4, isMandatory: true)
        above = decoder["above"] --> CountLimited<Batch?>(max: 2)
        exact = decoder["exact"] --> CountLimited<Batch?>(exactly: 3, isMandatory: true)
        pair = decoder["pair"].decodeOptional(Batch.self, min: 2, max: 2, countsAreMandatory: true)
    }
}

private struct Stamp: APIDecodable {
    let created: Date
    init?(from decoder: APIDecoder) {
        let created = decoder["created_at"] --> Date.self
        guard decoder.succeeded, let created else { return nil }
        self.created = created
    }
}

private struct EpochStamp: APIDecodable {
    let created: Date
    init?(from decoder: APIDecoder) {
        let created = decoder["created_at"].decodeRequired(Date.self, strategy: .secondsSince1970)
        guard decoder.succeeded, let created else { return nil }
        self.created = created
    }
}
