import Foundation
import Salvage
import Testing

// `APIJSONObjectDecoder`: Foundation object trees (dictionaries, arrays, scalars, nil and NSNull, values
// JSON cannot represent); errors have paths but no locations.

@Suite struct JSONObjectDecoderTests {
    @Test func decodesDictionaries() throws {
        let tree: [String: Any] = ["person_id": 8675309, "first_name": "Mary", "last_name": "Smith",
                                   "contact_info": ["phone_number": "(312) 555-1212"], "height": 1.75]
        let result = APIJSONObjectDecoder().decode(jsonObject: tree, to: Person.self)
        #expect(result.isClean)
        let person = try #require(result.value)
        #expect(person.id == 8675309)
        #expect(person.phoneNumber == "(312) 555-1212")
        #expect(person.height == 1.75)
    }

    @Test func errorsHavePathsButNoLocations() throws {
        let tree: [String: Any] = ["person_id": 8675309, "first_name": "Mary", "last_name": "Smith", "height": "really tall"]
        let result = APIJSONObjectDecoder().decode(jsonObject: tree, to: Person.self)
        #expect(result.value != nil)
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.description == #"root(Person person_id=8675309) > "height"(Double) : Unexpectedly found a string"#)
        #expect(error.path.jsonPath == #"root["height"]"#)
        #expect(error.location == nil)
    }

    @Test func nestedArraysInTrees() {
        let tree: [String: Any] = ["items": [1, "two", 3, NSNull()] as [Any]]
        let result = APIJSONObjectDecoder().decode(jsonObject: tree, to: [String: [Int]].self)
        #expect(result.value == ["items": [1, 3]])
        #expect(result.errors.map(\.description) == [
            #"root(Dictionary<String, Array<Int>>) > "items"(Array<Int>) > [1](Int) : Unexpectedly found a string"#,
            #"root(Dictionary<String, Array<Int>>) > "items"(Array<Int>) > [3](Int) : Unexpectedly found null"#,
        ])
        #expect(result.errors.allSatisfy { $0.location == nil })
    }

    @Test func nilAndNullAtTheRoot() {
        let absent = APIJSONObjectDecoder().decode(jsonObject: nil, to: Person.self)
        #expect(absent.value == nil)
        #expect(absent.errors.map(\.description) == ["root(Person) : No value is present"])
        #expect(absent.errors.first?.reason == .unexpectedJSONType(actual: .absent))
        #expect(absent.errors.first?.location == nil)

        let null = APIJSONObjectDecoder().decode(jsonObject: NSNull(), to: Person.self)
        #expect(null.value == nil)
        #expect(null.errors.map(\.description) == ["root(Person) : Unexpectedly found null"])
        #expect(null.errors.first?.location == nil)
    }

    @Test func scalarsAtTheTopLevel() {
        #expect(APIJSONObjectDecoder().decode(jsonObject: 5, to: Int.self).value == 5)
        #expect(APIJSONObjectDecoder().decode(jsonObject: "hi", to: String.self).value == "hi")
        #expect(APIJSONObjectDecoder().decode(jsonObject: true, to: Bool.self).value == true)
        #expect(APIJSONObjectDecoder().decode(jsonObject: 2.5, to: Double.self).value == 2.5)
        #expect(APIJSONObjectDecoder().decode(jsonObject: [1, 2], to: [Int].self).value == [1, 2])
        let wrong = APIJSONObjectDecoder().decode(jsonObject: "hi", to: Int.self)
        #expect(wrong.value == nil)
        #expect(wrong.errors.map(\.description) == ["root(Int) : Unexpectedly found a string"])
    }

    @Test func treesJSONCannotRepresent() {
        let result = APIJSONObjectDecoder().decode(jsonObject: ["when": Date(timeIntervalSince1970: 0)] as [String: Any], to: Person.self)
        #expect(result.value == nil)
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.path.jsonPath == "root")
        #expect(result.errors.first?.reason == .other(message: "The object tree cannot be represented as JSON (Dictionary<String, Any>)"))
    }
}
