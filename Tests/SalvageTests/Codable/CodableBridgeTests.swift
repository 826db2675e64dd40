import Foundation
import Salvage
import Testing

// Swift `Decodable` values inside Salvage models: `decodeRequired(swiftDecodable:)` and
// `decodeOptional(swiftDecodable:)`. The shared `BridgedUser` model is in Support/BridgedUser.swift.

// MARK: - Helpers

/// The profile JSON with `old` replaced by `new`.
private func profileJSON(replacing old: String, with new: String) -> String {
    bridgedProfileJSON.replacingOccurrences(of: old, with: new)
}

/// A `DecodingError` with the given coding path, for comparisons (`==` compares the case and the path).
private func decodingContext(_ path: [APICodingKey], _ debugDescription: String = "") -> DecodingError.Context {
    DecodingError.Context(codingPath: path, debugDescription: debugDescription)
}

// MARK: - Tests

@Suite struct CodableBridgeTests {
    @Test func cleanDecodable() throws {
        let result = APIDataDecoder(options: .strictCodable).decode(string: bridgedUserJSON(extra: #"{"street": "2 Side", "zip": "9", "unit": 4}"#), to: BridgedUser.self)
        #expect(result.isClean)
        let user = try #require(result.value)
        #expect(user.id == 1)
        let homepage = try #require(URL(string: "https://example.com/a?b=c"))
        let balance = try #require(Decimal(string: "12345.6789"))
        #expect(user.profile == BridgedProfile(name: "Ann", tags: ["a", "b"], address: BridgedAddress(street: "1 Main", zip: "12345", unit: nil),
                                          nickname: nil, homepage: homepage, balance: balance))
        #expect(user.extra == BridgedAddress(street: "2 Side", zip: "9", unit: 4))
        #expect("\(user.profile.balance)" == "12345.6789")
    }

