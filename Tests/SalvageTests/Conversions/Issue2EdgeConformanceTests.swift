import Foundation
import Salvage
import Testing

// Issue #2's promises at their edges: numbers at the limits of every width, Float's range, Decimal from
// the text, paths with awkward keys, and the entry points on a 512 KiB thread.

@Suite("Issue #2 edges")
struct Issue2EdgeConformanceTests {
    struct IntegerCase: Sendable, CustomTestStringConvertible {
        let text: String
        let decode: @Sendable (String) -> (value: String?, errors: [String])
        let value: String?
        let errors: [String]
        var testDescription: String { text }
    }

    private static func run<T: APIDecodable & Sendable>(_ type: T.Type) -> @Sendable (String) -> (value: String?, errors: [String]) {
        { text in
            let result = APIDataDecoder().decode(string: text, to: T.self)
            return (result.value.map { "\($0)" }, result.errors.map(\.description))
        }
    }

    static let integerCases: [IntegerCase] = [
        IntegerCase(text: "127", decode: run(Int8.self), value: "127", errors: []),
        IntegerCase(text: "-128", decode: run(Int8.self), value: "-128", errors: []),
        IntegerCase(text: "128", decode: run(Int8.self), value: nil, errors: ["root(Int8) : Value 128 does not fit in Int8"]),
        IntegerCase(text: "-129", decode: run(Int8.self), value: nil, errors: ["root(Int8) : Value -129 does not fit in Int8"]),
        IntegerCase(text: "255", decode: run(UInt8.self), value: "255", errors: []),
        IntegerCase(text: "256", decode: run(UInt8.self), value: nil, errors: ["root(UInt8) : Value 256 does not fit in UInt8"]),
        IntegerCase(text: "-0", decode: run(UInt8.self), value: "0", errors: []),
        IntegerCase(text: "-0.0", decode: run(UInt.self), value: "0", errors: []),
        IntegerCase(text: "65535", decode: run(UInt16.self), value: "65535", errors: []),
        IntegerCase(text: "-32769", decode: run(Int16.self), value: nil, errors: ["root(Int16) : Value -32769 does not fit in Int16"]),
        IntegerCase(text: "2147483647", decode: run(Int32.self), value: "2147483647", errors: []),
        IntegerCase(text: "4294967296", decode: run(UInt32.self), value: nil, errors: ["root(UInt32) : Value 4294967296 does not fit in UInt32"]),
        IntegerCase(text: "1e19", decode: run(UInt64.self), value: "10000000000000000000", errors: []),
        IntegerCase(text: "1.8446744073709551615e19", decode: run(UInt64.self), value: "18446744073709551615", errors: []),
        IntegerCase(text: "18446744073709551616", decode: run(UInt64.self), value: nil, errors: ["root(UInt64) : Value 18446744073709551616 does not fit in UInt64"]),
        IntegerCase(text: "-9223372036854775809", decode: run(Int.self), value: nil, errors: ["root(Int) : Value -9223372036854775809 does not fit in Int"]),
        IntegerCase(text: "100000000000000000000e-2", decode: run(Int.self), value: "1000000000000000000", errors: []),
        IntegerCase(text: "10e-1", decode: run(Int.self), value: "1", errors: []),
        IntegerCase(text: "0e5000", decode: run(Int.self), value: "0", errors: []),
        IntegerCase(text: "1e-1", decode: run(Int.self), value: nil, errors: ["root(Int) : Type Int does not have precision to represent 0.1"]),
        IntegerCase(text: "-3.5", decode: run(UInt.self), value: nil, errors: ["root(UInt) : Type UInt does not have precision to represent -3.5"]),
        IntegerCase(text: "1e20", decode: run(Int64.self), value: nil, errors: ["root(Int64) : Value 100000000000000000000 does not fit in Int64"]),
    ]

    @Test(arguments: integerCases)
    func integerLimits(_ item: IntegerCase) {
        let outcome = item.decode(item.text)
        #expect(outcome.value == item.value)
        #expect(outcome.errors == item.errors)
    }

