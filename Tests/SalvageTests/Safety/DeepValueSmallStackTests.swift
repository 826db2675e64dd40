import Foundation
import Salvage
import SalvageTesting
import Testing

// Review findings (2026-11-25): two ways to use a deep `JSONValue` crashed a 512 KiB thread in a debug build
// although a decode returns such values (up to `maximumDepthCeiling` levels):
// - printing it (`"\(value)"`, `String(reflecting:)`, SalvageTesting's value diff): Swift's reflection printer
//   recursed once per level — the crash came at about 200 levels;
// - encoding or decoding it with Foundation's `JSONEncoder`/`JSONDecoder` or property lists: its `Codable`
//   conformance recursed through the coder once per level — the crash came at about 250 levels;
// - `JSONValue(jsonObject:)`: its `is NSNull` / `as? NSNumber` checks ran before the container checks, and on
//   Linux casting an array to a class bridges the whole subtree to `NSArray` recursively — at 512 levels.

/// `depth` levels of alternating arrays and objects around `1`: `{"k":[{"k":[…[1]…]}]}`.
private func alternating(_ depth: Int) -> String {
    var text = "1"
    for level in 0..<depth { text = level % 2 == 0 ? "[\(text)]" : #"{"k":\#(text)}"# }
    return text
}

/// What `description` gives for `alternating(depth)`: Swift's enum printing, nested values qualified.
private func printed(_ depth: Int) -> String {
    var inner = "Salvage.JSONValue.number(1)"
    var text = inner
    for level in 0..<depth {
        text = level % 2 == 0 ? "array([\(inner)])" : #"object(["k": \#(inner)])"#
        inner = "Salvage.JSONValue." + text
    }
    return text
}

/// The same shape as a Foundation object tree.
private func alternatingTree(_ depth: Int) -> Any {
    var tree: Any = 1
    for level in 0..<depth { tree = level % 2 == 0 ? [tree] as [Any] : ["k": tree] as [String: Any] }
    return tree
}

@Suite struct DeepValueSmallStackTests {
    static let halfMegabyte = 512 * 1024

    private static func decoded(_ depth: Int) -> JSONValue? {
        APIDataDecoder(options: APIDecodeOptions(maximumDepth: APIDecodeOptions.maximumDepthCeiling))
            .decode(string: alternating(depth), to: JSONValue.self).value
    }

    @Test(arguments: [512, APIDecodeOptions.maximumDepthCeiling])
    func aDeepValuePrintsOnA512KiBThread(depth: Int) {
        let outcome = onThread(stackSize: Self.halfMegabyte) { () -> [String] in
            guard let value = Self.decoded(depth) else { return [] }
            return ["\(value)", String(reflecting: value)]
        }
        #expect(outcome == [printed(depth), "Salvage.JSONValue." + printed(depth)])
    }

    @Test func salvageTestingDescribesADeepValueOnA512KiBThread() {
        let outcome = onThread(stackSize: Self.halfMegabyte) { () -> String? in
            let result = APIDataDecoder().decode(string: alternating(512), to: JSONValue.self)
            return DecodeExpectation.mismatch(result, value: .null, errors: [])
        }
        #expect(outcome == "value differs (- expected, + actual):\n- value: null\n+ value: \(printed(512))")
    }

    /// Printing stays what Swift's reflection printed before (values, escapes, empty containers, nesting).
    @Test(arguments: [
        (JSONValue.null, "null"),
        (.bool(true), "bool(true)"),
        (.number(JSONNumber(text: "1.50")), "number(1.50)"),
        (.string("a\"b\n\u{1F600}é"), #"string("a\"b\n😀é")"#),
        (.array([]), "array([])"),
        (.object([:]), "object([:])"),
        (.array([.null, .bool(false), .number(JSONNumber(text: "-0")), .string("x"), .array([.null]), .object(["k\"": .null])]),
         #"array([Salvage.JSONValue.null, Salvage.JSONValue.bool(false), Salvage.JSONValue.number(-0), Salvage.JSONValue.string("x"), "#
            + #"Salvage.JSONValue.array([Salvage.JSONValue.null]), Salvage.JSONValue.object(["k\"": Salvage.JSONValue.null])])"#),
        (.object(["a": .array([.string("q")])]), #"object(["a": Salvage.JSONValue.array([Salvage.JSONValue.string("q")])])"#),
    ])
    func printingKeepsSwiftsEnumFormat(value: JSONValue, text: String) {
        #expect("\(value)" == text)
        #expect(String(reflecting: value) == "Salvage.JSONValue." + text)
        #expect("\([value])" == "[Salvage.JSONValue.\(text)]")
        #expect(String(describing: Optional(value)) == "Optional(Salvage.JSONValue.\(text))")
    }

    @Test(arguments: [512, APIDecodeOptions.maximumDepthCeiling])
    func aDeepObjectTreeConvertsOnA512KiBThread(depth: Int) {
        let outcome = onThread(stackSize: Self.halfMegabyte) { () -> [Bool] in
            guard let value = Self.decoded(depth) else { return [] }
            let fromTree = try? JSONValue(jsonObject: alternatingTree(depth))
            let roundTrip = try? JSONValue(jsonObject: value.jsonObject)
            return [fromTree == value, roundTrip == value]
        }
        #expect(outcome == [true, true])
    }

    /// 500 levels: Foundation's `JSONDecoder` refuses documents deeper than 512 levels itself.
    @Test func aDeepValueGoesThroughFoundationsCodersOnA512KiBThread() {
        let outcome = onThread(stackSize: Self.halfMegabyte) { () -> [String] in
            guard let value = Self.decoded(500) else { return [] }
            let json = (try? JSONEncoder().encode(value)) ?? Data()
            let back = try? JSONDecoder().decode(JSONValue.self, from: Data(alternating(500).utf8))
            let plist = try? PropertyListEncoder().encode(["v": value])
            let plistBack = plist.flatMap { try? PropertyListDecoder().decode([String: JSONValue].self, from: $0) }
            return [String(decoding: json, as: UTF8.self), "\(back == value)", "\(plistBack?["v"] == value)"]
        }
        #expect(outcome == [alternating(500), "true", "true"])
    }
}
