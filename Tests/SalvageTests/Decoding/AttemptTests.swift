import Salvage
import Testing

/// #14 item 3: `attempt` sets aside the errors of a failed try; `decodeOneOf` reports one error when nothing fits.
struct AttemptTests {
    private struct Cat: APIDecodable, Equatable {
        let meow: String
        init?(from decoder: APIDecoder) {
            guard let meow = decoder["meow"] --> String.self else { return nil }
            self.meow = meow
        }
    }

    private struct Dog: APIDecodable, Equatable {
        let bark: Int
        init?(from decoder: APIDecoder) {
            guard let bark = decoder["bark"] --> Int.self else { return nil }
            self.bark = bark
        }
    }

    private enum Pet: Equatable {
        case cat(Cat), dog(Dog)
        var bark: Int? {
            guard case .dog(let dog) = self else { return nil }
            return dog.bark
        }
    }

    private struct Owner: APIDecodable {
        let pet: Pet?
        let name: String?
        init?(from decoder: APIDecoder) {
            pet = decoder["pet"].decodeOneOf(.model(Cat.self, Pet.cat), .model(Dog.self, Pet.dog))
            name = decoder["name"] --> String?.self
            guard decoder.succeeded else { return nil }
        }
    }

    @Test func theAlternativeThatFitsLeavesNoErrorsOfTheOthers() throws {
        let result = APIDataDecoder().decode(string: #"{"pet": {"bark": 3}, "name": "Ann"}"#, to: Owner.self)
        let owner = try #require(result.value)
        #expect(owner.pet?.bark == 3)
        #expect(result.errors == [])
        #expect(result.unrecordedErrorCount == 0)
    }

    @Test func whenNothingFitsOneErrorNamesEachAlternative() throws {
        let result = APIDataDecoder().decode(string: #"{"pet": {"bark": "loud"}, "name": "Ann"}"#, to: Owner.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(Owner) > "pet"(Pet) : No alternative matched: Cat (["meow"] : No value is present), Dog (["bark"] : Unexpectedly found a string)"#,
        ])
        let error = try #require(result.errors.first)
        #expect(error.code == "no_alternative_matched")
        #expect(error.severity == .failure)
        #expect(error.reason == .noAlternativeMatched(tried: ["Cat", "Dog"],
                                                       reasons: [#"["meow"] : No value is present"#, #"["bark"] : Unexpectedly found a string"#]))
    }

    @Test func aMissingValueIsReportedAsMissing() {
        let result = APIDataDecoder().decode(string: #"{"name": "Ann"}"#, to: Owner.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [#"root(Owner) > "pet"(Pet) : No value is present"#])
    }

    private struct Tentative: APIDecodable {
        let number: Int?
        let text: String?
        init?(from decoder: APIDecoder) {
            // A required decode inside a failed attempt would fail this model: the attempt undoes that.
            number = decoder.attempt { $0["value"] --> Int.self }
            text = decoder.attempt { $0["value"] --> String.self }
            guard decoder.succeeded else { return nil }
        }
    }

    @Test(arguments: [(#"{"value": 7}"#, 7, nil), (#"{"value": "seven"}"#, nil, "seven")] as [(String, Int?, String?)])
    func aFailedAttemptLeavesNoTraceAndDoesNotFailTheModel(json: String, number: Int?, text: String?) throws {
        let result = APIDataDecoder().decode(string: json, to: Tentative.self)
        let value = try #require(result.value)
        #expect(value.number == number)
        #expect(value.text == text)
        #expect(result.errors == [])
    }

    private struct Nested: APIDecodable {
        let kept: Int?
        init?(from decoder: APIDecoder) {
            kept = decoder.attempt { outer -> Int? in
                let inner: Int? = outer.attempt { $0["a"] --> Int.self }
                let b = outer["b"] --> Int?.self   // recorded in the outer attempt, which succeeds
                return inner ?? 0 + (b ?? 0) + 1
            }
        }
    }

    @Test func nestedAttemptsSetAsideOnlyTheirOwnErrors() {
        let result = APIDataDecoder().decode(string: #"{"a": "x", "b": true}"#, to: Nested.self)
        #expect(result.value?.kept == 1)
        #expect(result.errors.map(\.description) == [#"root(Nested) > "b"(Int) : Unexpectedly found a boolean"#])
        #expect(result.errors.map(\.severity) == [.recovered])
    }

    @Test func errorsCountedPastTheCapInsideAFailedAttemptAreUncounted() {
        var options = APIDecodeOptions()
        options.maximumRecordedErrors = 0
        let result = APIDataDecoder(options: options).decode(string: #"{"pet": {"bark": "loud"}}"#, to: Owner.self)
        #expect(result.value == nil)
        #expect(result.errors == [])
        // Only the one no-alternative error (and Owner's failure) is counted, not Cat's and Dog's.
        #expect(result.unrecordedErrorCount == 1)
    }

    @Test func unknownKeysOfAFailedAlternativeAreSetAsideButItsReadKeysCount() {
        var options = APIDecodeOptions()
        options.reportsUnknownKeys = true
        let result = APIDataDecoder(options: options).decode(string: #"{"pet": {"bark": 1, "meow": 2, "tail": true}, "name": "Ann"}"#, to: Owner.self)
        #expect(result.value?.pet?.bark == 1)
        #expect(result.errors.map(\.description) == [#"root(Owner) > "pet"(Dog) > "tail" : Key "tail" of Dog was never read (in 1 record)"#])
    }
}
