import Salvage
import Testing

// An empty JSON array decodes as `[]` without a frame of its own (`Array._salvageDecode`): these pin that
// nothing a user sees changed — values, errors and their paths around it, count limits, unknown keys, and
// the error of a decoder kept past its model, whose frame must still be refused.

private struct Holder: APIDecodable {
    let tags: [Int]
    let groups: [[String]]?
    let count: Int?

    init?(from decoder: APIDecoder) {
        let tags = decoder["tags"] --> [Int].self
        groups = decoder["groups"] --> [[String]]?.self
        count = decoder["count"] --> Int?.self
        guard decoder.succeeded, let tags else { return nil }
        self.tags = tags
    }
}

/// Keeps the decoder of its `tags` and decodes through the one the previous keeper kept: a misuse, which
/// must record the same error for an empty array as for any other value.
private struct Keeper: APIDecodable {
    nonisolated(unsafe) static var kept: APIDecoder?
    let tags: [Int]?

    init?(from decoder: APIDecoder) {
        if let kept = Keeper.kept {
            _ = kept --> [Int]?.self
        }
        Keeper.kept = decoder["tags"]
        tags = decoder["tags"] --> [Int]?.self
    }
}

private struct Counted: APIDecodable {
    let tags: [Int]?

    init?(from decoder: APIDecoder) {
        tags = decoder["tags"].decodeOptional([Int].self, min: 1)
    }
}

@Suite(.serialized) struct EmptyArrayTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let json: String
        let tags: [Int]?
        let groups: [[String]]?
        let errors: [String]
        var testDescription: String { json }
    }

    static let cases: [Case] = [
        Case(json: #"{"tags": []}"#, tags: [], groups: nil, errors: []),
        Case(json: #"{"tags": [], "groups": [[], ["a"], []]}"#, tags: [], groups: [[], ["a"], []], errors: []),
        Case(json: #"{"tags": [], "groups": [], "count": "x"}"#, tags: [], groups: [],
             errors: [#"root(Holder) > "count"(Int) : Unexpectedly found a string"#]),
        Case(json: #"{"tags": [], "groups": [[], [1], []]}"#, tags: [], groups: [[], [], []],
             errors: [#"root(Holder) > "groups"(Array<Array<String>>) > [1](Array<String>) > [0](String) : Unexpectedly found an integer"#]),
        Case(json: #"{"tags": {}}"#, tags: nil, groups: nil,
             errors: [#"root(Holder) > "tags"(Array<Int>) : Unexpectedly found an object"#]),
    ]

    @Test(arguments: cases)
    func anEmptyArrayDecodesAsEmpty(_ testCase: Case) throws {
        let result = APIDataDecoder().decode(string: testCase.json, to: Holder.self)
        #expect(result.value?.tags == testCase.tags)
        #expect(result.value?.groups == testCase.groups)
        #expect(result.errors.map(\.description) == testCase.errors)
    }

    @Test func anEmptyRootArrayDecodesAsEmpty() {
        let result = APIDataDecoder().decode(string: "[]", to: [Holder].self)
        #expect(result.value?.count == 0)
        #expect(result.errors == [])
    }

    @Test func countLimitsStillApplyToAnEmptyArray() {
        let result = APIDataDecoder().decode(string: #"{"tags": []}"#, to: Counted.self)
        // Not mandatory: the count is reported, the array kept.
        #expect(result.value?.tags == [])
        #expect(result.errors.map(\.description) == [#"root(Counted) > "tags"(Array<Int>) : Count below min: min 1, actual 0"#])
    }

    @Test func anEmptyArrayThatIsReadIsNoUnknownKey() {
        var options = APIDecodeOptions()
        options.reportsUnknownKeys = true
        let result = APIDataDecoder(options: options).decode(string: #"{"tags": [], "extra": []}"#, to: Holder.self)
        #expect(result.value?.tags == [])
        #expect(result.errors.map(\.description) == [#"root(Holder) > "extra" : Key "extra" of Holder was never read (in 1 record)"#])
    }

    @Test func aKeptDecoderAtAnEmptyArrayDecodesNothingMore() {
        Keeper.kept = nil
        let result = APIDataDecoder().decode(string: #"[{"tags": []}, {"tags": [1]}]"#, to: [Keeper].self)
        #expect(result.value?.map(\.tags) == [[], [1]])
        #expect(result.errors.map(\.description) == [
            #"root(Array<Keeper>) > [0] > "tags"(Array<Int>) : Array<Int> was not decoded: its decoder was kept after the init(from:) it was given to had returned"#,
        ])
        Keeper.kept = nil
    }
}
