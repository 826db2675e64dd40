import Foundation
import Salvage
import Testing

/// Review C: with `.convertFromSnakeCase`, the keys of a `[String: T]` are data, not coding keys. `JSONDecoder`
/// leaves them as written (and `APIDataEncoder`, like `JSONEncoder`, writes them as they are); the bridge
/// converted them (`"some_key"` became `"someKey"`), under `.strict` and `.salvage` alike, so a model with such
/// a dictionary decoded differently from `JSONDecoder` and did not read back what the encoder wrote.
@Suite struct StringDictionarySnakeCaseTests {
    struct Entry: Codable, Equatable {
        var count: Int
        var userName: String?
    }

    struct Catalog: Codable, Equatable {
        var itemsByKey: [String: Entry]
    }

    static let json = #"{"items_by_key": {"some_key": {"count": 1, "user_name": "Ada"}, "plain": {"count": 2}}}"#
    static let expected = Catalog(itemsByKey: ["some_key": Entry(count: 1, userName: "Ada"), "plain": Entry(count: 2, userName: nil)])

    @Test(arguments: [CodableRecovery.strict, .salvage])
    func keysStayAsWrittenAsJSONDecoderKeepsThem(recovery: CodableRecovery) throws {
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try foundation.decode(Catalog.self, from: Data(Self.json.utf8)) == Self.expected)
        var options = APIDecodeOptions()
        options.codable = CodableStrategies(keys: .convertFromSnakeCase, recovery: recovery)
        let result = APIDataDecoder(options: options).decode(string: Self.json, toDecodable: Catalog.self)
        #expect(result.errors.map(\.description) == [])
        #expect(result.value == Self.expected)
    }

    @Test func aFailingMemberIsReportedAtItsKeyAsWritten() {
        var options = APIDecodeOptions()
        options.codable.keys = .convertFromSnakeCase
        let json = #"{"items_by_key": {"some_key": {"count": "x"}, "other_key": {"count": 3}}}"#
        let result = APIDataDecoder(options: options).decode(string: json, toDecodable: Catalog.self)
        #expect(result.value == Catalog(itemsByKey: ["other_key": Entry(count: 3, userName: nil)]))
        #expect(result.errors.map(\.description) == [
            #"root(Catalog) > "items_by_key"(Dictionary<String, Entry>) > "some_key"(Entry) > "count"(Int) : Unexpectedly found a string"#,
        ])
    }

    @Test func whatTheEncoderWritesReadsBack() throws {
        var encoder = APIDataEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.strategies.keys = .convertToSnakeCase
        let data = try encoder.encode(Self.expected)
        #expect(String(decoding: data, as: UTF8.self)
            == #"{"items_by_key":{"plain":{"count":2},"some_key":{"count":1,"user_name":"Ada"}}}"#)
        var options = APIDecodeOptions()
        options.codable.keys = .convertFromSnakeCase
        #expect(APIDataDecoder(options: options).decode(data: data, toDecodable: Catalog.self).value == Self.expected)
    }

    /// Under `.strict`, the error `JSONDecoder` would throw is placed by its coding path, whose dictionary key is
    /// the key as written: the path reaches the member and the location is the value's.
    @Test func aStrictErrorInsideTheDictionaryHasItsFullPath() {
        var options = APIDecodeOptions.strictCodable
        options.codable.keys = .convertFromSnakeCase
        let json = #"{"items_by_key": {"some_key": {"count": "x"}}}"#
        let result = APIDataDecoder(options: options).decode(string: json, toDecodable: Catalog.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(Catalog) > "items_by_key" > "some_key" > "count" : Swift DecodingError: type mismatch for Int: Expected to decode Int but found a string instead."#,
        ])
        #expect(result.errors.map(\.location?.description) == ["line 1, column 41 (byte 40)"])
    }
}
