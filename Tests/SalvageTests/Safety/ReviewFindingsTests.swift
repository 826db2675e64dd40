import Foundation
import Salvage
import Testing

// Findings of the adversarial review of the trust fixes (stack, redaction, records, phantom models,
// numbers, frames): each test failed before its fix.

/// A model whose record id is a redacted value.
private struct User: APIDecodable {
    static var idKey: String? { "email" }
    let email: String
    let age: Int

    init?(from decoder: APIDecoder) {
        guard let email = decoder["email"] --> String.self, let age = decoder["age"] --> Int.self else { return nil }
        self.email = email
        self.age = age
    }
}

struct ReviewFindingsTests {
    /// The record id shown in tagged paths (`(User email=…)`) is read from the model's `idKey` member: when
    /// that member is redacted, the id is too, in every error of the model (the error itself is at `age`,
    /// which is not redacted, so its value stays).
    @Test(arguments: [
        (["email"], [String]()),
        ([], ["people.*.email"]),
    ])
    func aRecordIdReadFromARedactedKeyIsRedacted(keys: [String], paths: [String]) throws {
        var options = APIDecodeOptions()
        options.redactedKeys = Set(keys)
        options.redactedPaths = paths
        let json = #"{"people": [{"email": "alice@secret.example", "age": "x"}]}"#
        let result = APIDataDecoder(options: options).decode(string: json, to: [String: [User]].self)
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.description == #"root(Dictionary<String, Array<User>>) > "people"(Array<User>) > [0](User email=<redacted>) > "age"(Int) : Unexpectedly found a string"#)
        #expect(error.path[2].id == "<redacted>")
        #expect(error.value == "x")
        #expect(!"\(result.errors)".contains("alice"))
    }

    /// Without redaction the id is shown as before.
    @Test func aRecordIdIsShownWhenItsKeyIsNotRedacted() throws {
        var options = APIDecodeOptions()
        options.redactedKeys = ["password"]
        let json = #"{"people": [{"email": "alice@example.com", "age": "x"}]}"#
        let result = APIDataDecoder(options: options).decode(string: json, to: [String: [User]].self)
        let error = try #require(result.errors.first)
        #expect(error.description == #"root(Dictionary<String, Array<User>>) > "people"(Array<User>) > [0](User email=alice@example.com) > "age"(Int) : Unexpectedly found a string"#)
    }
}

/// `depth` arrays nested in one another around `[]`... as a Foundation object tree.
private func nestedArrays(_ depth: Int) -> Any {
    var tree: Any = [Any]()
    for _ in 1..<depth { tree = [tree] }
    return tree
}

extension ReviewFindingsTests {
    /// `APIJSONObjectDecoder` serialized the tree with Foundation, which recurses once per level with more
    /// stack than a 512 KiB thread has for 300 levels (it crashed there, below the default `maximumDepth`).
    /// 500: Foundation's `JSONSerialization` itself refuses trees deeper than 510 levels.
    @Test(arguments: [300, 500])
    func aDeepObjectTreeDecodesOnA512KiBThread(depth: Int) {
        let outcome = onThread(stackSize: 512 * 1024) { () -> String in
            let result = APIJSONObjectDecoder().decode(jsonObject: nestedArrays(depth), to: JSONValue.self)
            var levels = 0
            var value = result.value
            while case .array(let elements)? = value {
                levels += 1
                value = elements.first
            }
            return "\(levels) levels, \(result.errors.count) errors"
        }
        #expect(outcome == "\(depth) levels, 0 errors")
    }

    /// A tree deeper than the limit is refused before Foundation walks it, with the parser's message.
    @Test func anObjectTreeDeeperThanTheLimitIsRefusedOnA512KiBThread() {
        let outcome = onThread(stackSize: 512 * 1024) { () -> [String] in
            let result = APIJSONObjectDecoder(options: APIDecodeOptions(maximumDepth: 1000)).decode(jsonObject: nestedArrays(1500), to: JSONValue.self)
            return result.errors.map(\.description) + [result.value == nil ? "no value" : "a value"]
        }
        #expect(outcome == ["root(JSONValue) : Nesting is deeper than maximumDepth (1000 levels)", "no value"])
    }
}

