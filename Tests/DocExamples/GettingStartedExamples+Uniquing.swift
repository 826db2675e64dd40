// Docs/GettingStarted.md, continued: records that appear twice (section 3): uniquing by id, and merging pages.
import Foundation
import Testing
import Salvage

extension GettingStartedExamples {
    // MARK: 3. Records that appear twice

    @Test func uniquingByID() throws {
        let feed: @Sendable (APIDecoder) -> ([Int], [String]?, [String])? = { decoder in
            struct Item: APIDecodable {
                static var idKey: String? { "id" }
                let id: Int
                let name: String
                init?(from decoder: APIDecoder) {
                    guard let (id, name) = decoder.all(decoder["id"] --> Int.self, decoder["name"] --> String.self) else { return nil }
                    self.id = id
                    self.name = name
                }
            }
            struct Offer: APIDecodable {
                let sku: String
                init?(from decoder: APIDecoder) {
                    guard let sku = decoder["sku"] --> String.self else { return nil }
                    self.sku = sku
                }
            }
            // inside Feed.init?(from:); Item has `static var idKey: String? { "id" }`
            let items   = decoder["items"].decodeRequired([Item].self, uniquingBy: .idKey)          // keeps the first
            let updates = decoder["updates"].decodeOptional([Item].self, uniquingBy: .idKey, keeping: .last)
            let offers  = decoder["offers"].decodeRequired([Offer].self, uniquingBy: .key("sku"), maxDropped: 2)
            guard decoder.succeeded, let items, let offers else { return nil }
            return (items.map(\.id), updates?.map(\.name), offers.map(\.sku))
        }
        let json = """
            {"items": [{"id": 17, "name": "a"}, {"id": 9, "name": "b"}, {"id": 17, "name": "c"}],
             "updates": [{"id": 1, "name": "old"}, {"id": 1, "name": "new"}],
             "offers": [{"sku": "X"}, {"sku": 5}, {"sku": "X"}, {"sku": "Y"}]}
            """
        let result = decodeInModel(json, feed)
        let value = try #require(result.value)
        #expect(value.0 == [17, 9])
        #expect(value.1 == ["new"])
        #expect(value.2 == ["X", "Y"])
        #expect(result.errors.map(\.description) == [
            #"root(DocModel) > "items"(Array<Item>) > [2](Item id=17) : Duplicate of the record at [0] (id=17); kept [0], dropped [2]"#,
            #"root(DocModel) > "updates"(Array<Item>) > [0](Item id=1) : Duplicate of the record at [1] (id=1); kept [1], dropped [0]"#,
            #"root(DocModel) > "offers"(Array<Offer>) > [1](Offer) > "sku"(String) : Unexpectedly found an integer"#,
            #"root(DocModel) > "offers"(Array<Offer>) > [2](Offer) : Duplicate of the record at [0] (id="X"); kept [0], dropped [2]"#,
        ])
        #expect(result.errors.map(\.code) == ["duplicate_record", "duplicate_record", "type_mismatch", "duplicate_record"])

        // A root array has the same.
        struct Item: APIDecodable, Equatable {
            static var idKey: String? { "id" }
            let id: Int
            init?(from decoder: APIDecoder) {
                guard let id = decoder["id"] --> Int.self else { return nil }
                self.id = id
            }
        }
        let data = Data(#"[{"id": 1}, {"id": 2}, {"id": 1}]"#.utf8)
        let root = APIDataDecoder().decode(data: data, to: [Item].self, uniquingBy: .idKey)
        #expect(root.value?.map(\.id) == [1, 2])
        #expect(root.errors.map(\.shortForm) == ["root[2]: duplicate_record"])
    }

    @Test func mergingPages() {
        struct Entry: Identifiable, Equatable {
            let id: Int
            let title: String
        }
        func text(_ entries: [Entry]) -> String { entries.map { "\($0.id) \($0.title)" }.joined(separator: ", ") }
        var held = [Entry(id: 1, title: "a"), Entry(id: 2, title: "b")]
        held.merge([Entry(id: 2, title: "B"), Entry(id: 3, title: "c")], policy: .replace)   // 1 a, 2 B, 3 c
        let kept  = held.merging([Entry(id: 1, title: "A")], policy: .keepExisting)         // 1 a, 2 B, 3 c
        let moved = held.merging([Entry(id: 1, title: "A")], uniquingBy: \.id, policy: .append) // 2 B, 3 c, 1 A
        #expect(text(held) == "1 a, 2 B, 3 c")
        #expect(text(kept) == "1 a, 2 B, 3 c")
        #expect(text(moved) == "2 B, 3 c, 1 A")
    }
}
