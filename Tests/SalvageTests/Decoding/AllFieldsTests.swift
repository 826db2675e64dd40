import Salvage
import Testing

// `decoder.all(…)`: every field decoded and its error recorded, the values bound without `!`; and the
// `guard let` chain it replaces, which stops at the first nil and reports only that field.

/// Three required fields bound by `decoder.all`.
private struct Trio: APIDecodable {
    let id: Int, name: String, score: Double
    init?(from decoder: APIDecoder) {
        guard let (id, name, score) = decoder.all(
            decoder["id"] --> Int.self,
            decoder["name"] --> String.self,
            decoder["score"] --> Double.self
        ) else { return nil }
        (self.id, self.name, self.score) = (id, name, score)
    }
}

/// The same fields bound by a `guard let` chain: stops at the first nil.
private struct ChainedTrio: APIDecodable {
    let id: Int, name: String, score: Double
    init?(from decoder: APIDecoder) {
        guard let id = decoder["id"] --> Int.self,
              let name = decoder["name"] --> String.self,
              let score = decoder["score"] --> Double.self else { return nil }
        (self.id, self.name, self.score) = (id, name, score)
    }
}

/// A required field and an optional one (wrapped in `.some`, so absent binds as nil).
private struct WithNickname: APIDecodable {
    let id: Int, nickname: String?
    init?(from decoder: APIDecoder) {
        guard let (id, nickname) = decoder.all(decoder["id"] --> Int.self, .some(decoder["nickname"] --> String?.self))
        else { return nil }
        (self.id, self.nickname) = (id, nickname)
    }
}

/// One field: `all` returns the value itself.
private struct Single: APIDecodable {
    let id: Int
    init?(from decoder: APIDecoder) {
        guard let id = decoder.all(decoder["id"] --> Int.self) else { return nil }
        self.id = id
    }
}

@Suite struct AllFieldsTests {
    @Test func allPresent() throws {
        let result = APIDataDecoder().decode(string: #"{"id": 1, "name": "Ada", "score": 2.5}"#, to: Trio.self)
        let trio = try #require(result.value)
        #expect(trio.id == 1 && trio.name == "Ada" && trio.score == 2.5)
        #expect(result.errors.isEmpty)
    }

    @Test func oneMissing() {
        let result = APIDataDecoder().decode(string: #"{"id": 1, "score": 2.5}"#, to: Trio.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [#"root(Trio) > "name"(String) : No value is present"#])
    }

    @Test func allInvalidRecordsEveryError() {
        let result = APIDataDecoder().decode(string: #"{"id": "x", "name": 2, "score": null}"#, to: Trio.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(Trio) > "id"(Int) : Unexpectedly found a string"#,
            #"root(Trio) > "name"(String) : Unexpectedly found an integer"#,
            #"root(Trio) > "score"(Double) : Unexpectedly found null"#,
        ])
    }

    /// The `guard let` chain reports only the first bad field; `all` reports all three.
    @Test func guardLetChainStopsAtTheFirstNil() {
        let json = #"{"id": "x", "name": 2, "score": null}"#
        let chained = APIDataDecoder().decode(string: json, to: ChainedTrio.self)
        #expect(chained.value == nil)
        #expect(chained.errors.map(\.description) == [#"root(ChainedTrio) > "id"(Int) : Unexpectedly found a string"#])
        #expect(APIDataDecoder().decode(string: json, to: Trio.self).errors.count == 3)
    }

    @Test(arguments: [
        (#"{"id": 1, "nickname": "Ace"}"#, "Ace" as String?, [String]()),
        (#"{"id": 1}"#, nil, []),
        (#"{"id": 1, "nickname": null}"#, nil, []),
        (#"{"id": 1, "nickname": 7}"#, nil, [#"root(WithNickname) > "nickname"(String) : Unexpectedly found an integer"#]),
    ])
    func optionalMember(json: String, nickname: String?, errors: [String]) throws {
        let result = APIDataDecoder().decode(string: json, to: WithNickname.self)
        let model = try #require(result.value)
        #expect(model.id == 1)
        #expect(model.nickname == nickname)
        #expect(result.errors.map(\.description) == errors)
    }

    @Test func optionalMemberDoesNotSaveAMissingRequiredOne() {
        let result = APIDataDecoder().decode(string: #"{"nickname": 7}"#, to: WithNickname.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(WithNickname) > "id"(Int) : No value is present"#,
            #"root(WithNickname) > "nickname"(String) : Unexpectedly found an integer"#,
        ])
    }

    @Test func oneElement() {
        #expect(APIDataDecoder().decode(string: #"{"id": 4}"#, to: Single.self).value?.id == 4)
        let missing = APIDataDecoder().decode(string: "{}", to: Single.self)
        #expect(missing.value == nil)
        #expect(missing.errors.map(\.description) == [#"root(Single) > "id"(Int) : No value is present"#])
    }

    @Test func tenElements() throws {
        let json = #"{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9, "j": 10}"#
        #expect(try #require(APIDataDecoder().decode(string: json, to: TenFields.self).value).values == Array(1...10))
        let twoBad = APIDataDecoder().decode(string: #"{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8}"#, to: TenFields.self)
        #expect(twoBad.value == nil)
        #expect(twoBad.errors.map(\.description) == [
            #"root(TenFields) > "i"(Int) : No value is present"#,
            #"root(TenFields) > "j"(Int) : No value is present"#,
        ])
    }
}

/// Ten required fields bound by `decoder.all`.
private struct TenFields: APIDecodable {
    let values: [Int]
    init?(from decoder: APIDecoder) {
        guard let (a, b, c, d, e, f, g, h, i, j) = decoder.all(
            decoder["a"] --> Int.self, decoder["b"] --> Int.self, decoder["c"] --> Int.self,
            decoder["d"] --> Int.self, decoder["e"] --> Int.self, decoder["f"] --> Int.self,
            decoder["g"] --> Int.self, decoder["h"] --> Int.self, decoder["i"] --> Int.self,
            decoder["j"] --> Int.self
        ) else { return nil }
        values = [a, b, c, d, e, f, g, h, i, j]
    }
}
