import Foundation
import Salvage
import Testing

/// The bridge's errors made out of line (a missing member, a null where a value was expected, a value that is
/// not the container a model or collection asked for, a scalar that does not convert, a non-conforming float
/// given as its agreed string, an enum's unknown raw value): the `DecodingError` a model catches, compared
/// with `JSONDecoder`'s in both recovery modes, and what `.salvage` records when nobody catches it.
struct BridgeErrorPathTests {
    private enum Kind: String, Decodable { case book, disc }
    private struct Inner: Decodable { let a: Int }

    /// A model catching what decoding its member `m` as `V` throws, as `path: debugDescription` (each key
    /// of the coding path as `stringValue|intValue`), or the decoded value.
    private struct Catcher<V: Decodable>: Decodable {
        enum CodingKeys: String, CodingKey { case m }
        let outcome: String
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            do {
                outcome = "value \(try container.decode(V.self, forKey: .m))"
            } catch let error as DecodingError {
                outcome = BridgeErrorPathTests.describe(error)
            }
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        let context: DecodingError.Context
        let kind: String
        switch error {
        case .typeMismatch(_, let c): (kind, context) = ("typeMismatch", c)
        case .valueNotFound(_, let c): (kind, context) = ("valueNotFound", c)
        case .keyNotFound(_, let c): (kind, context) = ("keyNotFound", c)
        case .dataCorrupted(let c): (kind, context) = ("dataCorrupted", c)
        @unknown default: return "\(error)"
        }
        let path = context.codingPath.map { "\($0.stringValue)|\($0.intValue.map(String.init) ?? "nil")" }
        return kind + " " + path.joined(separator: " ") + ": " + context.debugDescription
    }

    /// One member value and what decoding it as the case's type gives.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let member: String
        let outcome: String
        let decode: @Sendable (APIDataDecoder, String) -> String?
        let foundation: @Sendable (String) -> String?
        var testDescription: String { name }
        var json: String { #"{"outer": {"# + member + "}}" }
    }

    private struct Outer<V: Decodable>: Decodable { let outer: Catcher<V> }

    private static func outcome<V: Decodable & Sendable>(_ type: V.Type) -> @Sendable (APIDataDecoder, String) -> String? {
        { decoder, json in decoder.decode(string: json, toDecodable: Outer<V>.self).value?.outer.outcome }
    }

    private static func foundation<V: Decodable & Sendable>(_ type: V.Type) -> @Sendable (String) -> String? {
        { json in try? JSONDecoder().decode(Outer<V>.self, from: Data(json.utf8)).outer.outcome }
    }

    static let cases: [Case] = [
        Case(name: "a missing scalar", member: #""n": 1"#,
             outcome: "keyNotFound outer|nil: No value associated with key m.", decode: outcome(Int.self), foundation: foundation(Int.self)),
        Case(name: "a missing model", member: "",
             outcome: "keyNotFound outer|nil: No value associated with key m.", decode: outcome(Inner.self), foundation: foundation(Inner.self)),
        Case(name: "null for a model", member: #""m": null"#,
             outcome: "valueNotFound outer|nil m|nil: Expected a dictionary but found null instead.", decode: outcome(Inner.self), foundation: foundation(Inner.self)),
        Case(name: "null for a scalar", member: #""m": null"#,
             outcome: "valueNotFound outer|nil m|nil: Expected Int value but found null instead.", decode: outcome(Int.self), foundation: foundation(Int.self)),
        Case(name: "null for an array", member: #""m": null"#,
             outcome: "valueNotFound outer|nil m|nil: Expected Array<Inner> value but found null instead.", decode: outcome([Inner].self), foundation: foundation([Inner].self)),
        Case(name: "an array for a model", member: #""m": [1]"#,
             outcome: "typeMismatch outer|nil m|nil: Expected to decode a dictionary but found an array instead.", decode: outcome(Inner.self), foundation: foundation(Inner.self)),
        Case(name: "a string for a model", member: #""m": "x""#,
             outcome: "typeMismatch outer|nil m|nil: Expected to decode a dictionary but found a string instead.", decode: outcome(Inner.self), foundation: foundation(Inner.self)),
        Case(name: "an object for an array", member: #""m": {"a": 1}"#,
             outcome: "typeMismatch outer|nil m|nil: Expected to decode an array but found an object instead.", decode: outcome([Inner].self), foundation: foundation([Inner].self)),
        Case(name: "a number for an array of scalars", member: #""m": 5"#,
             outcome: "typeMismatch outer|nil m|nil: Expected to decode an array but found an integer instead.", decode: outcome([Int].self), foundation: foundation([Int].self)),
        Case(name: "a string for an Int", member: #""m": "5""#,
             outcome: "typeMismatch outer|nil m|nil: Expected to decode Int but found a string instead.", decode: outcome(Int.self), foundation: foundation(Int.self)),
        Case(name: "300 for an Int8", member: #""m": 300"#,
             outcome: "dataCorrupted outer|nil m|nil: Value 300 does not fit in Int8.", decode: outcome(Int8.self), foundation: foundation(Int8.self)),
        Case(name: "a member of a nested model", member: #""m": {"a": true}"#,
             outcome: "typeMismatch outer|nil m|nil a|nil: Expected to decode Int but found a boolean instead.", decode: outcome(Inner.self), foundation: foundation(Inner.self)),
        Case(name: "an unknown raw value", member: #""m": "tape""#,
             outcome: "dataCorrupted outer|nil m|nil: Cannot initialize Kind from invalid String value tape", decode: outcome(Kind.self), foundation: foundation(Kind.self)),
        Case(name: "a number for an enum", member: #""m": 3"#,
             outcome: "typeMismatch outer|nil m|nil: Expected to decode String but found an integer instead.", decode: outcome(Kind.self), foundation: foundation(Kind.self)),
        Case(name: "a good value", member: #""m": {"a": 7}"#,
             outcome: "value Inner(a: 7)", decode: outcome(Inner.self), foundation: foundation(Inner.self)),
    ]

