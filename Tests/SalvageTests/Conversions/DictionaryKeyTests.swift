import Foundation
import Salvage
import Testing

/// Dictionaries whose keys are not strings (`[Int: V]`, `[Color: V]`, `[UUID: V]`), natively and on the
/// Codable path; `values(where:)` with a predicate that sees the member's decoder.
struct DictionaryKeyTests {
    enum Color: String, APIDecodable, APIDictionaryKey, Codable { case red, green }

    private struct Inventory: APIDecodable {
        let byID: [Int: String]
        let stock: [Color: Int]
        let owners: [UUID: String]?
        init?(from decoder: APIDecoder) {
            let byID = decoder["by_id"] --> [Int: String].self
            let stock = decoder["stock"] --> [Color: Int].self
            let owners = decoder["owners"] --> [UUID: String]?.self
            guard decoder.succeeded, let byID, let stock else { return nil }
            self.byID = byID
            self.stock = stock
            self.owners = owners
        }
    }

    /// The same fields, synthesized `Decodable`.
    private struct CodableInventory: Decodable {
        let by_id: [Int: String]
        let stock: [Color: Int]
        let owners: [UUID: String]?
    }

    /// Keys that do not convert, and (at "3") a value of the wrong type.
    private static let json = #"""
    {"by_id": {"1": "one", "x2": "two", "3": 3, "99999999999999999999": "big", "4": "four"},
     "stock": {"red": 3, "purple": 1, "green": 2},
     "owners": {"6BA7B810-9DAD-11D1-80B4-00C04FD430C8": "ada", "not-a-uuid": "alan"}}
    """#

    /// The same without the value of the wrong type, which the Codable path (strict about values) would throw for.
    private static let keysOnlyJSON = json.replacingOccurrences(of: #""3": 3, "#, with: "")

    @Test func nativeKeysConvertAndABadKeyIsAnErrorAtItsMemberWhichIsDropped() throws {
        let result = APIDataDecoder().decode(string: Self.json, to: Inventory.self)
        let inventory = try #require(result.value)
        #expect(inventory.byID == [1: "one", 4: "four"])
        #expect(inventory.stock == [.red: 3, .green: 2])
        #expect(inventory.owners == [try #require(UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8")): "ada"])
        #expect(result.errors.map(\.description) == [
            #"root(Inventory) > "by_id"(Dictionary<Int, String>) > "x2" : Cannot read "x2" as Int: expected a key that converts to Int"#,
            #"root(Inventory) > "by_id"(Dictionary<Int, String>) > "3"(String) : Unexpectedly found an integer"#,
            #"root(Inventory) > "by_id"(Dictionary<Int, String>) > "99999999999999999999" : Cannot read "99999999999999999999" as Int: expected a key that converts to Int"#,
            #"root(Inventory) > "stock"(Dictionary<Color, Int>) > "purple" : Raw value of "purple" for type Color not defined"#,
            #"root(Inventory) > "owners"(Dictionary<UUID, String>) > "not-a-uuid" : Cannot read "not-a-uuid" as UUID: expected a key that converts to UUID"#,
        ])
        #expect(result.errors.map(\.code) == ["invalid_format", "type_mismatch", "invalid_format", "unknown_raw_value", "invalid_format"])
        #expect(result.errors.map(\.severity) == [.recovered, .recovered, .recovered, .recovered, .recovered])
        // The error's value and location are the key's.
        #expect(result.errors.map(\.value) == ["x2", "3", "99999999999999999999", "purple", "not-a-uuid"])
        #expect(result.errors.map { $0.location.map { "\($0.line):\($0.column)" } } == ["1:24", "1:42", "1:45", "2:22", "3:60"])
    }

    @Test func stringKeysKeepTheirBehaviourAndTheLastRepeatedMemberWins() throws {
        let result = APIDataDecoder().decode(string: #"{"a": 1, "b": "x", "a": 2, "7": 3}"#, to: [String: Int].self)
        #expect(result.value == ["a": 2, "7": 3])
        #expect(result.errors.map(\.description) == [#"root(Dictionary<String, Int>) > "b"(Int) : Unexpectedly found a string"#])
        let ints = APIDataDecoder().decode(string: #"{"1": "a", "1": "b", "01": "c", "-2": "d"}"#, to: [Int: String].self)
        #expect(ints.value == [1: "c", -2: "d"])
        // "01" is another spelling of 1: it still wins, but not silently (Issue14ConformanceTests).
        #expect(ints.errors.map(\.code) == ["invalid_format"])
    }

    @Test func aDictionaryThatIsNotAnObjectFailsAsBefore() {
        let result = APIDataDecoder().decode(string: #"[1, 2]"#, to: [Int: Int].self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == ["root(Dictionary<Int, Int>) : Unexpectedly found an array"])
    }

    @Test func theCodablePathConvertsTheSameKeysAndRecordsTheSameErrors() throws {
        let native = APIDataDecoder().decode(string: Self.keysOnlyJSON, to: Inventory.self)
        let codable = APIDataDecoder().decode(string: Self.keysOnlyJSON, toDecodable: CodableInventory.self)
        let inventory = try #require(codable.value)
        let nativeValue = try #require(native.value)
        #expect(inventory.by_id == nativeValue.byID)
        #expect(inventory.stock == nativeValue.stock)
        #expect(inventory.owners == nativeValue.owners)
        // Same paths, reasons, codes, severities, values, locations and descriptions (under `.salvage` the
        // Codable path gives the dictionaries frames, so their type tags show as natively).
        #expect(native.errors.count == 4)
        #expect(codable.errors.map(\.path.jsonPointer) == native.errors.map(\.path.jsonPointer))
        #expect(codable.errors.map(\.reason) == native.errors.map(\.reason))
        #expect(codable.errors.map(\.severity) == native.errors.map(\.severity))
        #expect(codable.errors.map(\.value) == native.errors.map(\.value))
        #expect(codable.errors.map(\.location) == native.errors.map(\.location))
        #expect(codable.errors.map(\.description) == [
            #"root(CodableInventory) > "by_id"(Dictionary<Int, String>) > "x2" : Cannot read "x2" as Int: expected a key that converts to Int"#,
            #"root(CodableInventory) > "by_id"(Dictionary<Int, String>) > "99999999999999999999" : Cannot read "99999999999999999999" as Int: expected a key that converts to Int"#,
            #"root(CodableInventory) > "stock"(Dictionary<Color, Int>) > "purple" : Raw value of "purple" for type Color not defined"#,
            #"root(CodableInventory) > "owners"(Dictionary<UUID, String>) > "not-a-uuid" : Cannot read "not-a-uuid" as UUID: expected a key that converts to UUID"#,
        ])
        #expect(codable.errors.map(\.description).map { $0.replacingOccurrences(of: "CodableInventory", with: "Inventory") }
                == native.errors.map(\.description))
    }

    @Test func onTheCodablePathABadValueIsDroppedUnderSalvageAndFailsTheDictionaryUnderStrict() {
        let salvaged = APIDataDecoder().decode(string: Self.json, toDecodable: [String: [Int: String]].self)
        // Every key of "stock" and "owners" fails to convert to Int; "by_id" keeps its good members.
        #expect(salvaged.value == ["by_id": [1: "one", 4: "four"], "stock": [:], "owners": [:]])
        #expect(salvaged.errors.map(\.code) == ["invalid_format", "type_mismatch", "invalid_format", "invalid_format",
                                                "invalid_format", "invalid_format", "invalid_format", "invalid_format"])
        #expect(salvaged.errors.map(\.path.jsonPointer) == ["/by_id/x2", "/by_id/3", "/by_id/99999999999999999999", "/stock/red",
                                                            "/stock/purple", "/stock/green", "/owners/6BA7B810-9DAD-11D1-80B4-00C04FD430C8",
                                                            "/owners/not-a-uuid"])
        var options = APIDecodeOptions()
        options.codable.recovery = .strict
        let strict = APIDataDecoder(options: options).decode(string: Self.json, toDecodable: [String: [Int: String]].self)
        #expect(strict.value == nil)
        #expect(strict.errors.map(\.code) == ["swift_decoding_error"])
        #expect(strict.errors.map(\.path.jsonPointer) == ["/by_id/x2"])
    }

    @Test func jsonDecoderStillReadsEnumKeyedDictionariesEncodedAsArrays() throws {
        let encoded = try JSONEncoder().encode([Color.red: 1])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["red",1]"#)
        let result = APIDataDecoder().decode(data: encoded, toDecodable: [Color: Int].self)
        #expect(result.value == [.red: 1])
        #expect(result.errors.isEmpty)
    }

    // MARK: - values(where:) seeing the decoder

    private static let users = #"""
    {"_meta": {"active": true}, "ada": {"active": true}, "alan": {"active": false}, "grace": {"active": "yes"}}
    """#

    @Test func valuesWhereSeesTheKeyAndTheDecoder() throws {
        final class Picked: APIDecodable {
            let keys: [String]
            let byPrefix: Int
            init?(from decoder: APIDecoder) {
                let active = decoder.values(where: { key, user in
                    key != "_meta" && user["active"] --> Bool?.self == true
                })
                keys = active.map { $0.path.last?.stringValue ?? "" }
                byPrefix = decoder.values { $0.hasPrefix("a") }.count
            }
        }
        let result = APIDataDecoder().decode(string: Self.users, to: Picked.self)
        let picked = try #require(result.value)
        #expect(picked.keys == ["ada"])
        #expect(picked.byPrefix == 2)
        #expect(result.errors.map(\.description) == [#"root(Picked) > "grace" > "active"(Bool) : Unexpectedly found a string"#])
    }
}
