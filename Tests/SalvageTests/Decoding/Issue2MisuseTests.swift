import Foundation
import Salvage
import Testing

// Issue #2's API used in ways the compiler accepts but the text does not describe: contradictory counts,
// depth limits at and below zero, `succeeded` set back to true. None may crash; each outcome is pinned.

@Suite("Issue #2 misuse the compiler accepts")
struct Issue2MisuseTests {
    private struct Counted: APIDecodable {
        let xs: [Int]?
        init?(from decoder: APIDecoder) {
            xs = decoder["xs"] --> CountLimited<[Int]?>(min: 5, max: 2)
        }
    }

    @Test func contradictoryCountLimitsReportWithoutCrashing() {
        let result = APIDataDecoder().decode(string: #"{"xs": [1, 2, 3]}"#, to: Counted.self)
        #expect(result.value?.xs == [1, 2, 3])
        #expect(result.errors.map(\.description) == [#"root(Counted) > "xs"(Array<Int>) : Count below min: min 5, actual 3"#])
    }

    @Test func negativeCountsNeverCrash() {
        struct Negative: APIDecodable {
            let xs: [Int]
            init?(from decoder: APIDecoder) {
                let xs = decoder["xs"] --> CountLimited<[Int]>(exactly: -1, isMandatory: true)
                guard decoder.succeeded else { return nil }
                self.xs = xs!
            }
        }
        let result = APIDataDecoder().decode(string: #"{"xs": []}"#, to: Negative.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [#"root(Negative) > "xs"(Array<Int>) : Count not exact: expected -1, actual 0"#])
    }

    /// A limit below 1 is 0: a scalar still decodes, any container is one error at its first byte.
    @Test(arguments: [
        (0, "root(JSONValue) : Invalid JSON at line 1, column 1 (byte 0): Nesting is deeper than maximumDepth (0 levels)"),
        (-1, "root(JSONValue) : Invalid JSON at line 1, column 1 (byte 0): Nesting is deeper than maximumDepth (0 levels)"),
        (1, "root(JSONValue) : Invalid JSON at line 1, column 7 (byte 6): Nesting is deeper than maximumDepth (1 level)"),
    ])
    func tinyDepthLimits(limit: Int, message: String) {
        let scalar = APIDataDecoder(options: APIDecodeOptions(maximumDepth: limit)).decode(string: "7", to: Int.self)
        #expect(scalar.value == 7)
        #expect(scalar.errors.isEmpty)
        let object = APIDataDecoder(options: APIDecodeOptions(maximumDepth: limit)).decode(string: #"{"a": []}"#, to: JSONValue.self)
        #expect(object.value == nil)
        #expect(object.errors.map(\.description) == [message])
        #expect(object.errors.map(\.code) == ["limit_exceeded"])
    }

    /// A `Set` is counted as the set it became (LastMile's `parseableElementCount`): duplicates count once.
    @Test func setCountsAreOfTheSet() {
        struct Ids: APIDecodable {
            let ids: Set<Int>?
            init?(from decoder: APIDecoder) { ids = decoder["ids"] --> CountLimited<Set<Int>?>(exactly: 2) }
        }
        let result = APIDataDecoder().decode(string: #"{"ids": [1, 1, 2]}"#, to: Ids.self)
        #expect(result.value?.ids == [1, 2])
        #expect(result.errors.isEmpty)
    }

    /// Setting `succeeded` back to true does not forgive a failed required value: the model is discarded.
    @Test func succeededSetBackToTrue() {
        struct Forgiving: APIDecodable {
            let id: Int
            init?(from decoder: APIDecoder) {
                let id = decoder["id"] --> Int.self
                decoder.succeeded = true
                guard decoder.succeeded else { return nil }
                self.id = id ?? -1
            }
        }
        let result = APIDataDecoder().decode(string: #"{"id": "x"}"#, to: Forgiving.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [#"root(Forgiving) > "id"(Int) : Unexpectedly found a string"#])
    }

    @Test func emptyRootName() {
        var options = APIDecodeOptions()
        options.rootName = ""
        let result = APIDataDecoder(options: options).decode(string: #"{"a": 1}"#, to: [String: String].self)
        #expect(result.errors.map(\.description) == [#"(Dictionary<String, String>) > "a"(String) : Unexpectedly found an integer"#])
        #expect(result.errors.map(\.path.jsonPath) == [#"["a"]"#])
    }
}

/// Docs/GettingStarted.md §1: an optional field passed to `decoder.all(…)` without `.some(…)` "compiles
/// (binding a non-optional `String`) and an absent value fails the model, reported as `root(Profile) :
/// Profile.init(from:) returned nil without recording an error`".
private struct Profile: APIDecodable {
    let name: String
    let nick: String
    init?(from decoder: APIDecoder) {
        guard let (name, nick) = decoder.all(
            decoder["name"] --> String.self,
            decoder["nick"] --> String?.self
        ) else { return nil }
        self.name = name
        self.nick = nick
    }
}

@Suite("Issue #7 guide claims")
struct Issue7GuideClaimTests {
    @Test func optionalWithoutSomeInAllFailsTheModelAsTheGuideSays() {
        let absent = APIDataDecoder().decode(string: #"{"name": "n"}"#, to: Profile.self)
        #expect(absent.value == nil)
        #expect(absent.errors.map(\.description) == ["root(Profile) : Profile.init(from:) returned nil without recording an error"])
        let present = APIDataDecoder().decode(string: #"{"name": "n", "nick": "k"}"#, to: Profile.self)
        #expect(present.value?.nick == "k")
        #expect(present.errors.isEmpty)
    }

    @Test func allWithOneArgumentReturnsTheValueItself() {
        struct One: APIDecodable {
            let n: Int
            init?(from decoder: APIDecoder) {
                guard let n = decoder.all(decoder["n"] --> Int.self) else { return nil }
                self.n = n
            }
        }
        #expect(APIDataDecoder().decode(string: #"{"n": 3}"#, to: One.self).value?.n == 3)
    }
}
