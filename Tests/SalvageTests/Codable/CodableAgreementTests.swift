import Foundation
import Salvage
import Testing

/// Codable salvage agrees with the native path: the same flaky payloads decoded with `APIDecodable` models
/// and with equivalent synthesized `Codable` models give the same values and the same error lists (paths
/// with type tags and record ids, reasons, codes, severities, locations). The two model families have the
/// same type names (nested in `Native` and `Synthesized`), so full descriptions compare too.
struct CodableAgreementTests {
    /// A value both model families map to.
    struct Feed: Equatable {
        var feedID: Int
        var items: [Item]
        var owner: Tag?
        struct Item: Equatable {
            var id: Int, title: String, price: Double?, kind: String?, size: Int8?, tags: [Tag], scores: [Int]
        }
        struct Tag: Equatable { var name: String, weight: Int? }
    }

    enum Native {
        enum Kind: String, APIDecodable { case book, disc }
        struct Tag: APIDecodable {
            let name: String, weight: Int?
            init?(from decoder: APIDecoder) {
                let name = decoder["name"] --> String.self
                weight = decoder["weight"] --> Int?.self
                guard decoder.succeeded, let name else { return nil }
                self.name = name
            }
        }
        struct Item: APIDecodable {
            static var idKey: String? { "id" }
            let id: Int, title: String, price: Double?, kind: Kind?, size: Int8?, tags: [Tag], scores: [Int]
            init?(from decoder: APIDecoder) {
                let id = decoder["id"] --> Int.self
                let title = decoder["title"] --> String.self
                price = decoder["price"] --> Double?.self
                kind = decoder["kind"] --> Kind?.self
                size = decoder["size"] --> Int8?.self
                let tags = decoder["tags"] --> [Tag].self
                let scores = decoder["scores"] --> [Int].self
                guard decoder.succeeded, let id, let title, let tags, let scores else { return nil }
                (self.id, self.title, self.tags, self.scores) = (id, title, tags, scores)
            }
        }
        struct Feed: APIDecodable {
            let feedID: Int, items: [Item], owner: Tag?
            init?(from decoder: APIDecoder) {
                let feedID = decoder["feedID"] --> Int.self
                let items = decoder["items"] --> [Item].self
                owner = decoder["owner"] --> Tag?.self
                guard decoder.succeeded, let feedID, let items else { return nil }
                (self.feedID, self.items) = (feedID, items)
            }
        }
    }

    enum Synthesized {
        enum Kind: String, Decodable { case book, disc }
        struct Tag: Decodable { let name: String, weight: Int? }
        struct Item: Decodable, APIIdentifiable {
            static var idKey: String? { "id" }
            let id: Int, title: String, price: Double?, kind: Kind?, size: Int8?, tags: [Tag], scores: [Int]
        }
        struct Feed: Decodable { let feedID: Int, items: [Item], owner: Tag? }
    }

    /// A payload with one kind of flakiness, and the exact errors both paths give for it.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let items: String
        let owner: String
        let errors: [String]
        let codes: [String]
        var testDescription: String { name }
        var json: String { #"{"feedID": 1, "items": \#(items), "owner": \#(owner)}"# }
    }

    private static let item = #"{"id": 1, "title": "A", "price": 2.5, "kind": "book", "size": 3, "tags": [{"name": "x", "weight": 1}], "scores": [1, 2]}"#

    private static func item(_ replacing: String, with: String) -> String {
        item.replacingOccurrences(of: replacing, with: with)
    }

