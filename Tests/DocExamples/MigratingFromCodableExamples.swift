// Every ```swift block of Docs/MigratingFromCodable.md, in order: the "before" code runs with Foundation's
// JSONDecoder, the "after" code with Salvage, on the same input. DocBlocksAreMirroredTests checks that
// the lines are the guide's.
import Foundation
import Salvage
import Testing

@Suite("MigratingFromCodable.md") struct MigratingFromCodableExamples {
    // MARK: Keep your Codable models

    @Test func keepYourCodableModels() throws {
        struct Item: Codable, APIIdentifiable {
            static var idKey: String? { "sku" }
            let sku: String
            let quantity: Int
            let note: String?
        }
        struct Cart: Codable { let items: [Item] }

        let json = #"{"items": [{"sku": "A-1", "quantity": 1, "note": 5}, {"sku": "B-2", "quantity": "two"}]}"#
        let result = APIDataDecoder().decode(string: json, toDecodable: Cart.self)
        // result.value?.items: A-1 (its note nil); B-2 dropped
        // root(Cart) > "items"(Array<Item>) > [0](Item sku=A-1) > "note"(String) : Unexpectedly found an integer
        // root(Cart) > "items"(Array<Item>) > [1](Item sku=B-2) > "quantity"(Int) : Unexpectedly found a string
        let items = try #require(result.value?.items)
        #expect(items.map(\.sku) == ["A-1"] && items[0].note == nil)
        #expect(result.errors.map(\.description) == [
            #"root(Cart) > "items"(Array<Item>) > [0](Item sku=A-1) > "note"(String) : Unexpectedly found an integer"#,
            #"root(Cart) > "items"(Array<Item>) > [1](Item sku=B-2) > "quantity"(Int) : Unexpectedly found a string"#,
        ])
        #expect(result.errors.map(\.severity) == [.recovered, .failure])
    }

    // MARK: 1. Same models, better errors

    struct User: Decodable, Equatable {
        let displayName: String
        let createdAt: Date
    }

    @Test func sameModelsBetterErrors() throws {
        var shown: [User] = []
        var logged: [[APIDecodeError]] = []
        func show(_ user: User) { shown.append(user) }
        func log(_ errors: [APIDecodeError]) { logged.append(errors) }
        let data = Data(#"{"display_name": "Ada", "created_at": "2024-03-01T12:30:00Z"}"#.utf8)

        // before
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        let user = try decoder.decode(User.self, from: data)

        // after
        var options = APIDecodeOptions()
        options.codable = CodableStrategies(keys: .convertFromSnakeCase, dates: .iso8601)
        let result = APIDataDecoder(options: options).decode(data: data, toDecodable: User.self)
        if let user = result.value { show(user) } else { log(result.errors) }
        let ada = User(displayName: "Ada", createdAt: Date(timeIntervalSince1970: 1_709_296_200))
        #expect(user == ada)
        #expect(shown == [ada] && logged.isEmpty)
        #expect(result.isClean)
    }

    /// A required property that fails fails its model: here the root, with one error at the property, its
    /// path in the JSON's own spelling and the code the native path gives.
    @Test func atMostOneErrorWithItsPath() throws {
        let data = Data(#"{"display_name": 7,\#n "created_at": "yesterday"}"#.utf8)
        var options = APIDecodeOptions()
        options.codable = CodableStrategies(keys: .convertFromSnakeCase, dates: .iso8601)
        let result = APIDataDecoder(options: options).decode(data: data, toDecodable: User.self)
        #expect(result.value == nil)
        try #require(result.errors.count == 1)
        #expect(result.errors[0].path.jsonPath == #"root["display_name"]"#)
        #expect(result.errors[0].code == "type_mismatch")
        #expect(result.errors[0].location?.line == 1)
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(throws: DecodingError.self) { try decoder.decode(User.self, from: data) }
    }

    /// The defaults in the strategies table: default keys and seconds since 2001, like `JSONDecoder`'s.
    @Test func strategyDefaults() throws {
        struct Stamp: Decodable, Equatable { let createdAt: Date }
        let data = Data(#"{"createdAt": 10}"#.utf8)
        let salvage = APIDataDecoder().decode(data: data, toDecodable: Stamp.self)
        #expect(salvage.value == Stamp(createdAt: Date(timeIntervalSinceReferenceDate: 10)))
        #expect(try JSONDecoder().decode(Stamp.self, from: data) == salvage.value)
    }
}

// MARK: 2. Salvage models where data is flaky

/// The guide's `Order` before the migration: all `Codable`.
private enum BeforeMigration {
    struct Item: Decodable {
        let sku: String
        let quantity: Int
    }

    struct Address: Decodable {
        let city: String
    }

    // before
    struct Order: Decodable {
        let id: Int
        let items: [Item]          // one bad item loses the whole order
        let shipping: Address
    }
}

/// The guide's `Order` after the migration: `Order` and `Item` are Salvage models, `Address` stays `Codable`.
private enum AfterMigration {
    struct Item: APIDecodable {
        static var idKey: String? { "sku" }
        let sku: String
        let quantity: Int
        init?(from decoder: APIDecoder) {
            let sku      = decoder["sku"] --> String.self
            let quantity = decoder["quantity"] --> Int.self
            guard decoder.succeeded else { return nil }
            self.sku = sku!
            self.quantity = quantity!
        }
    }

    struct Address: Decodable {
        let city: String
    }

    // after
    struct Order: APIDecodable {
        static var idKey: String? { "id" }
        let id: Int
        let items: [Item]          // Item: APIDecodable — bad items are dropped and reported
        let shipping: Address      // still Codable
        init?(from decoder: APIDecoder) {
            guard let (id, items, shipping) = decoder.all(
                decoder["id"] --> Int.self,
                decoder["items"] --> [Item].self,
                decoder["shipping"].decodeRequired(swiftDecodable: Address.self)
            ) else { return nil }                // every field decoded (and reported) first; no `!`
            (self.id, self.items, self.shipping) = (id, items, shipping)
        }
    }
}

extension MigratingFromCodableExamples {
    static var order: Data {
        Data("""
        {"id": 17, "items": [{"sku": "A-1", "quantity": 2}, {"sku": "B-2", "quantity": "two"}, {"sku": "C-3", "quantity": 1}],
         "shipping": {"city": "Lyon"}}
        """.utf8)
    }

    @Test func beforeOneBadItemLosesTheOrder() throws {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(BeforeMigration.Order.self, from: Self.order) }
        let good = Data(#"{"id": 17, "items": [{"sku": "A-1", "quantity": 2}], "shipping": {"city": "Lyon"}}"#.utf8)
        #expect(try JSONDecoder().decode(BeforeMigration.Order.self, from: good).items.map(\.sku) == ["A-1"])
    }

    @Test func afterBadItemsAreDroppedAndReported() throws {
        let result = APIDataDecoder().decode(data: Self.order, to: AfterMigration.Order.self)
        let order = try #require(result.value)
        #expect(order.id == 17 && order.items.map(\.sku) == ["A-1", "C-3"] && order.shipping.city == "Lyon")
        #expect(result.errors.map(\.description) == [
            #"root(Order id=17) > "items"(Array<Item>) > [1](Item sku=B-2) > "quantity"(Int) : Unexpectedly found a string"#,
        ])
        // The Codable part fails the model when it fails.
        let badShipping = Data(#"{"id": 17, "items": [], "shipping": {"town": "Lyon"}}"#.utf8)
        let failed = APIDataDecoder().decode(data: badShipping, to: AfterMigration.Order.self)
        #expect(failed.value == nil)
        #expect(failed.errors.map(\.path.jsonPath) == [#"root["shipping"]["city"]"#])
        #expect(failed.errors.map(\.description) == [
            #"root(Order id=17) > "shipping"(Address) > "city"(String) : No value is present"#,
        ])
    }

    /// The mapping table: `firstOf` for renames, paths for nested containers, defaults that still report.
    @Test func mappingTable() throws {
        let result = decodeInModel(#"{"old": 1, "a": {"b": 2}, "k": "x"}"#) { (decoder: APIDecoder) -> [Int]? in
            let renamed = decoder[firstOf: "new", "old"] --> Int.self
            let nested = decoder["a"]["b"] --> Int.self
            let dotted = decoder[path: "a.b"] --> Int.self
            let defaulted = decoder["k"].decode(Int.self, default: 0, when: .missingNullOrInvalid)
            guard decoder.succeeded else { return nil }
            return [renamed!, nested!, dotted!, defaulted]
        }
        #expect(result.value == [1, 2, 2, 0])
        #expect(result.errors.map(\.path.jsonPath) == [#"root["k"]"#])
    }

    @Test func salvagedInsideCodable() throws {
        let data = Data("""
        {"requestId": "r-1", "people": [
          {"person_id": 1, "first_name": "Ada", "last_name": "Lovelace"},
          {"person_id": 2, "last_name": "Hopper"},
          {"person_id": 3, "first_name": "Mary", "last_name": "Smith", "height": "tall"}]}
        """.utf8)
        struct Envelope: Decodable {
            let requestId: String
            let people: Salvaged<[Person]>       // lossy, every problem recorded
        }
        let result = APIDataDecoder().decode(data: data, toDecodable: Envelope.self)
        let people = result.value?.people.value
        #expect(result.value?.requestId == "r-1")
        #expect(people?.map(\.id) == [1, 3])
        #expect(result.errors.map(\.path.jsonPath) == [#"root["people"][1]["first_name"]"#, #"root["people"][2]["height"]"#])
        // Decoded by JSONDecoder, the Salvaged part is decoded by Salvage on its own.
        let foundation = try JSONDecoder().decode(Envelope.self, from: data)
        #expect(foundation.people.value.map(\.id) == [1, 3])
        let notAnArray = Data(#"{"requestId": "r-2", "people": {"person_id": 1}}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Envelope.self, from: notAnArray) }
    }
}