    @Test func floatRangeEdges() {
        #expect(APIDataDecoder().decode(string: "3.4028235e38", to: Float.self).value == Float.greatestFiniteMagnitude)
        #expect(APIDataDecoder().decode(string: "-3.4028235e38", to: Float.self).value == -Float.greatestFiniteMagnitude)
        let above = APIDataDecoder().decode(string: "3.5e38", to: Float.self)
        #expect(above.value == nil)
        #expect(above.errors.map(\.code) == ["numeric_overflow"])
        let below = APIDataDecoder().decode(string: "-1e39", to: Float.self)
        #expect(below.value == nil)
        #expect(below.errors.map(\.code) == ["numeric_overflow"])
        let double = APIDataDecoder().decode(string: "1e309", to: Double.self)
        #expect(double.value == nil)
        #expect(double.errors.map(\.code) == ["numeric_overflow"])
        #expect(APIDataDecoder().decode(string: "1.7976931348623157e308", to: Double.self).value == Double.greatestFiniteMagnitude)
        // Too small for the type (not zero, below its least subnormal): precision_loss, as JSONDecoder throws (GettingStarted §7).
        let tiny = APIDataDecoder().decode(string: "1e-50", to: Float.self)
        #expect(tiny.value == nil)
        #expect(tiny.errors.map(\.code) == ["precision_loss"])
        #expect(tiny.errors.map(\.description) == ["root(Float) : Type Float does not have precision to represent 0.00000000000000000000000000000000000000000000000001"])
        let negativeTiny = APIDataDecoder().decode(string: "-1e-400", to: Double.self)
        #expect(negativeTiny.value == nil)
        #expect(negativeTiny.errors.map(\.description) == ["root(Double) : Type Double does not have precision to represent -1e-400"])
    }

    @Test func decimalKeepsTheTextsDigits() {
        #expect(APIDataDecoder().decode(string: "-0.000001", to: Decimal.self).value == Decimal(string: "-0.000001"))
        #expect(APIDataDecoder().decode(string: "1e-3", to: Decimal.self).value == Decimal(string: "0.001"))
        #expect(APIDataDecoder().decode(string: "18446744073709551615", to: Decimal.self).value == Decimal(string: "18446744073709551615"))
    }

    @Test func pathsWithAwkwardKeys() {
        struct Awkward: APIDecodable {
            init?(from decoder: APIDecoder) {
                _ = decoder["a\"b\\c"] --> Int?.self
                _ = decoder["ключ/~"] --> Int?.self
                _ = decoder[""] --> Int?.self
            }
        }
        let json = #"{"a\"b\\c": "x", "ключ/~": "y", "": "z"}"#
        let result = APIDataDecoder().decode(string: json, to: Awkward.self)
        #expect(result.errors.map(\.path.jsonPath) == [#"root["a\"b\\c"]"#, #"root["ключ/~"]"#, #"root[""]"#])
        #expect(result.errors.map(\.path.jsonPointer) == ["/a\"b\\c", "/ключ~1~0", "/"])
        #expect(result.errors.map(\.path.taggedJSONPath) == [#"root(Awkward) > "a\"b\\c"(Int)"#, #"root(Awkward) > "ключ/~"(Int)"#, #"root(Awkward) > ""(Int)"#])
        #expect(result.errors.map(\.location?.column) == [13, 28, 37])
    }

