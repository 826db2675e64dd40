import Foundation
import Salvage
import Testing

// Required and optional values (absent, null, wrong type), where their errors are located (lines,
// columns, bytes), and how `-->` binds next to `??`.

/// Reads `v` as a required `Int` and keeps the value and the model's success.
private struct RequiredField: APIDecodable {
    let value: Int?
    let succeeded: Bool
    init?(from decoder: APIDecoder) {
        value = decoder["v"] --> Int.self
        succeeded = decoder.succeeded
    }
}

/// Reads `v` as an optional `Int` and keeps the value and the model's success.
private struct OptionalField: APIDecodable {
    let value: Int?
    let succeeded: Bool
    init?(from decoder: APIDecoder) {
        value = decoder["v"] --> Int?.self
        succeeded = decoder.succeeded
    }
}

/// `-->` binds tighter than `??`.
private struct Counter: APIDecodable {
    let count: Int
    let label: String
    init?(from decoder: APIDecoder) {
        count = decoder["n"] --> Int?.self ?? 0
        label = decoder["label"] --> String?.self ?? "none"
    }
}

extension RequiredAndOptionalTests {
    struct FieldCase: Sendable, CustomTestStringConvertible {
        let json: String
        let value: Int?
        let succeeded: Bool
        let errors: [String]
        var testDescription: String { json }
    }
}

