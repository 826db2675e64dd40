import Foundation
import Testing
@testable import Salvage

/// A path step keeps its type tag by reference, shared by every step of the same type in a decode (so an
/// error's path stays small). Steps are still values: changing one step's tags never changes another's.
@Suite struct PathStepStorageTests {
    private struct Item: APIDecodable {
        static var idKey: String? { "sku" }
        let price: Double?
        init?(from decoder: APIDecoder) { price = decoder["price"] --> Double?.self }
    }

    private static let json = #"[{"sku": "A-1", "price": "x"}, {"sku": "B-2", "price": "y"}, {"price": "z"}]"#

    @Test func stepsOfOneTypeShareOneTagAndKeepTheirOwnIDs() throws {
        let errors = APIDataDecoder().decode(data: Data(Self.json.utf8), to: [Item].self).errors
        #expect(errors.map(\.description) == [
            #"root(Array<Item>) > [0](Item sku=A-1) > "price"(Double) : Unexpectedly found a string"#,
            #"root(Array<Item>) > [1](Item sku=B-2) > "price"(Double) : Unexpectedly found a string"#,
            #"root(Array<Item>) > [2](Item) > "price"(Double) : Unexpectedly found a string"#,
        ])
        let first = try #require(errors.first?.path[1].typeTag)
        let second = try #require(errors.dropFirst().first?.path[1].typeTag)
        #expect(first === second)
        // The step without an id has a tag of its own (no id key), shared by none of the others.
        let third = try #require(errors.last?.path[1].typeTag)
        #expect(third !== first)
        #expect(errors.last?.path[1].idKey == nil)
        #expect(errors.map { $0.path.count } == [3, 3, 3])
    }

    @Test func changingOneStepsTagsLeavesTheSharedTagAlone() throws {
        let errors = APIDataDecoder().decode(data: Data(Self.json.utf8), to: [Item].self).errors
        var changed = try #require(errors.first?.path[1])
        changed.idKey = "code"
        changed.swiftType = Int.self
        #expect(changed.typeName == "Int")
        #expect(changed.idKey == "code")
        #expect(changed.id == "A-1")
        #expect(errors[0].path[1].typeName == "Item")
        #expect(errors[0].path[1].idKey == "sku")
        #expect(errors[1].path[1].typeName == "Item")
        #expect(errors[1].path[1].idKey == "sku")
        changed.swiftType = nil
        changed.idKey = nil
        #expect(changed.typeTag == nil)
        #expect(changed.hashKey == nil)
        #expect(changed.arrayIndex == 0)
    }

    /// A model that decodes an embedded JSON text with a decode of its own (a second context, a second tag
    /// cache) while the outer decode goes on.
    private struct Envelope: APIDecodable {
        static var idKey: String? { "sku" }
        nonisolated(unsafe) static var innerErrors: [APIDecodeError] = []
        init?(from decoder: APIDecoder) {
            if let text = decoder["embedded"] --> String?.self {
                Self.innerErrors = APIDataDecoder().decode(string: text, to: [Item].self).errors
            }
            _ = decoder["price"] --> Double?.self
        }
    }

    @Test func aDecodeInsideADecodeKeepsItsOwnTags() async throws {
        let json = #"{"sku": "E-1", "embedded": "[{\"sku\": \"A-1\", \"price\": true}]", "price": "p"}"#
        let outer = APIDataDecoder().decode(string: json, to: Envelope.self).errors
        #expect(outer.map(\.description) == [#"root(Envelope sku=E-1) > "price"(Double) : Unexpectedly found a string"#])
        #expect(Envelope.innerErrors.map(\.description) == [#"root(Array<Item>) > [0](Item sku=A-1) > "price"(Double) : Unexpectedly found a boolean"#])
        // Sent across tasks, read there, and through Codable: the same steps, tags as type names.
        let all = outer + Envelope.innerErrors
        let described = await withTaskGroup(of: (Int, String).self) { group in
            for (index, error) in all.enumerated() { group.addTask { (index, error.description) } }
            var texts = Array(repeating: "", count: all.count)
            for await (index, text) in group { texts[index] = text }
            return texts
        }
        #expect(described == all.map(\.description))
        let back = try JSONDecoder().decode([APIDecodeError].self, from: JSONEncoder().encode(all))
        #expect(back == all)
        #expect(back.map(\.description) == all.map(\.description))
        #expect(back[1].path[1].swiftType == nil && back[1].path[1].typeName == "Item" && back[1].path[1].idKey == "sku" && back[1].path[1].id == "A-1")
    }

    @Test(arguments: [
        (APICodingKey(hashKey: "items"), "items", nil as Int?, #"["items"]"#),
        (APICodingKey(arrayIndex: 3), "3", 3, "[3]"),
        (APICodingKey(hashKey: "a\"b"), "a\"b", nil, #"["a\"b"]"#),
    ])
    func stepsKeepTheirKeyOrIndex(key: APICodingKey, stringValue: String, intValue: Int?, description: String) {
        #expect(key.stringValue == stringValue)
        #expect(key.intValue == intValue)
        #expect(key.description == description)
        #expect(key.swiftType == nil && key.typeName == nil && key.idKey == nil && key.id == nil)
    }
}
