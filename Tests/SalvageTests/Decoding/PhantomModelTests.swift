import Salvage
import Testing

// A model whose frame failed is discarded whatever its `init?(from:)` returned, so a model that does not
// check `succeeded` never comes back as an empty instance next to the failure that explains it.

/// All fields optional, and no `guard decoder.succeeded`.
private struct Meta: APIDecodable, Equatable {
    let note: String?
    init(note: String?) { self.note = note }
    init?(from decoder: APIDecoder) {
        note = decoder["note"] --> String?.self
    }
}

private struct OptionalParent: APIDecodable {
    let id: Int
    let meta: Meta?
    init?(from decoder: APIDecoder) {
        guard let id = decoder["id"] --> Int.self else { return nil }
        self.id = id
        meta = decoder["meta"] --> Meta?.self
    }
}

private struct RequiredParent: APIDecodable {
    let meta: Meta?
    init?(from decoder: APIDecoder) {
        // Does not check `succeeded` either: its own frame fails when the required meta fails.
        meta = decoder["meta"] --> Meta.self
    }
}

/// Returns a value after setting `succeeded` to false without recording anything.
private struct SelfFailing: APIDecodable {
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
        let result = APIDataDecoder().decode(string: wrongType.json, to: Meta.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == ["root(Meta) : Unexpectedly found \(wrongType.found)"])
        #expect(result.errors.map(\.severity) == [.failure])
    }

    @Test(arguments: wrongTypes)
    func inAnOptionalField(_ wrongType: WrongType) throws {
        let result = APIDataDecoder().decode(string: #"{"id": 1, "meta": \#(wrongType.json)}"#, to: OptionalParent.self)
        let parent = try #require(result.value)
        #expect(parent.id == 1)
        #expect(parent.meta == nil)
        #expect(result.errors.map(\.description) == [#"root(OptionalParent) > "meta"(Meta) : Unexpectedly found \#(wrongType.found)"#])
    }

    @Test(arguments: wrongTypes)
    func asARequiredFieldFailsTheParent(_ wrongType: WrongType) {
        let result = APIDataDecoder().decode(string: #"{"meta": \#(wrongType.json)}"#, to: RequiredParent.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [#"root(RequiredParent) > "meta"(Meta) : Unexpectedly found \#(wrongType.found)"#])
        #expect(result.errors.map(\.severity) == [.failure])
    }

    @Test func inAnArrayOnlyObjectsBecomeElements() {
        let result = APIDataDecoder().decode(string: #"[true, 7, {"note":"x"}, "s", [], {}]"#, to: [Meta].self)
        #expect(result.value == [Meta(note: "x"), Meta(note: nil)])
        #expect(result.errors.map(\.description) == [
            "root(Array<Meta>) > [0](Meta) : Unexpectedly found a boolean",
            "root(Array<Meta>) > [1](Meta) : Unexpectedly found an integer",
            "root(Array<Meta>) > [3](Meta) : Unexpectedly found a string",
            "root(Array<Meta>) > [4](Meta) : Unexpectedly found an array",
        ])
    }

    @Test func inADictionaryOnlyObjectsBecomeValues() {
        let result = APIDataDecoder().decode(string: #"{"a": false, "b": {"note": "y"}}"#, to: [String: Meta].self)
        #expect(result.value == ["b": Meta(note: "y")])
        #expect(result.errors.map(\.description) == [#"root(Dictionary<String, Meta>) > "a"(Meta) : Unexpectedly found a boolean"#])
    }

    @Test func aModelThatSetsSucceededToFalseIsDiscardedAndExplained() {
        let result = APIDataDecoder().decode(string: "{}", to: SelfFailing.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == ["root(SelfFailing) : SelfFailing.init(from:) set succeeded to false without recording an error"])
    }
}
