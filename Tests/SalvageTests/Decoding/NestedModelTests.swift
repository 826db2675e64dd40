import Foundation
import Salvage
import Testing

// Models inside models: which failures fail the parent, what is reported once, and the paths of
// reads through scalars, absent and null values.

private struct Address: APIDecodable, Equatable {
    let street: String
    let city: String
    let zip: String?

    init(street: String, city: String, zip: String?) {
        self.street = street
        self.city = city
        self.zip = zip
    }

    init?(from decoder: APIDecoder) {
        let street = decoder["street"] --> String.self
        let city = decoder["city"] --> String.self
        let zip = decoder["zip"] --> String?.self
        guard decoder.succeeded, let street, let city else { return nil }
        self.init(street: street, city: city, zip: zip)
    }
}

private struct Customer: APIDecodable, Equatable {
    static var idKey: String? { "customer_id" }
    let id: String
    let home: Address
    let work: Address?

    init(id: String, home: Address, work: Address?) {
        self.id = id
        self.home = home
        self.work = work
    }

    init?(from decoder: APIDecoder) {
        let id = decoder["customer_id"] --> String.self
        let home = decoder["home"] --> Address.self
        let work = decoder["work"] --> Address?.self
        guard decoder.succeeded, let id, let home else { return nil }
        self.init(id: id, home: home, work: work)
    }
}

@Suite struct NestedModelTests {
    let home = #"{"street": "1 Main St", "city": "Springfield"}"#

    @Test func cleanNestedModels() throws {
        let json = #"{"customer_id": "c-1", "home": \#(home), "work": {"street": "2 Side St", "city": "Shelbyville", "zip": "12345"}}"#
        let result = decodeJSON(json, as: Customer.self)
        #expect(result.isClean)
        #expect(result.value == Customer(id: "c-1",
                                           home: Address(street: "1 Main St", city: "Springfield", zip: nil),
                                           work: Address(street: "2 Side St", city: "Shelbyville", zip: "12345")))
    }

    @Test func requiredFieldInOptionalNestedModelFailsOnlyTheNestedModel() throws {
        let json = #"{"customer_id": "c-1", "home": \#(home), "work": {"street": "2 Side St"}}"#
        let result = decodeJSON(json, as: Customer.self)
        let customer = try #require(result.value)
        #expect(customer.work == nil)
        #expect(customer.home == Address(street: "1 Main St", city: "Springfield", zip: nil))
        try #require(result.errors.count == 1)
        let error = result.errors[0]
        #expect(error.description == #"root(Customer customer_id=c-1) > "work"(Address) > "city"(String) : No value is present"#)
        #expect(error.path.jsonPath == #"root["work"]["city"]"#)
        #expect(error.reason == .unexpectedJSONType(actual: .absent))
        // Absent: located at the object it was expected in.
        #expect(sourceText(json, at: error.location, length: 10) == #"{"street":"#)
        #expect(error.location == Salvage.SourceLocation(offset: 87, line: 1, column: 88))
    }

    @Test func requiredFieldInRequiredNestedModelFailsTheParent() throws {
        let json = #"{"customer_id": "c-1", "home": {"street": "1 Main St", "city": 5}}"#
        let result = decodeJSON(json, as: Customer.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(Customer customer_id=c-1) > "home"(Address) > "city"(String) : Unexpectedly found an integer"#,
        ])
        #expect(result.errors.first?.location == Salvage.SourceLocation(offset: 63, line: 1, column: 64))
    }

    @Test func missingRequiredNestedModelFailsTheParent() {
        let result = decodeJSON(#"{"customer_id": "c-1"}"#, as: Customer.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [#"root(Customer customer_id=c-1) > "home"(Address) : No value is present"#])
        #expect(result.errors.first?.location == Salvage.SourceLocation(offset: 0, line: 1, column: 1))
    }

    @Test func nullOptionalNestedModelIsNotAnError() throws {
        let result = decodeJSON(#"{"customer_id": "c-1", "home": \#(home), "work": null}"#, as: Customer.self)
        #expect(result.isClean)
        #expect(try #require(result.value).work == nil)
    }

    @Test func requiredNestedModelOfWrongJSONTypeIsReportedOnce() {
        let json = #"{"customer_id": "c-1", "home": true}"#
        let result = decodeJSON(json, as: Customer.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [#"root(Customer customer_id=c-1) > "home"(Address) : Unexpectedly found a boolean"#])
        #expect(result.errors.first?.location == Salvage.SourceLocation(offset: 31, line: 1, column: 32))
    }

    @Test func optionalNestedModelOfWrongJSONTypeIsReportedOnceAndKeepsTheParent() throws {
        let json = #"{"customer_id": "c-1", "home": \#(home), "work": "nowhere"}"#
        let result = decodeJSON(json, as: Customer.self)
        let customer = try #require(result.value)
        #expect(customer.work == nil)
        #expect(result.errors.map(\.description) == [#"root(Customer customer_id=c-1) > "work"(Address) : Unexpectedly found a string"#])
        #expect(sourceText(json, at: result.errors.first?.location, length: 9) == "\"nowhere\"")
    }

    @Test func modelAtTheRootOfTheWrongJSONType() {
        let result = decodeJSON("[1, 2]", as: Address.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == ["root(Address) : Unexpectedly found an array"])
        #expect(result.errors.first?.path.jsonPath == "root")
        #expect(result.errors.first?.location == Salvage.SourceLocation(offset: 0, line: 1, column: 1))
    }

    @Test func nullRootModelIsOneError() {
        let result = decodeJSON("null", as: Address.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == ["root(Address) : Unexpectedly found null"])
    }

    @Test func readingThroughAScalarReportsTheScalarOnce() {
        struct ThroughScalar: APIDecodable {
            let zip: String?
            init?(from decoder: APIDecoder) {
                let street = decoder["address"]["street"] --> String?.self
                zip = decoder["address"]["zip"] --> String?.self
                _ = street
            }
        }
        let json = #"{"address": 42}"#
        let result = decodeJSON(json, as: ThroughScalar.self)
        #expect(result.value != nil)
        #expect(result.errors.map(\.description) == [#"root(ThroughScalar) > "address" : Unexpectedly found an integer"#])
        #expect(result.errors.first?.location == Salvage.SourceLocation(offset: 12, line: 1, column: 13))
    }

    @Test func readingThroughAnAbsentOrNullValueNamesTheFullPath() {
        struct DeepRequired: APIDecodable {
            init?(from decoder: APIDecoder) {
                _ = decoder["a"]["b"][2]["c"] --> Int.self
                _ = decoder["n"]["x"] --> Int.self
                _ = decoder["n"]["y"] --> Int?.self
                return nil
            }
        }
        let json = #"{"n": null}"#
        let result = decodeJSON(json, as: DeepRequired.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(DeepRequired) > "a" > "b" > [2] > "c"(Int) : No value is present"#,
            #"root(DeepRequired) > "n" > "x"(Int) : No value is present"#,
        ])
        #expect(result.errors.map(\.path.jsonPath) == [#"root["a"]["b"][2]["c"]"#, #"root["n"]["x"]"#])
        #expect(result.errors.map(\.path.jsonPointer) == ["/a/b/2/c", "/n/x"])
        // Absent values are located at the nearest present value above them.
        #expect(result.errors.first?.location == Salvage.SourceLocation(offset: 0, line: 1, column: 1))
        #expect(result.errors.last?.location == Salvage.SourceLocation(offset: 6, line: 1, column: 7))
    }
}
