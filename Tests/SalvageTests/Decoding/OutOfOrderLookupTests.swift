import Foundation
import Salvage
import Testing

// Fields read out of document order miss the lookup hint and search the object's keys
// (`JSONDocument.searchMember`, on the tape's memory): from the hint to the object's end, then from its start.
// These models read every key far from the hint, past container values (the search jumps over them), an
// escaped key (compared after unescaping) and a key that repeats (the last one wins).

@Suite struct OutOfOrderLookupTests {
    struct Scrambled: APIDecodable, Equatable {
        let flag: Bool
        let lists: [[Int]]
        let escaped: String
        let first: Int
        let deep: Int
        let absent: Int?

        init(flag: Bool, lists: [[Int]], escaped: String, first: Int, deep: Int, absent: Int?) {
            self.flag = flag; self.lists = lists; self.escaped = escaped; self.first = first; self.deep = deep; self.absent = absent
        }

        init?(from decoder: APIDecoder) {
            let flag = decoder["z"] --> Bool.self
            let lists = decoder["lists"] --> [[Int]].self
            let escaped = decoder["bc"] --> String.self
            let first = decoder["a"] --> Int.self
            let deep = decoder["nested"]["x"][2]["y"] --> Int.self
            let absent = decoder["absent"] --> Int?.self
            guard decoder.succeeded else { return nil }
            self.init(flag: flag!, lists: lists!, escaped: escaped!, first: first!, deep: deep!, absent: absent)
        }
    }

    struct Repeated: APIDecodable, Equatable {
        let other: Int
        let k: Int
        init(other: Int, k: Int) { self.other = other; self.k = k }
        init?(from decoder: APIDecoder) {
            let other = decoder["other"] --> Int.self
            let k = decoder["k"] --> Int.self
            guard decoder.succeeded else { return nil }
            self.other = other!; self.k = k!
        }
    }

    struct NeedsMissing: APIDecodable {
        init?(from decoder: APIDecoder) {
            _ = decoder["b"] --> Int.self
            _ = decoder["missing"] --> Int.self
            guard decoder.succeeded else { return nil }
        }
    }

    static let scrambledJSON = #"{"a":1,"nested":{"x":[1,{"q":[]},{"y":3}]},"b\u0063":"escaped","lists":[[],[1,2]],"z":true}"#

    @Test func fieldsReadInReverseOrderAreAllFound() throws {
        let result = APIDataDecoder().decode(data: Data(Self.scrambledJSON.utf8), to: Scrambled.self)
        #expect(result.errors.isEmpty)
        #expect(result.value == Scrambled(flag: true, lists: [[], [1, 2]], escaped: "escaped", first: 1, deep: 3, absent: nil))
    }

    @Test func aRepeatedKeyFoundAfterTheHintIsItsLastMember() throws {
        let json = #"{"k":1,"other":2,"k":3}"#
        let result = APIDataDecoder().decode(data: Data(json.utf8), to: Repeated.self)
        #expect(result.errors.isEmpty)
        #expect(result.value == Repeated(other: 2, k: 3))
    }

    @Test func aKeySearchedPastTheHintAndNotFoundIsReportedOnce() throws {
        let json = #"{"a":1,"b":2,"c":[3]}"#
        let result = APIDataDecoder().decode(data: Data(json.utf8), to: NeedsMissing.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [#"root(NeedsMissing) > "missing"(Int) : No value is present"#])
    }
}