    static let cases: [Case] = [
        Case(name: "clean", items: "[\(item)]", owner: #"{"name": "o"}"#, errors: [], codes: []),
        Case(name: "optional of the wrong type", items: "[\(item(#""price": 2.5"#, with: #""price": "cheap""#))]", owner: "null",
             errors: [#"root(Feed) > "items"(Array<Item>) > [0](Item id=1) > "price"(Double) : Unexpectedly found a string"#],
             codes: ["recovered type_mismatch"]),
        Case(name: "unknown enum raw value", items: "[\(item(#""kind": "book""#, with: #""kind": "tape""#))]", owner: "null",
             errors: [#"root(Feed) > "items"(Array<Item>) > [0](Item id=1) > "kind"(Kind) : Raw value of "tape" for type Kind not defined"#],
             codes: ["recovered unknown_raw_value"]),
        Case(name: "overflow", items: "[\(item(#""size": 3"#, with: #""size": 300"#))]", owner: "null",
             errors: [#"root(Feed) > "items"(Array<Item>) > [0](Item id=1) > "size"(Int8) : Value 300 does not fit in Int8"#],
             codes: ["recovered numeric_overflow"]),
        Case(name: "required missing drops the element", items: "[\(item(#""title": "A", "#, with: ""))]", owner: "null",
             errors: [#"root(Feed) > "items"(Array<Item>) > [0](Item id=1) > "title"(String) : No value is present"#],
             codes: ["failure missing"]),
        Case(name: "required null drops the element", items: "[\(item(#""title": "A""#, with: #""title": null"#)), \(item)]", owner: "null",
             errors: [#"root(Feed) > "items"(Array<Item>) > [0](Item id=1) > "title"(String) : Unexpectedly found null"#],
             codes: ["failure null"]),
        Case(name: "nested collection element", items: "[\(item(#"{"name": "x", "weight": 1}"#, with: #"{"weight": 1}, {"name": "y", "weight": "heavy"}"#))]", owner: "null",
             errors: [#"root(Feed) > "items"(Array<Item>) > [0](Item id=1) > "tags"(Array<Tag>) > [0](Tag) > "name"(String) : No value is present"#,
                      #"root(Feed) > "items"(Array<Item>) > [0](Item id=1) > "tags"(Array<Tag>) > [1](Tag) > "weight"(Int) : Unexpectedly found a string"#],
             codes: ["failure missing", "recovered type_mismatch"]),
        Case(name: "scalar array elements", items: "[\(item("[1, 2]", with: #"[1, "2", null, 3.5]"#))]", owner: "null",
             errors: [#"root(Feed) > "items"(Array<Item>) > [0](Item id=1) > "scores"(Array<Int>) > [1](Int) : Unexpectedly found a string"#,
                      #"root(Feed) > "items"(Array<Item>) > [0](Item id=1) > "scores"(Array<Int>) > [2](Int) : Unexpectedly found null"#,
                      #"root(Feed) > "items"(Array<Item>) > [0](Item id=1) > "scores"(Array<Int>) > [3](Int) : Type Int does not have precision to represent 3.5"#],
             codes: ["recovered type_mismatch", "recovered null", "recovered precision_loss"]),
        Case(name: "element of the wrong type", items: "[7, \(item)]", owner: "null",
             errors: [#"root(Feed) > "items"(Array<Item>) > [0](Item) : Unexpectedly found an integer"#],
             codes: ["failure type_mismatch"]),
        Case(name: "optional model of the wrong type", items: "[]", owner: #""o""#,
             errors: [#"root(Feed) > "owner"(Tag) : Unexpectedly found a string"#],
             codes: ["failure type_mismatch"]),
        Case(name: "optional model failing inside", items: "[]", owner: #"{"weight": 2}"#,
             errors: [#"root(Feed) > "owner"(Tag) > "name"(String) : No value is present"#],
             codes: ["failure missing"]),
        Case(name: "required collection of the wrong type", items: #"{"a": 1}"#, owner: "null",
             errors: [#"root(Feed) > "items"(Array<Item>) : Unexpectedly found an object"#],
             codes: ["failure type_mismatch"]),
    ]

    @Test(arguments: cases)
    func bothPathsGiveTheSameValueAndErrors(_ flaky: Case) {
        let native = APIDataDecoder().decode(string: flaky.json, to: Native.Feed.self)
        let synthesized = APIDataDecoder().decode(string: flaky.json, toDecodable: Synthesized.Feed.self)
        #expect(native.value.map(Self.feed) == synthesized.value.map(Self.feed))
        #expect(synthesized.errors.map(\.description) == flaky.errors)
        #expect(synthesized.errors.map { "\($0.severity) \($0.code)" } == flaky.codes)
        #expect(native.errors.map(\.description) == synthesized.errors.map(\.description))
        #expect(native.errors.map(\.severity) == synthesized.errors.map(\.severity))
        #expect(native.errors.map(\.code) == synthesized.errors.map(\.code))
        #expect(native.errors.map(\.location) == synthesized.errors.map(\.location))
        #expect(native.errors.map(\.value) == synthesized.errors.map(\.value))
        #expect(native.errors == synthesized.errors)
    }

    private static func feed(_ feed: Native.Feed) -> Feed {
        Feed(feedID: feed.feedID, items: feed.items.map { item in
            Feed.Item(id: item.id, title: item.title, price: item.price, kind: item.kind?.rawValue, size: item.size,
                      tags: item.tags.map { Feed.Tag(name: $0.name, weight: $0.weight) }, scores: item.scores)
        }, owner: feed.owner.map { Feed.Tag(name: $0.name, weight: $0.weight) })
    }

    private static func feed(_ feed: Synthesized.Feed) -> Feed {
        Feed(feedID: feed.feedID, items: feed.items.map { item in
            Feed.Item(id: item.id, title: item.title, price: item.price, kind: item.kind?.rawValue, size: item.size,
                      tags: item.tags.map { Feed.Tag(name: $0.name, weight: $0.weight) }, scores: item.scores)
        }, owner: feed.owner.map { Feed.Tag(name: $0.name, weight: $0.weight) })
    }
}
