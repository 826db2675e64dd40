import Foundation
import Salvage
import Testing

// Arrays of built-in scalars decode without a frame when every element converts (`ScalarArrayFields.swift`),
// and fall back to the element-by-element path in a frame otherwise. These pin what a user sees on both
// sides of that line: values at every length, a bad element (null, wrong type, out of range) at every
// offset with its exact error, lenient coercions, limits, unknown keys, nested arrays, and the error of a
// decoder kept past its model.

private struct Strings: APIDecodable {
    let values: [String]
    init?(from decoder: APIDecoder) {
        guard let values = decoder["values"] --> [String].self else { return nil }
        self.values = values
    }
}

private struct Ints: APIDecodable {
    let values: [Int]?
    let next: Int?
    init?(from decoder: APIDecoder) {
        values = decoder["values"] --> [Int]?.self
        next = decoder["next"] --> Int?.self
    }
}

private struct Bytes: APIDecodable {
    let values: [UInt8]
    init?(from decoder: APIDecoder) {
        guard let values = decoder["values"] --> [UInt8].self else { return nil }
        self.values = values
    }
}

private struct CountLimitedHolder: APIDecodable {
    let values: [Int]?
    init?(from decoder: APIDecoder) {
        values = decoder["values"] --> CountLimited<[Int]?>(max: 2)
    }
}

/// Keeps the decoder of its `values` and decodes through the one the previous keeper kept: a misuse, which
/// must get the frame's error for a non-empty array of scalars too.
private struct Keeper: APIDecodable {
    nonisolated(unsafe) static var kept: APIDecoder?
    let values: [Int]?

    init?(from decoder: APIDecoder) {
        if let kept = Keeper.kept {
            _ = kept --> [Int]?.self
        }
        Keeper.kept = decoder["values"]
        values = decoder["values"] --> [Int]?.self
    }
}

@Suite(.serialized) struct ScalarArrayFieldTests {
    static let lengths = [0, 1, 2, 7, 8, 15, 16, 17, 100]

    private static func json<T>(_ values: [T], _ text: (T) -> String) -> String {
        #"{"values": ["# + values.map(text).joined(separator: ", ") + "]}"
    }

