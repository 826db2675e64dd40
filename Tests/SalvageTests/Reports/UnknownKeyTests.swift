import Salvage
import Testing

/// Schema drift: keys no decoder read, reported once per model type and key, at info level.
struct UnknownKeyTests {
    struct UKItem: APIDecodable {
        static var idKey: String? { "id" }
        let id: Int
        let extra: JSONValue?
        init?(from decoder: APIDecoder) {
            guard let id = decoder["id"] --> Int.self else { return nil }
            self.id = id
            extra = decoder["extra"] --> JSONValue?.self
        }
    }

    struct UKOrder: APIDecodable {
        let items: [UKItem]
        let labels: [String: String]
        init?(from decoder: APIDecoder) {
            guard let items = decoder["items"] --> [UKItem].self, let labels = decoder["labels"] --> [String: String].self else { return nil }
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
        let result = APIDataDecoder(options: options).decode(string: Self.json, to: UKOrder.self)
        #expect(result.value?.items.count == 2)
        #expect(result.errors.map { "\($0.severity) \($0.code) \($0)" } == [
            #"info unknown_key root(UKOrder) > "items"(Array<UKItem>) > [0](UKItem id=1) > "colour" : Key "colour" of UKItem was never read (in 2 records)"#,
            #"info unknown_key root(UKOrder) > "items"(Array<UKItem>) > [1](UKItem id=2) > "size" : Key "size" of UKItem was never read (in 1 record)"#,
            #"info unknown_key root(UKOrder) > "renamed_field" : Key "renamed_field" of UKOrder was never read (in 1 record)"#,
        ])
    }

    @Test func offByDefault() {
        #expect(APIDataDecoder().decode(string: Self.json, to: UKOrder.self).errors == [])
    }
}
