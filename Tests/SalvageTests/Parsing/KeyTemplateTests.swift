import Foundation
import Salvage
import Testing

// An object whose first key equals an earlier closed object's first key compares its next keys with that
// object's keys ("follows a template", DuplicateKeys.swift) instead of putting them in the key filter. What it
// must still do: find a repeated key (a lookup then gives the last member) wherever the follower leaves the
// template — at once, after some keys, after all of them, past 48 members, on an escaped spelling, on a longer
// or shorter key with the same start — and take nothing from a template of an earlier record of a stream.

/// Every key of `KeyTemplateTests.keys` that the object has, each with the value a lookup finds.
private struct Members: APIDecodable, Equatable {
    let values: [String: JSONValue]
    init(values: [String: JSONValue]) { self.values = values }
    init?(from decoder: APIDecoder) {
        var values: [String: JSONValue] = [:]
        for key in KeyTemplateTests.keys {
            if let value = decoder[key] --> JSONValue?.self { values[key] = value }
        }
        self.values = values
    }
}

@Suite struct KeyTemplateTests {
    /// Each key and its spellings in JSON (the first plain, the others escaped).
    static let spellings: [(key: String, json: [String])] = fixedSpellings + longSpellings + numberedSpellings

    private static let fixedSpellings: [(key: String, json: [String])] = [
        ("a", ["a", "\\u0061"]), ("b", ["b", "\\u0062"]), ("ab", ["ab"]), ("abc", ["abc", "ab\\u0063"]), ("id", ["id"]),
        ("é", ["é", "\\u00e9"]), ("", [""]), ("q\"", ["q\\\""]),
    ]

    /// Keys around the 48 bytes up to which keys are followed.
    private static let longSpellings: [(key: String, json: [String])] = (47 ... 49).map { length -> (key: String, json: [String]) in
        let key = String(repeating: "x", count: length)
        return (key, [key])
    }

    private static let numberedSpellings: [(key: String, json: [String])] = (0 ..< 60).map { number -> (key: String, json: [String]) in
        ("k\(number)", ["k\(number)"])
    }

    static let keys = spellings.map(\.key)

