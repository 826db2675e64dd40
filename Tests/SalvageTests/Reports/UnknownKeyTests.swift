import Salvage
import Testing

/// Schema drift: keys no decoder read, reported once per model type and key, at info level.
struct UnknownKeyTests {
    private struct UnknownKeyItem: APIDecodable {
        static var idKey: String? { "id" }
        let id: Int
        let extra: JSONValue?
        init?(from decoder: APIDecoder) {
            guard let id = decoder["id"] --> Int.self else { return nil }
            self.id = id
            extra = decoder["extra"] --> JSONValue?.self
        }
    }

    private struct UnknownKeyOrder: APIDecodable {
        let items: [UnknownKeyItem]
        let labels: [String: String]
        init?(from decoder: APIDecoder) {
            guard let items = decoder["items"] --> [UnknownKeyItem].self, let labels = decoder["labels"] --> [String: String].self else { return nil }
            self.items = items
            self.labels = labels
        }
    }

    static let json = #"""
    {"items": [{"id": 1, "colour": "red", "extra": {"deep": 1}}, {"id": 2, "colour": "blue", "size": 3}],
     "labels": {"a": "b"}, "renamed_field": true}
    """#

    @Test func unreadKeysAreReportedOncePerTypeAndKeyWithTheirCount() {
        var options = APIDecodeOptions()
        options.reportsUnknownKeys = true
        let result = APIDataDecoder(options: options).decode(string: Self.json, to: UnknownKeyOrder.self)
        #expect(result.value?.items.count == 2)
        #expect(result.errors.map { "\($0.severity) \($0.code) \($0)" } == [
            #"info unknown_key root(UnknownKeyOrder) > "items"(Array<UnknownKeyItem>) > [0](UnknownKeyItem id=1) > "colour" : Key "colour" of UnknownKeyItem was never read (in 2 records)"#,
            #"info unknown_key root(UnknownKeyOrder) > "items"(Array<UnknownKeyItem>) > [1](UnknownKeyItem id=2) > "size" : Key "size" of UnknownKeyItem was never read (in 1 record)"#,
            #"info unknown_key root(UnknownKeyOrder) > "renamed_field" : Key "renamed_field" of UnknownKeyOrder was never read (in 1 record)"#,
        ])
    }

    @Test func offByDefault() {
        #expect(APIDataDecoder().decode(string: Self.json, to: UnknownKeyOrder.self).errors == [])
    }
}
