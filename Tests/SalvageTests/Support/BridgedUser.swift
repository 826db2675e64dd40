import Foundation
import Salvage

// A Salvage model holding Swift `Decodable` values (`decodeRequired(swiftDecodable:)`,
// `decodeOptional(swiftDecodable:)`), and its JSON: used by CodableBridgeTests and ConcurrencyTests.

/// A plain `Decodable` address inside a bridged profile.
struct BridgedAddress: Decodable, Equatable {
    let street: String
    let zip: String
    let unit: Int?
}

/// A plain `Decodable` profile, decoded through the Codable bridge.
struct BridgedProfile: Decodable, Equatable {
    let name: String
    let tags: [String]
    let address: BridgedAddress
    let nickname: String?
    let homepage: URL
    let balance: Decimal
}

/// A Salvage model whose `profile` (required) and `extra` (optional) are `Decodable` values.
struct BridgedUser: APIDecodable {
    static var idKey: String? { "user_id" }
    let id: Int
    let profile: BridgedProfile
    let extra: BridgedAddress?

    init?(from decoder: APIDecoder) {
        let id = decoder["user_id"] --> Int.self
        let profile = decoder["profile"].decodeRequired(swiftDecodable: BridgedProfile.self)
        let extra = decoder["extra"].decodeOptional(swiftDecodable: BridgedAddress.self)
        guard decoder.succeeded, let id, let profile else { return nil }
        self.id = id
        self.profile = profile
        self.extra = extra
    }
}

/// JSON of a valid `BridgedAddress` (no `unit`).
let bridgedAddressJSON = #"{"street": "1 Main", "zip": "12345"}"#
/// JSON of a valid `BridgedProfile`.
let bridgedProfileJSON = #"{"name": "Ann", "tags": ["a", "b"], "address": \#(bridgedAddressJSON), "nickname": null, "homepage": "https://example.com/a?b=c", "balance": 12345.6789}"#

/// JSON of a `BridgedUser` with `user_id` 1, the given profile and, when given, an `extra` member.
func bridgedUserJSON(profile: String = bridgedProfileJSON, extra: String? = nil) -> String {
    #"{"user_id": 1, "profile": \#(profile)\#(extra.map { #", "extra": \#($0)"# } ?? "")}"#
}
