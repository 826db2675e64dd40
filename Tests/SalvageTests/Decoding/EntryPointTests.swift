import Foundation
import Salvage
import Testing

// The entry points (`Data`, `String`, bytes) agree; invalid JSON and the depth limit; results: `get()`,
// `isClean`, the failure description, errors in decode order.

@Suite struct EntryPointTests {
    let personJSON = #"{"person_id": 8675309, "first_name": "Mary", "last_name": "Smith", "height": 1.75}"#

    @Test func dataStringAndBytesAgree() throws {
        let decoder = APIDataDecoder()
        let fromData = decoder.decode(data: Data(personJSON.utf8), to: Person.self)
        let fromString = decoder.decode(string: personJSON, to: Person.self)
        let fromBytes = decoder.decode(bytes: Array(personJSON.utf8), to: Person.self)
        for result in [fromData, fromString, fromBytes] {
            #expect(result.isClean)
            let person = try #require(result.value)
            #expect(person.id == 8675309)
            #expect(person.firstName == "Mary")
            #expect(person.lastName == "Smith")
            #expect(person.phoneNumber == nil)
            #expect(person.height == 1.75)
        }
    }

    struct InvalidCase: Sendable, CustomTestStringConvertible {
        let input: [UInt8]?
        let message: String
        let location: Salvage.SourceLocation
        var testDescription: String { input.map { String(decoding: $0, as: UTF8.self).debugDescription } ?? "nil" }
    }

    static let invalidCases: [InvalidCase] = [
        InvalidCase(input: nil, message: "The input is empty", location: Salvage.SourceLocation(offset: 0, line: 1, column: 1)),
        InvalidCase(input: [], message: "The input is empty", location: Salvage.SourceLocation(offset: 0, line: 1, column: 1)),
        InvalidCase(input: Array("  \n ".utf8), message: "The input contains no JSON value", location: Salvage.SourceLocation(offset: 4, line: 2, column: 2)),
        InvalidCase(input: Array("[1, 2,]".utf8), message: "Trailing comma: expected a value after ','", location: Salvage.SourceLocation(offset: 6, line: 1, column: 7)),
        InvalidCase(input: Array("{\"a\": 1} x".utf8), message: "Unexpected character 'x' after the top-level value", location: Salvage.SourceLocation(offset: 9, line: 1, column: 10)),
    ]

    @Test(arguments: invalidCases)
    func invalidJSONGivesNoValueAndOneError(_ testCase: InvalidCase) throws {
        let result = APIDataDecoder().decode(data: testCase.input.map { Data($0) }, to: [Int].self)
        #expect(result.value == nil)
        #expect(!result.isClean)
        try #require(result.errors.count == 1)
        let error = result.errors[0]
        guard case .invalidJSON(let syntax) = error.reason else {
            Issue.record("expected invalidJSON, got \(error.reason)")
            return
        }
        #expect(syntax.message == testCase.message)
        #expect(syntax.location == testCase.location)
        #expect(error.location == testCase.location)
        #expect(error.path.jsonPath == "root")
        #expect(error.description == "root(Array<Int>) : Invalid JSON at \(testCase.location): \(testCase.message)")
    }

    @Test func invalidJSONFromStringAndBytes() {
        let fromString = APIDataDecoder().decode(string: "", to: Person.self)
        #expect(fromString.value == nil)
        #expect(fromString.errors.map(\.description) == ["root(Person) : Invalid JSON at line 1, column 1 (byte 0): The input is empty"])
        let fromBytes = APIDataDecoder().decode(bytes: Array("{\"a\" 1}".utf8), to: Person.self)
        #expect(fromBytes.value == nil)
        #expect(fromBytes.errors.count == 1)
        #expect(fromBytes.errors.first?.reason == .invalidJSON(JSONSyntaxError(message: "Unexpected character '1': expected ':' after a key", location: Salvage.SourceLocation(offset: 5, line: 1, column: 6))))
    }

