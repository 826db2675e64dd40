import Foundation
import Salvage
import SalvageBenchmarkKit
import Testing

/// Values, redaction, caps, summaries, JSON Lines and metadata.
struct ErrorExportTests {
    @Test func jsonLineAndMetadataOfTheReadmeError() throws {
        let result = APIDataDecoder().decode(string: personJSON, to: Person.self)
        let error = try #require(result.errors.first)
        #expect(error.value == "really tall")
        #expect(error.recordIDs == ["person_id=8675309"])
        #expect(error.jsonLine == #"{"code":"type_mismatch","column":64,"expected":"Double","found":"string","json_pointer":"/height","line":2,"message":"Unexpectedly found a string","outermost_record":"Person person_id=8675309","path":"root[\"height\"]","record":"Person person_id=8675309","severity":"recovered","value":"really tall"}"#)
        #expect(error.metadata == [
            "salvage.error.code": "type_mismatch", "salvage.error.severity": "recovered", "salvage.error.path": #"root["height"]"#,
            "salvage.error.json_pointer": "/height", "salvage.error.message": "Unexpectedly found a string",
            "salvage.error.record": "Person person_id=8675309", "salvage.error.outermost_record": "Person person_id=8675309",
            "salvage.error.line": "2", "salvage.error.column": "64",
            "salvage.error.expected": "Double", "salvage.error.found": "string", "salvage.error.value": "really tall",
        ])
        #expect(result.jsonLines == error.jsonLine)
    }

    @Test func valuesAreCutAndRedacted() {
        struct ExportedAccount: APIDecodable {
            init?(from decoder: APIDecoder) {
                _ = decoder["password"] --> Int?.self
                _ = decoder["bio"] --> Int?.self
                _ = decoder["profile"] --> Int?.self
            }
        }
        var options = APIDecodeOptions()
        options.maximumValueLength = 5
        options.redactedKeys = ["password"]
        let json = #"{"password": "hunter2", "bio": "a long biography", "profile": {"a": 1}}"#
        let result = APIDataDecoder(options: options).decode(string: json, to: ExportedAccount.self)
        #expect(result.errors.map(\.value) == ["<redacted>", "a lon…", "{…}"])
        var byPath = APIDecodeOptions()
        byPath.redactedPaths = ["bio", "profile.*"]
        #expect(APIDataDecoder(options: byPath).decode(string: json, to: ExportedAccount.self).errors.map(\.value) == ["hunter2", "<redacted>", "{…}"])
        options.keepsValues = false
        #expect(APIDataDecoder(options: options).decode(string: json, to: ExportedAccount.self).errors.map(\.value) == [nil, nil, nil])
    }

    @Test func theCapKeepsDecodingCorrectAndCountsTheRest() throws {
        var options = APIDecodeOptions()
        options.maximumRecordedErrors = 10
        let document = FlakyPeopleGenerator.document(count: 2_000, flaky: true)
        let capped = APIDataDecoder(options: options).decode(bytes: document, to: FlakyPeople.self)
        let full = APIDataDecoder().decode(bytes: document, to: FlakyPeople.self)
        #expect(capped.errors.count == 10)
        #expect(capped.unrecordedErrorCount == 90)
        #expect(capped.errors == Array(full.errors.prefix(10)))
        #expect(capped.value?.count == full.value?.count)
        #expect(capped.value?.count == FlakyPeopleGenerator.expectedSurvivors(count: 2_000))
    }

    @Test func summariesGroupByPathTemplateAndCode() throws {
        let document = FlakyPeopleGenerator.document(count: 2_000, flaky: true)
        let summary = APIDataDecoder().decode(bytes: document, to: FlakyPeople.self).summary
        #expect(summary.errorCount == 100)
        #expect(summary.groups.map { "\($0.count) \($0.severity) \($0.code) \($0.pathTemplate)" } == [
            #"34 recovered type_mismatch root["people"][*]["height"]"#,
            #"33 failure null root["people"][*]["first_name"]"#,
            #"33 failure missing root["people"][*]["last_name"]"#,
        ])
        let lines = summary.description.split(separator: "\n")
        #expect(lines.first == "100 errors in 3 groups")
        #expect(lines.dropFirst().first == #"34× recovered type_mismatch root["people"][*]["height"]: Unexpectedly found a string (e.g. FlakyPerson person_id=1000000 at line 2, column 134; FlakyPerson person_id=1000060 at line 62, column 136; FlakyPerson person_id=1000120 at line 122, column 138)"#)
    }
}

