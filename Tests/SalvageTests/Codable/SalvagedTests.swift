import Foundation
import Salvage
import Testing

/// APIDecodable models inside Swift Decodable types.
struct SalvagedTests {
    private struct SalvagedEnvelope: Decodable {
        let requestId: String
        let people: Salvaged<[Person]>
    }

    static let json = #"""
    {"requestId": "r-1", "people": [
      {"person_id": 1, "first_name": "Ada", "last_name": "Lovelace", "height": "tall"},
      {"person_id": 2, "first_name": "Alan"}
    ]}
    """#

    @Test func throughSalvageTheModelsErrorsJoinTheList() throws {
        let result = APIDataDecoder().decode(string: Self.json, toDecodable: SalvagedEnvelope.self)
        let envelope = try #require(result.value)
        #expect(envelope.requestId == "r-1")
        #expect(envelope.people.value.map(\.firstName) == ["Ada"])
        #expect(result.errors.map(\.description) == [
            #"root(SalvagedEnvelope) > "people"(Array<Person>) > [0](Person person_id=1) > "height"(Double) : Unexpectedly found a string"#,
            #"root(SalvagedEnvelope) > "people"(Array<Person>) > [1](Person person_id=2) > "last_name"(String) : No value is present"#,
        ])
    }

    @Test func aFailedSalvagedValueFailsItsDecodableWithoutADuplicateError() {
        struct StrictSalvaged: Decodable { let person: Salvaged<Person> }
        let result = APIDataDecoder().decode(string: #"{"person": {"person_id": 3}}"#, toDecodable: StrictSalvaged.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(StrictSalvaged) > "person"(Person person_id=3) > "first_name"(String) : No value is present"#,
            #"root(StrictSalvaged) > "person"(Person person_id=3) > "last_name"(String) : No value is present"#,
        ])
    }

    @Test func throughJSONDecoderTheModelIsDecodedBySalvageOnItsOwn() throws {
        let envelope = try JSONDecoder().decode(SalvagedEnvelope.self, from: Data(Self.json.utf8))
        #expect(envelope.people.value.map(\.id) == [1])
        struct StrictSalvaged: Decodable { let person: Salvaged<Person> }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(StrictSalvaged.self, from: Data(#"{"person": {"person_id": 3}}"#.utf8))
        }
    }
}