    @Test(arguments: cases, [CodableRecovery.salvage, .strict])
    func caughtErrorIsExact(_ test: Case, recovery: CodableRecovery) {
        var options = APIDecodeOptions()
        options.codable.recovery = recovery
        #expect(test.decode(APIDataDecoder(options: options), test.json) == test.outcome)
    }

    /// The kind and coding path of each case's error are `JSONDecoder`'s (its wording differs in places:
    /// it says "Cannot get value of type Int -- found null value instead"). Not compared: 300 for an `Int8`,
    /// where `JSONDecoder` gives no value at all rather than an error the model catches.
    @Test(arguments: cases.filter { $0.name != "300 for an Int8" })
    func kindAndPathAreFoundations(_ test: Case) throws {
        let ours = try #require(test.decode(APIDataDecoder(), test.json))
        let theirs = try #require(test.foundation(test.json))
        #expect(ours.prefix { $0 != ":" } == theirs.prefix { $0 != ":" })
    }

    /// Non-conforming floats given as their agreed strings convert (the scalar's slow path); others are errors.
    @Test(arguments: [
        (#""+Inf""#, "value inf"), (#""-Inf""#, "value -inf"), (#""NaN""#, "value nan"),
        (#""inf""#, "typeMismatch outer|nil m|nil: Expected to decode Double but found a string instead."),
    ])
    func nonConformingFloats(_ member: String, _ outcome: String) {
        for recovery in [CodableRecovery.salvage, .strict] {
            var options = APIDecodeOptions()
            options.codable.recovery = recovery
            options.codable.nonConformingFloats = .convertFromString(positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN")
            let json = #"{"outer": {"m": "# + member + "}}"
            #expect(APIDataDecoder(options: options).decode(string: json, toDecodable: Outer<Double>.self).value?.outer.outcome == outcome)
        }
    }

    /// Reads `m.a` through a nested keyed container and catches what that throws.
    private struct NestedReader: Decodable {
        enum CodingKeys: String, CodingKey { case m }
        enum InnerKeys: String, CodingKey { case a }
        let outcome: String
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            do {
                let nested = try container.nestedContainer(keyedBy: InnerKeys.self, forKey: .m)
                outcome = "value \(try nested.decode(Int.self, forKey: .a))"
            } catch let error as DecodingError {
                outcome = BridgeErrorPathTests.describe(error)
            }
        }
    }

    private struct Rows: Decodable { let rows: [[Catcher<Inner>]]; let readers: [NestedReader] }

    /// A member of an array element has one path node for its key and the element's index
    /// (`CodingPathNode.keyInElement`): the paths below it, at every depth, are `JSONDecoder`'s.
    @Test(arguments: [CodableRecovery.salvage, .strict])
    func pathsBelowMembersOfArrayElements(_ recovery: CodableRecovery) throws {
        let json = #"{"rows": [[{"m": {"a": 1}}], [{"m": {"a": 2}}, {"m": {"a": "x"}}]], "readers": [{"m": {"a": 3}}, {"m": {"a": null}}]}"#
        var options = APIDecodeOptions()
        options.codable.recovery = recovery
        let ours = try #require(APIDataDecoder(options: options).decode(string: json, toDecodable: Rows.self).value)
        let theirs = try JSONDecoder().decode(Rows.self, from: Data(json.utf8))
        let expected = [
            "value Inner(a: 1)", "value Inner(a: 2)",
            "typeMismatch rows|nil 1|1 1|1 m|nil a|nil: Expected to decode Int but found a string instead.",
            "value 3", "valueNotFound readers|nil 1|1 m|nil a|nil: Expected Int value but found null instead.",
        ]
        #expect(ours.rows.joined().map(\.outcome) + ours.readers.map(\.outcome) == expected)
        // JSONDecoder's index keys say "Index 1" where the bridge's say "1" (both have intValue 1), as before.
        let theirOutcomes = (theirs.rows.joined().map(\.outcome) + theirs.readers.map(\.outcome)).map { $0.replacingOccurrences(of: "Index ", with: "") }
        #expect(theirOutcomes.map { $0.prefix { $0 != ":" } } == expected.map { $0.prefix { $0 != ":" } })
    }

    private struct Plain: Decodable { let inner: Inner?; let kind: Kind?; let list: [Int]?; let n: Int8 }

    /// Uncaught under `.salvage`: each failure recorded once, at its member, the model kept where it can be.
    @Test func salvageRecordsEachUncaughtError() {
        let json = #"{"inner": [1], "kind": "tape", "list": {"a": 1}, "n": 300}"#
        let result = APIDataDecoder().decode(string: json, toDecodable: Plain.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(Plain) > "inner"(Inner) : Unexpectedly found an array"#,
            #"root(Plain) > "kind"(Kind) : Raw value of "tape" for type Kind not defined"#,
            #"root(Plain) > "list"(Array<Int>) : Unexpectedly found an object"#,
            #"root(Plain) > "n"(Int8) : Value 300 does not fit in Int8"#,
        ])
    }
}
