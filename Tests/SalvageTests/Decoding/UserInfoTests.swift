import Foundation
import Salvage
import Testing

/// `APIDecodeOptions.userInfo`, read as `APIDecoder.userInfo` and as `Decoder.userInfo` on the Codable path.
struct UserInfoTests {
    private static let version = CodingUserInfoKey(rawValue: "apiVersion")!
    private static let locale = CodingUserInfoKey(rawValue: "locale")!

    /// Reads its name from the member the API version in `userInfo` says.
    private struct Account: APIDecodable, Equatable {
        let name: String
        let locale: String?
        init(name: String, locale: String?) { self.name = name; self.locale = locale }
        init?(from decoder: APIDecoder) {
            let version = decoder.userInfo[UserInfoTests.version] as? Int ?? 1
            let name = decoder[version >= 2 ? "display_name" : "name"] --> String.self
            guard decoder.succeeded, let name else { return nil }
            self.init(name: name, locale: decoder.userInfo[UserInfoTests.locale] as? String)
        }
    }

    private struct Team: APIDecodable {
        let owner: Account
        let members: [Account]
        init?(from decoder: APIDecoder) {
            let owner = decoder["owner"] --> Account.self
            let members = decoder["members"] --> [Account].self
            guard decoder.succeeded, let owner, let members else { return nil }
            self.owner = owner
            self.members = members
        }
    }

    /// A Codable model reading `Decoder.userInfo`, with a nested one and a Salvage model inside.
    private struct CodableTeam: Decodable {
        let version: Int?
        let owner: CodableAccount
        let native: Salvaged<Account>
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            version = decoder.userInfo[UserInfoTests.version] as? Int
            owner = try container.decode(CodableAccount.self, forKey: .owner)
            native = try container.decode(Salvaged<Account>.self, forKey: .native)
        }
        enum CodingKeys: String, CodingKey { case owner, native }
    }

    private struct CodableAccount: Decodable {
        let name: String
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let version = decoder.userInfo[UserInfoTests.version] as? Int ?? 1
            name = try container.decode(String.self, forKey: version >= 2 ? .displayName : .name)
        }
        enum CodingKeys: String, CodingKey { case name, displayName = "display_name" }
    }

    private static let json = #"""
    {"owner": {"name": "old", "display_name": "Ada"},
     "members": [{"name": "old", "display_name": "Alan"}, {"name": "Grace"}],
     "native": {"name": "old", "display_name": "Edsger"}}
    """#

    private static var options: APIDecodeOptions {
        var options = APIDecodeOptions()
        options.userInfo[version] = 2
        options.userInfo[locale] = "fr_CH"
        return options
    }

    @Test func aNativeModelReadsTheOptionsUserInfoAtEveryLevel() throws {
        let result = APIDataDecoder(options: Self.options).decode(string: Self.json, to: Team.self)
        let team = try #require(result.value)
        #expect(team.owner == Account(name: "Ada", locale: "fr_CH"))
        #expect(team.members == [Account(name: "Alan", locale: "fr_CH")])
        #expect(result.errors.map(\.description) == [
            #"root(Team) > "members"(Array<Account>) > [1](Account) > "display_name"(String) : No value is present"#,
        ])
    }

    @Test func withoutUserInfoTheModelSeesAnEmptyDictionary() throws {
        let result = APIDataDecoder().decode(string: Self.json, to: Team.self)
        let team = try #require(result.value)
        #expect(team.owner == Account(name: "old", locale: nil))
        #expect(team.members.map(\.name) == ["old", "Grace"])
        #expect(result.errors.isEmpty)
    }

    @Test func aCodableModelReadsItAsDecoderUserInfoNestedAndThroughSalvaged() throws {
        let result = APIDataDecoder(options: Self.options).decode(string: Self.json, toDecodable: CodableTeam.self)
        let team = try #require(result.value)
        #expect(team.version == 2)
        #expect(team.owner.name == "Ada")
        #expect(team.native.value == Account(name: "Edsger", locale: "fr_CH"))
        #expect(result.errors.isEmpty)
    }

    @Test func aDecoderKeptPastItsDecodeSeesNoUserInfo() throws {
        final class Keeper: APIDecodable {
            let decoder: APIDecoder
            let seen: Int?
            init?(from decoder: APIDecoder) {
                self.decoder = decoder
                seen = decoder.userInfo[UserInfoTests.version] as? Int
            }
        }
        let keeper = try #require(APIDataDecoder(options: Self.options).decode(string: "{}", to: Keeper.self).value)
        #expect(keeper.seen == 2)
        #expect(keeper.decoder.userInfo.isEmpty)
    }
}
