import Foundation
import Salvage
import Testing

// CountLimited: counts of arrays, dictionaries and sets, required and optional, mandatory or not.

/// A record with an id, for counts of arrays of models.
private struct Part: APIDecodable {
    static let idKey: String? = "sku"
    let sku: String
    let qty: Int

    init?(from decoder: APIDecoder) {
        let sku = decoder["sku"] --> String.self
        let qty = decoder["qty"] --> Int.self
        guard decoder.succeeded, let sku, let qty else { return nil }
        self.sku = sku
        self.qty = qty
    }
}

/// Reads `v` with the `CountLimited` that `mode` names.
private struct Limited: APIDecodable {
    let value: [Int]?
    let succeeded: Bool
    init?(from decoder: APIDecoder) {
        let v = decoder["v"]
        switch decoder["mode"] --> String.self ?? "" {
        case "exactly": value = v --> CountLimited<[Int]>(exactly: 2)
        case "exactlyMandatory": value = v --> CountLimited<[Int]>(exactly: 2, isMandatory: true)
        case "min": value = v --> CountLimited<[Int]>(min: 2)
        case "minMandatory": value = v --> CountLimited<[Int]>(min: 2, isMandatory: true)
        case "max": value = v --> CountLimited<[Int]>(max: 1)
        case "maxMandatory": value = v --> CountLimited<[Int]>(max: 1, isMandatory: true)
        case "range": value = v --> CountLimited<[Int]>(min: 1, max: 2)
        case "rangeMandatory": value = v --> CountLimited<[Int]>(min: 1, max: 2, isMandatory: true)
        case "sameMinMax": value = v --> CountLimited<[Int]>(min: 2, max: 2)
        case "optionalMax": value = v --> CountLimited<[Int]?>(max: 1)
        case "optionalMaxMandatory": value = v --> CountLimited<[Int]?>(max: 1, isMandatory: true)
        case "optionalExactlyMandatory": value = v --> CountLimited<[Int]?>(exactly: 2, isMandatory: true)
        case "optionalMin": value = v --> CountLimited<[Int]?>(min: 3)
        case "optionalRange": value = v --> CountLimited<[Int]?>(min: 1, max: 2)
        case "methodRequired": value = v.decodeRequired([Int].self, min: 1, max: 2, countsAreMandatory: true)
        case "methodOptional": value = v.decodeOptional([Int].self, min: 1, max: 2, countsAreMandatory: true)
        case "methodNoLimits": value = v.decodeRequired([Int].self, min: nil, max: nil)
        default: value = nil
        }
        succeeded = decoder.succeeded
    }
}

extension CountLimitedTests {
    /// One `CountLimited` mode, its input (nil: absent) and what it should give.
    struct LimitCase: Sendable, CustomTestStringConvertible {
        let mode: String
        let v: String?
        let value: [Int]?
        let succeeded: Bool
        let errors: [String]
        init(_ mode: String, _ v: String?, _ value: [Int]?, _ succeeded: Bool, _ errors: [String]) {
            self.mode = mode
            self.v = v
            self.value = value
            self.succeeded = succeeded
            self.errors = errors
        }
        var testDescription: String { "\(mode) \(v ?? "absent")" }
    }
}

@Suite struct CountLimitedTests {
    static let tag = #"root(Limited) > "v"(Array<Int>)"#

