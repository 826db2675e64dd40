import Salvage
import Testing

// A model whose frame failed is discarded whatever its `init?(from:)` returned, so a model that does not
// check `succeeded` never comes back as an empty instance next to the failure that explains it.

/// All fields optional, and no `guard decoder.succeeded`.
private struct PMMeta: APIDecodable, Equatable {
    let note: String?
    init(note: String?) { self.note = note }
    init?(from decoder: APIDecoder) {
        note = decoder["note"] --> String?.self
    }
}

private struct PMOptionalParent: APIDecodable {
    let id: Int
    let meta: PMMeta?
    init?(from decoder: APIDecoder) {
        guard let id = decoder["id"] --> Int.self else { return nil }
        self.id = id
        meta = decoder["meta"] --> PMMeta?.self
    }
}

private struct PMRequiredParent: APIDecodable {
    let meta: PMMeta?
    init?(from decoder: APIDecoder) {
        // Does not check `succeeded` either: its own frame fails when the required meta fails.
        meta = decoder["meta"] --> PMMeta.self
    }
}

/// Returns a value after setting `succeeded` to false without recording anything.
private struct PMSelfFailing: APIDecodable {
    init?(from decoder: APIDecoder) {
        decoder.succeeded = false
    }
}

struct PhantomModelTests {
    struct WrongType: Sendable, CustomTestStringConvertible {
        let json: String
        let found: String
        var testDescription: String { json }
    }

    static let wrongTypes: [WrongType] = [
        WrongType(json: "true", found: "a boolean"),
        WrongType(json: "7", found: "an integer"),
        WrongType(json: #""x""#, found: "a string"),
        WrongType(json: "[1]", found: "an array"),
    ]

    @Test(arguments: wrongTypes)
    func atTheRoot(_ wrongType: WrongType) {
        let result = APIDataDecoder().decode(string: wrongType.json, to: PMMeta.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == ["root(PMMeta) : Unexpectedly found \(wrongType.found)"])
        #expect(result.errors.map(\.severity) == [.failure])
    }

    @Test(arguments: wrongTypes)
    func inAnOptionalField(_ wrongType: WrongType) throws {
        let result = APIDataDecoder().decode(string: #"{"id": 1, "meta": \#(wrongType.json)}"#, to: PMOptionalParent.self)
        let parent = try #require(result.value)
        #expect(parent.id == 1)
        #expect(parent.meta == nil)
        #expect(result.errors.map(\.description) == [#"root(PMOptionalParent) > "meta"(PMMeta) : Unexpectedly found \#(wrongType.found)"#])
    }

    @Test(arguments: wrongTypes)
    func asARequiredFieldFailsTheParent(_ wrongType: WrongType) {
        let result = APIDataDecoder().decode(string: #"{"meta": \#(wrongType.json)}"#, to: PMRequiredParent.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [#"root(PMRequiredParent) > "meta"(PMMeta) : Unexpectedly found \#(wrongType.found)"#])
        #expect(result.errors.map(\.severity) == [.failure])
    }

    @Test func inAnArrayOnlyObjectsBecomeElements() {
        let result = APIDataDecoder().decode(string: #"[true, 7, {"note":"x"}, "s", [], {}]"#, to: [PMMeta].self)
        #expect(result.value == [PMMeta(note: "x"), PMMeta(note: nil)])
        #expect(result.errors.map(\.description) == [
            "root(Array<PMMeta>) > [0](PMMeta) : Unexpectedly found a boolean",
            "root(Array<PMMeta>) > [1](PMMeta) : Unexpectedly found an integer",
            "root(Array<PMMeta>) > [3](PMMeta) : Unexpectedly found a string",
            "root(Array<PMMeta>) > [4](PMMeta) : Unexpectedly found an array",
        ])
    }

    @Test func inADictionaryOnlyObjectsBecomeValues() {
        let result = APIDataDecoder().decode(string: #"{"a": false, "b": {"note": "y"}}"#, to: [String: PMMeta].self)
        #expect(result.value == ["b": PMMeta(note: "y")])
        #expect(result.errors.map(\.description) == [#"root(Dictionary<String, PMMeta>) > "a"(PMMeta) : Unexpectedly found a boolean"#])
    }

    @Test func aModelThatSetsSucceededToFalseIsDiscardedAndExplained() {
        let result = APIDataDecoder().decode(string: "{}", to: PMSelfFailing.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == ["root(PMSelfFailing) : PMSelfFailing.init(from:) set succeeded to false without recording an error"])
    }
}
