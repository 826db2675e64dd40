import Foundation
import Salvage
import Testing

// Lossy arrays, dictionaries and sets, and nesting (CountLimited is in CountLimitedTests.swift).

// MARK: - Helper models

private struct Item: APIDecodable, Equatable {
    static let idKey: String? = "sku"
    let sku: String
    let qty: Int
    let note: String?

    init(sku: String, qty: Int, note: String? = nil) {
        self.sku = sku
        self.qty = qty
        self.note = note
    }

    init?(from decoder: APIDecoder) {
        let sku = decoder["sku"] --> String.self
        let qty = decoder["qty"] --> Int.self
        let note = decoder["note"] --> String?.self
        guard decoder.succeeded, let sku, let qty else { return nil }
        self.init(sku: sku, qty: qty, note: note)
    }
}

private struct Order: APIDecodable {
    static var idKey: String? { "order_id" }
    let items: [Item]
    init?(from decoder: APIDecoder) {
        guard let items = decoder["items"] --> [Item].self else { return nil }
        self.items = items
    }
}

/// Every field optional.
private struct Badge: APIDecodable, Equatable {
    let label: String?
    let color: String?
    init(label: String?, color: String?) {
        self.label = label
        self.color = color
    }
    init?(from decoder: APIDecoder) {
        let label = decoder["label"] --> String?.self
        let color = decoder["color"] --> String?.self
        guard decoder.succeeded else { return nil }
        self.init(label: label, color: color)
    }
}

/// Reads some of its fields through more than one subscript.
private struct Ranked: APIDecodable, Equatable {
    let id: Int
    let rank: Int
    let firstTag: String?
    init(id: Int, rank: Int, firstTag: String?) {
        self.id = id
        self.rank = rank
        self.firstTag = firstTag
    }
    init?(from decoder: APIDecoder) {
        let id = decoder["id"] --> Int.self
        let rank = decoder["meta"]["rank"] --> Int.self
        let firstTag = decoder["tags"][0] --> String?.self
        guard decoder.succeeded, let id, let rank else { return nil }
        self.init(id: id, rank: rank, firstTag: firstTag)
    }
}

// MARK: - Arrays

