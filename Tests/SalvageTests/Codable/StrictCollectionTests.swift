import Foundation
import Salvage
import Testing

/// `[T]`, `Set<T>` and `[String: T]` decoded by the bridge's own loops (`.strict` as the standard library's
/// `init(from:)` decodes them, `.salvage` lossily): the coding paths of errors inside them, compared with
/// `JSONDecoder`'s for the same input — a dictionary key's `intValue` is the key read as an `Int`.
struct StrictCollectionTests {
    /// Records the coding path of the error its member `x` throws (each key as `stringValue|intValue`),
    /// and succeeds, so the path survives in the decoded value in both recovery modes.
    private struct Probe: Decodable, Equatable {
        enum CodingKeys: String, CodingKey { case x }
        let path: String
        init(path: String) { self.path = path }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            do {
                _ = try container.decode(Int.self, forKey: .x)
                path = "no error"
            } catch let error as DecodingError {
                path = StrictCollectionTests.describe(error)
            }
        }
    }

    private struct Holder: Decodable, Equatable {
        let probes: [String: Probe]
        let byInt: [Int: Probe]
        let list: [Probe]
        let set: Set<[Int]>
    }

    /// A model catching what decoding its member `m` as `V` throws.
    private struct Catcher<V: Decodable>: Decodable {
        enum CodingKeys: String, CodingKey { case m }
        let outcome: String
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            do {
                _ = try container.decode(V.self, forKey: .m)
                outcome = "no error"
            } catch let error as DecodingError {
                outcome = StrictCollectionTests.describe(error)
            }
        }
    }

    /// The error's coding path, each key as `stringValue|intValue`, and its debug description.
    static func describe(_ error: DecodingError) -> String {
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c): context = c
        @unknown default: return "\(error)"
        }
        let path = context.codingPath.map { "\($0.stringValue)|\($0.intValue.map(String.init) ?? "nil")" }
        return path.joined(separator: " ") + ": " + context.debugDescription
    }

    private static let holderJSON = #"""
    {"probes": {"12": {"x": "a"}, "name": {"x": "b"}, "007": {"x": "c"}, "-3": {"x": 4}},
     "byInt": {"5": {"x": "d"}},
     "list": [{"x": 1}, {"x": null}],
     "set": [[1], [2, 3]]}
    """#

    @Test(arguments: [CodableRecovery.salvage, .strict])
    func codingPathsInsideDictionariesAndArraysAreJSONDecoders(recovery: CodableRecovery) throws {
        var options = APIDecodeOptions()
        options.codable.recovery = recovery
        let result = APIDataDecoder(options: options).decode(string: Self.holderJSON, toDecodable: Holder.self)
        #expect(result.errors.isEmpty)
        let holder = try #require(result.value)
        let foundation = try JSONDecoder().decode(Holder.self, from: Data(Self.holderJSON.utf8))
        #expect(holder.probes == foundation.probes)
        #expect(holder.byInt == foundation.byInt)
        let found = "Expected to decode Int but found a string instead."
        #expect(holder.probes == [
            "12": Probe(path: "probes|nil 12|12 x|nil: " + found),
            "name": Probe(path: "probes|nil name|nil x|nil: " + found),
            "007": Probe(path: "probes|nil 007|7 x|nil: " + found),
            "-3": Probe(path: "no error"),
        ])
        #expect(holder.byInt == [5: Probe(path: "byInt|nil 5|5 x|nil: " + found)])
        // An array index's `stringValue` is "1" where `JSONDecoder` says "Index 1" (the same `intValue`).
        #expect(holder.list == [Probe(path: "no error"), Probe(path: "list|nil 1|1 x|nil: Expected Int value but found null instead.")])
        #expect(holder.set == [[1], [2, 3]])
    }

    private struct Plain: Decodable { let m: Int }

    /// Under `.strict`, the first failure inside a collection is thrown out of it, at `JSONDecoder`'s path
    /// (its messages differ in places, and it visits an object's members in hash order: one bad member each).
    @Test func strictThrowsTheFirstFailureAtJSONDecodersPath() throws {
        func outcomes<V: Decodable>(_ json: String, _ type: V.Type) throws -> (salvage: String, foundationPath: String) {
            let result = APIDataDecoder(options: .strictCodable).decode(string: json, toDecodable: Catcher<V>.self)
            #expect(result.errors.isEmpty)
            let foundation = try JSONDecoder().decode(Catcher<V>.self, from: Data(json.utf8)).outcome
            return (try #require(result.value).outcome, String(foundation.prefix { $0 != ":" }))
        }
        let strings = try outcomes(#"{"m": {"a": "x", "42": 5}}"#, [String: String].self)
        #expect(strings.salvage == "m|nil 42|42: Expected to decode String but found an integer instead.")
        #expect(strings.foundationPath == "m|nil 42|42")
        let null = try outcomes(#"{"m": {"7": null}}"#, [String: String].self)
        #expect(null.salvage == "m|nil 7|7: Expected String value but found null instead.")
        #expect(null.foundationPath == "m|nil 7|7")
        let arrays = try outcomes(#"{"m": {"x": [1], "-9": [2, "y"]}}"#, [String: [Int]].self)
        #expect(arrays.salvage == "m|nil -9|-9 1|1: Expected to decode Int but found a string instead.")
        #expect(arrays.foundationPath == "m|nil -9|-9 Index 1|1")
        let models = try outcomes(#"{"m": {"1": {"m": 2}, "x2": {}}}"#, [String: Plain].self)
        #expect(models.salvage == "m|nil x2|nil: No value associated with key m.")
        #expect(models.foundationPath == "m|nil x2|nil")
        let byInt = try outcomes(#"{"m": {"1": {"m": 2}, "03": {"m": "z"}}}"#, [Int: Plain].self)
        #expect(byInt.salvage == "m|nil 03|3 m|nil: Expected to decode Int but found a string instead.")
        #expect(byInt.foundationPath == "m|nil 03|3 m|nil")
        let elements = try outcomes(#"{"m": [[1], [true]]}"#, [Set<Int>].self)
        #expect(elements.salvage == "m|nil 1|1 0|0: Expected to decode Int but found a boolean instead.")
        #expect(elements.foundationPath == "m|nil Index 1|1 Index 0|0")
        let notAnObject = try outcomes(#"{"m": [1]}"#, [String: Int].self)
        #expect(notAnObject.salvage == "m|nil: Expected to decode a dictionary but found an array instead.")
        #expect(notAnObject.foundationPath == "m|nil")
    }

    /// A repeated key is visited at each of its members with the last member's value, as the standard
    /// library's `Dictionary.init(from:)` over the keyed container does: the last value wins, and a failing
    /// last value fails at the key's first member.
    @Test func strictRepeatedKeysTakeTheLastValue() throws {
        let last = APIDataDecoder(options: .strictCodable).decode(string: #"{"m": {"a": "x", "b": "y", "a": "z"}}"#, toDecodable: [String: [String: String]].self)
        #expect(last.value == ["m": ["a": "z", "b": "y"]])
        #expect(last.errors.isEmpty)
        let failing = APIDataDecoder(options: .strictCodable).decode(string: #"{"a": 1, "b": "y", "a": "z"}"#, toDecodable: [String: Int].self)
        #expect(failing.value == nil)
        #expect(failing.errors.map(\.description) == [
            #"root(Dictionary<String, Int>) > "a" : Swift DecodingError: type mismatch for Int: Expected to decode Int but found a string instead."#,
        ])
        #expect(failing.errors.map(\.location?.description) == ["line 1, column 25 (byte 24)"])
    }

    /// With `.convertFromSnakeCase` a `[String: T]`'s keys are data and stay as written, as `JSONDecoder`
    /// keeps them (see `StringDictionarySnakeCaseTests`).
    @Test func strictSnakeCaseLeavesStringDictionaryKeys() {
        var options = APIDecodeOptions.strictCodable
        options.codable.keys = .convertFromSnakeCase
        let result = APIDataDecoder(options: options).decode(string: #"{"first_name": "a", "last_name": "b"}"#, toDecodable: [String: String].self)
        #expect(result.value == ["first_name": "a", "last_name": "b"])
        #expect(result.errors.isEmpty)
    }
}
