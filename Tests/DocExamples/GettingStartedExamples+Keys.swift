// Docs/GettingStarted.md, continued: dictionary keys that are not strings (section 3), `values(where:)`
// with the member's decoder (section 4) and `userInfo` (section 10).
import Foundation
import Testing
import Salvage

extension CodingUserInfoKey {
    /// The guide's `userInfo` key.
    static let apiVersion = CodingUserInfoKey(rawValue: "apiVersion")!
}

extension GettingStartedExamples {
    // MARK: 3. Nested models, arrays, dictionaries (continued)

    @Test func dictionaryKeysThatAreNotStrings() throws {
        let input = #"{"stock": {"red": 3, "purple": 1}, "names": {"1": "one", "x": "?"}}"#
        let result = decodeInModel(input) { (decoder: APIDecoder) -> ([String: Int], [Int: String]?)? in
            enum Color: String, APIDecodable, APIDictionaryKey { case red, green }

            // inside Inventory.init?(from:)
            let stock = decoder["stock"] --> [Color: Int].self     // {"red": 3, "purple": 1} → [.red: 3]
            let names = decoder["names"] --> [Int: String]?.self   // {"1": "one", "x": "?"} → [1: "one"]
            guard let stock else { return nil }
            return (Dictionary(uniqueKeysWithValues: stock.map { ($0.key.rawValue, $0.value) }), names)
        }
        let value = try #require(result.value)
        #expect(value.0 == ["red": 3])
        #expect(value.1 == [1: "one"])
        #expect(result.errors.map(\.description) == [
            #"root(DocModel) > "stock"(Dictionary<Color, Int>) > "purple" : Raw value of "purple" for type Color not defined"#,
            #"root(DocModel) > "names"(Dictionary<Int, String>) > "x" : Cannot read "x" as Int: expected a key that converts to Int"#,
        ])
        #expect(result.errors.map(\.code) == ["unknown_raw_value", "invalid_format"])
        #expect(result.errors.map(\.value) == ["purple", "x"])
    }

    // MARK: 4. Paths, renamed fields and defaults (continued)

    @Test func valuesWhereTheDecoderToo() throws {
        let input = #"{"users": {"_meta": {"active": true}, "ada": {"active": true}, "alan": {"active": false}, "bob": {"active": 1}}}"#
        let result = decodeInModel(input) { (decoder: APIDecoder) -> [String]? in
            let active = decoder["users"].values(where: { key, user in
                key != "_meta" && user["active"] --> Bool?.self == true
            })
            return active.map { $0.path.last?.stringValue ?? "" }
        }
        #expect(result.value == ["ada"])
        #expect(result.errors.map(\.description) == [
            #"root(DocModel) > "users" > "bob" > "active"(Bool) : Unexpectedly found an integer"#,
        ])
    }

    // MARK: 10. Options (continued)

    @Test func userInfo() throws {
        let input = #"{"name": "ada", "display_name": "Ada Lovelace"}"#
        let body: @Sendable (APIDecoder) -> (String, APIDecodeOptions)? = { decoder in
            var options = APIDecodeOptions()
            options.userInfo[.apiVersion] = 2        // extension CodingUserInfoKey { static let apiVersion = … }

            // inside Account.init?(from:)
            let version = decoder.userInfo[.apiVersion] as? Int ?? 1
            let name = decoder[version >= 2 ? "display_name" : "name"] --> String.self
            return name.map { ($0, options) }
        }
        // The options the fragment builds, given to a decode: its models read version 2.
        let options = try #require(decodeInModel(input, body).value?.1)
        #expect(decodeInModel(input, using: APIDataDecoder(options: options), body).value?.0 == "Ada Lovelace")
        #expect(decodeInModel(input, body).value?.0 == "ada")
    }
}
