import Foundation
import Salvage
import Testing

// Swift `Decodable` values inside Salvage models: `decodeRequired(swiftDecodable:)` and
// `decodeOptional(swiftDecodable:)`. Helper types are prefixed `CB`.

// MARK: - Helper types

struct CBAddress: Decodable, Equatable {
    let street: String
    let zip: String
    let unit: Int?
}

struct CBProfile: Decodable, Equatable {
    let name: String
    let tags: [String]
    let address: CBAddress
    let nickname: String?
    let homepage: URL
    let balance: Decimal
}

struct CBUser: APIDecodable {
    static var idKey: String? { "user_id" }
    let id: Int
    let profile: CBProfile
    let extra: CBAddress?

    init?(from decoder: APIDecoder) {
        let id = decoder["user_id"] --> Int.self
        let profile = decoder["profile"].decodeRequired(swiftDecodable: CBProfile.self)
        let extra = decoder["extra"].decodeOptional(swiftDecodable: CBAddress.self)
        guard decoder.succeeded, let id, let profile else { return nil }
        self.id = id
        self.profile = profile
        self.extra = extra
    }
}

let cbAddressJSON = #"{"street": "1 Main", "zip": "12345"}"#
let cbProfileJSON = #"{"name": "Ann", "tags": ["a", "b"], "address": \#(cbAddressJSON), "nickname": null, "homepage": "https://example.com/a?b=c", "balance": 12345.6789}"#

func cbUserJSON(profile: String = cbProfileJSON, extra: String? = nil) -> String {
    #"{"user_id": 1, "profile": \#(profile)\#(extra.map { #", "extra": \#($0)"# } ?? "")}"#
}

func cbProfile(replacing old: String, with new: String) -> String {
    cbProfileJSON.replacingOccurrences(of: old, with: new)
}

/// A `DecodingError` with the given coding path, for comparisons (`==` compares the case and the path).
func cbContext(_ path: [APICodingKey], _ debugDescription: String = "") -> DecodingError.Context {
    DecodingError.Context(codingPath: path, debugDescription: debugDescription)
}

// MARK: - Tests

@Suite struct CodableBridgeTests {
    @Test func cleanDecodable() throws {
        let result = APIDataDecoder().decode(string: cbUserJSON(extra: #"{"street": "2 Side", "zip": "9", "unit": 4}"#), to: CBUser.self)
        #expect(result.isClean)
        let user = try #require(result.value)
        #expect(user.id == 1)
        let homepage = try #require(URL(string: "https://example.com/a?b=c"))
        let balance = try #require(Decimal(string: "12345.6789"))
        #expect(user.profile == CBProfile(name: "Ann", tags: ["a", "b"], address: CBAddress(street: "1 Main", zip: "12345", unit: nil),
                                          nickname: nil, homepage: homepage, balance: balance))
        #expect(user.extra == CBAddress(street: "2 Side", zip: "9", unit: 4))
        #expect("\(user.profile.balance)" == "12345.6789")
    }