/// `depth` levels of alternating arrays and objects (`[{"k":[{"k":…}]}]`) ending in `leaf`.
private func mixedChain(_ depth: Int, leaf: String) -> String {
    var text = leaf
    for level in 0..<depth { text = level % 2 == 0 ? "[\(text)]" : #"{"k":\#(text)}"# }
    return text
}

extension ReviewFindingsTests {
    /// `JSONValue`'s synthesized `==` and `hash(into:)` recursed once per level with no stack check: comparing
    /// two values of 1,000 levels (which a decode with `maximumDepth: 1000` returns on a 512 KiB thread)
    /// crashed that thread.
    @Test(arguments: [512, 1000])
    func deepJSONValuesCompareAndHashOnA512KiBThread(depth: Int) {
        let outcome = onThread(stackSize: 512 * 1024) { () -> [Bool] in
            let decoder = APIDataDecoder(options: APIDecodeOptions(maximumDepth: depth))
            let one = decoder.decode(string: mixedChain(depth, leaf: "1"), to: JSONValue.self).value
            let same = decoder.decode(string: mixedChain(depth, leaf: "1"), to: JSONValue.self).value
            let other = decoder.decode(string: mixedChain(depth, leaf: "2"), to: JSONValue.self).value
            guard let one, let same, let other else { return [] }
            return [one == same, one == other, one.hashValue == same.hashValue, Set([one, same, other]).count == 2]
        }
        #expect(outcome == [true, false, true, true])
    }

    /// The hand-written `==` and `hash(into:)` agree with the synthesized ones on every kind of value.
    @Test func jsonValueEqualityAndHashingKeepTheirMeaning() {
        let values: [JSONValue] = [.null, .bool(true), .bool(false), .number(JSONNumber(text: "1")), .number(JSONNumber(text: "1.0")),
                                   .string("1"), .array([]), .array([.null]), .object([:]), .object(["a": .null]), .object(["b": .null])]
        for (i, a) in values.enumerated() {
            for (j, b) in values.enumerated() {
                #expect((a == b) == (i == j), "\(i) \(j)")
            }
        }
        #expect(Set(values).count == values.count)
        #expect(Set(values + values).count == values.count)
        #expect(JSONValue.object(["a": .array([.bool(true)]), "b": .null]) == .object(["b": .null, "a": .array([.bool(true)])]))
    }
}

/// An amount read through `Salvaged` inside a Swift `Decodable`.
private struct Amount: APIDecodable {
    let exact: Decimal
    let approximate: Double

    init?(from decoder: APIDecoder) {
        guard let exact = decoder["exact"] --> Decimal.self, let approximate = decoder["approximate"] --> Double.self else { return nil }
        self.exact = exact
        self.approximate = approximate
    }
}

private struct Payment: Decodable {
    let amount: Salvaged<Amount>
}

extension ReviewFindingsTests {
    /// Through another `Decoder` (Foundation's `JSONDecoder`), `Salvaged` rebuilds the value's JSON text; a
    /// number that is neither an `Int64` nor a `UInt64` went through `Double`, so a `Decimal` field got
    /// `12345678901234567000` for `12345678901234567890.12345`, silently.
    @Test(arguments: [
        ("12345678901234567890.12345", "0.1"),
        ("0.1", "1e300"),
        ("-98765432109876543210", "-2.5e-300"),
    ])
    func salvagedThroughFoundationKeepsEveryDigitOfADecimal(exact: String, approximate: String) throws {
        let json = #"{"amount": {"exact": \#(exact), "approximate": \#(approximate)}}"#
        let payment = try JSONDecoder().decode(Payment.self, from: Data(json.utf8))
        #expect(payment.amount.value.exact == Decimal(string: exact))
        #expect(payment.amount.value.approximate == Double(approximate))
    }
}

/// One lenient field of each numeric type.
private struct Lenient: APIDecodable {
    init?(from decoder: APIDecoder) {
        _ = decoder["u8"].decodeOptional(UInt8.self, lenient: true)
        _ = decoder["int"].decodeOptional(Int.self, lenient: true)
        _ = decoder["float"].decodeOptional(Float.self, lenient: true)
        _ = decoder["double"].decodeOptional(Double.self, lenient: true)
        _ = decoder["decimal"].decodeOptional(Decimal.self, lenient: true)
        _ = decoder["flag"].decodeOptional(Bool.self, lenient: true)
    }
}

extension ReviewFindingsTests {
    /// A number inside a string that lenient conversions read but that does not fit said only "Unexpectedly
    /// found a string" (code `unexpected_type`), where the same number written as a number names the value
    /// and the type. It now gets the number's reason; text that is no number keeps the type error.
    @Test(arguments: [
        (#"{"u8": "256"}"#, #"root(Lenient) > "u8"(UInt8) : Value 256 does not fit in UInt8"#),
        (#"{"u8": "-1"}"#, #"root(Lenient) > "u8"(UInt8) : Value -1 does not fit in UInt8"#),
        (#"{"int": "1.5"}"#, #"root(Lenient) > "int"(Int) : Type Int does not have precision to represent 1.5"#),
        (#"{"int": "99999999999999999999"}"#, #"root(Lenient) > "int"(Int) : Value 99999999999999999999 does not fit in Int"#),
        (#"{"float": "3.5e38"}"#, #"root(Lenient) > "float"(Float) : Value 350000000000000000000000000000000000000 does not fit in Float"#),
        (#"{"double": "1e400"}"#, #"root(Lenient) > "double"(Double) : Value 1e400 does not fit in Double"#),
        (#"{"decimal": "1e400"}"#, #"root(Lenient) > "decimal"(Decimal) : Value 1e400 does not fit in Decimal"#),
        (#"{"int": "0x10"}"#, #"root(Lenient) > "int"(Int) : Unexpectedly found a string"#),
        (#"{"int": " 1"}"#, #"root(Lenient) > "int"(Int) : Unexpectedly found a string"#),
        (#"{"flag": "2"}"#, #"root(Lenient) > "flag"(Bool) : Unexpectedly found a string"#),
    ])
    func aLenientNumberInAStringThatDoesNotFitSaysWhy(json: String, expected: String) {
        let result = APIDataDecoder().decode(string: json, to: Lenient.self)
        #expect(result.errors.map(\.description) == [expected])
    }

    /// The same under redaction: the number is not shown.
    @Test func aLenientNumberInAStringThatDoesNotFitIsRedacted() {
        var options = APIDecodeOptions()
        options.redactedKeys = ["u8"]
        let result = APIDataDecoder(options: options).decode(string: #"{"u8": "98765"}"#, to: Lenient.self)
        #expect(result.errors.map(\.description) == [#"root(Lenient) > "u8"(UInt8) : Value <redacted> does not fit in UInt8"#])
        #expect(result.errors.map(\.code) == ["numeric_overflow"])
    }
}

extension ReviewFindingsTests {
    /// Files that each begin with a byte order mark, concatenated: the mark was ignored only at the start of
    /// the stream, so each later file's first record became an `invalid_json` error and was lost.
    @Test(arguments: ["\n", "\r\n", "\r"])
    func aByteOrderMarkAtALineStartDoesNotCostARecord(lineEnd: String) {
        let stream = "\u{FEFF}{\"n\":1}" + lineEnd + "\u{FEFF}{\"n\":2}" + lineEnd + "{\"n\":3}" + lineEnd + "\u{FEFF}{\"n\":4}"
        let records = APIDataDecoder().decodeRecords(string: stream, to: JSONValue.self)
        #expect(records.map(\.line) == [1, 2, 3, 4])
        #expect(records.map(\.result.value) == (1...4).map { JSONValue.object(["n": .number(JSONNumber(text: "\($0)"))]) })
        #expect(records.flatMap(\.result.errors).isEmpty)
    }

    /// Elsewhere a byte order mark is still not JSON.
    @Test func aByteOrderMarkInsideALineIsStillAnError() {
        let records = APIDataDecoder().decodeRecords(string: "{\"n\":1} \u{FEFF}{\"n\":2}\n{\"n\":3}", to: JSONValue.self)
        #expect(records.map { $0.result.value == nil ? "error" : "value" } == ["value", "error", "value"])
        #expect(records[1].result.errors.map(\.description) == ["root(JSONValue) : Invalid JSON at line 1, column 9 (byte 8): Unexpected byte 0xEF: expected a value"])
    }
}

/// A parent that keeps its first kid's decoder and reads a required value through it while decoding the
/// second kid: the second kid (now at the first kid's frame index) must not fail for it.
private struct StaleKid: APIDecodable {
    nonisolated(unsafe) static var kept: APIDecoder?
    let name: String
    init?(from decoder: APIDecoder) {
        if let kept = StaleKid.kept {
            _ = kept["missing"] --> Int.self
        }
        StaleKid.kept = decoder
        guard let name = decoder["name"] --> String.self else { return nil }
        self.name = name
    }
}

@Suite(.serialized) struct StaleDecoderFailureTests {
    @Test func aRequiredReadThroughAKeptDecoderDoesNotFailAnotherModel() {
        StaleKid.kept = nil
        let result = APIDataDecoder().decode(string: #"[{"name": "a"}, {"name": "b"}]"#, to: [StaleKid].self)
        #expect(result.value?.map(\.name) == ["a", "b"])
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.path.jsonPath == #"root[0]["missing"]"#)
        #expect(result.errors.first?.severity == .recovered)
    }
}
