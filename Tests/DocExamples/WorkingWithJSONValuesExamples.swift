// Every ```swift block of Docs/WorkingWithJSONValues.md, in order, with assertions on what the guide says.
// DocBlocksAreMirroredTests checks that the lines are the guide's.
import Foundation
import Salvage
import Testing

@Suite("WorkingWithJSONValues.md") struct WorkingWithJSONValuesExamples {
    @Test func keepingReadingAndBuilding() {
        let response = APIDataDecoder().decode(string: #"{"items": [{"name": "pen", "price": 1.10}], "next": null}"#,
                                               to: JSONValue.self)
        let value = response.value ?? .null
        let name = value["items"]?[0]?["name"]          // .string("pen")
        let price = value[path: "items.0.price"]        // .number(JSONNumber(text: "1.10"))
        let patch: JSONValue = ["name": "pencil", "tags": ["office", "wood"], "stock": 12, "discontinued": false]

        #expect(name == .string("pen"))
        #expect(price == .number(JSONNumber(text: "1.10")))
        #expect(value["next"] == .null)
        #expect(patch["stock"] == .number(JSONNumber(text: "12")) && patch["discontinued"] == .bool(false))
    }

    @Test func writingJSONText() throws {
        let item: JSONValue = ["name": "pen/pencil", "price": .number(JSONNumber(text: "1.10")), "tags": []]
        let compact = try item.jsonString(options: .sortedKeys)
        // {"name":"pen\/pencil","price":1.10,"tags":[]}
        let pretty = try item.jsonString(options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])

        #expect(compact == #"{"name":"pen\/pencil","price":1.10,"tags":[]}"#)
        #expect(pretty == "{\n  \"name\" : \"pen/pencil\",\n  \"price\" : 1.10,\n  \"tags\" : [\n\n  ]\n}")
        let bad: JSONValue = ["price": .number(JSONNumber(text: "1."))]
        #expect(throws: JSONValueError(path: ["price"], problem: #"is not a JSON number: "1.""#)) { try bad.jsonData() }
        let error = JSONValueError(path: ["price"], problem: #"is not a JSON number: "1.""#)
        #expect(error.description == #"The value at ["price"] is not a JSON number: "1.""#)
    }

    @Test func foundationTreesAndCodable() throws {
        let tree = try JSONSerialization.jsonObject(with: Data(#"{"ok": true, "count": 1}"#.utf8))
        let fromTree = try JSONValue(jsonObject: tree)   // ["ok": true, "count": 1]: true stays a Bool, 1 a number
        do {
            _ = try JSONValue(jsonObject: ["items": [1, Date()]])
        } catch {
            print(error)   // The value at ["items"][1] is not JSON: Date
        }

        #expect(fromTree == ["ok": true, "count": 1])
        let error = try #require(throws: JSONValueError.self) { try JSONValue(jsonObject: ["items": [1, Date()]]) }
        #expect(error.description == #"The value at ["items"][1] is not JSON: Date"#)
        let viaFoundation = try JSONDecoder().decode(JSONValue.self, from: Data("[1.10]".utf8))
        #expect(viaFoundation == [1.1])
    }

    @Test func decodingAModelFromAValue() throws {
        let cached: JSONValue = ["person_id": 1, "first_name": "Ada", "last_name": "Lovelace", "height": "tall"]
        let result = APIDataDecoder().decode(jsonValue: cached, to: Person.self)
        // result.value?.firstName == "Ada"; one error:
        // root(Person person_id=1) > "height"(Double) : Unexpectedly found a string

        #expect(result.value?.firstName == "Ada")
        #expect(result.errors.map(\.description) == [#"root(Person person_id=1) > "height"(Double) : Unexpectedly found a string"#])
        #expect(result.errors.first?.location == nil)
    }
}
