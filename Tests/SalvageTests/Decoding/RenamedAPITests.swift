import Salvage
import Testing

/// Public names renamed for clarity keep working under their former names, as deprecated aliases (listed in
/// Docs/Changelog.md), so code written against them still compiles.
@Suite("Renamed public API")
struct RenamedAPITests {
    private struct Contact: APIDecodable {
        let phone: String?
        init?(from decoder: APIDecoder) {
            phone = decoder[path: Self.phonePath] --> String?.self
        }
        // Spelled with the former name on purpose: what a user's code written before the rename says.
        @available(*, deprecated, message: "uses the former name APIPath")
        static var formerPhonePath: APIPath { "contact_info.phone_number" }
        static let phonePath = APIQueryPath("contact_info.phone_number")
    }

    @available(*, deprecated, message: "uses the former name APIPath")
    @Test func apiPathIsTheFormerNameOfAPIQueryPath() {
        let former: APIPath = "contact_info.phone_number"
        #expect(former == Contact.phonePath)
        #expect(Contact.formerPhonePath == Contact.phonePath)
        #expect(former.components == [.keyOrIndex("contact_info"), .keyOrIndex("phone_number")])
        let result = APIDataDecoder().decode(string: #"{"contact_info": {"phone_number": "555-0100"}}"#, to: Contact.self)
        #expect(result.value?.phone == "555-0100")
        #expect(result.errors.isEmpty)
    }
}
