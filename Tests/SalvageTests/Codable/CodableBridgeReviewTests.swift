import Foundation
import Salvage
import Testing

/// An adversarial review of the Codable bridge: under `.strict`, plain `Decodable` models decoded through
/// Salvage succeed and fail exactly where `JSONDecoder` does (with the same value); under `.salvage`, the
/// values and error paths are the documented ones.
struct CodableBridgeReviewTests {
    // MARK: Models

    /// A type whose own `init(from:)` accepts null (as property wrappers with defaults do).
    struct NullDefault: Decodable, Equatable, Sendable {
        let value: Int
        init(value: Int) { self.value = value }
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            value = container.decodeNil() ? -1 : try container.decode(Int.self)
        }
    }
    struct HoldsNullDefault: Decodable, Equatable, Sendable { let x: NullDefault }

    @propertyWrapper struct DefaultZero: Decodable, Equatable, Sendable {
        var wrappedValue: Int
        init(wrappedValue: Int) { self.wrappedValue = wrappedValue }
        init(from decoder: any Decoder) throws {
            wrappedValue = (try? decoder.singleValueContainer().decode(Int.self)) ?? 0
        }
    }
    struct Wrapped: Decodable, Equatable, Sendable { @DefaultZero var count: Int; let name: String }

    /// Reads a missing member through `superDecoder(forKey:)`, as `JSONDecoder` allows (it decodes null).
    struct SuperForMissingKey: Decodable, Equatable, Sendable {
        let maybe: Int?
        enum CodingKeys: String, CodingKey { case maybe }
        init(maybe: Int?) { self.maybe = maybe }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            maybe = try Int?(from: container.superDecoder(forKey: .maybe))
        }
    }

    /// The number of keys `allKeys` lists, and whether building a dictionary of them survives.
    struct KeyCount: Decodable, Equatable, Sendable {
        let count: Int
        init(count: Int) { self.count = count }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            count = container.allKeys.count
        }
    }
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Skips elements that fail with `try?`, as hand-written lossy arrays do.
    struct LossyInts: Decodable, Equatable, Sendable {
        let values: [Int]
        let indexes: [Int]
        init(values: [Int], indexes: [Int]) { (self.values, self.indexes) = (values, indexes) }
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            var values: [Int] = [], indexes: [Int] = []
            while !container.isAtEnd {
                indexes.append(container.currentIndex)
                if let value = try? container.decode(Int.self) {
                    values.append(value)
                } else {
                    _ = try container.decode(Skip.self)
                }
            }
            self.values = values
            self.indexes = indexes
        }
        struct Skip: Decodable { init(from decoder: any Decoder) throws {} }
    }

    /// Decodes past the end of an array.
    struct PastEnd: Decodable, Equatable, Sendable {
        let first: Int
        let isNil: Bool?
        init(first: Int, isNil: Bool?) { (self.first, self.isNil) = (first, isNil) }
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            first = try container.decode(Int.self)
            isNil = try? container.decodeNil()
        }
    }

    /// Tries a nested container at each element and falls back to a scalar: a nested container that
    /// fails must not move past the element.
    struct NestedOrScalar: Decodable, Equatable, Sendable {
        let values: [Int]
        init(values: [Int]) { self.values = values }
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            var values: [Int] = []
            while !container.isAtEnd {
                if let keyed = try? container.nestedContainer(keyedBy: AnyKey.self) {
                    values.append(try keyed.decode(Int.self, forKey: AnyKey(stringValue: "v")))
                } else if var unkeyed = try? container.nestedUnkeyedContainer() {
                    values.append(try unkeyed.decode(Int.self))
                } else {
                    values.append(try container.decode(Int.self))
                }
            }
            self.values = values
        }
    }

    /// Decodes the same key twice and falls back with `try?`.
    struct Twice: Decodable, Equatable, Sendable {
        let number: Int
        let text: String?
        enum CodingKeys: String, CodingKey { case a }
        init(number: Int, text: String?) { (self.number, self.text) = (number, text) }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            number = try (try? container.decode(Int.self, forKey: .a)) ?? Int(container.decode(String.self, forKey: .a)) ?? -1
            text = try container.decodeIfPresent(String.self, forKey: .a)
        }
    }

    enum Shape: Decodable, Equatable, Sendable { case circle(radius: Double), square(Double), point }
    enum Level: Int, Decodable, Equatable, Sendable { case low = 1, high = 2 }

    class Base: Decodable, @unchecked Sendable {
        let id: Int
        init(id: Int) { self.id = id }
    }
    final class Derived: Base, @unchecked Sendable, Equatable {
        let name: String
        enum CodingKeys: String, CodingKey { case name }
        init(id: Int, name: String) { self.name = name; super.init(id: id) }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            try super.init(from: container.superDecoder())
        }
        static func == (lhs: Derived, rhs: Derived) -> Bool { lhs.id == rhs.id && lhs.name == rhs.name }
    }

    struct Generic<T: Decodable & Equatable & Sendable>: Decodable, Equatable, Sendable { let item: T; let items: [T]? }
    struct Snake: Decodable, Equatable, Sendable { let userID: Int?; let urlValue: String?; let aB: Int?; let leading: Int? }

    // MARK: Strict parity with JSONDecoder

    /// One decode compared: what `JSONDecoder` gives and what the strict bridge gives.
    struct Parity: Sendable, CustomTestStringConvertible {
        let name: String
        let run: @Sendable () -> (foundation: String, salvage: String)
        var testDescription: String { name }
    }

    static func outcome<T: Decodable>(_ type: T.Type, _ json: String, snakeCase: Bool) -> (foundation: String, salvage: String) {
        let decoder = JSONDecoder()
        if snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        let foundation: String
        do { foundation = "value \(try decoder.decode(T.self, from: Data(json.utf8)))" } catch { foundation = "error" }
        var options = APIDecodeOptions.strictCodable
        if snakeCase { options.codable.keys = .convertFromSnakeCase }
        let result = APIDataDecoder(options: options).decode(string: json, toDecodable: T.self)
        let salvage = result.value.map { "value \($0)" } ?? "error"
        return (foundation, salvage)
    }

    static func parity<T: Decodable>(_ type: T.Type, _ json: String, snakeCase: Bool = false) -> Parity {
        Parity(name: "\(T.self) \(json)") { outcome(T.self, json, snakeCase: snakeCase) }
    }

    static let parityCases: [Parity] = [
        // Wrong JSON types at every position.
        parity(Int.self, #""1""#), parity([Int].self, #"{"a": 1}"#), parity([String: Int].self, #"[1]"#),
        parity([String: Int].self, #"{"a": "1"}"#), parity([Int?].self, #"[1, null, "x"]"#), parity([Int?].self, #"[1, null]"#),
        parity([[Int]].self, #"[[1], 2]"#), parity(Generic<Int>.self, #"{"item": 1, "items": [1, "2"]}"#),
        parity(Generic<Int>.self, #"{"item": 1, "items": null}"#), parity(Generic<Int>.self, #"{"item": null}"#),
        parity([Int: String].self, #"{"1": "a", "-2": "b"}"#), parity([Int: String].self, #"{"1": "a", "x": "b"}"#),
        parity([Int: String].self, #"{"1.5": "a"}"#), parity(Int?.self, "null"), parity(Int??.self, "null"),
        // Numbers at their limits.
        parity(Int8.self, "127"), parity(Int8.self, "128"), parity(Int8.self, "-129"), parity(UInt8.self, "-1"),
        parity(UInt64.self, "18446744073709551615"), parity(UInt64.self, "18446744073709551616"),
        parity(Int64.self, "-9223372036854775808"), parity(Int64.self, "9223372036854775808"),
        parity(Int.self, "1.0"), parity(Int.self, "1e2"), parity(Int.self, "1.5"), parity(UInt.self, "-0"),
        parity(Float.self, "1e39"), parity(Double.self, "1e400"), parity(Double.self, "-1e-400"), parity(Float.self, "3.4028235e38"),
        parity(Decimal.self, "1e200"), parity(Decimal.self, #""1""#), parity(Bool.self, "1"),
        parity(URL.self, #""https://example.com/a b""#), parity(URL.self, #""""#), parity(Data.self, #""AQI=""#), parity(Data.self, #""AQI""#),
        // Enums.
        parity(Level.self, "2"), parity(Level.self, "3"), parity(Level.self, #""1""#),
        parity(Shape.self, #"{"circle": {"radius": 2}}"#), parity(Shape.self, #"{"square": {"_0": 3}}"#),
        parity(Shape.self, #"{"point": {}}"#), parity(Shape.self, #"{"circle": {"radius": 2}, "point": {}}"#),
        parity(Shape.self, #"{"triangle": {}}"#), parity(Shape.self, #""point""#),
        // Custom init(from:) and containers.
        parity(HoldsNullDefault.self, #"{"x": null}"#), parity(HoldsNullDefault.self, #"{"x": 3}"#), parity(NullDefault.self, "null"),
        parity([NullDefault].self, "[null, 2]"), parity([String: NullDefault].self, #"{"a": null}"#),
        parity(Wrapped.self, #"{"count": null, "name": "n"}"#), parity(Wrapped.self, #"{"count": "x", "name": "n"}"#),
        parity(SuperForMissingKey.self, #"{"maybe": 4}"#), parity(SuperForMissingKey.self, #"{"maybe": null}"#),
        parity(KeyCount.self, #"{"a": 1, "a": 2, "b": 3}"#),
        parity(LossyInts.self, #"[1, "x", 3, null, 5]"#), parity(PastEnd.self, "[1]"), parity(PastEnd.self, "[]"),
        parity(Derived.self, #"{"name": "n", "super": {"id": 1}}"#), parity(Derived.self, #"{"name": "n"}"#),
        parity(NestedOrScalar.self, #"[{"v": 1}, [2], 3]"#), parity(NestedOrScalar.self, #"[3, {"v": 1}]"#),
        parity(Twice.self, #"{"a": "7"}"#), parity(Twice.self, #"{"a": 7}"#),
        parity(Date.self, "1.5"), parity(Date.self, #""x""#), parity([Date?].self, "[null, 0]"),
        // Keys converted from snake case.
        parity(Snake.self, #"{"user_id": 1, "url_value": "u", "a__b": 2, "_leading": 3}"#, snakeCase: true),
        parity(Snake.self, #"{"userID": 1, "URL_VALUE": "u", "a_b": 2, "leading__": 3}"#, snakeCase: true),
    ]

    @Test(arguments: parityCases)
    func strictAgreesWithJSONDecoder(_ parity: Parity) {
        let (foundation, salvage) = parity.run()
        #expect(salvage == foundation)
    }

    // MARK: Salvage

    @Test func salvageLetsATypeDecodeNullItself() throws {
        let root = APIDataDecoder().decode(string: "null", toDecodable: NullDefault.self)
        #expect(root.value == NullDefault(value: -1))
        #expect(root.errors.isEmpty)
        let model = APIDataDecoder().decode(string: "null", toDecodable: Inner.self)
        #expect(model.value == nil)
        #expect(model.errors.map(\.description) == [#"root(Inner) : Unexpectedly found null"#])
        let result = APIDataDecoder().decode(string: #"{"x": null}"#, toDecodable: HoldsNullDefault.self)
        #expect(result.value == HoldsNullDefault(x: NullDefault(value: -1)))
        #expect(result.errors.map(\.description) == [])
        let wrapped = APIDataDecoder().decode(string: #"[{"count": null, "name": "a"}, {"count": 2, "name": "b"}]"#, toDecodable: [Wrapped].self)
        #expect(wrapped.value?.map(\.count) == [0, 2])
        #expect(wrapped.errors.map(\.description) == [])
    }

    @Test func salvageRecordsNothingForTryQuestionInCustomInits() {
        let lossy = APIDataDecoder().decode(string: #"[1, "x", 3, null, 5]"#, toDecodable: LossyInts.self)
        #expect(lossy.value == LossyInts(values: [1, 3, 5], indexes: [0, 1, 2, 3, 4]))
        #expect(lossy.errors.isEmpty)
        let nested = APIDataDecoder().decode(string: #"[{"v": 1}, [2], 3]"#, toDecodable: NestedOrScalar.self)
        #expect(nested.value == NestedOrScalar(values: [1, 2, 3]))
        #expect(nested.errors.isEmpty)
        let twice = APIDataDecoder().decode(string: #"{"a": "7"}"#, toDecodable: Twice.self)
        #expect(twice.value == Twice(number: 7, text: "7"))
        #expect(twice.errors.isEmpty)
    }

    struct Inner: Decodable, Equatable, Sendable { let a: Int }
    struct Outer: Decodable, Equatable, Sendable {
        let inner: Inner?
        let required: Inner
        let list: [Inner]
        let maybes: [Int?]
        let byID: [String: Inner]
        let byNumber: [Int: String]?
    }

    @Test func salvageDropsAndNilsWithNativePaths() throws {
        let json = #"{"inner": {"a": "x"}, "required": {"a": 1}, "list": [{"a": 1}, {"a": null}, 3], "maybes": [1, null, "x"], "byID": {"k": {"a": 2}, "j": {}}, "byNumber": {"1": "a", "x": "b"}}"#
        let result = APIDataDecoder().decode(string: json, toDecodable: Outer.self)
        let value = try #require(result.value)
        #expect(value.inner == nil)
        #expect(value.list == [Inner(a: 1)])
        #expect(value.maybes == [1, nil])
        #expect(value.byID == ["k": Inner(a: 2)])
        #expect(value.byNumber == [1: "a"])
        #expect(result.errors.map(\.description) == [
            #"root(Outer) > "inner"(Inner) > "a"(Int) : Unexpectedly found a string"#,
            #"root(Outer) > "list"(Array<Inner>) > [1](Inner) > "a"(Int) : Unexpectedly found null"#,
            #"root(Outer) > "list"(Array<Inner>) > [2](Inner) : Unexpectedly found an integer"#,
            #"root(Outer) > "maybes"(Array<Optional<Int>>) > [2](Int) : Unexpectedly found a string"#,
            #"root(Outer) > "byID"(Dictionary<String, Inner>) > "j"(Inner) > "a"(Int) : No value is present"#,
            #"root(Outer) > "byNumber"(Dictionary<Int, String>) > "x" : Cannot read "x" as Int: expected a key that converts to Int"#,
        ])
    }

    @Test func salvageNullForARequiredModelFailsItWithTheSameError() {
        let result = APIDataDecoder().decode(string: #"[{"inner": null, "required": null, "list": [], "maybes": [], "byID": {}}]"#, toDecodable: [Outer].self)
        #expect(result.value == [])
        #expect(result.errors.map(\.description) == [#"root(Array<Outer>) > [0](Outer) > "required"(Inner) : Unexpectedly found null"#])
    }

    final class Nest: Decodable, Sendable { let next: Nest?; let n: Int? }

    @Test(arguments: [CodableRecovery.salvage, .strict])
    func nineHundredLevelsOnASmallStack(recovery: CodableRecovery) {
        let depth = 900
        let json = String(repeating: #"{"next": "#, count: depth - 1) + #"{"n": 1}"# + String(repeating: "}", count: depth - 1)
        let (levels, errors) = onThread(stackSize: 512 << 10) { () -> (Int, Int) in
            var options = APIDecodeOptions()
            options.codable.recovery = recovery
            options.maximumDepth = 2000
            let result = APIDataDecoder(options: options).decode(string: json, toDecodable: Nest.self)
            var levels = 0
            var node = result.value
            while let current = node { levels += 1; node = current.next }
            return (levels, result.errors.count)
        }
        #expect(levels == depth)
        #expect(errors == 0)
    }

    struct ReadsUserInfo: Decodable, Equatable, Sendable {
        let version: Int?
        init(from decoder: any Decoder) throws { version = decoder.userInfo[CodingUserInfoKey(rawValue: "v")!] as? Int }
    }

    @Test func userInfoReachesNestedDecoders() {
        var options = APIDecodeOptions()
        options.userInfo[CodingUserInfoKey(rawValue: "v")!] = 3
        let result = APIDataDecoder(options: options).decode(string: #"[{}, {}]"#, toDecodable: [ReadsUserInfo].self)
        #expect(result.value?.map(\.version) == [3, 3])
    }

    struct Envelope: Decodable { let id: Int; let numbers: Salvaged<[Int]>; let later: Salvaged<[Int]>? }

    @Test func salvagedInsideAnEnvelopeBothWays() throws {
        let json = #"{"id": 1, "numbers": [1, "x", 3], "later": null}"#
        let ours = APIDataDecoder().decode(string: json, toDecodable: Envelope.self)
        #expect(ours.value?.numbers.value == [1, 3])
        #expect(ours.value?.later == nil)
        #expect(ours.errors.map(\.path.jsonPath) == [#"root["numbers"][1]"#])
        let theirs = try JSONDecoder().decode(Envelope.self, from: Data(json.utf8))
        #expect(theirs.numbers.value == [1, 3])
        #expect(theirs.numbers.errors.count == 1)
        #expect(theirs.later == nil)
    }

    struct HoldsLevel: Decodable, Sendable { let level: Level; let shape: Shape }

    /// Null for a raw-value enum or an enum with associated values fails it as before the bridge handed
    /// null to types' own `init(from:)`: found null, tagged with the enum's type.
    @Test func salvageNullForEnums() {
        let result = APIDataDecoder().decode(string: #"[{"level": null, "shape": "point"}, {"level": 1, "shape": null}]"#, toDecodable: [HoldsLevel].self)
        #expect(result.value?.isEmpty == true)
        #expect(result.errors.map(\.description) == [
            #"root(Array<HoldsLevel>) > [0](HoldsLevel) > "level"(Level) : Unexpectedly found null"#,
            #"root(Array<HoldsLevel>) > [1](HoldsLevel) > "shape"(Shape) : Unexpectedly found null"#,
        ])
    }
}
