import Foundation
import Salvage
import Testing

// Lossy arrays, dictionaries and sets, nesting, and CountLimited. Helper types are prefixed `CL`.

// MARK: - Helper models

struct CLItem: APIDecodable, Equatable {
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

struct CLOrder: APIDecodable {
    static var idKey: String? { "order_id" }
    let items: [CLItem]
    init?(from decoder: APIDecoder) {
        guard let items = decoder["items"] --> [CLItem].self else { return nil }
        self.items = items
    }
}

/// Every field optional.
struct CLTag: APIDecodable, Equatable {
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
struct CLRanked: APIDecodable, Equatable {
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
        let result = APIDataDecoder().decode(string: "[]", to: [CLItem].self)
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
        let result = APIDataDecoder().decode(string: json, to: CLOrder.self)
        let order = try #require(result.value)
        #expect(order.items == [CLItem(sku: "A1", qty: 1), CLItem(sku: "C3", qty: 3)])
        #expect(result.errors.map(\.description) == [
            #"root(CLOrder order_id=77) > "items"(Array<CLItem>) > [1](CLItem sku=B2) > "qty"(Int) : Unexpectedly found a string"#,
            #"root(CLOrder order_id=77) > "items"(Array<CLItem>) > [2](CLItem) : Unexpectedly found a boolean"#,
            #"root(CLOrder order_id=77) > "items"(Array<CLItem>) > [3](CLItem sku=C3) > "note"(String) : Unexpectedly found an integer"#,
            #"root(CLOrder order_id=77) > "items"(Array<CLItem>) > [4](CLItem) : Unexpectedly found null"#,
            #"root(CLOrder order_id=77) > "items"(Array<CLItem>) > [5](CLItem) > "sku"(String) : No value is present"#,
        ])
        #expect(result.errors.map(\.path.jsonPath) == [
            #"root["items"][1]["qty"]"#, #"root["items"][2]"#, #"root["items"][3]["note"]"#, #"root["items"][4]"#, #"root["items"][5]["sku"]"#,
        ])
        #expect(result.errors.map { $0.location?.line } == [3, 4, 5, 6, 7])
        #expect(result.errors[1].location == Salvage.SourceLocation(offset: 88, line: 4, column: 3))
        #expect(dbSource(json, at: result.errors[1].location, length: 4) == "true")
        #expect(dbSource(json, at: result.errors[2].location, length: 1) == "5")
        // The absent "sku" is located at the element that lacks it.
        #expect(dbSource(json, at: result.errors[4].location, length: 6) == #"{"qty""#)
    }

    @Test func elementOfWrongJSONTypeIsOneErrorEvenWhenAllFieldsAreOptional() {
        let json = #"[{"label": "a"}, true, {"color": 5}, "x", 3, [], {}, null, 2.5]"#
        let result = APIDataDecoder().decode(string: json, to: [CLTag].self)
        #expect(result.value == [CLTag(label: "a", color: nil), CLTag(label: nil, color: nil), CLTag(label: nil, color: nil)])
        #expect(result.errors.map(\.description) == [
            "root(Array<CLTag>) > [1](CLTag) : Unexpectedly found a boolean",
            #"root(Array<CLTag>) > [2](CLTag) > "color"(String) : Unexpectedly found an integer"#,
            "root(Array<CLTag>) > [3](CLTag) : Unexpectedly found a string",
            "root(Array<CLTag>) > [4](CLTag) : Unexpectedly found an integer",
            "root(Array<CLTag>) > [5](CLTag) : Unexpectedly found an array",
            "root(Array<CLTag>) > [7](CLTag) : Unexpectedly found null",
            "root(Array<CLTag>) > [8](CLTag) : Unexpectedly found a decimal",
        ])
    }

    @Test func elementOfWrongJSONTypeIsOneErrorWhenTheModelReadsSeveralFields() {
        let json = #"[{"sku": "A", "qty": 1}, false, "sku", 7]"#
        let result = APIDataDecoder().decode(string: json, to: [CLItem].self)
        #expect(result.value == [CLItem(sku: "A", qty: 1)])
        #expect(result.errors.map(\.description) == [
            "root(Array<CLItem>) > [1](CLItem) : Unexpectedly found a boolean",
            "root(Array<CLItem>) > [2](CLItem) : Unexpectedly found a string",
            "root(Array<CLItem>) > [3](CLItem) : Unexpectedly found an integer",
        ])
        #expect(result.errors.map { $0.location?.offset } == [25, 32, 39])
    }

    @Test func elementOfWrongJSONTypeIsOneErrorWhenTheModelReadsNestedPaths() {
        let json = #"[{"id": 1, "meta": {"rank": 2}, "tags": ["x"]}, true, {"id": 3, "meta": 5}]"#
        let result = APIDataDecoder().decode(string: json, to: [CLRanked].self)
        #expect(result.value == [CLRanked(id: 1, rank: 2, firstTag: "x")])
        let expectedThird = #"root(Array<CLRanked>) > [2](CLRanked) > "meta" : Unexpectedly found an integer"#
        #expect(result.errors.map(\.description).last == expectedThird)
        #expect(result.errors.map(\.description) == [
            "root(Array<CLRanked>) > [1](CLRanked) : Unexpectedly found a boolean",
            expectedThird,
        ])
    }

    @Test func elementOfWrongJSONTypeWhenAllFieldsAreOptionalNestedPaths() {
        struct CLChainOnly: APIDecodable {
            let rank: Int?
            init?(from decoder: APIDecoder) {
                let rank = decoder["meta"]["rank"] --> Int?.self
                guard decoder.succeeded else { return nil }
                self.rank = rank
            }
        }
        let result = APIDataDecoder().decode(string: #"[{"meta": {"rank": 1}}, true]"#, to: [CLChainOnly].self)
        #expect(result.value?.map(\.rank) == [1])
        #expect(result.errors.map(\.description) == ["root(Array<CLChainOnly>) > [1](CLChainOnly) : Unexpectedly found a boolean"])
    }

    @Test func modelsReadByIndex() {
        struct CLPoint: APIDecodable, Equatable {
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
        let result = APIDataDecoder().decode(string: #"[[1, 2], {"x": 1, "y": 2}, [3], "1,2", [4, 5, 6]]"#, to: [CLPoint].self)
        #expect(result.value == [CLPoint(x: 1, y: 2), CLPoint(x: 4, y: 5)])
        #expect(result.errors.map(\.description) == [
            "root(Array<CLPoint>) > [1](CLPoint) : Unexpectedly found an object",
            "root(Array<CLPoint>) > [2](CLPoint) > [1](Int) : No value is present",
            "root(Array<CLPoint>) > [3](CLPoint) : Unexpectedly found a string",
        ])
        #expect(result.errors.map { $0.location?.offset } == [9, 27, 32])
    }

    @Test func rootModelOfWrongJSONTypeWithOptionalFields() {
        let result = APIDataDecoder().decode(string: "true", to: CLTag.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == ["root(CLTag) : Unexpectedly found a boolean"])
        let inDictionary = APIDataDecoder().decode(string: #"{"a": {"label": "x"}, "b": 5}"#, to: [String: CLTag].self)
        #expect(inDictionary.value == ["a": CLTag(label: "x", color: nil)])
        #expect(inDictionary.errors.map(\.description) == [#"root(Dictionary<String, CLTag>) > "b"(CLTag) : Unexpectedly found an integer"#])
    }

    @Test func arrayOfTheWrongJSONTypeFailsARequiredField() {
        let result = APIDataDecoder().decode(string: #"{"order_id": "o-1", "items": {"sku": "A1"}}"#, to: CLOrder.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [#"root(CLOrder order_id=o-1) > "items"(Array<CLItem>) : Unexpectedly found an object"#])
        #expect(result.errors.first?.location == Salvage.SourceLocation(offset: 29, line: 1, column: 30))
    }

    @Test func optionalArrayFields() throws {
        struct CLOptionalList: APIDecodable {
            let numbers: [Int]?
            init?(from decoder: APIDecoder) {
                numbers = decoder["numbers"] --> [Int]?.self
            }
        }
        #expect(APIDataDecoder().decode(string: "{}", to: CLOptionalList.self).value?.numbers == nil)
        #expect(APIDataDecoder().decode(string: #"{"numbers": null}"#, to: CLOptionalList.self).isClean)
        let wrong = APIDataDecoder().decode(string: #"{"numbers": "1,2"}"#, to: CLOptionalList.self)
        #expect(wrong.value != nil)
        #expect(wrong.value?.numbers == nil)
        #expect(wrong.errors.map(\.description) == [#"root(CLOptionalList) > "numbers"(Array<Int>) : Unexpectedly found a string"#])
        let lossy = APIDataDecoder().decode(string: #"{"numbers": [1, true]}"#, to: CLOptionalList.self)
        #expect(lossy.value?.numbers == [1])
        #expect(lossy.errors.map(\.description) == [#"root(CLOptionalList) > "numbers"(Array<Int>) > [1](Int) : Unexpectedly found a boolean"#])
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
        #expect(result.errors.map(\.path.jsonPath) == Self.keys.filter { (Int($0.dropFirst()) ?? -1) % 3 == 0 }.map { #"root["\#($0)"]"# })
        let offsets = result.errors.compactMap { $0.location?.offset }
        #expect(offsets == offsets.sorted())
        #expect(offsets.count == 7)
    }

    @Test func dictionaryOfModels() {
        let json = #"{"x": {"sku": "X", "qty": 1}, "y": {"sku": "Y"}, "z": [], "w": null}"#
        let result = APIDataDecoder().decode(string: json, to: [String: CLItem].self)
        #expect(result.value == ["x": CLItem(sku: "X", qty: 1)])
        #expect(result.errors.map(\.description) == [
            #"root(Dictionary<String, CLItem>) > "y"(CLItem sku=Y) > "qty"(Int) : No value is present"#,
            #"root(Dictionary<String, CLItem>) > "z"(CLItem) : Unexpectedly found an array"#,
            #"root(Dictionary<String, CLItem>) > "w"(CLItem) : Unexpectedly found null"#,
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
        struct CLTagged: APIDecodable {
            let tags: Set<Int>
            init?(from decoder: APIDecoder) {
                guard let tags = decoder["tags"] --> Set<Int>.self else { return nil }
                self.tags = tags
            }
        }
        let result = APIDataDecoder().decode(string: #"{"tags": [3, 1, 3, 2.5]}"#, to: CLTagged.self)
        #expect(try #require(result.value).tags == [1, 3])
        #expect(result.errors.map(\.description) == [#"root(CLTagged) > "tags"(Set<Int>) > [3](Int) : Type Int does not have precision to represent 2.5"#])
    }
}

// MARK: - CountLimited

/// Reads `v` with the `CountLimited` that `mode` names.
struct CLLimited: APIDecodable {
    let value: [Int]?
    let succeeded: Bool
    init?(from decoder: APIDecoder) {
        let v = decoder["v"]
        switch decoder["mode"] --> String.self ?? "" {
        case "exactly": value = v --> CountLimited<[Int]>(exactly: 2)
        case "exactlyMandatory": value = v --> CountLimited<[Int]>(exactly: 2, isMandatory: true)
        case "min": value = v --> CountLimited<[Int]>(min: 2)
        case "minMandatory": value = v --> CountLimited<[Int]>(min: 2, isMandatory: true)
        case "max": value = v --> CountLimited<[Int]>(max: 1)
        case "maxMandatory": value = v --> CountLimited<[Int]>(max: 1, isMandatory: true)
        case "range": value = v --> CountLimited<[Int]>(min: 1, max: 2)
        case "rangeMandatory": value = v --> CountLimited<[Int]>(min: 1, max: 2, isMandatory: true)
        case "sameMinMax": value = v --> CountLimited<[Int]>(min: 2, max: 2)
        case "optionalMax": value = v --> CountLimited<[Int]?>(max: 1)
        case "optionalMaxMandatory": value = v --> CountLimited<[Int]?>(max: 1, isMandatory: true)
        case "optionalExactlyMandatory": value = v --> CountLimited<[Int]?>(exactly: 2, isMandatory: true)
        case "optionalMin": value = v --> CountLimited<[Int]?>(min: 3)
        case "optionalRange": value = v --> CountLimited<[Int]?>(min: 1, max: 2)
        case "methodRequired": value = v.decodeRequired([Int].self, min: 1, max: 2, countsAreMandatory: true)
        case "methodOptional": value = v.decodeOptional([Int].self, min: 1, max: 2, countsAreMandatory: true)
        case "methodNoLimits": value = v.decodeRequired([Int].self, min: nil, max: nil)
        default: value = nil
        }
        succeeded = decoder.succeeded
    }
}

struct CLLimitCase: Sendable, CustomTestStringConvertible {
    let mode: String
    let v: String?
    let value: [Int]?
    let succeeded: Bool
    let errors: [String]
    init(_ mode: String, _ v: String?, _ value: [Int]?, _ succeeded: Bool, _ errors: [String]) {
        self.mode = mode
        self.v = v
        self.value = value
        self.succeeded = succeeded
        self.errors = errors
    }
    var testDescription: String { "\(mode) \(v ?? "absent")" }
}

@Suite struct CountLimitedTests {
    static let tag = #"root(CLLimited) > "v"(Array<Int>)"#

    static let cases: [CLLimitCase] = [
        CLLimitCase("exactly", "[1, 2]", [1, 2], true, []),
        CLLimitCase("exactly", "[1]", [1], true, ["\(tag) : Count not exact: expected 2, actual 1"]),
        CLLimitCase("exactly", "[1, 2, 3]", [1, 2, 3], true, ["\(tag) : Count not exact: expected 2, actual 3"]),
        CLLimitCase("exactlyMandatory", "[1]", nil, false, ["\(tag) : Count not exact: expected 2, actual 1"]),
        CLLimitCase("exactlyMandatory", #"[1, "x", 2]"#, [1, 2], true, ["\(tag) > [1](Int) : Unexpectedly found a string"]),
        CLLimitCase("exactlyMandatory", #"[1, "x"]"#, nil, false, [
            "\(tag) > [1](Int) : Unexpectedly found a string",
            "\(tag) : Count not exact: expected 2, actual 1",
        ]),
        CLLimitCase("exactlyMandatory", #""x""#, nil, false, ["\(tag) : Unexpectedly found a string"]),
        CLLimitCase("exactly", nil, nil, false, ["\(tag) : No value is present"]),
        CLLimitCase("exactly", "null", nil, false, ["\(tag) : Unexpectedly found null"]),
        CLLimitCase("min", "[1]", [1], true, ["\(tag) : Count below min: min 2, actual 1"]),
        CLLimitCase("min", "[1, 2, 3]", [1, 2, 3], true, []),
        CLLimitCase("minMandatory", "[1]", nil, false, ["\(tag) : Count below min: min 2, actual 1"]),
        CLLimitCase("minMandatory", "[1, null, 3]", [1, 3], true, ["\(tag) > [1](Int) : Unexpectedly found null"]),
        CLLimitCase("max", "[1, 2]", [1, 2], true, ["\(tag) : Count above max: max 1, actual 2"]),
        CLLimitCase("max", "[]", [], true, []),
        CLLimitCase("maxMandatory", "[1, 2]", nil, false, ["\(tag) : Count above max: max 1, actual 2"]),
        CLLimitCase("maxMandatory", #"[1, "2"]"#, [1], true, ["\(tag) > [1](Int) : Unexpectedly found a string"]),
        CLLimitCase("range", "[]", [], true, ["\(tag) : Count below min: min 1, actual 0"]),
        CLLimitCase("range", "[1, 2, 3]", [1, 2, 3], true, ["\(tag) : Count above max: max 2, actual 3"]),
        CLLimitCase("range", "[1, 2]", [1, 2], true, []),
        CLLimitCase("rangeMandatory", "[1, 2, 3]", nil, false, ["\(tag) : Count above max: max 2, actual 3"]),
        CLLimitCase("rangeMandatory", "[true]", nil, false, [
            "\(tag) > [0](Int) : Unexpectedly found a boolean",
            "\(tag) : Count below min: min 1, actual 0",
        ]),
        CLLimitCase("sameMinMax", "[1]", [1], true, ["\(tag) : Count not exact: expected 2, actual 1"]),
        CLLimitCase("optionalMax", "[1, 2]", [1, 2], true, ["\(tag) : Count above max: max 1, actual 2"]),
        CLLimitCase("optionalMaxMandatory", "[1, 2]", nil, true, ["\(tag) : Count above max: max 1, actual 2"]),
        CLLimitCase("optionalMaxMandatory", "[1]", [1], true, []),
        CLLimitCase("optionalMaxMandatory", nil, nil, true, []),
        CLLimitCase("optionalMaxMandatory", "null", nil, true, []),
        CLLimitCase("optionalMaxMandatory", "{}", nil, true, ["\(tag) : Unexpectedly found an object"]),
        CLLimitCase("optionalExactlyMandatory", #"[1, 2, "3"]"#, [1, 2], true, ["\(tag) > [2](Int) : Unexpectedly found a string"]),
        CLLimitCase("optionalExactlyMandatory", "[1, 2, 3]", nil, true, ["\(tag) : Count not exact: expected 2, actual 3"]),
        CLLimitCase("optionalMin", "[1]", [1], true, ["\(tag) : Count below min: min 3, actual 1"]),
        CLLimitCase("optionalRange", "[]", [], true, ["\(tag) : Count below min: min 1, actual 0"]),
        CLLimitCase("methodRequired", "[1, 2, 3]", nil, false, ["\(tag) : Count above max: max 2, actual 3"]),
        CLLimitCase("methodOptional", "[1, 2, 3]", nil, true, ["\(tag) : Count above max: max 2, actual 3"]),
        CLLimitCase("methodOptional", "[1]", [1], true, []),
        CLLimitCase("methodNoLimits", "[]", [], true, []),
        CLLimitCase("methodNoLimits", nil, nil, false, ["\(tag) : No value is present"]),
    ]

    @Test(arguments: cases)
    func countLimit(_ testCase: CLLimitCase) throws {
        let json = testCase.v.map { #"{"mode": "\#(testCase.mode)", "v": \#($0)}"# } ?? #"{"mode": "\#(testCase.mode)"}"#
        let result = APIDataDecoder().decode(string: json, to: CLLimited.self)
        if testCase.succeeded {
            let model = try #require(result.value)
            #expect(model.value == testCase.value)
        } else {
            // A failed required count fails the model, which is discarded although it returns a value.
            #expect(result.value == nil)
        }
        #expect(result.errors.map(\.description) == testCase.errors)
    }

    @Test func countErrorsHaveReasonsAndLocations() throws {
        let json = #"{"mode": "exactly", "v": [1]}"#
        let result = APIDataDecoder().decode(string: json, to: CLLimited.self)
        let error = try #require(result.errors.first)
        #expect(error.reason == .countNotExact(expected: 2, actual: 1))
        #expect(error.path.jsonPath == #"root["v"]"#)
        #expect(error.location == Salvage.SourceLocation(offset: 25, line: 1, column: 26))
        #expect(error == APIDecodeError(path: ["root", "v"], expected: 2, actual: 1))
    }

    @Test func countLimitedDictionariesAndSets() throws {
        struct CLLimitedMaps: APIDecodable {
            let map: [String: Int]?
            let set: Set<String>?
            init?(from decoder: APIDecoder) {
                map = decoder["map"] --> CountLimited<[String: Int]?>(min: 2, isMandatory: true)
                set = decoder["set"] --> CountLimited<Set<String>?>(max: 2)
            }
        }
        let result = APIDataDecoder().decode(string: #"{"map": {"a": 1, "b": "x"}, "set": ["p", "q", "r"]}"#, to: CLLimitedMaps.self)
        let model = try #require(result.value)
        #expect(model.map == nil)
        #expect(model.set == ["p", "q", "r"])
        #expect(result.errors.map(\.description) == [
            #"root(CLLimitedMaps) > "map"(Dictionary<String, Int>) > "b"(Int) : Unexpectedly found a string"#,
            #"root(CLLimitedMaps) > "map"(Dictionary<String, Int>) : Count below min: min 2, actual 1"#,
            #"root(CLLimitedMaps) > "set"(Set<String>) : Count above max: max 2, actual 3"#,
        ])
    }

    @Test func countLimitedArraysOfModels() throws {
        struct CLPair: APIDecodable {
            let items: [CLItem]
            init?(from decoder: APIDecoder) {
                guard let items = decoder["items"] --> CountLimited<[CLItem]>(exactly: 2, isMandatory: true) else { return nil }
                self.items = items
            }
        }
        let good = APIDataDecoder().decode(string: #"{"items": [{"sku": "a", "qty": 1}, {"sku": "b", "qty": 2}, {"sku": "c"}]}"#, to: CLPair.self)
        #expect(try #require(good.value).items.map(\.sku) == ["a", "b"])
        #expect(good.errors.map(\.description) == [#"root(CLPair) > "items"(Array<CLItem>) > [2](CLItem sku=c) > "qty"(Int) : No value is present"#])

        let bad = APIDataDecoder().decode(string: #"{"items": [{"sku": "a", "qty": 1}]}"#, to: CLPair.self)
        #expect(bad.value == nil)
        #expect(bad.errors.map(\.description) == [#"root(CLPair) > "items"(Array<CLItem>) : Count not exact: expected 2, actual 1"#])
    }
}
