import Foundation
import Salvage
import Testing

/// #14 items 3, 4 and 6 held to their text at the edges: `decodeOneOf` on null and on a value of the wrong
/// JSON type, `decoder[firstOf:]` when the preferred key is null or the fallback is wrong, and
/// `APIDecodeOptions.userInfo` seen through every entry point (bytes, records, streams, `JSONValue`,
/// Foundation object trees, the Codable path in both recovery modes).
struct Issue14ConformanceDecodingTests {
    private static let tenant = CodingUserInfoKey(rawValue: "tenant")!

    private struct Tenant: APIDecodable, Sendable {
        let seen: String
        init?(from decoder: APIDecoder) {
            seen = decoder.userInfo[Issue14ConformanceDecodingTests.tenant] as? String ?? "none"
        }
    }

    private struct CodableTenant: Decodable, Sendable {
        let seen: String
        init(from decoder: any Decoder) throws {
            seen = decoder.userInfo[Issue14ConformanceDecodingTests.tenant] as? String ?? "none"
        }
    }

    private static var acme: APIDecodeOptions {
        var options = APIDecodeOptions()
        options.userInfo[tenant] = "acme"
        return options
    }

    @Test func userInfoReachesModelsThroughEveryEntryPoint() async throws {
        let decoder = APIDataDecoder(options: Self.acme)
        #expect(decoder.decode(string: "{}", to: Tenant.self).value?.seen == "acme")
        #expect(decoder.decode(string: "[{}]", to: [Tenant].self, maxDropped: 0).value?.map(\.seen) == ["acme"])
        #expect(decoder.decodeRecords(string: "{}\n{}", to: Tenant.self).map { $0.result.value?.seen } == ["acme", "acme"])
        #expect(decoder.decode(jsonValue: .object([:]), to: Tenant.self).value?.seen == "acme")
        #expect(APIJSONObjectDecoder(options: Self.acme).decode(jsonObject: [String: Any](), to: Tenant.self).value?.seen == "acme")
        #expect(decoder.decode(string: "[{}]", toDecodable: [CodableTenant].self).value?.map(\.seen) == ["acme"])
        var strict = Self.acme
        strict.codable.recovery = .strict
        #expect(APIDataDecoder(options: strict).decode(string: "{}", toDecodable: CodableTenant.self).value?.seen == "acme")
        let bytes = AsyncStream<UInt8> { continuation in
            for byte in Array("{}\n{}".utf8) { continuation.yield(byte) }
            continuation.finish()
        }
        var streamed: [String?] = []
        for try await record in decoder.records(from: bytes, to: Tenant.self) { streamed.append(record.result.value?.seen) }
        #expect(streamed == ["acme", "acme"])
        // The default options carry none.
        #expect(APIDataDecoder().decode(string: "{}", to: Tenant.self).value?.seen == "none")
    }

    @Test func userInfoIsReadOnA512KiBStack() {
        let options = Self.acme
        let seen = onThread(stackSize: 512 * 1024) {
            APIDataDecoder(options: options).decode(string: "{}", toDecodable: CodableTenant.self).value?.seen
        }
        #expect(seen == "acme")
    }

    private struct Cat: APIDecodable {
        let meow: String
        init?(from decoder: APIDecoder) {
            guard let meow = decoder["meow"] --> String.self else { return nil }
            self.meow = meow
        }
    }

    private struct Dog: APIDecodable {
        let bark: Int
        init?(from decoder: APIDecoder) {
            guard let bark = decoder["bark"] --> Int.self else { return nil }
            self.bark = bark
        }
    }

    private enum Pet { case cat(Cat), dog(Dog) }

    private struct Owner: APIDecodable {
        let pet: Pet
        init?(from decoder: APIDecoder) {
            guard let pet = decoder["pet"].decodeOneOf(.model(Cat.self, Pet.cat), .model(Dog.self, Pet.dog)) else { return nil }
            self.pet = pet
        }
    }