    @Test func typeMismatchDeepInsideHasTheFullPath() throws {
        let json = bridgedUserJSON(profile: profileJSON(replacing: #""zip": "12345""#, with: #""zip": 12345"#))
        let result = APIDataDecoder(options: .strictCodable).decode(string: json, to: BridgedUser.self)
        #expect(result.value == nil)
        try #require(result.errors.count == 1)
        let error = result.errors[0]
        #expect(error.description == #"root(BridgedUser user_id=1) > "profile"(BridgedProfile) > "address" > "zip" : Swift DecodingError: type mismatch for String: Expected to decode String but found an integer instead."#)
        #expect(error.path.jsonPath == #"root["profile"]["address"]["zip"]"#)
        #expect(error.path.jsonPointer == "/profile/address/zip")
        #expect(error.reason == .swiftDecodingError(.typeMismatch(String.self, decodingContext(["profile", "address", "zip"]))))
        #expect(sourceText(json, at: error.location, length: 5) == "12345")
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
        let json = bridgedUserJSON(profile: profileJSON(replacing: #""street": "1 Main", "#, with: ""))
        let result = APIDataDecoder(options: .strictCodable).decode(string: json, to: BridgedUser.self)
        #expect(result.value == nil)
        try #require(result.errors.count == 1)
        let error = result.errors[0]
        #expect(error.description == #"root(BridgedUser user_id=1) > "profile"(BridgedProfile) > "address" : Swift DecodingError: key "street" not found: No value associated with key street."#)
        #expect(error.path.jsonPath == #"root["profile"]["address"]"#)
        #expect(error.reason == .swiftDecodingError(.keyNotFound(APICodingKey("street"), decodingContext(["profile", "address"]))))
        guard case .swiftDecodingError(.keyNotFound(let key, _)) = error.reason else {
            Issue.record("expected keyNotFound, got \(error.reason)")
            return
        }
        #expect(key.stringValue == "street")
        #expect(sourceText(json, at: error.location, length: 8) == #"{"zip": "#)
    }

    @Test func valueNotFoundForNull() throws {
        let json = bridgedUserJSON(profile: profileJSON(replacing: #""zip": "12345""#, with: #""zip": null"#))
        let result = APIDataDecoder(options: .strictCodable).decode(string: json, to: BridgedUser.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(BridgedUser user_id=1) > "profile"(BridgedProfile) > "address" > "zip" : Swift DecodingError: value of type String not found: Expected String value but found null instead."#,
        ])
        #expect(result.errors.map(\.reason) == [.swiftDecodingError(.valueNotFound(String.self, decodingContext(["profile", "address", "zip"])))])
        #expect(sourceText(json, at: result.errors.first?.location, length: 4) == "null")
    }

    @Test func arrayElementsInsideDecodables() {
        let json = bridgedUserJSON(profile: profileJSON(replacing: #"["a", "b"]"#, with: #"["a", 2]"#))
        let result = APIDataDecoder(options: .strictCodable).decode(string: json, to: BridgedUser.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(BridgedUser user_id=1) > "profile"(BridgedProfile) > "tags" > [1] : Swift DecodingError: type mismatch for String: Expected to decode String but found an integer instead."#,
        ])
        #expect(result.errors.map(\.path.jsonPath) == [#"root["profile"]["tags"][1]"#])
        #expect(result.errors.map(\.reason) == [.swiftDecodingError(.typeMismatch(String.self, decodingContext(["profile", "tags", 1])))])
        #expect(sourceText(json, at: result.errors.first?.location, length: 1) == "2")
    }

    @Test func decodeIfPresentAcceptsAbsentAndNullButNotWrongTypes() throws {
        let absent = APIDataDecoder(options: .strictCodable).decode(string: bridgedUserJSON(profile: profileJSON(replacing: #""nickname": null, "#, with: "")), to: BridgedUser.self)
        #expect(absent.isClean)
        #expect(try #require(absent.value).profile.nickname == nil)

        let present = APIDataDecoder(options: .strictCodable).decode(string: bridgedUserJSON(profile: profileJSON(replacing: #""nickname": null"#, with: #""nickname": "Annie""#)), to: BridgedUser.self)
        #expect(present.isClean)
        #expect(try #require(present.value).profile.nickname == "Annie")

        let wrong = APIDataDecoder(options: .strictCodable).decode(string: bridgedUserJSON(profile: profileJSON(replacing: #""nickname": null"#, with: #""nickname": 5"#)), to: BridgedUser.self)
        #expect(wrong.value == nil)
        #expect(wrong.errors.map(\.description) == [
            #"root(BridgedUser user_id=1) > "profile"(BridgedProfile) > "nickname" : Swift DecodingError: type mismatch for String: Expected to decode String but found an integer instead."#,
        ])
    }

    @Test func urlAndDecimal() throws {
        let badURL = APIDataDecoder(options: .strictCodable).decode(string: bridgedUserJSON(profile: profileJSON(replacing: "https://example.com/a?b=c", with: "http://[::1")), to: BridgedUser.self)
        #expect(badURL.value == nil)
        #expect(badURL.errors.map(\.description) == [#"root(BridgedUser user_id=1) > "profile"(BridgedProfile) > "homepage" : Swift DecodingError: data corrupted: Invalid URL string."#])
        #expect(badURL.errors.map(\.reason) == [.swiftDecodingError(.dataCorrupted(decodingContext(["profile", "homepage"])))])

        let urlNotString = APIDataDecoder(options: .strictCodable).decode(string: bridgedUserJSON(profile: profileJSON(replacing: #""https://example.com/a?b=c""#, with: "[]")), to: BridgedUser.self)
        #expect(urlNotString.errors.map(\.description) == [#"root(BridgedUser user_id=1) > "profile"(BridgedProfile) > "homepage" : Swift DecodingError: type mismatch for String: Expected to decode String but found an array instead."#])

        let stringDecimal = APIDataDecoder(options: .strictCodable).decode(string: bridgedUserJSON(profile: profileJSON(replacing: "12345.6789", with: #""12345.6789""#)), to: BridgedUser.self)
        #expect(stringDecimal.errors.map(\.description) == [#"root(BridgedUser user_id=1) > "profile"(BridgedProfile) > "balance" : Swift DecodingError: type mismatch for Decimal: Expected to decode Decimal but found a string instead."#])

        let preciseDecimal = APIDataDecoder(options: .strictCodable).decode(string: bridgedUserJSON(profile: profileJSON(replacing: "12345.6789", with: "0.1000000000000000000000000001")), to: BridgedUser.self)
        #expect(try #require(preciseDecimal.value).profile.balance == Decimal(string: "0.1000000000000000000000000001"))
    }

    @Test func requiredDecodableAbsentNullOrWrongContainer() {
        let absent = APIDataDecoder(options: .strictCodable).decode(string: #"{"user_id": 1}"#, to: BridgedUser.self)
        #expect(absent.value == nil)
        #expect(absent.errors.map(\.description) == [#"root(BridgedUser user_id=1) > "profile"(BridgedProfile) : No value is present"#])
        #expect(absent.errors.first?.location == Salvage.SourceLocation(offset: 0, line: 1, column: 1))

        let null = APIDataDecoder(options: .strictCodable).decode(string: #"{"user_id": 1, "profile": null}"#, to: BridgedUser.self)
        #expect(null.value == nil)
        #expect(null.errors.map(\.description) == [#"root(BridgedUser user_id=1) > "profile"(BridgedProfile) : Unexpectedly found null"#])

        let number = APIDataDecoder(options: .strictCodable).decode(string: #"{"user_id": 1, "profile": 5}"#, to: BridgedUser.self)
        #expect(number.value == nil)
        #expect(number.errors.map(\.path.jsonPath) == [#"root["profile"]"#])
        #expect(number.errors.map(\.reason) == [.swiftDecodingError(.typeMismatch([String: Any].self, decodingContext(["profile"])))])
        #expect(number.errors.first?.location == Salvage.SourceLocation(offset: 26, line: 1, column: 27))
    }

    @Test func optionalDecodableFailureKeepsTheModel() throws {
        let bad = APIDataDecoder(options: .strictCodable).decode(string: bridgedUserJSON(extra: #"{"street": "2 Side"}"#), to: BridgedUser.self)
        let user = try #require(bad.value)
        #expect(user.extra == nil)
        #expect(bad.errors.map(\.description) == [#"root(BridgedUser user_id=1) > "extra"(BridgedAddress) : Swift DecodingError: key "zip" not found: No value associated with key zip."#])

        let null = APIDataDecoder(options: .strictCodable).decode(string: bridgedUserJSON(extra: "null"), to: BridgedUser.self)
        #expect(null.isClean)
        #expect(try #require(null.value).extra == nil)

        let wrongType = APIDataDecoder(options: .strictCodable).decode(string: bridgedUserJSON(extra: "[1]"), to: BridgedUser.self)
        #expect(wrongType.value != nil)
        #expect(wrongType.errors.map(\.reason) == [.swiftDecodingError(.typeMismatch([String: Any].self, decodingContext(["extra"])))])
    }

    @Test func decodablesInsideArraysOfModels() {
        let json = "[\(bridgedUserJSON()), \(bridgedUserJSON(profile: profileJSON(replacing: #""zip": "12345""#, with: #""zip": true"#)).replacingOccurrences(of: #""user_id": 1"#, with: #""user_id": 2"#))]"
        let result = APIDataDecoder(options: .strictCodable).decode(string: json, to: [BridgedUser].self)
        #expect(result.value?.map(\.id) == [1])
        #expect(result.errors.map(\.description) == [
            #"root(Array<BridgedUser>) > [1](BridgedUser user_id=2) > "profile"(BridgedProfile) > "address" > "zip" : Swift DecodingError: type mismatch for String: Expected to decode String but found a boolean instead."#,
        ])
        #expect(result.errors.map(\.path.jsonPath) == [#"root[1]["profile"]["address"]["zip"]"#])
        #expect(result.errors.map(\.reason) == [.swiftDecodingError(.typeMismatch(String.self, decodingContext([1, "profile", "address", "zip"])))])
        #expect(sourceText(json, at: result.errors.first?.location, length: 4) == "true")
    }

    @Test func nestedArraysOfDecodableStructs() {
        struct History: Decodable {
            let moves: [BridgedAddress]
        }
        struct Mover: APIDecodable {
            let history: History
            init?(from decoder: APIDecoder) {
                guard let history = decoder["history"].decodeRequired(swiftDecodable: History.self) else { return nil }
                self.history = history
            }
        }
        let json = #"{"history": {"moves": [\#(bridgedAddressJSON), {"street": "x", "zip": ["9"]}]}}"#
        let result = APIDataDecoder(options: .strictCodable).decode(string: json, to: Mover.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.path.jsonPath) == [#"root["history"]["moves"][1]["zip"]"#])
        #expect(result.errors.map(\.description) == [#"root(Mover) > "history"(History) > "moves" > [1] > "zip" : Swift DecodingError: type mismatch for String: Expected to decode String but found an array instead."#])
        #expect(sourceText(json, at: result.errors.first?.location, length: 5) == #"["9"]"#)

        let good = APIDataDecoder(options: .strictCodable).decode(string: #"{"history": {"moves": [\#(bridgedAddressJSON)]}}"#, to: Mover.self)
        #expect(good.isClean)
        #expect(good.value?.history.moves == [BridgedAddress(street: "1 Main", zip: "12345", unit: nil)])
    }

    @Test func integerOverflowDateDataAndEnumsInDecodables() throws {
        enum Color: String, Decodable {
            case red, green
        }
        struct Misc: Decodable {
            let small: Int8
            let when: Date
            let bytes: Data
            let color: Color
        }
        struct MiscHolder: APIDecodable {
            let misc: Misc?
            init?(from decoder: APIDecoder) {
                misc = decoder["misc"].decodeOptional(swiftDecodable: Misc.self)
            }
        }
        func decode(_ misc: String) -> APIDecodeResult<MiscHolder> {
            APIDataDecoder(options: .strictCodable).decode(string: #"{"misc": \#(misc)}"#, to: MiscHolder.self)
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
        #expect(overflow.errors.map(\.description) == [#"root(MiscHolder) > "misc"(Misc) > "small" : Swift DecodingError: data corrupted: Value 300 does not fit in Int8."#])
        #expect(overflow.errors.map(\.reason) == [.swiftDecodingError(.dataCorrupted(decodingContext(["misc", "small"])))])

        let fraction = decode(#"{"small": 1.5, "when": 0, "bytes": "", "color": "red"}"#)
        #expect(fraction.errors.map(\.description) == [#"root(MiscHolder) > "misc"(Misc) > "small" : Swift DecodingError: data corrupted: Type Int8 does not have precision to represent 1.5."#])

        let base64 = decode(#"{"small": 1, "when": 0, "bytes": "!!", "color": "red"}"#)
        #expect(base64.errors.map(\.description) == [#"root(MiscHolder) > "misc"(Misc) > "bytes" : Swift DecodingError: data corrupted: Encountered Data is not valid Base64."#])

        let color = decode(#"{"small": 1, "when": 0, "bytes": "", "color": "blue"}"#)
        #expect(color.errors.map(\.path.jsonPath) == [#"root["misc"]["color"]"#])
        #expect(color.errors.map(\.reason) == [.swiftDecodingError(.dataCorrupted(decodingContext(["misc", "color"])))])
    }

    @Test func decodableAtTheModelsOwnPosition() throws {
        struct Flat: APIDecodable {
            let id: Int
            let address: BridgedAddress
            init?(from decoder: APIDecoder) {
                let id = decoder["id"] --> Int.self
                let address = decoder.decodeRequired(swiftDecodable: BridgedAddress.self)
                guard decoder.succeeded, let id, let address else { return nil }
                self.id = id
                self.address = address
            }
        }
        let good = APIDataDecoder(options: .strictCodable).decode(string: #"{"id": 4, "street": "s", "zip": "z"}"#, to: Flat.self)
        #expect(good.isClean)
        #expect(good.value?.address == BridgedAddress(street: "s", zip: "z", unit: nil))

        let bad = APIDataDecoder(options: .strictCodable).decode(string: #"{"id": 4, "street": "s"}"#, to: Flat.self)
        #expect(bad.value == nil)
        #expect(bad.errors.map(\.path.jsonPath) == ["root"])
        #expect(bad.errors.map(\.reason) == [.swiftDecodingError(.keyNotFound(APICodingKey("zip"), decodingContext([])))])
        #expect(bad.errors.first?.location == Salvage.SourceLocation(offset: 0, line: 1, column: 1))
    }

    @Test func customDecodableUsingEveryContainer() throws {
        struct Custom: Decodable {
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
        struct CustomHolder: APIDecodable {
            let custom: Custom
            init?(from decoder: APIDecoder) {
                guard let custom = decoder.decodeRequired(swiftDecodable: Custom.self) else { return nil }
                self.custom = custom
            }
        }
        let result = APIDataDecoder(options: .strictCodable).decode(string: #"{"x": null, "n": {"v": 7}, "l": [1, null, 3], "s": "single"}"#, to: CustomHolder.self)
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
        struct Pair: Decodable {
            let first: Int
            let second: Int
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                first = try container.decode(Int.self)
                second = try container.decode(Int.self)
            }
        }
        struct PairHolder: APIDecodable {
            init?(from decoder: APIDecoder) {
                guard decoder["pair"].decodeRequired(swiftDecodable: Pair.self) != nil else { return nil }
            }
        }
        let result = APIDataDecoder(options: .strictCodable).decode(string: #"{"pair": [1]}"#, to: PairHolder.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.path.jsonPath) == [#"root["pair"][1]"#])
        #expect(result.errors.map(\.reason) == [.swiftDecodingError(.valueNotFound(Int.self, decodingContext(["pair", 1])))])
        #expect(result.errors.map(\.description) == [#"root(PairHolder) > "pair"(Pair) > [1] : Swift DecodingError: value of type Int not found: Unkeyed container is at end."#])
    }

    @Test func errorsThatAreNotDecodingErrors() {
        enum Failure: Error {
            case refused
        }
        struct Refuses: Decodable {
            init(from decoder: any Decoder) throws {
                throw Failure.refused
            }
        }
        struct RefusesHolder: APIDecodable {
            init?(from decoder: APIDecoder) {
                _ = decoder["x"].decodeOptional(swiftDecodable: Refuses.self)
            }
        }
        let result = APIDataDecoder(options: .strictCodable).decode(string: #"{"x": {}}"#, to: RefusesHolder.self)
        #expect(result.value != nil)
        #expect(result.errors.map(\.description) == [#"root(RefusesHolder) > "x"(Refuses) : refused"#])
        #expect(result.errors.map(\.reason) == [.other(message: "refused")])
    }

    @Test func elementOfWrongJSONTypeWithDecodableFieldsIsOneError() {
        struct Shaped: APIDecodable {
            let id: Int
            let address: BridgedAddress
            init?(from decoder: APIDecoder) {
                let id = decoder["id"] --> Int.self
                let address = decoder["address"].decodeRequired(swiftDecodable: BridgedAddress.self)
                guard decoder.succeeded, let id, let address else { return nil }
                self.id = id
                self.address = address
            }
        }
        let result = APIDataDecoder(options: .strictCodable).decode(string: #"[{"id": 1, "address": \#(bridgedAddressJSON)}, true]"#, to: [Shaped].self)
        #expect(result.value?.map(\.id) == [1])
        #expect(result.errors.first?.description == "root(Array<Shaped>) > [1](Shaped) : Unexpectedly found a boolean")
        #expect(result.errors.map(\.description) == ["root(Array<Shaped>) > [1](Shaped) : Unexpectedly found a boolean"])
    }

    @Test func elementOfWrongJSONTypeWithOnlyOptionalDecodableFieldsIsDropped() {
        struct Loose: APIDecodable {
            let address: BridgedAddress?
            init?(from decoder: APIDecoder) {
                let address = decoder["address"].decodeOptional(swiftDecodable: BridgedAddress.self)
                guard decoder.succeeded else { return nil }
                self.address = address
            }
        }
        let result = APIDataDecoder(options: .strictCodable).decode(string: #"[{"address": \#(bridgedAddressJSON)}, 42]"#, to: [Loose].self)
        #expect(result.value?.count == 1)
        #expect(result.errors.map(\.description) == ["root(Array<Loose>) > [1](Loose) : Unexpectedly found an integer"])
    }

    @Test func decodingErrorsAreEquatable() {
        let a = DecodingError.keyNotFound(APICodingKey("a"), decodingContext(["x", 1], "one"))
        let b = DecodingError.keyNotFound(APICodingKey("a"), decodingContext([APICodingKey("x"), APICodingKey(1)], "two"))
        #expect(a == b)
        #expect(a != DecodingError.keyNotFound(APICodingKey("a"), decodingContext(["x"], "one")))
        #expect(a != DecodingError.valueNotFound(Int.self, decodingContext(["x", 1], "one")))
        #expect(DecodingError.typeMismatch(Int.self, decodingContext([])) == .typeMismatch(String.self, decodingContext([], "x")))
        #expect(DecodingError.areCasesEqual(lhs: .dataCorrupted(decodingContext(["a"])), rhs: .dataCorrupted(decodingContext([]))))
        #expect(!DecodingError.areCasesEqual(lhs: .dataCorrupted(decodingContext([])), rhs: a))
        // String keys and integer keys differ even when they print the same.
        #expect(DecodingError.dataCorrupted(decodingContext(["1"])) != .dataCorrupted(decodingContext([1])))
    }
}