    @Test func typeMismatchDeepInsideHasTheFullPath() throws {
        let json = cbUserJSON(profile: cbProfile(replacing: #""zip": "12345""#, with: #""zip": 12345"#))
        let result = APIDataDecoder().decode(string: json, to: CBUser.self)
        #expect(result.value == nil)
        try #require(result.errors.count == 1)
        let error = result.errors[0]
        #expect(error.description == #"root(CBUser user_id=1) > "profile"(CBProfile) > "address" > "zip" : Swift DecodingError: type mismatch for String: Expected to decode String but found an integer instead."#)
        #expect(error.path.jsonPath == #"root["profile"]["address"]["zip"]"#)
        #expect(error.path.jsonPointer == "/profile/address/zip")
        #expect(error.reason == .swiftDecodingError(.typeMismatch(String.self, cbContext(["profile", "address", "zip"]))))
        #expect(dbSource(json, at: error.location, length: 5) == "12345")
        #expect(error.location == Salvage.SourceLocation(offset: 101, line: 1, column: 102))
        guard case .swiftDecodingError(.typeMismatch(let type, let context)) = error.reason else {
            Issue.record("expected a type mismatch, got \(error.reason)")
            return
        }
        #expect("\(type)" == "String")
        #expect(context.codingPath.map(\.stringValue) == ["profile", "address", "zip"])
        #expect(context.debugDescription == "Expected to decode String but found an integer instead.")
    }

    @Test func keyNotFoundIsReportedAtTheContainer() throws {
        let json = cbUserJSON(profile: cbProfile(replacing: #""street": "1 Main", "#, with: ""))
        let result = APIDataDecoder().decode(string: json, to: CBUser.self)
        #expect(result.value == nil)
        try #require(result.errors.count == 1)
        let error = result.errors[0]
        #expect(error.description == #"root(CBUser user_id=1) > "profile"(CBProfile) > "address" : Swift DecodingError: key "street" not found: No value associated with key street."#)
        #expect(error.path.jsonPath == #"root["profile"]["address"]"#)
        #expect(error.reason == .swiftDecodingError(.keyNotFound(APICodingKey("street"), cbContext(["profile", "address"]))))
        guard case .swiftDecodingError(.keyNotFound(let key, _)) = error.reason else {
            Issue.record("expected keyNotFound, got \(error.reason)")
            return
        }
        #expect(key.stringValue == "street")
        #expect(dbSource(json, at: error.location, length: 8) == #"{"zip": "#)
    }

    @Test func valueNotFoundForNull() throws {
        let json = cbUserJSON(profile: cbProfile(replacing: #""zip": "12345""#, with: #""zip": null"#))
        let result = APIDataDecoder().decode(string: json, to: CBUser.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(CBUser user_id=1) > "profile"(CBProfile) > "address" > "zip" : Swift DecodingError: value of type String not found: Expected String value but found null instead."#,
        ])
        #expect(result.errors.map(\.reason) == [.swiftDecodingError(.valueNotFound(String.self, cbContext(["profile", "address", "zip"])))])
        #expect(dbSource(json, at: result.errors.first?.location, length: 4) == "null")
    }

    @Test func arrayElementsInsideDecodables() {
        let json = cbUserJSON(profile: cbProfile(replacing: #"["a", "b"]"#, with: #"["a", 2]"#))
        let result = APIDataDecoder().decode(string: json, to: CBUser.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(CBUser user_id=1) > "profile"(CBProfile) > "tags" > [1] : Swift DecodingError: type mismatch for String: Expected to decode String but found an integer instead."#,
        ])
        #expect(result.errors.map(\.path.jsonPath) == [#"root["profile"]["tags"][1]"#])
        #expect(result.errors.map(\.reason) == [.swiftDecodingError(.typeMismatch(String.self, cbContext(["profile", "tags", 1])))])
        #expect(dbSource(json, at: result.errors.first?.location, length: 1) == "2")
    }

    @Test func decodeIfPresentAcceptsAbsentAndNullButNotWrongTypes() throws {
        let absent = APIDataDecoder().decode(string: cbUserJSON(profile: cbProfile(replacing: #""nickname": null, "#, with: "")), to: CBUser.self)
        #expect(absent.isClean)
        #expect(try #require(absent.value).profile.nickname == nil)

        let present = APIDataDecoder().decode(string: cbUserJSON(profile: cbProfile(replacing: #""nickname": null"#, with: #""nickname": "Annie""#)), to: CBUser.self)
        #expect(present.isClean)
        #expect(try #require(present.value).profile.nickname == "Annie")

        let wrong = APIDataDecoder().decode(string: cbUserJSON(profile: cbProfile(replacing: #""nickname": null"#, with: #""nickname": 5"#)), to: CBUser.self)
        #expect(wrong.value == nil)
        #expect(wrong.errors.map(\.description) == [
            #"root(CBUser user_id=1) > "profile"(CBProfile) > "nickname" : Swift DecodingError: type mismatch for String: Expected to decode String but found an integer instead."#,
        ])
    }

    @Test func urlAndDecimal() throws {
        let badURL = APIDataDecoder().decode(string: cbUserJSON(profile: cbProfile(replacing: "https://example.com/a?b=c", with: "http://[::1")), to: CBUser.self)
        #expect(badURL.value == nil)
        #expect(badURL.errors.map(\.description) == [#"root(CBUser user_id=1) > "profile"(CBProfile) > "homepage" : Swift DecodingError: data corrupted: Invalid URL string."#])
        #expect(badURL.errors.map(\.reason) == [.swiftDecodingError(.dataCorrupted(cbContext(["profile", "homepage"])))])

        let urlNotString = APIDataDecoder().decode(string: cbUserJSON(profile: cbProfile(replacing: #""https://example.com/a?b=c""#, with: "[]")), to: CBUser.self)
        #expect(urlNotString.errors.map(\.description) == [#"root(CBUser user_id=1) > "profile"(CBProfile) > "homepage" : Swift DecodingError: type mismatch for String: Expected to decode String but found an array instead."#])

        let stringDecimal = APIDataDecoder().decode(string: cbUserJSON(profile: cbProfile(replacing: "12345.6789", with: #""12345.6789""#)), to: CBUser.self)
        #expect(stringDecimal.errors.map(\.description) == [#"root(CBUser user_id=1) > "profile"(CBProfile) > "balance" : Swift DecodingError: type mismatch for Decimal: Expected to decode Decimal but found a string instead."#])

        let preciseDecimal = APIDataDecoder().decode(string: cbUserJSON(profile: cbProfile(replacing: "12345.6789", with: "0.1000000000000000000000000001")), to: CBUser.self)
        #expect(try #require(preciseDecimal.value).profile.balance == Decimal(string: "0.1000000000000000000000000001"))
    }

    @Test func requiredDecodableAbsentNullOrWrongContainer() {
        let absent = APIDataDecoder().decode(string: #"{"user_id": 1}"#, to: CBUser.self)
        #expect(absent.value == nil)
        #expect(absent.errors.map(\.description) == [#"root(CBUser user_id=1) > "profile"(CBProfile) : No value is present"#])
        #expect(absent.errors.first?.location == Salvage.SourceLocation(offset: 0, line: 1, column: 1))

        let null = APIDataDecoder().decode(string: #"{"user_id": 1, "profile": null}"#, to: CBUser.self)
        #expect(null.value == nil)
        #expect(null.errors.map(\.description) == [#"root(CBUser user_id=1) > "profile"(CBProfile) : Unexpectedly found null"#])

        let number = APIDataDecoder().decode(string: #"{"user_id": 1, "profile": 5}"#, to: CBUser.self)
        #expect(number.value == nil)
        #expect(number.errors.map(\.path.jsonPath) == [#"root["profile"]"#])
        #expect(number.errors.map(\.reason) == [.swiftDecodingError(.typeMismatch([String: Any].self, cbContext(["profile"])))])
        #expect(number.errors.first?.location == Salvage.SourceLocation(offset: 26, line: 1, column: 27))
    }

    @Test func optionalDecodableFailureKeepsTheModel() throws {
        let bad = APIDataDecoder().decode(string: cbUserJSON(extra: #"{"street": "2 Side"}"#), to: CBUser.self)
        let user = try #require(bad.value)
        #expect(user.extra == nil)
        #expect(bad.errors.map(\.description) == [#"root(CBUser user_id=1) > "extra"(CBAddress) : Swift DecodingError: key "zip" not found: No value associated with key zip."#])

        let null = APIDataDecoder().decode(string: cbUserJSON(extra: "null"), to: CBUser.self)
        #expect(null.isClean)
        #expect(try #require(null.value).extra == nil)

        let wrongType = APIDataDecoder().decode(string: cbUserJSON(extra: "[1]"), to: CBUser.self)
        #expect(wrongType.value != nil)
        #expect(wrongType.errors.map(\.reason) == [.swiftDecodingError(.typeMismatch([String: Any].self, cbContext(["extra"])))])
    }

    @Test func decodablesInsideArraysOfModels() {
        let json = "[\(cbUserJSON()), \(cbUserJSON(profile: cbProfile(replacing: #""zip": "12345""#, with: #""zip": true"#)).replacingOccurrences(of: #""user_id": 1"#, with: #""user_id": 2"#))]"
        let result = APIDataDecoder().decode(string: json, to: [CBUser].self)
        #expect(result.value?.map(\.id) == [1])
        #expect(result.errors.map(\.description) == [
            #"root(Array<CBUser>) > [1](CBUser user_id=2) > "profile"(CBProfile) > "address" > "zip" : Swift DecodingError: type mismatch for String: Expected to decode String but found a boolean instead."#,
        ])
        #expect(result.errors.map(\.path.jsonPath) == [#"root[1]["profile"]["address"]["zip"]"#])
        #expect(result.errors.map(\.reason) == [.swiftDecodingError(.typeMismatch(String.self, cbContext([1, "profile", "address", "zip"])))])
        #expect(dbSource(json, at: result.errors.first?.location, length: 4) == "true")
    }

    @Test func nestedArraysOfDecodableStructs() {
        struct CBHistory: Decodable {
            let moves: [CBAddress]
        }
        struct CBMover: APIDecodable {
            let history: CBHistory
            init?(from decoder: APIDecoder) {
                guard let history = decoder["history"].decodeRequired(swiftDecodable: CBHistory.self) else { return nil }
                self.history = history
            }
        }
        let json = #"{"history": {"moves": [\#(cbAddressJSON), {"street": "x", "zip": ["9"]}]}}"#
        let result = APIDataDecoder().decode(string: json, to: CBMover.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.path.jsonPath) == [#"root["history"]["moves"][1]["zip"]"#])
        #expect(result.errors.map(\.description) == [#"root(CBMover) > "history"(CBHistory) > "moves" > [1] > "zip" : Swift DecodingError: type mismatch for String: Expected to decode String but found an array instead."#])
        #expect(dbSource(json, at: result.errors.first?.location, length: 5) == #"["9"]"#)

        let good = APIDataDecoder().decode(string: #"{"history": {"moves": [\#(cbAddressJSON)]}}"#, to: CBMover.self)
        #expect(good.isClean)
        #expect(good.value?.history.moves == [CBAddress(street: "1 Main", zip: "12345", unit: nil)])
    }

    @Test func integerOverflowDateDataAndEnumsInDecodables() throws {
        enum CBColor: String, Decodable {
            case red, green
        }
        struct CBMisc: Decodable {
            let small: Int8
            let when: Date
            let bytes: Data
            let color: CBColor
        }
        struct CBMiscHolder: APIDecodable {
            let misc: CBMisc?
            init?(from decoder: APIDecoder) {
                misc = decoder["misc"].decodeOptional(swiftDecodable: CBMisc.self)
            }
        }
        func decode(_ misc: String) -> APIDecodeResult<CBMiscHolder> {
            APIDataDecoder().decode(string: #"{"misc": \#(misc)}"#, to: CBMiscHolder.self)
        }
        let good = decode(#"{"small": -128, "when": 86400.5, "bytes": "aGVsbG8=", "color": "green"}"#)
        #expect(good.isClean)
        let misc = try #require(good.value?.misc)
        #expect(misc.small == -128)
        #expect(misc.when == Date(timeIntervalSinceReferenceDate: 86400.5))
        #expect(misc.bytes == Data("hello".utf8))
        #expect(misc.color == .green)

        let overflow = decode(#"{"small": 300, "when": 0, "bytes": "", "color": "red"}"#)
        #expect(overflow.value?.misc == nil)
        #expect(overflow.errors.map(\.description) == [#"root(CBMiscHolder) > "misc"(CBMisc) > "small" : Swift DecodingError: data corrupted: Value 300 does not fit in Int8."#])
        #expect(overflow.errors.map(\.reason) == [.swiftDecodingError(.dataCorrupted(cbContext(["misc", "small"])))])

        let fraction = decode(#"{"small": 1.5, "when": 0, "bytes": "", "color": "red"}"#)
        #expect(fraction.errors.map(\.description) == [#"root(CBMiscHolder) > "misc"(CBMisc) > "small" : Swift DecodingError: data corrupted: Type Int8 does not have precision to represent 1.5."#])

        let base64 = decode(#"{"small": 1, "when": 0, "bytes": "!!", "color": "red"}"#)
        #expect(base64.errors.map(\.description) == [#"root(CBMiscHolder) > "misc"(CBMisc) > "bytes" : Swift DecodingError: data corrupted: Encountered Data is not valid Base64."#])

        let color = decode(#"{"small": 1, "when": 0, "bytes": "", "color": "blue"}"#)
        #expect(color.errors.map(\.path.jsonPath) == [#"root["misc"]["color"]"#])
        #expect(color.errors.map(\.reason) == [.swiftDecodingError(.dataCorrupted(cbContext(["misc", "color"])))])
    }

    @Test func decodableAtTheModelsOwnPosition() throws {
        struct CBFlat: APIDecodable {
            let id: Int
            let address: CBAddress
            init?(from decoder: APIDecoder) {
                let id = decoder["id"] --> Int.self
                let address = decoder.decodeRequired(swiftDecodable: CBAddress.self)
                guard decoder.succeeded, let id, let address else { return nil }
                self.id = id
                self.address = address
            }
        }
        let good = APIDataDecoder().decode(string: #"{"id": 4, "street": "s", "zip": "z"}"#, to: CBFlat.self)
        #expect(good.isClean)
        #expect(good.value?.address == CBAddress(street: "s", zip: "z", unit: nil))

        let bad = APIDataDecoder().decode(string: #"{"id": 4, "street": "s"}"#, to: CBFlat.self)
        #expect(bad.value == nil)
        #expect(bad.errors.map(\.path.jsonPath) == ["root"])
        #expect(bad.errors.map(\.reason) == [.swiftDecodingError(.keyNotFound(APICodingKey("zip"), cbContext([])))])
        #expect(bad.errors.first?.location == Salvage.SourceLocation(offset: 0, line: 1, column: 1))
    }

    @Test func customDecodableUsingEveryContainer() throws {
        struct CBCustom: Decodable {
            let keys: [String]
            let hasX: Bool
            let hasMissing: Bool
            let xIsNil: Bool
            let nestedValue: Int
            let list: [Int]
            let count: Int?
            let single: String
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: APICodingKey.self)
                keys = container.allKeys.map(\.stringValue)
                hasX = container.contains("x")
                hasMissing = container.contains("missing")
                xIsNil = try container.decodeNil(forKey: "x")
                let nested = try container.nestedContainer(keyedBy: APICodingKey.self, forKey: "n")
                nestedValue = try nested.decode(Int.self, forKey: "v")
                var unkeyed = try container.nestedUnkeyedContainer(forKey: "l")
                count = unkeyed.count
                var list: [Int] = []
                while !unkeyed.isAtEnd {
                    if try unkeyed.decodeNil() { continue }
                    list.append(try unkeyed.decode(Int.self))
                }
                self.list = list
                single = try container.superDecoder(forKey: "s").singleValueContainer().decode(String.self)
            }
        }
        struct CBCustomHolder: APIDecodable {
            let custom: CBCustom
            init?(from decoder: APIDecoder) {
                guard let custom = decoder.decodeRequired(swiftDecodable: CBCustom.self) else { return nil }
                self.custom = custom
            }
        }
        let result = APIDataDecoder().decode(string: #"{"x": null, "n": {"v": 7}, "l": [1, null, 3], "s": "single"}"#, to: CBCustomHolder.self)
        #expect(result.isClean)
        let custom = try #require(result.value?.custom)
        #expect(custom.keys == ["x", "n", "l", "s"])
        #expect(custom.hasX)
        #expect(!custom.hasMissing)
        #expect(custom.xIsNil)
        #expect(custom.nestedValue == 7)
        #expect(custom.list == [1, 3])
        #expect(custom.count == 3)
        #expect(custom.single == "single")
    }

    @Test func readingPastTheEndOfAnUnkeyedContainer() {
        struct CBPair: Decodable {
            let first: Int
            let second: Int
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                first = try container.decode(Int.self)
                second = try container.decode(Int.self)
            }
        }
        struct CBPairHolder: APIDecodable {
            init?(from decoder: APIDecoder) {
                guard decoder["pair"].decodeRequired(swiftDecodable: CBPair.self) != nil else { return nil }
            }
        }
        let result = APIDataDecoder().decode(string: #"{"pair": [1]}"#, to: CBPairHolder.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.path.jsonPath) == [#"root["pair"][1]"#])
        #expect(result.errors.map(\.reason) == [.swiftDecodingError(.valueNotFound(Int.self, cbContext(["pair", 1])))])
        #expect(result.errors.map(\.description) == [#"root(CBPairHolder) > "pair"(CBPair) > [1] : Swift DecodingError: value of type Int not found: Unkeyed container is at end."#])
    }

    @Test func errorsThatAreNotDecodingErrors() {
        enum CBFailure: Error {
            case refused
        }
        struct CBRefuses: Decodable {
            init(from decoder: any Decoder) throws {
                throw CBFailure.refused
            }
        }
        struct CBRefusesHolder: APIDecodable {
            init?(from decoder: APIDecoder) {
                _ = decoder["x"].decodeOptional(swiftDecodable: CBRefuses.self)
            }
        }
        let result = APIDataDecoder().decode(string: #"{"x": {}}"#, to: CBRefusesHolder.self)
        #expect(result.value != nil)
        #expect(result.errors.map(\.description) == [#"root(CBRefusesHolder) > "x"(CBRefuses) : refused"#])
        #expect(result.errors.map(\.reason) == [.other(message: "refused")])
    }

    @Test func elementOfWrongJSONTypeWithDecodableFieldsIsOneError() {
        struct CBShaped: APIDecodable {
            let id: Int
            let address: CBAddress
            init?(from decoder: APIDecoder) {
                let id = decoder["id"] --> Int.self
                let address = decoder["address"].decodeRequired(swiftDecodable: CBAddress.self)
                guard decoder.succeeded, let id, let address else { return nil }
                self.id = id
                self.address = address
            }
        }
        let result = APIDataDecoder().decode(string: #"[{"id": 1, "address": \#(cbAddressJSON)}, true]"#, to: [CBShaped].self)
        #expect(result.value?.map(\.id) == [1])
        #expect(result.errors.first?.description == "root(Array<CBShaped>) > [1](CBShaped) : Unexpectedly found a boolean")
        #expect(result.errors.map(\.description) == ["root(Array<CBShaped>) > [1](CBShaped) : Unexpectedly found a boolean"])
    }

    @Test func elementOfWrongJSONTypeWithOnlyOptionalDecodableFieldsIsDropped() {
        struct CBLoose: APIDecodable {
            let address: CBAddress?
            init?(from decoder: APIDecoder) {
                let address = decoder["address"].decodeOptional(swiftDecodable: CBAddress.self)
                guard decoder.succeeded else { return nil }
                self.address = address
            }
        }
        let result = APIDataDecoder().decode(string: #"[{"address": \#(cbAddressJSON)}, 42]"#, to: [CBLoose].self)
        #expect(result.value?.count == 1)
        #expect(result.errors.map(\.description) == ["root(Array<CBLoose>) > [1](CBLoose) : Unexpectedly found an integer"])
    }

    @Test func decodingErrorsAreEquatable() {
        let a = DecodingError.keyNotFound(APICodingKey("a"), cbContext(["x", 1], "one"))
        let b = DecodingError.keyNotFound(APICodingKey("a"), cbContext([APICodingKey("x"), APICodingKey(1)], "two"))
        #expect(a == b)
        #expect(a != DecodingError.keyNotFound(APICodingKey("a"), cbContext(["x"], "one")))
        #expect(a != DecodingError.valueNotFound(Int.self, cbContext(["x", 1], "one")))
        #expect(DecodingError.typeMismatch(Int.self, cbContext([])) == .typeMismatch(String.self, cbContext([], "x")))
        #expect(DecodingError.areCasesEqual(lhs: .dataCorrupted(cbContext(["a"])), rhs: .dataCorrupted(cbContext([]))))
        #expect(!DecodingError.areCasesEqual(lhs: .dataCorrupted(cbContext([])), rhs: a))
        // String keys and integer keys differ even when they print the same.
        #expect(DecodingError.dataCorrupted(cbContext(["1"])) != .dataCorrupted(cbContext([1])))
    }
}