    @Test(arguments: lengths)
    func everyTypeDecodesAWholeArray(length: Int) throws {
        let ints = (0 ..< length).map { $0 * 37 - 500 }
        let intResult = APIDataDecoder().decode(string: Self.json(ints) { "\($0)" }, to: [String: [Int]].self)
        #expect(intResult.value?["values"] == ints)
        #expect(intResult.errors.isEmpty)

        let strings = (0 ..< length).map { String(repeating: "é", count: $0 % 20) + "\($0)" }
        let stringResult = APIDataDecoder().decode(string: Self.json(strings) { #""\#($0)""# }, to: Strings.self)
        #expect(stringResult.value?.values == strings)
        #expect(stringResult.errors.isEmpty)

        let doubles = (0 ..< length).map { Double($0) / 8 - 3.5 }
        let doubleResult = APIDataDecoder().decode(string: Self.json(doubles) { "\($0)" }, to: [String: [Double]].self)
        #expect(doubleResult.value?["values"] == doubles)
        #expect(doubleResult.errors.isEmpty)

        let floats = (0 ..< length).map { Float($0) * 0.25 }
        let floatResult = APIDataDecoder().decode(string: Self.json(floats) { "\($0)" }, to: [String: [Float]].self)
        #expect(floatResult.value?["values"] == floats)

        let bools = (0 ..< length).map { $0 % 3 == 0 }
        let boolResult = APIDataDecoder().decode(string: Self.json(bools) { "\($0)" }, to: [String: [Bool]].self)
        #expect(boolResult.value?["values"] == bools)
        #expect(boolResult.errors.isEmpty)

        let bytes = (0 ..< length).map { UInt8($0 % 256) }
        let byteResult = APIDataDecoder().decode(string: Self.json(bytes) { "\($0)" }, to: Bytes.self)
        #expect(byteResult.value?.values == bytes)
        #expect(byteResult.errors.isEmpty)

        let decimals = (0 ..< length).map { Decimal($0) / 4 }
        let decimalResult = APIDataDecoder().decode(string: Self.json(decimals) { "\($0)" }, to: [String: [Decimal]].self)
        #expect(decimalResult.value?["values"] == decimals)
        #expect(decimalResult.errors.isEmpty)

        let wide = (0 ..< length).map { UInt64.max - UInt64($0) }
        let wideResult = APIDataDecoder().decode(string: Self.json(wide) { "\($0)" }, to: [String: [UInt64]].self)
        #expect(wideResult.value?["values"] == wide)
        #expect(wideResult.errors.isEmpty)
    }

    struct BadElement: Sendable, CustomTestStringConvertible {
        let length: Int
        let offset: Int
        let text: String
        let reason: String
        var testDescription: String { "\(text) at [\(offset)] of \(length)" }
    }

    static let badElements: [BadElement] = [1, 2, 7, 8, 9, 16, 17].flatMap { length in
        (0 ..< length).flatMap { offset in
            [
                BadElement(length: length, offset: offset, text: "null", reason: "Unexpectedly found null"),
                BadElement(length: length, offset: offset, text: #""7""#, reason: "Unexpectedly found a string"),
                BadElement(length: length, offset: offset, text: "[7]", reason: "Unexpectedly found an array"),
                BadElement(length: length, offset: offset, text: "7.5", reason: "Type Int does not have precision to represent 7.5"),
            ]
        }
    }

    @Test(arguments: badElements)
    func aBadElementIsDroppedAndReportedAtItsIndex(_ bad: BadElement) throws {
        let texts = (0 ..< bad.length).map { $0 == bad.offset ? bad.text : "\($0 * 10)" }
        let result = APIDataDecoder().decode(string: #"{"values": ["# + texts.joined(separator: ", ") + #"], "next": 5}"#, to: Ints.self)
        let kept = (0 ..< bad.length).filter { $0 != bad.offset }.map { $0 * 10 }
        #expect(result.value?.values == kept)
        #expect(result.value?.next == 5)
        #expect(result.errors.map(\.description) == [#"root(Ints) > "values"(Array<Int>) > [\#(bad.offset)](Int) : \#(bad.reason)"#])
        #expect(result.errors.map(\.severity) == [.recovered])
    }

    @Test func everyBadElementIsReportedInOrder() {
        let result = APIDataDecoder().decode(string: #"{"values": ["a", "b", 3, "d", null, true]}"#, to: Strings.self)
        #expect(result.value?.values == ["a", "b", "d"])
        #expect(result.errors.map(\.description) == [
            #"root(Strings) > "values"(Array<String>) > [2](String) : Unexpectedly found an integer"#,
            #"root(Strings) > "values"(Array<String>) > [4](String) : Unexpectedly found null"#,
            #"root(Strings) > "values"(Array<String>) > [5](String) : Unexpectedly found a boolean"#,
        ])
    }

    @Test func anOutOfRangeElementIsReported() {
        let result = APIDataDecoder().decode(string: #"{"values": [1, 255, 256, 0]}"#, to: Bytes.self)
        #expect(result.value?.values == [1, 255, 0])
        #expect(result.errors.map(\.description) == [#"root(Bytes) > "values"(Array<UInt8>) > [2](UInt8) : Value 256 does not fit in UInt8"#])
    }

    @Test func lenientCoercionsAreStillNoted() {
        var options = APIDecodeOptions()
        options.lenientConversions = true
        let result = APIDataDecoder(options: options).decode(string: #"{"values": [1, "2", 3]}"#, to: Ints.self)
        #expect(result.value?.values == [1, 2, 3])
        #expect(result.errors.map { "\($0.severity) \($0.code) \($0.path.taggedJSONPath)" } == [
            #"info coerced root(Ints) > "values"(Array<Int>) > [1](Int)"#,
        ])
    }

    @Test func theWrongContainerIsReportedAtTheArray() {
        let result = APIDataDecoder().decode(string: #"{"values": {"a": 1}, "next": 2}"#, to: Ints.self)
        #expect(result.value?.values == nil)
        #expect(result.value?.next == 2)
        #expect(result.errors.map(\.description) == [#"root(Ints) > "values"(Array<Int>) : Unexpectedly found an object"#])
    }

    @Test func nestedArraysOfScalarsKeepTheirPaths() {
        let result = APIDataDecoder().decode(string: #"[[1, 2], [], [3, "x", 4], [5]]"#, to: [[Int]].self)
        #expect(result.value == [[1, 2], [], [3, 4], [5]])
        #expect(result.errors.map(\.description) == [#"root(Array<Array<Int>>) > [2](Array<Int>) > [1](Int) : Unexpectedly found a string"#])
    }

    @Test func countLimitsApplyToAnArrayDecodedWithoutAFrame() {
        let direct = APIDataDecoder().decode(string: #"{"values": [1, 2, 3]}"#, to: CountLimitedHolder.self)
        #expect(direct.value?.values == [1, 2, 3])
        #expect(direct.errors.map(\.description) == [#"root(CountLimitedHolder) > "values"(Array<Int>) : Count above max: max 2, actual 3"#])
    }

    @Test func aReadArrayIsNoUnknownKey() {
        var options = APIDecodeOptions()
        options.reportsUnknownKeys = true
        let result = APIDataDecoder(options: options).decode(string: #"{"values": [1, 2], "extra": [3]}"#, to: Ints.self)
        #expect(result.value?.values == [1, 2])
        #expect(result.errors.map(\.description) == [#"root(Ints) > "extra" : Key "extra" of Ints was never read (in 1 record)"#])
    }

    @Test func aKeptDecoderAtAnArrayOfScalarsDecodesNothingMore() {
        Keeper.kept = nil
        let result = APIDataDecoder().decode(string: #"[{"values": [1, 2]}, {"values": [3]}]"#, to: [Keeper].self)
        #expect(result.value?.map(\.values) == [[1, 2], [3]])
        #expect(result.errors.map(\.description) == [
            #"root(Array<Keeper>) > [0] > "values"(Array<Int>) : Array<Int> was not decoded: its decoder was kept after the init(from:) it was given to had returned"#,
        ])
        Keeper.kept = nil
    }
}
