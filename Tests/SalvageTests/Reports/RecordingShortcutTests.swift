import Foundation
import Testing
@testable import Salvage

/// The shortcuts of recording an error (2026-11-25 morning, branch `flaky7`): texts compared by their
/// representation first, record ids of up to fifteen bytes made in place, the last key tagged as it is
/// appended. Each gives the same paths, ids and table sharing as the long way.
@Suite struct RecordingShortcutTests {
    // MARK: - Texts compared by representation

    private static let longText = String(repeating: "k", count: 40)

    /// (first, second, same representation, same UTF-8): equal small strings are one representation; long
    /// texts are when they share storage, not when made apart; canonically equivalent texts are different bytes.
    static let representationCases: [(String, String, Bool, Bool)] = [
        ("", "", true, true),
        ("people", "people", true, true),
        ("people", "height", false, false),
        ("people", "peoples", false, false),
        ("fifteen_bytes_k", "fifteen_bytes_k", true, true),
        (longText, longText, true, true),
        (longText, String(repeating: "k", count: 40), false, true),
        (longText, String(repeating: "k", count: 39) + "j", false, false),
        ("\u{E9}", "e\u{301}", false, false),
    ]

    @Test(arguments: representationCases)
    func textsCompareByRepresentationThenByBytes(_ first: String, _ second: String, sameRepresentation: Bool, sameUTF8: Bool) {
        #expect(first.hasSameRepresentation(as: second) == sameRepresentation)
        #expect(second.hasSameRepresentation(as: first) == sameRepresentation)
        #expect(first.hasSameUTF8(as: second) == sameUTF8)
        #expect(second.hasSameUTF8(as: first) == sameUTF8)
    }

    private struct Row: APIDecodable {
        let value: Int?
        init?(from decoder: APIDecoder) {
            value = decoder["a_key_longer_than_fifteen_bytes"] --> Int?.self
        }
    }

    @Test func longKeysMadeApartStillShareOneText() throws {
        // Seven errors: four kept alone, three in the table, each key read again from the tape as its own string.
        let rows = (0..<7).map { _ in #"{"a_key_longer_than_fifteen_bytes": "x"}"# }
        let result = APIDataDecoder().decode(data: Data("[\(rows.joined(separator: ","))]".utf8), to: [Row].self)
        #expect(result.errors.count == 7)
        #expect(result.errors.map(\.description) == (0..<7).map {
            #"root(Array<Row>) > [\#($0)](Row) > "a_key_longer_than_fifteen_bytes"(Int) : Unexpectedly found a string"#
        })
        guard case .shared(let table, _) = result.errors[6].storedPath else {
            Issue.record("the seventh error's path is not in a table")
            return
        }
        #expect(table.strings == ["root", "a_key_longer_than_fifteen_bytes"])
        // root; then an index and the key per record.
        #expect(table.nodes.count == 7)
    }

    // MARK: - Record ids made in place

    private struct Person: APIDecodable {
        static var idKey: String? { "id" }
        let height: Double?
        init?(from decoder: APIDecoder) {
            height = decoder["height"] --> Double?.self
        }
    }

    /// Ids of every length around fifteen bytes, signs, fractions and exponents: the short ones are made in
    /// place, the others (and one too near the end of the input for a 16-byte read) the long way.
    static let ids = ["7", "-12", "1.5e3", "0.25", "123456789012345", "-12345678901234", "1234567890123456",
                      "12345678901234567890", "-1.0E-300", "100"]

    @Test func numericIDsOfEveryLengthAreShownAsWritten() {
        let records = Self.ids.map { #"{"id": \#($0), "height": "tall"}"# }
        let result = APIDataDecoder().decode(data: Data("[\(records.joined(separator: ", "))]".utf8), to: [Person].self)
        #expect(result.errors.map(\.description) == Self.ids.enumerated().map {
            #"root(Array<Person>) > [\#($0.offset)](Person id=\#($0.element)) > "height"(Double) : Unexpectedly found a string"#
        })
        #expect(result.errors.map { $0.path[1].id } == Self.ids)
    }

    /// (document, id shown): an id whose sixteen bytes from its start run past the input, the last bytes of it.
    static let idsNearTheEnd: [(String, String)] = [
        (#"{"height": "x", "id": 42}"#, "42"),
        (#"{"height": "x", "id": 4}"#, "4"),
        (#"{"height": "x", "id": 123456789012345}"#, "123456789012345"),
        (#"{"height": "x", "id":-0.5}"#, "-0.5"),
    ]

    @Test(arguments: idsNearTheEnd)
    func anIDAtTheEndOfTheInputIsShownAsWritten(_ json: String, _ id: String) {
        let result = APIDataDecoder().decode(data: Data(json.utf8), to: Person.self)
        #expect(result.errors.map(\.description) == [#"root(Person id=\#(id)) > "height"(Double) : Unexpectedly found a string"#])
    }

    // MARK: - The last key tagged as it is appended

    private struct Nested: APIDecodable {
        let first: Int?
        let second: [Int]?
        let third: String?
        let fourth: String?
        init?(from decoder: APIDecoder) {
            first = decoder["a"]["b"] --> Int?.self
            second = decoder["list"] --> [Int]?.self
            third = decoder["a"]["c"]["d"] --> String?.self
            fourth = decoder["a"]["gone"]["e"] --> String.self
        }
    }

    @Test func stepsOfSeveralKeysTagOnlyTheirLastWithTheType() {
        let json = #"{"a": {"b": "x", "c": 1}, "list": [1, "two"]}"#
        let result = APIDataDecoder().decode(data: Data(json.utf8), to: Nested.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(Nested) > "a" > "b"(Int) : Unexpectedly found a string"#,
            #"root(Nested) > "list"(Array<Int>) > [1](Int) : Unexpectedly found a string"#,
            // Recorded without a type: the wrong container is the parent's member.
            #"root(Nested) > "a" > "c" : Unexpectedly found an integer"#,
            // Two absent keys in one step: only the last is tagged.
            #"root(Nested) > "a" > "gone" > "e"(String) : No value is present"#,
        ])
    }
}
