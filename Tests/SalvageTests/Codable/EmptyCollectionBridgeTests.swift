import Foundation
import Salvage
import Testing

/// An empty JSON array read by a keyed container as `[T]` or `Set<T>` is returned empty without a child decoder,
/// path node or frame (`KeyedContainer.isEmptyArrayNeedingNoFrame`): values, errors and paths around it are
/// what they were, in both recovery modes, and `JSONDecoder`'s under `.strict`.
struct EmptyCollectionBridgeTests {
    private struct Tag: Codable, Hashable { let name: String }
    private struct Holder: Codable, Equatable {
        let list: [Tag]
        let set: Set<Tag>
        let nested: [[Tag]]
        let optional: [Tag]?
        let count: Int
    }
    private struct MapHolder: Codable { let map: [String: Tag] }

    struct Case: Sendable, CustomTestStringConvertible {
        let json: String
        /// `list.count set.count nested counts optional count`, or nil when the decode fails.
        let value: String?
        let salvageErrors: [String]
        let strictError: String?
        var testDescription: String { json }
    }

    private static func summary(_ holder: Holder) -> String {
        "\(holder.list.count) \(holder.set.count) \(holder.nested.map(\.count)) \(holder.optional.map { "\($0.count)" } ?? "nil") \(holder.count)"
    }

    static let cases: [Case] = [
        Case(json: #"{"list": [], "set": [], "nested": [], "optional": [], "count": 1}"#,
             value: "0 0 [] 0 1", salvageErrors: [], strictError: nil),
        Case(json: #"{"list": [], "set": [], "nested": [[], []], "count": 2}"#,
             value: "0 0 [0, 0] nil 2", salvageErrors: [], strictError: nil),
        Case(json: #"{"list": [{"name": "a"}], "set": [], "nested": [[{"name": "b"}], []], "optional": null, "count": 3}"#,
             value: "1 0 [1, 0] nil 3", salvageErrors: [], strictError: nil),
        Case(json: #"{"list": [], "set": [], "nested": [], "count": "x"}"#, value: nil,
             salvageErrors: [#"root(Holder) > "count"(Int) : Unexpectedly found a string"#],
             strictError: #"root(Holder) > "count" : Swift DecodingError: type mismatch for Int: Expected to decode Int but found a string instead."#),
        Case(json: #"{"list": [], "set": {}, "nested": [], "count": 4}"#, value: nil,
             salvageErrors: [#"root(Holder) > "set"(Set<Tag>) : Unexpectedly found an object"#],
             strictError: #"root(Holder) > "set" : Swift DecodingError: type mismatch for Array<Any>: Expected to decode an array but found an object instead."#),
        Case(json: #"{"list": [{"name": 5}], "set": [], "nested": [], "count": 5}"#, value: "0 0 [] nil 5",
             salvageErrors: [#"root(Holder) > "list"(Array<Tag>) > [0](Tag) > "name"(String) : Unexpectedly found an integer"#],
             strictError: #"root(Holder) > "list" > [0] > "name" : Swift DecodingError: type mismatch for String: Expected to decode String but found an integer instead."#),
    ]

    @Test(arguments: cases)
    func salvage(_ test: Case) {
        let result = APIDataDecoder().decode(string: test.json, toDecodable: Holder.self)
        #expect(result.value.map(Self.summary) == test.value)
        #expect(result.errors.map(\.description) == test.salvageErrors)
    }

    @Test(arguments: cases)
    func strictAsJSONDecoder(_ test: Case) {
        var options = APIDecodeOptions()
        options.codable.recovery = .strict
        let result = APIDataDecoder(options: options).decode(string: test.json, toDecodable: Holder.self)
        let foundation = try? JSONDecoder().decode(Holder.self, from: Data(test.json.utf8))
        #expect(result.value == foundation)
        #expect(result.errors.map(\.description) == (test.strictError.map { [$0] } ?? []))
        if test.strictError == nil { #expect(result.value.map(Self.summary) == test.value) }
    }

    /// A dictionary is not made from an empty array: the mismatch is reported as before.
    @Test(arguments: [CodableRecovery.salvage, .strict])
    func anEmptyArrayIsNoDictionary(_ recovery: CodableRecovery) {
        var options = APIDecodeOptions()
        options.codable.recovery = recovery
        let result = APIDataDecoder(options: options).decode(string: #"{"map": []}"#, toDecodable: MapHolder.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [recovery == .salvage
            ? #"root(MapHolder) > "map"(Dictionary<String, Tag>) : Unexpectedly found an array"#
            : #"root(MapHolder) > "map" : Swift DecodingError: type mismatch for Dictionary<String, Any>: Expected to decode a dictionary but found an array instead."#])
    }
}
