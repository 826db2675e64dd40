import Foundation
import Salvage
import Testing

/// `CodableRecovery`: `.salvage` (the default) keeps what it can of plain, synthesized `Codable` models and
/// records every loss; `.strict` stops at the first error like `JSONDecoder`. How the errors compare with the
/// native path is in `CodableAgreementTests`.
struct CodableRecoveryTests {
    struct Bag: Decodable {
        let counts: [String: Int]
        let ids: Set<Int>
        let nested: [[Int]]
    }

    private static let bag = #"{"counts": {"a": 1, "b": "x", "c": 3}, "ids": [1, "2", 3], "nested": [[1, true], "no", [2]]}"#

    @Test func dictionariesSetsAndNestedArraysDropFailingElements() throws {
        let result = APIDataDecoder().decode(string: Self.bag, toDecodable: Bag.self)
        let bag = try #require(result.value)
        #expect(bag.counts == ["a": 1, "c": 3])
        #expect(bag.ids == [1, 3])
        #expect(bag.nested == [[1], [2]])
        #expect(result.errors.map(\.description) == [
            #"root(Bag) > "counts"(Dictionary<String, Int>) > "b"(Int) : Unexpectedly found a string"#,
            #"root(Bag) > "ids"(Set<Int>) > [1](Int) : Unexpectedly found a string"#,
            #"root(Bag) > "nested"(Array<Array<Int>>) > [0](Array<Int>) > [1](Int) : Unexpectedly found a boolean"#,
            #"root(Bag) > "nested"(Array<Array<Int>>) > [1](Array<Int>) : Unexpectedly found a string"#,
        ])
        #expect(result.errors.map(\.severity) == [.recovered, .recovered, .recovered, .recovered])
        #expect(result.errors.map(\.location?.description) == ["line 1, column 26 (byte 25)", "line 1, column 51 (byte 50)",
                                                              "line 1, column 75 (byte 74)", "line 1, column 82 (byte 81)"])
    }

    @Test func strictStopsAtTheFirstErrorLikeJSONDecoder() {
        var options = APIDecodeOptions()
        options.codable.recovery = .strict
        let result = APIDataDecoder(options: options).decode(string: Self.bag, toDecodable: Bag.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(Bag) > "counts" > "b" : Swift DecodingError: type mismatch for Int: Expected to decode Int but found a string instead."#,
        ])
        #expect(result.errors.map(\.code) == ["swift_decoding_error"])
        #expect(CodableStrategies().recovery == .salvage)
    }

    /// A Decodable whose own `init(from:)` validates and throws, and reads a field with a fallback.
    struct Reading: Decodable {
        let celsius: Double
        let unit: String
        enum CodingKeys: String, CodingKey { case celsius, unit }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            celsius = try container.decode(Double.self, forKey: .celsius)
            // A fallback the user chose: nothing is recorded for it.
            unit = (try? container.decode(String.self, forKey: .unit)) ?? "C"
            if celsius < -273.15 {
                throw DecodingError.dataCorruptedError(forKey: .celsius, in: container, debugDescription: "Below absolute zero")
            }
        }
    }

    struct Station: Decodable {
        let readings: [Reading]
        let latest: Reading?
    }

    @Test func errorsTheUsersCodeThrowsAreOneSwiftDecodingErrorAndTryQuestionRecordsNothing() throws {
        let json = #"{"readings": [{"celsius": 20, "unit": 5}, {"celsius": -300}], "latest": {"celsius": -400, "unit": "K"}}"#
        let result = APIDataDecoder().decode(string: json, toDecodable: Station.self)
        let station = try #require(result.value)
        #expect(station.readings.map(\.celsius) == [20] && station.readings.map(\.unit) == ["C"])
        #expect(station.latest == nil)
        #expect(result.errors.map(\.description) == [
            #"root(Station) > "readings" > [1] > "celsius" : Swift DecodingError: data corrupted: Below absolute zero"#,
            #"root(Station) > "latest" > "celsius" : Swift DecodingError: data corrupted: Below absolute zero"#,
        ])
        #expect(result.errors.map(\.code) == ["swift_decoding_error", "swift_decoding_error"])
        #expect(result.errors.map(\.severity) == [.recovered, .recovered])
    }

    struct Order: Decodable, APIIdentifiable {
        static var idKey: String? { "order_id" }
        let orderId: Int
        let shippedAt: Date?
    }

    @Test func rootCollectionsSnakeCaseDatesAndRecordIDs() throws {
        var options = APIDecodeOptions()
        options.codable = CodableStrategies(keys: .convertFromSnakeCase, dates: .iso8601)
        let json = #"[{"order_id": 7, "shipped_at": "soon"}, {"order_id": "8"}, {"order_id": 9, "shipped_at": "2024-02-29T12:30:45Z"}]"#
        let result = APIDataDecoder(options: options).decode(string: json, toDecodable: [Order].self)
        let orders = try #require(result.value)
        #expect(orders.map(\.orderId) == [7, 9])
        #expect(orders.map(\.shippedAt) == [nil, Date(timeIntervalSince1970: 1_709_209_845)])
        #expect(result.errors.map(\.description) == [
            #"root(Array<Order>) > [0](Order order_id=7) > "shipped_at"(Date) : Cannot read "soon" as Date: expected ISO 8601 date and time"#,
            #"root(Array<Order>) > [1](Order order_id=8) > "order_id"(Int) : Unexpectedly found a string"#,
        ])
        #expect(result.errors.map(\.code) == ["invalid_format", "type_mismatch"])
        #expect(result.errors.map(\.severity) == [.recovered, .failure])
    }
}
