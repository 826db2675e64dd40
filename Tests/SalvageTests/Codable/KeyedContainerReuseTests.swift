import Foundation
import Salvage
import Testing

/// The bridge hands a keyed container out again for the next object of the same type once nobody holds it
/// (`KeyedContainerPool`). A container a model still holds — kept in a property, open twice on one object,
/// or the outer container of a recursive type — must keep reading its own object, under both recoveries.
struct KeyedContainerReuseTests {
    /// Keeps its container and reads `id` from it only after its siblings were decoded.
    struct Keeper: Decodable {
        let name: String
        let container: KeyedDecodingContainer<CodingKeys>
        enum CodingKeys: String, CodingKey { case name, id }
        init(from decoder: any Decoder) throws {
            container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
        }
    }

    struct Keepers: Decodable {
        let names: [String]
        let idsReadLater: [Int]
        enum CodingKeys: String, CodingKey { case items }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let items = try container.decode([Keeper].self, forKey: .items)
            names = items.map(\.name)
            idsReadLater = try items.map { try $0.container.decode(Int.self, forKey: .id) }
        }
    }

    /// Reads `after` once its child (of the same type, so the same key type) was decoded.
    struct Chain: Decodable {
        let name: String
        let child: [Chain]
        let after: String
    }

    /// Two containers open at once on one object, read in turns.
    struct TwoAtOnce: Decodable {
        let pairs: [String]
        enum CodingKeys: String, CodingKey { case a, b }
        init(from decoder: any Decoder) throws {
            let first = try decoder.container(keyedBy: CodingKeys.self)
            let second = try decoder.container(keyedBy: CodingKeys.self)
            pairs = [try first.decode(String.self, forKey: .a), try second.decode(String.self, forKey: .b),
                     try first.decode(String.self, forKey: .b), try second.decode(String.self, forKey: .a)]
        }
    }

    static func options(_ recovery: CodableRecovery) -> APIDecodeOptions {
        var options = APIDecodeOptions()
        options.codable.recovery = recovery
        return options
    }

    @Test(arguments: [CodableRecovery.salvage, .strict])
    func aKeptContainerKeepsReadingItsOwnObject(_ recovery: CodableRecovery) throws {
        let json = #"{"items": [{"name": "a", "id": 1}, {"name": "b", "id": 2}, {"name": "c", "id": 3}]}"#
        let result = APIDataDecoder(options: Self.options(recovery)).decode(string: json, toDecodable: Keepers.self)
        let value = try #require(result.value)
        #expect(value.names == ["a", "b", "c"])
        #expect(value.idsReadLater == [1, 2, 3])
        #expect(result.errors.isEmpty)
    }

    @Test(arguments: [CodableRecovery.salvage, .strict])
    func aRecursiveTypeReadsTheOuterObjectAfterTheInnerOnes(_ recovery: CodableRecovery) throws {
        let json = #"{"name": "a", "child": [{"name": "b", "child": [{"name": "c", "child": [], "after": "c2"}], "after": "b2"}, {"name": "d", "child": [], "after": "d2"}], "after": "a2"}"#
        let result = APIDataDecoder(options: Self.options(recovery)).decode(string: json, toDecodable: Chain.self)
        let a = try #require(result.value)
        #expect([a.name, a.after] == ["a", "a2"])
        #expect(a.child.map(\.name) == ["b", "d"])
        #expect(a.child.map(\.after) == ["b2", "d2"])
        #expect(a.child.first?.child.map(\.after) == ["c2"])
        #expect(result.errors.isEmpty)
    }

    @Test func twoContainersOpenAtOnceOnOneObjectReadTheirOwnObject() throws {
        let json = #"[{"a": "1a", "b": "1b"}, {"a": "2a", "b": "2b"}]"#
        let result = APIDataDecoder().decode(string: json, toDecodable: [TwoAtOnce].self)
        let value = try #require(result.value)
        #expect(value.map(\.pairs) == [["1a", "1b", "1b", "1a"], ["2a", "2b", "2b", "2a"]])
    }

    @Test func aReusedContainerReportsItsOwnObjectsPath() throws {
        // The third element's container is the first's, handed out again: its error names element 2.
        let json = #"{"items": [{"name": "a", "child": [], "after": "x"}, {"name": "b", "child": [], "after": "y"}, {"name": "c", "child": [], "after": 3}], "name": "r", "after": "z"}"#
        struct Root: Decodable { let items: [Chain] }
        let result = APIDataDecoder().decode(string: json, toDecodable: Root.self)
        let root = try #require(result.value)
        #expect(root.items.map(\.name) == ["a", "b"])
        #expect(result.errors.map(\.description) == [
            #"root(Root) > "items"(Array<Chain>) > [2](Chain) > "after"(String) : Unexpectedly found an integer"#,
        ])
        let failed = APIDataDecoder(options: Self.options(.strict)).decode(string: json, toDecodable: Root.self)
        #expect(failed.value == nil)
        #expect(failed.errors.map(\.description) == [
            #"root(Root) > "items" > [2] > "after" : Swift DecodingError: type mismatch for String: Expected to decode String but found an integer instead."#,
        ])
    }
}