    @Test func maximumDepthIsEnforced() {
        let decoder = APIDataDecoder(options: APIDecodeOptions(maximumDepth: 2))
        #expect(decoder.decode(string: "[[1]]", to: [[Int]].self).value == [[1]])
        let tooDeep = decoder.decode(string: "[[[1]]]", to: [[[Int]]].self)
        #expect(tooDeep.value == nil)
        #expect(tooDeep.errors.count == 1)
        if case .invalidJSON(let syntax)? = tooDeep.errors.first?.reason {
            #expect(syntax.message == "Nesting is deeper than maximumDepth (2 levels)")
        } else {
            Issue.record("expected invalidJSON, got \(tooDeep.errors)")
        }
    }

    @Test func aDepthLimitOfOneSaysLevelInTheSingular() {
        let decoder = APIDataDecoder(options: APIDecodeOptions(maximumDepth: 1))
        #expect(decoder.decode(string: "[1]", to: [Int].self).value == [1])
        let tooDeep = decoder.decode(string: "[[1]]", to: [[Int]].self)
        #expect(tooDeep.value == nil)
        #expect(tooDeep.errors.map(\.description) == ["root(Array<Array<Int>>) : Invalid JSON at line 1, column 2 (byte 1): Nesting is deeper than maximumDepth (1 level)"])
    }

    @Test func resultGetAndIsClean() throws {
        let clean = decodeJSON(personJSON, as: Person.self)
        #expect(clean.isClean)
        #expect(try clean.get().id == 8675309)

        let withWarnings = decodeJSON(#"{"person_id": 1, "first_name": "A", "last_name": "B", "height": "tall"}"#, as: Person.self)
        #expect(!withWarnings.isClean)
        #expect(try withWarnings.get().firstName == "A")
        #expect(withWarnings.errors.count == 1)

        let failed = decodeJSON(#"{"first_name": 7}"#, as: Person.self)
        #expect(!failed.isClean)
        #expect(failed.value == nil)
        let failure = #expect(throws: APIDecodeFailure.self) { try failed.get() }
        #expect(failure?.errors == failed.errors)
        #expect(failure?.description == """
        Decoding failed with 3 problems:
          root(Person) > "person_id"(Int) : No value is present
          root(Person) > "first_name"(String) : Unexpectedly found an integer
          root(Person) > "last_name"(String) : No value is present
        """)
    }

    @Test func failureDescriptionForOneProblem() {
        let failure = APIDecodeFailure(errors: [APIDecodeError(path: ["root"], reason: .other(message: "Nope"))])
        #expect(failure.description == "Decoding failed with 1 problem:\n  root : Nope")
        #expect(APIDecodeFailure(errors: []).description == "Decoding failed with 0 problems:")
        let result = APIDecodeResult<Int>(value: nil, errors: [])
        #expect(!result.isClean)
        #expect(throws: APIDecodeFailure(errors: [])) { try result.get() }
        #expect(APIDecodeResult<Int>(value: 3, errors: []).isClean)
    }

    @Test func errorsComeInDecodeOrder() {
        struct Backwards: APIDecodable {
            init?(from decoder: APIDecoder) {
                _ = decoder["c"] --> Int?.self
                _ = decoder["a"] --> Int?.self
                _ = decoder["b"] --> [Int]?.self
            }
        }
        let json = "{\"a\": \"1\",\n \"b\": [true, \"x\"],\n \"c\": \"x\", \"c2\": 0}"
        let result = decodeJSON(json, as: Backwards.self)
        #expect(result.errors.map(\.path.jsonPath) == [#"root["c"]"#, #"root["a"]"#, #"root["b"][0]"#, #"root["b"][1]"#])
        // Locations stay exact when errors are recorded out of document order.
        #expect(result.errors.map(\.location) == [
            Salvage.SourceLocation(offset: 36, line: 3, column: 7),
            Salvage.SourceLocation(offset: 6, line: 1, column: 7),
            Salvage.SourceLocation(offset: 18, line: 2, column: 8),
            Salvage.SourceLocation(offset: 24, line: 2, column: 14),
        ])
    }
}