struct DiagnosticAndStrictTests {
    @Test func aDiagnosticShowsTheLineAndACaret() throws {
        let result = APIDataDecoder().decode(string: personJSON, to: Person.self)
        let error = try #require(result.errors.first)
        #expect(error.diagnostic(source: personJSON) == """
        warning: Unexpectedly found a string [type_mismatch]
         --> line 2, column 64: root(Person person_id=8675309) > "height"(Double)
          |
        2 |  "contact_info": {"phone_number": "(312) 555-1212"}, "height": "really tall"}
          |                                                                ^
        """)
        #expect(error.diagnostic() == """
        warning: Unexpectedly found a string [type_mismatch]
         --> line 2, column 64: root(Person person_id=8675309) > "height"(Double)
        """)
    }

    @Test func invalidJSONRendersAsAnError() throws {
        let text = "{\"a\": [1, 2,]}"
        let error = try #require(APIDataDecoder().decode(string: text, to: JSONValue.self).errors.first)
        #expect(error.diagnostic(source: text) == """
        error: Invalid JSON at line 1, column 13 (byte 12): Trailing comma: expected a value after ',' [invalid_json]
         --> line 1, column 13: root(JSONValue)
          |
        1 | {"a": [1, 2,]}
          |             ^
        """)
    }

    @Test func strictModeThrowsOnAnythingLost() throws {
        let lossy = APIDataDecoder().decode(string: personJSON, to: Person.self)
        #expect(throws: APIDecodeFailure.self) { try lossy.strictValue() }
        var options = APIDecodeOptions()
        options.lenientConversions = true
        let coerced = APIDataDecoder(options: options).decode(string: #"{"person_id": "1", "first_name": "A", "last_name": "B"}"#, to: Person.self)
        #expect(try coerced.strictValue().id == 1)
        #expect(throws: APIDecodeFailure.self) { try coerced.strictValue(allowingInfo: false) }
    }
}

struct ErrorCodingTests {
    @Test func errorsRoundTripThroughCodable() throws {
        let json = #"{"person_id": 8675309, "first_name": "Mary", "last_name": 5, "height": "really tall"}"#
        let errors = APIDataDecoder().decode(string: json, to: Person.self).errors
        let data = try JSONEncoder().encode(errors)
        let decoded = try JSONDecoder().decode([APIDecodeError].self, from: data)
        #expect(decoded == errors)
        #expect(decoded.map(\.description) == errors.map(\.description))
        #expect(decoded.map(\.severity) == errors.map(\.severity))
        #expect(decoded.map(\.location) == errors.map(\.location))
        #expect(decoded.map(\.value) == errors.map(\.value))
    }

    @Test(arguments: [
        APIDecodeErrorReason.unexpectedJSONType(actual: .null), .countNotExact(expected: 2, actual: 1), .countBelowMinimum(minimum: 2, actual: 1),
        .countAboveMaximum(maximum: 1, actual: 2), .unexpectedRawValue(value: "x", type: "E"), .numericOverflow(value: 300, type: "Int8"),
        .lossOfPrecision(value: Decimal(string: "3.5") ?? 0, type: "Int"), .invalidFormat(value: "x", type: "Date", expected: "ISO 8601"),
        .invalidJSON(JSONSyntaxError(message: "m", location: SourceLocation(offset: 1, line: 1, column: 2))),
        .invalidJSON(JSONSyntaxError(message: "m", location: SourceLocation(offset: 1, line: 1, column: 2), limit: "maximumDepth")),
        .missingAlternatives(tried: ["a", "b"]), .lossBudgetExceeded(dropped: 2, total: 3, allowed: "1"),
        .coerced(value: "1", found: .string, type: "Int"), .unknownKey(key: "k", type: "T", occurrences: 4),
        .defaultUsed(because: .absent), .other(message: "custom"),
        .numericOverflowAsWritten(text: "1e999", type: "Double"), .lossOfPrecisionAsWritten(text: "0.1000000000000000000001", type: "Decimal"),
        .fallbackUsed(used: "old_name", preferred: "name"), .duplicateRecord(id: "\"A-1\"", kept: 1, dropped: 4),
        .noAlternativeMatched(tried: ["Cat", "Dog"], reasons: ["[\"meow\"] : No value is present", "[\"bark\"] : No value is present"]),
    ])
    func everyReasonRoundTrips(_ reason: APIDecodeErrorReason) throws {
        let decoded = try JSONDecoder().decode(APIDecodeErrorReason.self, from: JSONEncoder().encode(reason))
        #expect(decoded == reason)
        #expect(decoded.code == reason.code)
    }

    @Test func summariesEncode() throws {
        let summary = APIDataDecoder().decode(string: personJSON, to: Person.self).summary
        let decoded = try JSONDecoder().decode(APIDecodeSummary.self, from: JSONEncoder().encode(summary))
        #expect(decoded.description == summary.description)
    }
}
