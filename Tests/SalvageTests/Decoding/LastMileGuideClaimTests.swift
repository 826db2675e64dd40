import Salvage
import Testing

/// The migration guide's example of a non-object element in an array of models (Docs/MigratingFromLastMile.md,
/// "A non-object element in an array of models"), printed exactly as the guide shows it.
@Suite struct LastMileGuideClaimTests {
    struct Item: APIDecodable {
        let identifier: Int
        init?(from decoder: APIDecoder) {
            guard let identifier = decoder["identifier"] --> Int.self else { return nil }
            self.identifier = identifier
        }
    }

    struct Cart: APIDecodable {
        let items: [Item]
        init?(from decoder: APIDecoder) {
            guard let items = decoder["items"] --> [Item].self else { return nil }
            self.items = items
        }
    }

    @Test func aNonObjectElementIsReportedOnceAtTheElement() {
        let result = APIDataDecoder().decode(string: #"{"items": [{"identifier": 1}, {"identifier": 2}, true]}"#, to: Cart.self)
        #expect(result.value?.items.map(\.identifier) == [1, 2])
        #expect(result.errors.map(\.description) == [#"root(Cart) > "items"(Array<Item>) > [2](Item) : Unexpectedly found a boolean"#])
    }
}