    @Test(arguments: [
        (#"{"pet": null}"#, #"root(Owner) > "pet"(Pet) : Unexpectedly found null"#, "null"),
        (#"{"pet": 5}"#, #"root(Owner) > "pet"(Pet) : No alternative matched: Cat (Unexpectedly found an integer), Dog (Unexpectedly found an integer)"#,
         "no_alternative_matched"),
        (#"{"pet": {}}"#, #"root(Owner) > "pet"(Pet) : No alternative matched: Cat (["meow"] : No value is present), Dog (["bark"] : No value is present)"#,
         "no_alternative_matched"),
    ])
    func oneOfNullAndTheWrongJSONTypeAreOneError(json: String, description: String, code: String) {
        let result = APIDataDecoder().decode(string: json, to: Owner.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [description])
        #expect(result.errors.map(\.code) == [code])
        #expect(result.errors.map(\.severity) == [.failure])
    }

    /// A tree of alternatives: each node is a leaf or a branch holding a node, tried with `decodeOneOf`.
    private indirect enum Tree {
        case leaf(Int)
        case branch(Tree)
    }

    private struct TreeNode: APIDecodable {
        let tree: Tree
        init?(from decoder: APIDecoder) {
            let leaf = APIAlternative<Tree>("Leaf") { node in (node["leaf"] --> Int.self).map(Tree.leaf) }
            let branch = APIAlternative<Tree>("Branch") { node in (node["branch"] --> TreeNode.self).map { Tree.branch($0.tree) } }
            let tree = decoder.decodeOneOf(leaf, branch)
            guard let tree else { return nil }
            self.tree = tree
        }
    }

    @Test func nestedAlternativesRunOnA512KiBStack() {
        let depth = 120
        let json = String(repeating: #"{"branch": "#, count: depth) + #"{"leaf": "x"}"# + String(repeating: "}", count: depth)
        let summary = onThread(stackSize: 512 * 1024) { () -> [String] in
            let result = APIDataDecoder().decode(string: json, to: TreeNode.self)
            return [result.value == nil ? "nil" : "value"] + result.errors.map(\.code)
        }
        // Nothing fits at the bottom, so nothing fits at any level: one error, at the root.
        #expect(summary == ["nil", "no_alternative_matched"])
    }

    private struct Renamed: APIDecodable {
        let name: String?
        init?(from decoder: APIDecoder) {
            name = decoder[firstOf: "full_name", "name"] --> String?.self
        }
    }

    private static var reporting: APIDecodeOptions {
        var options = APIDecodeOptions()
        options.reportsUsedFallbacks = true
        return options
    }

    @Test func aNullUnderThePreferredKeyIsPresentAndUsesNoFallback() {
        let result = APIDataDecoder(options: Self.reporting).decode(string: #"{"full_name": null, "name": "Ada"}"#, to: Renamed.self)
        #expect(result.value?.name == nil)
        #expect(result.errors.isEmpty)
    }

    @Test func aWrongValueUnderAFallbackIsReportedWithTheFallback() {
        let result = APIDataDecoder(options: Self.reporting).decode(string: #"{"name": 5}"#, to: Renamed.self)
        #expect(result.value?.name == nil)
        #expect(result.errors.map(\.description) == [
            #"root(Renamed) > "name" : Found under "name" instead of the preferred "full_name""#,
            #"root(Renamed) > "name"(String) : Unexpectedly found an integer"#,
        ])
        #expect(result.errors.map(\.severity) == [.info, .recovered])
        #expect(result.errors.map(\.code) == ["fallback_used", "type_mismatch"])
    }

    private struct Retries: APIDecodable {
        let retries: Int
        init?(from decoder: APIDecoder) {
            retries = decoder["retries"].decode(Int.self, default: 3)
            guard decoder.succeeded else { return nil }
        }
    }

    @Test(arguments: [
        (#"{"retries": "x"}"#, #"root(Retries) > "retries"(Int) : Unexpectedly found a string (a default exists for missing or null values)"#),
        (#"{"retries": 1.5}"#, #"root(Retries) > "retries"(Int) : Type Int does not have precision to represent 1.5 (a default exists for missing or null values)"#),
        (#"{"retries": 1e30}"#,
         #"root(Retries) > "retries"(Int) : Value 1000000000000000000000000000000 does not fit in Int (a default exists for missing or null values)"#),
    ])
    func aDefaultThatDidNotCoverTheSituationSaysSo(json: String, description: String) {
        let result = APIDataDecoder().decode(string: json, to: Retries.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [description])
        #expect(result.errors.map(\.severity) == [.failure])
    }
}