    @Test func longKeyAndLongString() throws {
        let key = String(repeating: "k", count: 10_000)
        struct Long: APIDecodable {
            let n: Int?
            init?(from decoder: APIDecoder) { n = decoder[String(repeating: "k", count: 10_000)] --> Int?.self }
        }
        let value = String(repeating: "v", count: 100_000)
        let result = APIDataDecoder().decode(string: "{\"\(key)\": \"\(value)\"}", to: Long.self)
        #expect(try #require(result.value).n == nil)
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.path.jsonPath == "root[\"\(key)\"]")
        #expect(result.errors.first?.reason == .unexpectedJSONType(actual: .string))
    }

    @Test func duplicateKeysLastWins() {
        #expect(APIDataDecoder().decode(string: #"{"a": 1, "a": 2}"#, to: [String: Int].self).value == ["a": 2])
        struct A: APIDecodable {
            let a: Int
            init?(from decoder: APIDecoder) {
                guard let a = decoder["a"] --> Int.self else { return nil }
                self.a = a
            }
        }
        #expect(APIDataDecoder().decode(string: #"{"a": "x", "a": 2}"#, to: A.self).value?.a == 2)
        #expect(APIDataDecoder().decode(string: #"{"a": "x", "a": 2}"#, to: A.self).errors.isEmpty)
    }

    @Test func anyScalarAtTopLevel() {
        #expect(APIDataDecoder().decode(string: "\"s\"", to: String.self).value == "s")
        #expect(APIDataDecoder().decode(string: "true", to: Bool.self).value == true)
        #expect(APIDataDecoder().decode(string: " 7 ", to: Int.self).value == 7)
        #expect(APIDataDecoder().decode(string: "null", to: JSONValue.self).value == JSONValue.null)
        let nullRoot = APIDataDecoder().decode(string: "null", to: Int.self)
        #expect(nullRoot.value == nil)
        #expect(nullRoot.errors.map(\.description) == ["root(Int) : Unexpectedly found null"])
    }

    @Test func depthLimitIsConfigurableAndReported() throws {
        let deep = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
        let ok = APIDataDecoder(options: APIDecodeOptions(maximumDepth: 10)).decode(string: deep, to: JSONValue.self)
        #expect(ok.errors.isEmpty)
        let refused = APIDataDecoder(options: APIDecodeOptions(maximumDepth: 9)).decode(string: deep, to: JSONValue.self)
        #expect(refused.value == nil)
        #expect(refused.errors.count == 1)
        let error = try #require(refused.errors.first)
        #expect(error.code == "limit_exceeded")
        #expect(error.location == SourceLocation(offset: 9, line: 1, column: 10))
    }

    // MARK: 512 KiB threads, every entry point of the issue

    @Test func everyEntryPointOnA512KiBThread() {
        let depth = 512
        let text = String(repeating: #"{"c":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
        let counts = onThread(stackSize: 512 * 1024) { () -> [Int] in
            let decoder = APIDataDecoder()
            let fromData = decoder.decode(data: Data(text.utf8), to: JSONValue.self)
            let fromString = decoder.decode(string: text, to: JSONValue.self)
            let fromBytes = decoder.decode(bytes: Array(text.utf8), to: JSONValue.self)
            let tooDeep = decoder.decode(string: "[" + text + "]", to: JSONValue.self)
            return [fromData.value == nil ? -1 : fromData.errors.count,
                    fromString.value == nil ? -1 : fromString.errors.count,
                    fromBytes.value == nil ? -1 : fromBytes.errors.count,
                    tooDeep.value == nil ? tooDeep.errors.count : -1]
        }
        #expect(counts == [0, 0, 0, 1])
    }

    @Test func dictionaryAndOptionalModelChainsOnA512KiBThread() {
        let depth = 500
        let text = String(repeating: #"{"k":{"c":"#, count: depth / 2) + "{}" + String(repeating: "}}", count: depth / 2)
        let levels = onThread(stackSize: 512 * 1024) { () -> [Int] in
            let dictionaries = APIDataDecoder().decode(string: text, to: DictionaryChain.self)
            let optionals = APIDataDecoder().decode(string: text, to: OptionalChain.self)
            return [dictionaries.value?.depth ?? -1, dictionaries.errors.count, optionals.value?.depth ?? -1, optionals.errors.count]
        }
        #expect(levels == [depth / 2 + 1, 0, depth / 2 + 1, 0])
    }
}

/// `{"k": {"c": …}}`: a model holding a dictionary of itself.
private final class DictionaryChain: APIDecodable, Sendable {
    let children: [String: DictionaryChain]
    init?(from decoder: APIDecoder) {
        children = decoder["k"] --> [String: DictionaryChain]?.self ?? [:]
    }
    var depth: Int { 1 + (children["c"]?.depth ?? 0) }
}

/// The same document read through optional nested models.
private final class OptionalChain: APIDecodable, Sendable {
    let child: OptionalChain?
    init?(from decoder: APIDecoder) {
        child = decoder["k"]["c"] --> OptionalChain?.self
    }
    var depth: Int { 1 + (child?.depth ?? 0) }
}
