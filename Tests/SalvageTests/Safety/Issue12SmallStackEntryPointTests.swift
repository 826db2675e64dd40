import Foundation
import Salvage
import Testing

// Issue #12 item 1, as its text reads: "every path … decodes input up to the default depth, and deeper input ends in
// one recorded error — never a crash", on a `Thread` with `stackSize = 512 * 1024`. SmallStackTests covers the
// eight decoding paths of the issue through `decode(data:to:)`; this suite runs the library's *other* entry points
// that recurse once per level (record streams, root-array budgets, uniquing, `decode(jsonValue:to:)`, writing and
// encoding deep values, hashing them, and the renderings of an error found 512 levels down) on the same thread.

/// `{"c":{"c":…{}…}}`: `depth` nested objects.
private func objects(_ depth: Int) -> String {
    String(repeating: #"{"c":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
}

/// `[{"c":[{"c":…}]}]`-like values alternating arrays and objects, `depth` levels.
private func alternating(_ depth: Int) -> JSONValue {
    var value: JSONValue = .array([])
    for level in 1..<depth {
        value = level.isMultiple(of: 2) ? .array([value]) : .object(["c": value])
    }
    return value
}

/// The nesting depth of a `JSONValue`.
private func depth(of value: JSONValue) -> Int {
    var depth = 0
    var current: JSONValue? = value
    while let value = current {
        switch value {
        case .array(let elements): depth += 1; current = elements.first
        case .object(let members): depth += 1; current = members["c"]
        default: current = nil
        }
    }
    return depth
}

/// A Codable chain, encodable too, for the encoder.
private final class EncodableChain: Codable, Sendable {
    let c: EncodableChain?
    init(depth: Int) { c = depth > 1 ? EncodableChain(depth: depth - 1) : nil }
}

/// A model with an id, so a root array of chains can be uniqued.
private struct IdentifiedChain: APIDecodable, Sendable {
    let id: Int
    let depth: Int
    init?(from decoder: APIDecoder) {
        guard let id = decoder["id"] --> Int.self, let chain = decoder["c"] --> Chain.self else { return nil }
        self.id = id
        self.depth = chain.depth
    }
}

/// A model holding a dictionary of its children: `{"c":{"k":{"c":{"k":…}}}}`, two JSON levels per model.
private final class DictionaryChain: APIDecodable, Sendable {
    let children: [String: DictionaryChain]
    init?(from decoder: APIDecoder) {
        guard let children = decoder["c"] --> [String: DictionaryChain].self else { return nil }
        self.children = children
    }
    var depth: Int { 1 + (children["k"]?.depth ?? 0) }
}

/// A model reading its child inside `attempt`, as a user trying one shape before another would.
private final class AttemptChain: APIDecodable, Sendable {
    let child: AttemptChain?
    init?(from decoder: APIDecoder) {
        child = decoder.attempt { $0["c"] --> AttemptChain?.self } ?? nil
    }
    var depth: Int { 1 + (child?.depth ?? 0) }
}

@Suite("Issue 12: every entry point on a 512 KiB thread")
struct Issue12SmallStackEntryPointTests {
    static let halfMegabyte = 512 * 1024
    static let ceiling = APIDataDecoder(options: APIDecodeOptions(maximumDepth: APIDecodeOptions.maximumDepthCeiling))

    /// `{"c":{"k":…{"c":{}}…}}`: `levels` dictionary-holding models (2 × levels − 1 JSON levels).
    private static func dictionaryChain(_ levels: Int) -> String {
        String(repeating: #"{"c":{"k":"#, count: levels - 1) + #"{"c":{}}"# + String(repeating: "}}", count: levels - 1)
    }

    @Test func dictionariesOfModelsDecodeToTheDefaultDepth() {
        let outcome = onThread(stackSize: Self.halfMegabyte) { () -> [String] in
            let deepest = APIDataDecoder().decode(string: Self.dictionaryChain(256), to: DictionaryChain.self)
            let deeper = APIDataDecoder().decode(string: Self.dictionaryChain(257), to: DictionaryChain.self)
            return ["\(deepest.value?.depth ?? -1) \(deepest.errors.count)", "\(deeper.value?.depth ?? -1) \(deeper.errors.map(\.code))"]
        }
        // 256 models are 511 JSON levels; 257 are 513.
        #expect(outcome == ["256 0", #"-1 ["limit_exceeded"]"#])
    }

    @Test func modelsReadInsideAttemptDecodeToTheCeiling() {
        let outcome = onThread(stackSize: Self.halfMegabyte) { () -> String in
            let result = Self.ceiling.decode(string: objects(APIDecodeOptions.maximumDepthCeiling), to: AttemptChain.self)
            return "\(result.value?.depth ?? -1) \(result.errors.count)"
        }
        #expect(outcome == "1000 0")
    }

    @Test func recordsOfTheDeepestDefaultDepthDecodeAndADeeperOneIsOneError() {
        let stream = objects(512) + "\n" + objects(513) + "\n" + objects(512) + "\n"
        let outcome = onThread(stackSize: Self.halfMegabyte) { () -> [String] in
            APIDataDecoder().decodeRecords(string: stream, to: Chain.self).map { record in
                "\(record.index)@\(record.line): \(record.result.value.map { "\($0.depth)" } ?? "nil") \(record.result.errors.map(\.code))"
            }
        }
        #expect(outcome == ["0@1: 512 []", "1@2: nil [\"limit_exceeded\"]", "2@3: 512 []"])
    }

    @Test func aRootArrayWithALossBudgetDecodesDeepElements() {
        // The array is one level, so its elements nest 511 levels.
        let json = "[" + objects(511) + "," + objects(511) + "]"
        let outcome = onThread(stackSize: Self.halfMegabyte) { () -> [Int] in
            let native = APIDataDecoder().decode(string: json, to: [Chain].self, maxDropped: 0)
            let codable = APIDataDecoder().decode(data: Data(json.utf8), toDecodable: [CodableChain].self, maxDropped: 0)
            return (native.value?.map(\.depth) ?? [-1]) + (codable.value?.map(\.depth) ?? [-1]) + [native.errors.count + codable.errors.count]
        }
        #expect(outcome == [511, 511, 511, 511, 0])
    }

    @Test func uniquingARootArrayOfDeepRecords() {
        let record = { (id: Int) in #"{"id":\#(id),"c":"# + objects(510) + "}" }
        let json = "[" + record(1) + "," + record(2) + "," + record(1) + "]"
        let outcome = onThread(stackSize: Self.halfMegabyte) { () -> [String] in
            let result = APIDataDecoder().decode(string: json, to: [IdentifiedChain].self, uniquingBy: .key("id"))
            return (result.value ?? []).map { "\($0.id):\($0.depth)" } + result.errors.map(\.code)
        }
        #expect(outcome == ["1:510", "2:510", "duplicate_record"])
    }

    @Test func decodingADeepJSONValueAsAModel() {
        let outcome = onThread(stackSize: Self.halfMegabyte) { () -> String in
            guard let value = APIDataDecoder().decode(string: objects(512), to: JSONValue.self).value else { return "no value" }
            let result = APIDataDecoder().decode(jsonValue: value, to: Chain.self)
            return "\(result.value?.depth ?? -1) \(result.errors.count)"
        }
        #expect(outcome == "512 0")
    }

    @Test func writingAndEncodingADeepJSONValue() throws {
        let outcome = onThread(stackSize: Self.halfMegabyte) { () -> [String] in
            let value = alternating(APIDecodeOptions.maximumDepthCeiling)
            let text = (try? value.jsonString()) ?? "threw"
            let pretty = ((try? value.jsonData(options: [.prettyPrinted, .sortedKeys])).map { $0.count } ?? -1) > 0
            let encoded = (try? APIDataEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "threw"
            let back = Self.ceiling.decode(string: text, to: JSONValue.self)
            return ["\(text == encoded)", "\(pretty)", "\(back.value.map(depth(of:)) ?? -1)", "\(back.value == value)"]
        }
        #expect(outcome == ["true", "true", "\(APIDecodeOptions.maximumDepthCeiling)", "true"])
    }

    /// `Salvaged` decoded by Foundation's `JSONDecoder` takes the value's JSON through that decoder first: 500
    /// levels (Foundation refuses more than 512) crashed a 512 KiB thread in a debug build there.
    @Test func salvagedDecodedByJSONDecoder() {
        let outcome = onThread(stackSize: Self.halfMegabyte) { () -> String in
            do {
                let salvaged = try JSONDecoder().decode(Salvaged<Chain>.self, from: Data(objects(500).utf8))
                return "\(salvaged.value.depth) \(salvaged.errors.count)"
            } catch {
                return "\(error)"
            }
        }
        #expect(outcome == "500 0")
    }

    /// A hand-built value deeper than any decode makes: written, then refused with one error at the root.
    @Test func decodingAValueDeeperThanTheCeilingIsOneError() {
        let outcome = onThread(stackSize: Self.halfMegabyte) { () -> [String] in
            let result = Self.ceiling.decode(jsonValue: alternating(1_500), to: JSONValue.self)
            return result.errors.map(\.description) + result.errors.map(\.code) + ["\(result.value == nil)"]
        }
        #expect(outcome.count == 3)
        #expect(outcome.first == "root(JSONValue) : Nesting is deeper than maximumDepth (1000 levels)")
        #expect(outcome.last == "true")
        withKnownIssue("the depth limit met by decode(jsonValue:to:) is a `custom` error, not `limit_exceeded` as from bytes: an invalidJSON reason needs a location, and a located-nowhere limit needs its own reason case (as APIJSONObjectDecoder's, left by #15)") {
            #expect(outcome.dropFirst().first == "limit_exceeded")
        }
    }

    @Test func hashingADeepJSONValue() {
        let outcome = onThread(stackSize: Self.halfMegabyte) { () -> Int in
            let value = alternating(APIDecodeOptions.maximumDepthCeiling)
            let set: Set<JSONValue> = [value, alternating(APIDecodeOptions.maximumDepthCeiling), alternating(3)]
            return set.count + (set.contains(value) ? 10 : 0)
        }
        #expect(outcome == 12)
    }

    @Test func encodingADeepCodableModel() {
        let outcome = onThread(stackSize: Self.halfMegabyte) { () -> String in
            let data = (try? APIDataEncoder().encode(EncodableChain(depth: 512))) ?? Data()
            let back = APIDataDecoder().decode(data: data, toDecodable: CodableChain.self)
            return "\(back.value?.depth ?? -1) \(back.errors.count) \(data.count)"
        }
        // `{"c":` 511 times, `{}`, then 511 `}`.
        #expect(outcome == "512 0 3068")
    }

    @Test func everyRenderingOfAnErrorFound512LevelsDown() throws {
        let json = String(repeating: #"{"c":"#, count: 511) + #"{"c":true}"# + String(repeating: "}", count: 511)
        let outcome = onThread(stackSize: Self.halfMegabyte) { () -> [Int] in
            let result = APIDataDecoder().decode(string: json, to: Chain.self)
            guard let error = result.errors.first else { return [] }
            let exported = (try? JSONEncoder().encode(result.errors)) ?? Data()
            let back = (try? JSONDecoder().decode([APIDecodeError].self, from: exported)) ?? []
            return [
                result.errors.count, error.path.count, error.description.count > 512 ? 1 : 0,
                error.location?.column ?? -1, error.diagnostic(source: json).contains(" --> line 1, column 2561: root(Chain) > ") ? 1 : 0,
                error.jsonLine.isEmpty ? 0 : 1, error.metadata.isEmpty ? 0 : 1, back.count,
                back.first?.path.count ?? -1, result.summary.groups.count,
            ]
        }
        // The path is the root and 512 keys; `true` is after 512 `{"c":`s.
        let expected = [1, 513, 1, 2561, 1, 1, 1, 1, 513, 1]
        #expect(outcome == expected)
    }
}