    static let cases: [LimitCase] = [
        LimitCase("exactly", "[1, 2]", [1, 2], true, []),
        LimitCase("exactly", "[1]", [1], true, ["\(tag) : Count not exact: expected 2, actual 1"]),
        LimitCase("exactly", "[1, 2, 3]", [1, 2, 3], true, ["\(tag) : Count not exact: expected 2, actual 3"]),
        LimitCase("exactlyMandatory", "[1]", nil, false, ["\(tag) : Count not exact: expected 2, actual 1"]),
        LimitCase("exactlyMandatory", #"[1, "x", 2]"#, [1, 2], true, ["\(tag) > [1](Int) : Unexpectedly found a string"]),
        LimitCase("exactlyMandatory", #"[1, "x"]"#, nil, false, [
            "\(tag) > [1](Int) : Unexpectedly found a string",
            "\(tag) : Count not exact: expected 2, actual 1",
        ]),
        LimitCase("exactlyMandatory", #""x""#, nil, false, ["\(tag) : Unexpectedly found a string"]),
        LimitCase("exactly", nil, nil, false, ["\(tag) : No value is present"]),
        LimitCase("exactly", "null", nil, false, ["\(tag) : Unexpectedly found null"]),
        LimitCase("min", "[1]", [1], true, ["\(tag) : Count below min: min 2, actual 1"]),
        LimitCase("min", "[1, 2, 3]", [1, 2, 3], true, []),
        LimitCase("minMandatory", "[1]", nil, false, ["\(tag) : Count below min: min 2, actual 1"]),
        LimitCase("minMandatory", "[1, null, 3]", [1, 3], true, ["\(tag) > [1](Int) : Unexpectedly found null"]),
        LimitCase("max", "[1, 2]", [1, 2], true, ["\(tag) : Count above max: max 1, actual 2"]),
        LimitCase("max", "[]", [], true, []),
        LimitCase("maxMandatory", "[1, 2]", nil, false, ["\(tag) : Count above max: max 1, actual 2"]),
        LimitCase("maxMandatory", #"[1, "2"]"#, [1], true, ["\(tag) > [1](Int) : Unexpectedly found a string"]),
        LimitCase("range", "[]", [], true, ["\(tag) : Count below min: min 1, actual 0"]),
        LimitCase("range", "[1, 2, 3]", [1, 2, 3], true, ["\(tag) : Count above max: max 2, actual 3"]),
        LimitCase("range", "[1, 2]", [1, 2], true, []),
        LimitCase("rangeMandatory", "[1, 2, 3]", nil, false, ["\(tag) : Count above max: max 2, actual 3"]),
        LimitCase("rangeMandatory", "[true]", nil, false, [
            "\(tag) > [0](Int) : Unexpectedly found a boolean",
            "\(tag) : Count below min: min 1, actual 0",
        ]),
        LimitCase("sameMinMax", "[1]", [1], true, ["\(tag) : Count not exact: expected 2, actual 1"]),
        LimitCase("optionalMax", "[1, 2]", [1, 2], true, ["\(tag) : Count above max: max 1, actual 2"]),
        LimitCase("optionalMaxMandatory", "[1, 2]", nil, true, ["\(tag) : Count above max: max 1, actual 2"]),
        LimitCase("optionalMaxMandatory", "[1]", [1], true, []),
        LimitCase("optionalMaxMandatory", nil, nil, true, []),
        LimitCase("optionalMaxMandatory", "null", nil, true, []),
        LimitCase("optionalMaxMandatory", "{}", nil, true, ["\(tag) : Unexpectedly found an object"]),
        LimitCase("optionalExactlyMandatory", #"[1, 2, "3"]"#, [1, 2], true, ["\(tag) > [2](Int) : Unexpectedly found a string"]),
        LimitCase("optionalExactlyMandatory", "[1, 2, 3]", nil, true, ["\(tag) : Count not exact: expected 2, actual 3"]),
        LimitCase("optionalMin", "[1]", [1], true, ["\(tag) : Count below min: min 3, actual 1"]),
        LimitCase("optionalRange", "[]", [], true, ["\(tag) : Count below min: min 1, actual 0"]),
        LimitCase("methodRequired", "[1, 2, 3]", nil, false, ["\(tag) : Count above max: max 2, actual 3"]),
        LimitCase("methodOptional", "[1, 2, 3]", nil, true, ["\(tag) : Count above max: max 2, actual 3"]),
        LimitCase("methodOptional", "[1]", [1], true, []),
        LimitCase("methodNoLimits", "[]", [], true, []),
        LimitCase("methodNoLimits", nil, nil, false, ["\(tag) : No value is present"]),
    ]

    @Test(arguments: cases)
    func countLimit(_ testCase: LimitCase) throws {
        let json = testCase.v.map { #"{"mode": "\#(testCase.mode)", "v": \#($0)}"# } ?? #"{"mode": "\#(testCase.mode)"}"#
        let result = APIDataDecoder().decode(string: json, to: Limited.self)
        if testCase.succeeded {
            let model = try #require(result.value)
            #expect(model.value == testCase.value)
        } else {
            // A failed required count fails the model, which is discarded although it returns a value.
            #expect(result.value == nil)
        }
        #expect(result.errors.map(\.description) == testCase.errors)
    }

    @Test func countErrorsHaveReasonsAndLocations() throws {
        let json = #"{"mode": "exactly", "v": [1]}"#
        let result = APIDataDecoder().decode(string: json, to: Limited.self)
        let error = try #require(result.errors.first)
        #expect(error.reason == .countNotExact(expected: 2, actual: 1))
        #expect(error.path.jsonPath == #"root["v"]"#)
        #expect(error.location == Salvage.SourceLocation(offset: 25, line: 1, column: 26))
        #expect(error == APIDecodeError(path: ["root", "v"], expected: 2, actual: 1))
    }

    @Test func countLimitedDictionariesAndSets() throws {
        struct LimitedMaps: APIDecodable {
            let map: [String: Int]?
            let set: Set<String>?
            init?(from decoder: APIDecoder) {
                map = decoder["map"] --> CountLimited<[String: Int]?>(min: 2, isMandatory: true)
                set = decoder["set"] --> CountLimited<Set<String>?>(max: 2)
            }
        }
        let result = APIDataDecoder().decode(string: #"{"map": {"a": 1, "b": "x"}, "set": ["p", "q", "r"]}"#, to: LimitedMaps.self)
        let model = try #require(result.value)
        #expect(model.map == nil)
        #expect(model.set == ["p", "q", "r"])
        #expect(result.errors.map(\.description) == [
            #"root(LimitedMaps) > "map"(Dictionary<String, Int>) > "b"(Int) : Unexpectedly found a string"#,
            #"root(LimitedMaps) > "map"(Dictionary<String, Int>) : Count below min: min 2, actual 1"#,
            #"root(LimitedMaps) > "set"(Set<String>) : Count above max: max 2, actual 3"#,
        ])
    }

    @Test func countLimitedArraysOfModels() throws {
        struct Pair: APIDecodable {
            let items: [Part]
            init?(from decoder: APIDecoder) {
                guard let items = decoder["items"] --> CountLimited<[Part]>(exactly: 2, isMandatory: true) else { return nil }
                self.items = items
            }
        }
        let good = APIDataDecoder().decode(string: #"{"items": [{"sku": "a", "qty": 1}, {"sku": "b", "qty": 2}, {"sku": "c"}]}"#, to: Pair.self)
        #expect(try #require(good.value).items.map(\.sku) == ["a", "b"])
        #expect(good.errors.map(\.description) == [#"root(Pair) > "items"(Array<Part>) > [2](Part sku=c) > "qty"(Int) : No value is present"#])

        let bad = APIDataDecoder().decode(string: #"{"items": [{"sku": "a", "qty": 1}]}"#, to: Pair.self)
        #expect(bad.value == nil)
        #expect(bad.errors.map(\.description) == [#"root(Pair) > "items"(Array<Part>) : Count not exact: expected 2, actual 1"#])
    }
}