    /// `[template, follower]` and what the follower's lookups find.
    static let cases: [(json: String, expected: [String: Int])] = [
        (#"[{"a":1,"b":2,"abc":3},{"a":4,"b":5,"a":6}]"#, ["a": 6, "b": 5]),
        (#"[{"a":1,"b":2},{"a":3,"b":4,"a":5}]"#, ["a": 5, "b": 4]),
        (#"[{"a":1,"b":2,"abc":3},{"a":4,"b":5,"id":6,"b":7}]"#, ["a": 4, "b": 7, "id": 6]),
        (#"[{"a":1,"ab":2},{"a":3,"abc":4,"ab":5}]"#, ["a": 3, "abc": 4, "ab": 5]),
        (#"[{"a":1,"abc":2},{"a":3,"ab":4,"abc":5,"ab":6}]"#, ["a": 3, "ab": 6, "abc": 5]),
        (#"[{"a":1,"b":2},{"a":3,"\u0062":4,"b":5}]"#, ["a": 3, "b": 5]),
        (#"[{"a":1,"b":2},{"a":3,"b":4,"\u0061":5}]"#, ["a": 5, "b": 4]),
        (#"[{"a":1,"b":2},{"\u0061":3,"b":4,"a":5}]"#, ["a": 5, "b": 4]),
        (#"[{"a":1,"":2},{"a":3,"":4,"":5}]"#, ["a": 3, "": 5]),
        (#"[{"id":1,"a":2},{"id":3,"a":4},{"id":5,"a":6,"id":7}]"#, ["id": 7, "a": 6]),
        (#"[{"a":1,"b":2},{"b":3,"a":4,"b":5}]"#, ["a": 4, "b": 5]),
        (#"[{"a":1,"é":2},{"a":3,"é":4,"\u00e9":5}]"#, ["a": 3, "é": 5]),
    ]

    @Test(arguments: cases.indices)
    func aFollowerFindsItsRepeatedKeys(_ index: Int) throws {
        let (json, expected) = Self.cases[index]
        let result = APIDataDecoder().decode(string: json, to: [Members].self)
        #expect(result.errors.isEmpty)
        let follower = try #require(result.value?.last)
        #expect(follower.values == expected.mapValues { .number(JSONNumber(text: String($0))) })
    }

    /// Templates with container values (the follower steps over them by the template's close nodes), long keys
    /// around the 48-byte limit of what is followed, and more than 48 members.
    @Test(arguments: [0, 1, 2, 47, 48, 49, 58])
    func longFollowersFindARepeatAtTheEnd(_ members: Int) throws {
        let long = (47 ... 49).map { String(repeating: "x", count: $0) }
        let keys = ["a"] + long + (0 ..< members).map { "k\($0)" }
        let template = "{" + keys.enumerated().map { #""\#($1)": {"a": [\#($0)], "b": {"a": \#($0)}}"# }.joined(separator: ",") + "}"
        for repeated in keys {
            let follower = "{" + keys.map { #""\#($0)": 1"# }.joined(separator: ",") + #", "\#(repeated)": 2}"#
            let result = APIDataDecoder().decode(string: "[\(template),\(follower)]", to: [Members].self)
            let values = try #require(result.value?.last?.values)
            #expect(values[repeated] == .number(JSONNumber(text: "2")), "\(repeated)")
            #expect(values.count == keys.count)
        }
    }

    @Test func randomObjectsFindTheLastOfEveryRepeatedKey() async throws {
        var random = SplitMix64(seed: 17)
        var problems: [String] = []
        for round in 0 ..< 60 {
            let objects = (0 ..< random.int(1 ... 12)).map { _ in Self.randomObject(&random) }
            let pairs = objects.reduce(into: [(String, Members)]()) { $0.append(($1.json, Members(values: $1.expected))) }
            let expected = pairs.map(\.1)
            let inMemory = APIDataDecoder().decode(string: "[" + pairs.map(\.0).joined(separator: ",") + "]", to: [Members].self)
            if inMemory.value != expected || !inMemory.errors.isEmpty { problems.append("round \(round), in memory") }
            // As NDJSON and as one array, streamed: each record parses into the tape of the one before.
            let ndjson = pairs.map(\.0).joined(separator: "\n")
            let array = "[" + pairs.map(\.0).joined(separator: ",\n") + "]"
            for text in [ndjson, array] {
                let bytes = StreamedRecordTests.ChunkedBytes(bytes: Array(text.utf8), sizes: [random.int(1 ... 300)])
                var streamed: [Members] = []
                for try await record in APIDataDecoder().records(from: bytes, to: Members.self) {
                    if let value = record.result.value, record.result.errors.isEmpty { streamed.append(value) }
                }
                if streamed != expected { problems.append("round \(round), streamed \(text.first == "[" ? "array" : "NDJSON")") }
            }
        }
        #expect(problems == [])
    }

    /// An object of keys drawn mostly from few first keys (so objects follow each other), with repeats,
    /// escaped spellings and nested objects that repeat keys too; and what each of its keys finds.
    private static func randomObject(_ random: inout SplitMix64) -> (json: String, expected: [String: JSONValue]) {
        var members: [String] = []
        var expected: [String: JSONValue] = [:]
        let count = random.chance(0.1) ? random.int(45 ... 60) : random.int(0 ... 7)
        for position in 0 ..< count {
            let index = position == 0 ? random.int(0 ... 1) : (count > 40 && random.chance(0.8) ? 11 + position % 60 : random.below(spellings.count))
            let (key, json) = spellings[index]
            let spelling = random.chance(0.1) ? random.pick(json) : json[0]
            let number = random.int(0 ... 999)
            let value: JSONValue
            let text: String
            if random.chance(0.2) {
                let (inner, innerValue) = (random.int(0 ... 9), random.int(0 ... 9))
                text = #"{"a": \#(inner), "b": [\#(innerValue)], "a": \#(number)}"#
                value = .object(["a": .number(JSONNumber(text: String(number))), "b": .array([.number(JSONNumber(text: String(innerValue)))])])
            } else {
                text = String(number)
                value = .number(JSONNumber(text: text))
            }
            members.append(#""\#(spelling)": \#(text)"#)
            expected[key] = value
        }
        return ("{" + members.joined(separator: ",") + "}", expected)
    }
}