@Suite struct RequiredAndOptionalTests {
    static let requiredCases: [FieldCase] = [
        FieldCase(json: #"{"v": 5}"#, value: 5, succeeded: true, errors: []),
        FieldCase(json: #"{"v": 5.0}"#, value: 5, succeeded: true, errors: []),
        FieldCase(json: #"{}"#, value: nil, succeeded: false, errors: [#"root(RequiredField) > "v"(Int) : No value is present"#]),
        FieldCase(json: #"{"v": null}"#, value: nil, succeeded: false, errors: [#"root(RequiredField) > "v"(Int) : Unexpectedly found null"#]),
        FieldCase(json: #"{"v": "5"}"#, value: nil, succeeded: false, errors: [#"root(RequiredField) > "v"(Int) : Unexpectedly found a string"#]),
        FieldCase(json: #"{"v": [5]}"#, value: nil, succeeded: false, errors: [#"root(RequiredField) > "v"(Int) : Unexpectedly found an array"#]),
        FieldCase(json: #"{"v": {"x": 5}}"#, value: nil, succeeded: false, errors: [#"root(RequiredField) > "v"(Int) : Unexpectedly found an object"#]),
        FieldCase(json: #"{"v": false}"#, value: nil, succeeded: false, errors: [#"root(RequiredField) > "v"(Int) : Unexpectedly found a boolean"#]),
        FieldCase(json: #"{"v": 5.5}"#, value: nil, succeeded: false, errors: [#"root(RequiredField) > "v"(Int) : Type Int does not have precision to represent 5.5"#]),
    ]

    @Test(arguments: requiredCases)
    func requiredValue(_ testCase: FieldCase) throws {
        let result = decodeJSON(testCase.json, as: RequiredField.self)
        if testCase.succeeded {
            let model = try #require(result.value)
            #expect(model.value == testCase.value)
            #expect(model.succeeded)
        } else {
            // The model does not check `succeeded`, but its required field failed: it is discarded, not
            // returned half-empty.
            #expect(result.value == nil)
        }
        #expect(result.errors.map(\.description) == testCase.errors)
        #expect(result.errors.allSatisfy { $0.path.jsonPath == #"root["v"]"# })
    }

    static let optionalCases: [FieldCase] = [
        FieldCase(json: #"{"v": 5}"#, value: 5, succeeded: true, errors: []),
        FieldCase(json: #"{"v": 3e2}"#, value: 300, succeeded: true, errors: []),
        FieldCase(json: #"{}"#, value: nil, succeeded: true, errors: []),
        FieldCase(json: #"{"v": null}"#, value: nil, succeeded: true, errors: []),
        FieldCase(json: #"{"v": "5"}"#, value: nil, succeeded: true, errors: [#"root(OptionalField) > "v"(Int) : Unexpectedly found a string"#]),
        FieldCase(json: #"{"v": true}"#, value: nil, succeeded: true, errors: [#"root(OptionalField) > "v"(Int) : Unexpectedly found a boolean"#]),
        FieldCase(json: #"{"v": 99999999999999999999}"#, value: nil, succeeded: true, errors: [#"root(OptionalField) > "v"(Int) : Value 99999999999999999999 does not fit in Int"#]),
    ]

    @Test(arguments: optionalCases)
    func optionalValue(_ testCase: FieldCase) throws {
        let result = decodeJSON(testCase.json, as: OptionalField.self)
        let model = try #require(result.value)
        #expect(model.value == testCase.value)
        #expect(model.succeeded == testCase.succeeded)
        #expect(result.errors.map(\.description) == testCase.errors)
    }

    @Test func absentValueIsLocatedAtItsParentObject() throws {
        let json = "  {\"w\": 1}"
        let result = decodeJSON(json, as: RequiredField.self)
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.reason == .unexpectedJSONType(actual: .absent))
        #expect(error.location == Salvage.SourceLocation(offset: 2, line: 1, column: 3))
    }

    @Test func presentValueIsLocatedAtItsText() throws {
        let json = "{\n  \"v\": \"seven\"\n}"
        let result = decodeJSON(json, as: RequiredField.self)
        let error = try #require(result.errors.first)
        #expect(error.location == Salvage.SourceLocation(offset: 9, line: 2, column: 8))
        #expect(sourceText(json, at: error.location, length: 7) == "\"seven\"")
    }

    static let locationCases: [(String, Salvage.SourceLocation)] = [
        ("{\"v\": \"x\"}", Salvage.SourceLocation(offset: 6, line: 1, column: 7)),
        ("{\r\n  \"v\": \"x\"\r\n}", Salvage.SourceLocation(offset: 10, line: 2, column: 8)),
        ("{\r  \"v\": \"x\"\r}", Salvage.SourceLocation(offset: 9, line: 2, column: 8)),
        ("{\n\n\n\t\"v\":\t\"x\"}", Salvage.SourceLocation(offset: 10, line: 4, column: 7)),
        ("{\"😀\": 1, \"é\": 2,\n \"ü\": 3, \"v\": \"x\"}", Salvage.SourceLocation(offset: 36, line: 2, column: 15)),
        ("{\"日本\": \"語\", \"v\": \"x\"}", Salvage.SourceLocation(offset: 23, line: 1, column: 18)),
    ]

    @Test(arguments: locationCases)
    func locationsCountScalarsAndEveryKindOfLineBreak(json: String, expected: Salvage.SourceLocation) throws {
        let result = decodeJSON(json, as: RequiredField.self)
        let error = try #require(result.errors.first)
        #expect(error.location == expected)
        #expect(sourceText(json, at: error.location, length: 3) == "\"x\"")
    }

    @Test func absentIndexIsLocatedAtItsArray() {
        struct Indexed: APIDecodable {
            init?(from decoder: APIDecoder) {
                _ = decoder["list"][5] --> Int.self
                _ = decoder["list"][-1] --> Int.self
                _ = decoder["list"][1] --> Int.self
                return nil
            }
        }
        let json = #"{"list": [1, 2]}"#
        let result = decodeJSON(json, as: Indexed.self)
        #expect(result.errors.map(\.description) == [
            #"root(Indexed) > "list" > [5](Int) : No value is present"#,
            #"root(Indexed) > "list" > [-1](Int) : No value is present"#,
        ])
        #expect(result.errors.map(\.location) == [Salvage.SourceLocation(offset: 9, line: 1, column: 10), Salvage.SourceLocation(offset: 9, line: 1, column: 10)])
        #expect(result.errors.map(\.path.jsonPointer) == ["/list/5", "/list/-1"])
    }

    @Test func arrowBindsTighterThanNilCoalescing() throws {
        let absent = try #require(decodeJSON("{}", as: Counter.self).value)
        #expect(absent.count == 0)
        #expect(absent.label == "none")
        let present = try #require(decodeJSON(#"{"n": 4, "label": "four"}"#, as: Counter.self).value)
        #expect(present.count == 4)
        #expect(present.label == "four")
        let wrong = decodeJSON(#"{"n": "4"}"#, as: Counter.self)
        #expect(wrong.value?.count == 0)
        #expect(wrong.errors.map(\.description) == [#"root(Counter) > "n"(Int) : Unexpectedly found a string"#])
    }
}