@Suite struct ArrayTests {
    @Test func scalarArraysAreLossy() {
        let json = "[1, \"two\", 3, null, 4.5, 5, {}]"
        let result = APIDataDecoder().decode(string: json, to: [Int].self)
        #expect(result.value == [1, 3, 5])
        #expect(result.errors.map(\.description) == [
            "root(Array<Int>) > [1](Int) : Unexpectedly found a string",
            "root(Array<Int>) > [3](Int) : Unexpectedly found null",
            "root(Array<Int>) > [4](Int) : Type Int does not have precision to represent 4.5",
            "root(Array<Int>) > [6](Int) : Unexpectedly found an object",
        ])
        #expect(result.errors.map(\.path.jsonPath) == ["root[1]", "root[3]", "root[4]", "root[6]"])
        #expect(result.errors.map(\.path.jsonPointer) == ["/1", "/3", "/4", "/6"])
        #expect(result.errors.map { $0.location?.offset } == [4, 14, 20, 28])
        #expect(result.errors.map { $0.location?.column } == [5, 15, 21, 29])
    }

    @Test func emptyArray() {
        let result = APIDataDecoder().decode(string: "[]", to: [Item].self)
        #expect(result.isClean)
        #expect(result.value == [])
    }

    @Test func arraysOfModelsDropFailedElements() throws {
        let json = """
        {"order_id": 77, "items": [
          {"sku": "A1", "qty": 1},
          {"sku": "B2", "qty": "two"},
          true,
          {"sku": "C3", "qty": 3, "note": 5},
          null,
          {"qty": 4}
        ]}
        """
        let result = APIDataDecoder().decode(string: json, to: Order.self)
        let order = try #require(result.value)
        #expect(order.items == [Item(sku: "A1", qty: 1), Item(sku: "C3", qty: 3)])
        #expect(result.errors.map(\.description) == [
            #"root(Order order_id=77) > "items"(Array<Item>) > [1](Item sku=B2) > "qty"(Int) : Unexpectedly found a string"#,
            #"root(Order order_id=77) > "items"(Array<Item>) > [2](Item) : Unexpectedly found a boolean"#,
            #"root(Order order_id=77) > "items"(Array<Item>) > [3](Item sku=C3) > "note"(String) : Unexpectedly found an integer"#,
            #"root(Order order_id=77) > "items"(Array<Item>) > [4](Item) : Unexpectedly found null"#,
            #"root(Order order_id=77) > "items"(Array<Item>) > [5](Item) > "sku"(String) : No value is present"#,
        ])
        #expect(result.errors.map(\.path.jsonPath) == [
            #"root["items"][1]["qty"]"#, #"root["items"][2]"#, #"root["items"][3]["note"]"#, #"root["items"][4]"#, #"root["items"][5]["sku"]"#,
        ])
        #expect(result.errors.map { $0.location?.line } == [3, 4, 5, 6, 7])
        #expect(result.errors[1].location == Salvage.SourceLocation(offset: 88, line: 4, column: 3))
        #expect(sourceText(json, at: result.errors[1].location, length: 4) == "true")
        #expect(sourceText(json, at: result.errors[2].location, length: 1) == "5")
        // The absent "sku" is located at the element that lacks it.
        #expect(sourceText(json, at: result.errors[4].location, length: 6) == #"{"qty""#)
    }

    @Test func elementOfWrongJSONTypeIsOneErrorEvenWhenAllFieldsAreOptional() {
        let json = #"[{"label": "a"}, true, {"color": 5}, "x", 3, [], {}, null, 2.5]"#
        let result = APIDataDecoder().decode(string: json, to: [Badge].self)
        #expect(result.value == [Badge(label: "a", color: nil), Badge(label: nil, color: nil), Badge(label: nil, color: nil)])
        #expect(result.errors.map(\.description) == [
            "root(Array<Badge>) > [1](Badge) : Unexpectedly found a boolean",
            #"root(Array<Badge>) > [2](Badge) > "color"(String) : Unexpectedly found an integer"#,
            "root(Array<Badge>) > [3](Badge) : Unexpectedly found a string",
            "root(Array<Badge>) > [4](Badge) : Unexpectedly found an integer",
            "root(Array<Badge>) > [5](Badge) : Unexpectedly found an array",
            "root(Array<Badge>) > [7](Badge) : Unexpectedly found null",
            "root(Array<Badge>) > [8](Badge) : Unexpectedly found a decimal",
        ])
    }

    @Test func elementOfWrongJSONTypeIsOneErrorWhenTheModelReadsSeveralFields() {
        let json = #"[{"sku": "A", "qty": 1}, false, "sku", 7]"#
        let result = APIDataDecoder().decode(string: json, to: [Item].self)
        #expect(result.value == [Item(sku: "A", qty: 1)])
        #expect(result.errors.map(\.description) == [
            "root(Array<Item>) > [1](Item) : Unexpectedly found a boolean",
            "root(Array<Item>) > [2](Item) : Unexpectedly found a string",
            "root(Array<Item>) > [3](Item) : Unexpectedly found an integer",
        ])
        #expect(result.errors.map { $0.location?.offset } == [25, 32, 39])
    }

    @Test func elementOfWrongJSONTypeIsOneErrorWhenTheModelReadsNestedPaths() {
        let json = #"[{"id": 1, "meta": {"rank": 2}, "tags": ["x"]}, true, {"id": 3, "meta": 5}]"#
        let result = APIDataDecoder().decode(string: json, to: [Ranked].self)
        #expect(result.value == [Ranked(id: 1, rank: 2, firstTag: "x")])
        let expectedThird = #"root(Array<Ranked>) > [2](Ranked) > "meta" : Unexpectedly found an integer"#
        #expect(result.errors.map(\.description).last == expectedThird)
        #expect(result.errors.map(\.description) == [
            "root(Array<Ranked>) > [1](Ranked) : Unexpectedly found a boolean",
            expectedThird,
        ])
    }

    @Test func elementOfWrongJSONTypeWhenAllFieldsAreOptionalNestedPaths() {
        struct ChainOnly: APIDecodable {
            let rank: Int?
            init?(from decoder: APIDecoder) {
                let rank = decoder["meta"]["rank"] --> Int?.self
                guard decoder.succeeded else { return nil }
                self.rank = rank
            }
        }
        let result = APIDataDecoder().decode(string: #"[{"meta": {"rank": 1}}, true]"#, to: [ChainOnly].self)
        #expect(result.value?.map(\.rank) == [1])
        #expect(result.errors.map(\.description) == ["root(Array<ChainOnly>) > [1](ChainOnly) : Unexpectedly found a boolean"])
    }

    @Test func modelsReadByIndex() {
        struct Point: APIDecodable, Equatable {
            let x: Int
            let y: Int
            init(x: Int, y: Int) {
                self.x = x
                self.y = y
            }
            init?(from decoder: APIDecoder) {
                let x = decoder[0] --> Int.self
                let y = decoder[1] --> Int.self
                guard decoder.succeeded, let x, let y else { return nil }
                self.init(x: x, y: y)
            }
        }
        let result = APIDataDecoder().decode(string: #"[[1, 2], {"x": 1, "y": 2}, [3], "1,2", [4, 5, 6]]"#, to: [Point].self)
        #expect(result.value == [Point(x: 1, y: 2), Point(x: 4, y: 5)])
        #expect(result.errors.map(\.description) == [
            "root(Array<Point>) > [1](Point) : Unexpectedly found an object",
            "root(Array<Point>) > [2](Point) > [1](Int) : No value is present",
            "root(Array<Point>) > [3](Point) : Unexpectedly found a string",
        ])
        #expect(result.errors.map { $0.location?.offset } == [9, 27, 32])
    }

    @Test func rootModelOfWrongJSONTypeWithOptionalFields() {
        let result = APIDataDecoder().decode(string: "true", to: Badge.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == ["root(Badge) : Unexpectedly found a boolean"])
        let inDictionary = APIDataDecoder().decode(string: #"{"a": {"label": "x"}, "b": 5}"#, to: [String: Badge].self)
        #expect(inDictionary.value == ["a": Badge(label: "x", color: nil)])
        #expect(inDictionary.errors.map(\.description) == [#"root(Dictionary<String, Badge>) > "b"(Badge) : Unexpectedly found an integer"#])
    }

    @Test func arrayOfTheWrongJSONTypeFailsARequiredField() {
        let result = APIDataDecoder().decode(string: #"{"order_id": "o-1", "items": {"sku": "A1"}}"#, to: Order.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [#"root(Order order_id=o-1) > "items"(Array<Item>) : Unexpectedly found an object"#])
        #expect(result.errors.first?.location == Salvage.SourceLocation(offset: 29, line: 1, column: 30))
    }

    @Test func optionalArrayFields() throws {
        struct OptionalList: APIDecodable {
            let numbers: [Int]?
            init?(from decoder: APIDecoder) {
                numbers = decoder["numbers"] --> [Int]?.self
            }
        }
        #expect(APIDataDecoder().decode(string: "{}", to: OptionalList.self).value?.numbers == nil)
        #expect(APIDataDecoder().decode(string: #"{"numbers": null}"#, to: OptionalList.self).isClean)
        let wrong = APIDataDecoder().decode(string: #"{"numbers": "1,2"}"#, to: OptionalList.self)
        #expect(wrong.value != nil)
        #expect(wrong.value?.numbers == nil)
        #expect(wrong.errors.map(\.description) == [#"root(OptionalList) > "numbers"(Array<Int>) : Unexpectedly found a string"#])
        let lossy = APIDataDecoder().decode(string: #"{"numbers": [1, true]}"#, to: OptionalList.self)
        #expect(lossy.value?.numbers == [1])
        #expect(lossy.errors.map(\.description) == [#"root(OptionalList) > "numbers"(Array<Int>) > [1](Int) : Unexpectedly found a boolean"#])
    }

    @Test func nestedArrays() {
        let result = APIDataDecoder().decode(string: #"[[1, "x"], 5, [3], [], null, [[4]]]"#, to: [[Int]].self)
        #expect(result.value == [[1], [3], [], []])
        #expect(result.errors.map(\.description) == [
            "root(Array<Array<Int>>) > [0](Array<Int>) > [1](Int) : Unexpectedly found a string",
            "root(Array<Array<Int>>) > [1](Array<Int>) : Unexpectedly found an integer",
            "root(Array<Array<Int>>) > [4](Array<Int>) : Unexpectedly found null",
            "root(Array<Array<Int>>) > [5](Array<Int>) > [0](Int) : Unexpectedly found an array",
        ])
        #expect(result.errors.map(\.path.jsonPath) == ["root[0][1]", "root[1]", "root[4]", "root[5][0]"])
    }

    @Test func arrayAtTheRootOfTheWrongType() {
        let result = APIDataDecoder().decode(string: #"{"a": 1}"#, to: [Int].self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == ["root(Array<Int>) : Unexpectedly found an object"])
    }
}

// MARK: - Dictionaries

@Suite struct DictionaryTests {
    /// 20 keys in an order that neither sorting nor hashing would give.
    static let keys = ["k13", "k02", "k19", "k07", "k00", "k11", "k05", "k16", "k09", "k03",
                       "k18", "k01", "k14", "k06", "k10", "k17", "k04", "k12", "k08", "k15"]

    @Test func errorsComeInDocumentOrder() throws {
        let members = Self.keys.map { key -> String in
            let number = Int(key.dropFirst()) ?? -1
            return number % 3 == 0 ? #""\#(key)": "bad\#(number)""# : #""\#(key)": \#(number)"#
        }
        let json = "{" + members.joined(separator: ", ") + "}"
        let result = APIDataDecoder().decode(string: json, to: [String: Int].self)
        let value = try #require(result.value)
        var expected: [String: Int] = [:]
        for key in Self.keys {
            let number = Int(key.dropFirst()) ?? -1
            if number % 3 != 0 { expected[key] = number }
        }
        #expect(value == expected)
        #expect(value.count == 13)
        let expectedErrors = Self.keys.filter { (Int($0.dropFirst()) ?? -1) % 3 == 0 }
            .map { #"root(Dictionary<String, Int>) > "\#($0)"(Int) : Unexpectedly found a string"# }
        #expect(expectedErrors.count == 7)
        #expect(result.errors.map(\.description) == expectedErrors)
        let failedKeys: [String] = Self.keys.filter { (Int($0.dropFirst()) ?? -1) % 3 == 0 }
        let expectedPaths: [String] = failedKeys.map { #"root["\#($0)"]"# }
        #expect(result.errors.map(\.path.jsonPath) == expectedPaths)
        let offsets = result.errors.compactMap { $0.location?.offset }
        #expect(offsets == offsets.sorted())
        #expect(offsets.count == 7)
    }

    @Test func dictionaryOfModels() {
        let json = #"{"x": {"sku": "X", "qty": 1}, "y": {"sku": "Y"}, "z": [], "w": null}"#
        let result = APIDataDecoder().decode(string: json, to: [String: Item].self)
        #expect(result.value == ["x": Item(sku: "X", qty: 1)])
        #expect(result.errors.map(\.description) == [
            #"root(Dictionary<String, Item>) > "y"(Item sku=Y) > "qty"(Int) : No value is present"#,
            #"root(Dictionary<String, Item>) > "z"(Item) : Unexpectedly found an array"#,
            #"root(Dictionary<String, Item>) > "w"(Item) : Unexpectedly found null"#,
        ])
    }

    @Test func nestedDictionariesAndArrays() {
        let result = APIDataDecoder().decode(string: #"{"a": [1, "x"], "b": 3, "c": []}"#, to: [String: [Int]].self)
        #expect(result.value == ["a": [1], "c": []])
        #expect(result.errors.map(\.description) == [
            #"root(Dictionary<String, Array<Int>>) > "a"(Array<Int>) > [1](Int) : Unexpectedly found a string"#,
            #"root(Dictionary<String, Array<Int>>) > "b"(Array<Int>) : Unexpectedly found an integer"#,
        ])
        let deep = APIDataDecoder().decode(string: #"{"outer": {"inner": "no"}}"#, to: [String: [String: Int]].self)
        #expect(deep.value == ["outer": [:]])
        #expect(deep.errors.map(\.path.jsonPath) == [#"root["outer"]["inner"]"#])
        #expect(deep.errors.map(\.description) == [#"root(Dictionary<String, Dictionary<String, Int>>) > "outer"(Dictionary<String, Int>) > "inner"(Int) : Unexpectedly found a string"#])
    }

    @Test func emptyAndWrongTypeDictionaries() {
        #expect(APIDataDecoder().decode(string: "{}", to: [String: Int].self).value == [:])
        let wrong = APIDataDecoder().decode(string: "[1]", to: [String: Int].self)
        #expect(wrong.value == nil)
        #expect(wrong.errors.map(\.description) == ["root(Dictionary<String, Int>) : Unexpectedly found an array"])
    }

    @Test func repeatedKeysLastWins() {
        let result = APIDataDecoder().decode(string: #"{"a": 1, "b": 2, "a": 3}"#, to: [String: Int].self)
        #expect(result.isClean)
        #expect(result.value == ["a": 3, "b": 2])
    }

    @Test func keysWithEscapes() {
        let result = APIDataDecoder().decode(string: #"{"a\"b": 1, "\u00e9": "x", "a/b": 2}"#, to: [String: Int].self)
        #expect(result.value == ["a\"b": 1, "a/b": 2])
        #expect(result.errors.map(\.description) == [#"root(Dictionary<String, Int>) > "é"(Int) : Unexpectedly found a string"#])
        #expect(result.errors.map(\.path.jsonPointer) == ["/é"])
    }
}

// MARK: - Sets

@Suite struct SetTests {
    @Test func setsAreLossyArrays() {
        let result = APIDataDecoder().decode(string: #"["a", 1, "b", "a", null]"#, to: Set<String>.self)
        #expect(result.value == ["a", "b"])
        #expect(result.errors.map(\.description) == [
            "root(Set<String>) > [1](String) : Unexpectedly found an integer",
            "root(Set<String>) > [4](String) : Unexpectedly found null",
        ])
    }

    @Test func setOfTheWrongType() {
        let result = APIDataDecoder().decode(string: #"{"a": 1}"#, to: Set<Int>.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == ["root(Set<Int>) : Unexpectedly found an object"])
    }

    @Test func setAsAField() throws {
        struct Tagged: APIDecodable {
            let tags: Set<Int>
            init?(from decoder: APIDecoder) {
                guard let tags = decoder["tags"] --> Set<Int>.self else { return nil }
                self.tags = tags
            }
        }
        let result = APIDataDecoder().decode(string: #"{"tags": [3, 1, 3, 2.5]}"#, to: Tagged.self)
        #expect(try #require(result.value).tags == [1, 3])
        #expect(result.errors.map(\.description) == [#"root(Tagged) > "tags"(Set<Int>) > [3](Int) : Type Int does not have precision to represent 2.5"#])
    }
}
