import Foundation
import Salvage
import Testing

/// `Salvaged.errors`: what a partial success decoded by another `Decoder` met, with paths relative to the value.
struct SalvagedErrorsTests {
    private struct Envelope: Decodable {
        let requestId: String
        let people: Salvaged<[Person]>
    }

    private static let json = #"""
    {"requestId": "r-1", "people": [
      {"person_id": 1, "first_name": "Ada", "last_name": "Lovelace"},
      {"person_id": 2, "first_name": "Alan"},
      {"person_id": 3, "first_name": "Grace", "last_name": "Hopper", "height": "tall"}
    ]}
    """#

    @Test func jsonDecoderKeepsTheDroppedElementsErrorsRelativeToTheValue() throws {
        let envelope = try JSONDecoder().decode(Envelope.self, from: Data(Self.json.utf8))
        #expect(envelope.requestId == "r-1")
        #expect(envelope.people.value.map(\.id) == [1, 3])
        #expect(envelope.people.errors.map(\.description) == [
            #"root(Array<Person>) > [1](Person person_id=2) > "last_name"(String) : No value is present"#,
            #"root(Array<Person>) > [2](Person person_id=3) > "height"(Double) : Unexpectedly found a string"#,
        ])
        #expect(envelope.people.errors.map(\.code) == ["missing", "type_mismatch"])
        #expect(envelope.people.errors.map(\.severity) == [.failure, .recovered])
        #expect(envelope.people.errors.map(\.path.jsonPointer) == ["/1/last_name", "/2/height"])
        #expect(envelope.people.errors.map(\.value) == [nil, "tall"])
        // No locations: they would point into JSON rebuilt from JSONDecoder's values, not into the input.
        #expect(envelope.people.errors.map(\.location) == [nil, nil])
    }

    @Test func throughSalvageTheErrorsJoinTheDecodesListAndTheValueKeepsNone() throws {
        let result = APIDataDecoder().decode(string: Self.json, toDecodable: Envelope.self)
        let envelope = try #require(result.value)
        #expect(envelope.people.errors.isEmpty)
        #expect(result.errors.map(\.path.jsonPointer) == ["/people/1/last_name", "/people/2/height"])
    }

    @Test func aCleanValueAndTheMemberwiseInitializerHaveNoErrors() throws {
        let clean = #"{"requestId": "r-2", "people": [{"person_id": 1, "first_name": "Ada", "last_name": "Lovelace"}]}"#
        let envelope = try JSONDecoder().decode(Envelope.self, from: Data(clean.utf8))
        #expect(envelope.people.value.map(\.id) == [1])
        #expect(envelope.people.errors.isEmpty)
        let wrapped = Salvaged([Person]())
        #expect(wrapped.value.isEmpty)
        #expect(wrapped.errors.isEmpty)
    }

    private struct Strict: APIDecodable {
        let value: Int
        init?(from decoder: APIDecoder) {
            value = decoder["strict"].decode(Int.self, default: -1, when: .null)
            guard decoder.succeeded else { return nil }
        }
    }

    @Test func anErrorsNoteSurvivesAnotherDecoder() throws {
        let wrapped = try JSONDecoder().decode(Salvaged<[Strict]>.self, from: Data(#"[{"strict": 1}, {}, {"strict": null}]"#.utf8))
        #expect(wrapped.value.map(\.value) == [1, -1])
        #expect(wrapped.errors.map(\.description) == [
            #"root(Array<Strict>) > [1](Strict) > "strict"(Int) : No value is present (a default exists for null values)"#,
        ])
        #expect(wrapped.errors.map(\.note) == ["a default exists for null values"])
        // The same list as Salvage's own decode gives, less the location.
        let direct = APIDataDecoder().decode(string: #"[{"strict": 1}, {}, {"strict": null}]"#, to: [Strict].self)
        #expect(direct.errors.map(\.description) == wrapped.errors.map(\.description))
        #expect(direct.errors.map(\.note) == wrapped.errors.map(\.note))
    }
}
