import Foundation
import Salvage
import Testing

// Review of the error renderings (session 23): each test failed before its fix. The input that shows the
// problem is in the test; the report of the review lists them with the fix.

private enum ReviewPlan: String, APIDecodable { case free, pro }

private struct ReviewAccount: APIDecodable {
    static var idKey: String? { "id" }
    let plan: ReviewPlan?
    init?(from decoder: APIDecoder) {
        plan = decoder["plan"] --> ReviewPlan?.self
        guard decoder.succeeded else { return nil }
    }
}

private struct ThrowingReviewModel: Decodable {
    init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "bad thing"))
    }
}

private struct ReviewHolder: APIDecodable {
    init?(from decoder: APIDecoder) {
        _ = decoder["c"].decodeRequired(swiftDecodable: ThrowingReviewModel.self)
        guard decoder.succeeded else { return nil }
    }
}

/// Parses a JSON line as JSONSerialization does, so an invalid line fails the test.
private func parsed(_ line: String) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
}

struct ReportReviewRegressionTests {
    /// `foundJSONType` (and `found` in JSON lines and metadata) said `no value present`, `JSONElement.absent`'s
    /// LastMile raw value, where the docs promise `absent`.
    @Test func aMissingValueIsFoundAbsent() throws {
        let error = try #require(APIDataDecoder().decode(string: #"{"first_name": "Mary", "last_name": "Smith"}"#, to: Person.self).errors.first)
        #expect(error.foundJSONType == "absent")
        #expect(error.metadata["salvage.error.found"] == "absent")
        #expect(error.jsonLine == #"{"code":"missing","column":1,"expected":"Int","found":"absent","json_pointer":"/person_id","line":1,"message":"No value is present","path":"root[\"person_id\"]","severity":"failure"}"#)
    }

    /// An unknown raw value was put between quotes as it was: a line break in it split the description (and the
    /// summary) over two lines, and a quote in it ended the quoted text early. Record ids in summary samples
    /// were not escaped either (the tagged path escapes them).
    @Test func aRawValueAndARecordIDWithLineBreaksAndQuotesStayOnOneLine() throws {
        let json = #"[{"id": "a\nb\"c", "plan": "x\ny\"z\\"}]"#
        let result = APIDataDecoder().decode(string: json, to: [ReviewAccount].self)
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.description == #"root(Array<ReviewAccount>) > [0](ReviewAccount id=a\nb"c) > "plan"(ReviewPlan) : Raw value of "x\ny\"z\\" for type ReviewPlan not defined"#)
        #expect(result.summary.description == """
        1 error in 1 group
        1× recovered unknown_raw_value root[*]["plan"]: Raw value of "x\\ny\\"z\\\\" for type ReviewPlan not defined (e.g. ReviewAccount id=a\\nb"c at line 1, column 28)
        """)
        let fields = try parsed(error.jsonLine)
        #expect(fields["message"] as? String == #"Raw value of "x\ny\"z\\" for type ReviewPlan not defined"#)
        #expect(fields["value"] as? String == "x\ny\"z\\")
        #expect(fields["record"] as? String == "ReviewAccount id=a\nb\"c")
        // The payload itself is the value as it is.
        #expect(error.reason == .unexpectedRawValue(value: "x\ny\"z\\", type: "ReviewPlan"))
    }

    /// Read back by `Codable`, an error lost its `expected` type (its step keeps only the type's name), so its
    /// JSON line and metadata differed from the original's.
    @Test func anErrorReadBackKeepsItsExpectedType() throws {
        let error = try #require(APIDataDecoder().decode(string: personJSON, to: Person.self).errors.first)
        let back = try JSONDecoder().decode(APIDecodeError.self, from: JSONEncoder().encode(error))
        #expect(back.expectedType == "Double")
        #expect(back.jsonLine == error.jsonLine)
        #expect(back.metadata == error.metadata)
    }

    /// A `DecodingError` read back from the export took the whole description as its message, so each round
    /// trip added `Swift DecodingError: data corrupted: ` in front of it.
    @Test(arguments: [
        DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "bad thing")),
        .keyNotFound(APICodingKey(hashKey: "y"), .init(codingPath: [], debugDescription: "No value associated with key y.")),
        .typeMismatch(Int.self, .init(codingPath: [APICodingKey(hashKey: "a")], debugDescription: "Expected to decode Int but found a string instead.")),
        .valueNotFound(String.self, .init(codingPath: [], debugDescription: "Expected String value but found null instead.")),
    ])
    func aSwiftDecodingErrorReadsBackWithTheSameDescription(_ decodingError: DecodingError) throws {
        let error = APIDecodeError(path: ["root", "c"], swiftDecodingError: decodingError)
        let once = try JSONDecoder().decode(APIDecodeError.self, from: JSONEncoder().encode(error))
        let twice = try JSONDecoder().decode(APIDecodeError.self, from: JSONEncoder().encode(once))
        #expect(once.description == error.description)
        #expect(twice.description == error.description)
        #expect(twice.jsonLine == error.jsonLine)
        #expect(once.code == "swift_decoding_error")
    }

    @Test func aRecordedSwiftDecodingErrorReadsBackWithTheSameDescription() throws {
        let error = try #require(APIDataDecoder().decode(string: #"{"c": 1}"#, to: ReviewHolder.self).errors.first)
        #expect(error.description == #"root(ReviewHolder) > "c"(ThrowingReviewModel) : Swift DecodingError: data corrupted: bad thing"#)
        let back = try JSONDecoder().decode(APIDecodeError.self, from: JSONEncoder().encode(error))
        #expect(back.description == error.description)
        #expect(back.diagnostic() == error.diagnostic())
    }
}

/// Descriptions stay on one line (Docs/Changelog.md, "Paths on one line") also for readers that break lines at
/// Unicode's separators: NEL (U+0085) and U+2028/U+2029 in a key or a record id were written as they were.
struct UnicodeLineBreakReviewTests {
    private struct Row: APIDecodable {
        static var idKey: String? { "id" }
        init?(from decoder: APIDecoder) { _ = decoder["k\u{2028}\u{85}"] --> Int?.self }
    }

    @Test func unicodeLineSeparatorsInKeysAndIDsAreEscaped() throws {
        let json = "[{\"id\": \"a\u{2029}b\", \"k\u{2028}\u{85}\": \"x\"}]"
        let error = try #require(APIDataDecoder().decode(string: json, to: [Row].self).errors.first)
        #expect(error.description == #"root(Array<Row>) > [0](Row id=a\u2029b) > "k\u2028\u0085"(Int) : Unexpectedly found a string"#)
        #expect(error.description.split(whereSeparator: \.isNewline).count == 1)
        // The key and id themselves are kept as they are.
        #expect(error.path[2].stringValue == "k\u{2028}\u{85}")
        #expect(error.path[1].id == "a\u{2029}b")
    }
}

/// Every reason, with keys, ids and values holding quotes, backslashes, line breaks, `>` and `=`, at a path with
/// a negative and a huge index: each JSON line parses, and every description is one line. (A `DecodingError`'s
/// key was written as it was: `key "q"b` and a line break.)
struct EveryReasonRenderingReviewTests {
    static let nasty = "q\"b\\n\nr\r>x=y\u{1B}\u{2028}"

    static let reasons: [APIDecodeErrorReason] = [
        .unexpectedJSONType(actual: .absent), .unexpectedJSONType(actual: .string), .countNotExact(expected: 2, actual: 1),
        .countBelowMinimum(minimum: 2, actual: 1), .countAboveMaximum(maximum: 1, actual: 2),
        .unexpectedRawValue(value: nasty, type: "E"), .numericOverflow(value: 300, type: "Int8"),
        .lossOfPrecision(value: .nan, type: "Int"), .numericOverflowAsWritten(text: "1e999", type: "Double"),
        .lossOfPrecisionAsWritten(text: "1e-999", type: "Decimal"),
        .swiftDecodingError(.keyNotFound(APICodingKey(hashKey: nasty), .init(codingPath: [], debugDescription: "d"))),
        .invalidFormat(value: nasty, type: "Date", expected: "ISO 8601"), .coerced(value: nasty, found: .string, type: "Int"),
        .unknownKey(key: nasty, type: "T", occurrences: 2), .defaultUsed(because: .null),
        .lossBudgetExceeded(dropped: 3, total: 4, allowed: "2"), .duplicateRecord(id: "\"A-1\"", kept: 0, dropped: 2),
        .missingAlternatives(tried: [nasty, "b"]), .fallbackUsed(used: nasty, preferred: "a"),
        .noAlternativeMatched(tried: ["Cat"], reasons: [#"["meow"] : No value is present"#]),
        .invalidJSON(JSONSyntaxError(message: "m", location: SourceLocation(offset: 0, line: 1, column: 1), limit: "maximumDepth")),
    ]

    @Test(arguments: reasons)
    func everyRenderingOfEveryReasonIsWellFormed(_ reason: APIDecodeErrorReason) throws {
        var step = APICodingKey(arrayIndex: Int.max)
        step.idKey = "id"
        step.id = Self.nasty
        step.swiftType = Int.self
        let error = APIDecodeError(path: ["root", APICodingKey(hashKey: Self.nasty), -1, step], reason: reason,
                                   location: SourceLocation(offset: 3, line: 1, column: 4), severity: .recovered)
        let fields = try parsed(error.jsonLine)
        #expect(fields["message"] as? String == reason.description)
        #expect(fields["code"] as? String == reason.code)
        #expect(fields["path"] as? String == #"root["q\"b\\n\nr\r>x=y\u001B\u2028"][-1][9223372036854775807]"#)
        #expect(fields["json_pointer"] as? String == "/\(Self.nasty)/-1/9223372036854775807")
        #expect(fields["record"] as? String == "Int id=\(Self.nasty)")
        for text in [error.description, error.shortForm, APIDecodeSummary(errors: [error]).description.split(separator: "\n").last.map(String.init) ?? ""] {
            #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == "\u{2028}" }, "\(text)")
        }
        let back = try JSONDecoder().decode(APIDecodeError.self, from: JSONEncoder().encode(error))
        #expect(back.description == error.description)
        #expect(back.jsonLine == error.jsonLine)
    }
}

/// What Docs/ErrorReporting.md says of summaries and had no test: the worst severity of a group, at most three
/// samples, the count of errors not recorded, an error at the root itself.
struct SummaryReviewTests {
    @Test func aGroupHasTheWorstSeverityAndThreeSamples() {
        let summary = APIDecodeSummary(errors: [
            APIDecodeError(path: ["root", 0, "a"], reason: .unexpectedJSONType(actual: .string), severity: .recovered),
            APIDecodeError(path: ["root", 1, "a"], reason: .unexpectedJSONType(actual: .string), severity: .failure),
            APIDecodeError(path: ["root", 2, "a"], reason: .unexpectedJSONType(actual: .string), severity: .info),
            APIDecodeError(path: ["root", 3, "a"], reason: .unexpectedJSONType(actual: .string), severity: .recovered),
            APIDecodeError(path: ["root"], reason: .other(message: "m")),
        ], unrecordedErrorCount: 3)
        #expect(summary.groups.map(\.samples.count) == [3, 1])
        #expect(summary.groups.map(\.severity) == [.failure, .failure])
        #expect(summary.description == #"""
        5 errors in 2 groups (3 more not recorded)
        4× failure type_mismatch root[*]["a"]: Unexpectedly found a string (e.g. root[0]["a"]; root[1]["a"]; root[2]["a"])
        1× failure custom root: m (e.g. root)
        """#)
    }
}

/// `diagnostic(source:)`'s source line and caret.
struct DiagnosticCaretReviewTests {
    /// The caret was indented with one space per scalar, so a tab before the value (which a terminal widens to
    /// its next tab stop) left it far to the left of the value.
    @Test func tabsBeforeTheValueKeepTheCaretUnderIt() throws {
        let json = "{\n\t\"person_id\": 1, \"first_name\": \"a\", \"last_name\": \"b\",\t\t\"height\": \"tall\"}"
        let error = try #require(APIDataDecoder().decode(string: json, to: Person.self).errors.first)
        #expect(error.diagnostic(source: json) == """
        warning: Unexpectedly found a string [type_mismatch]
         --> line 2, column 66: root(Person person_id=1) > "height"(Double)
          |
        2 | \t"person_id": 1, "first_name": "a", "last_name": "b",\t\t"height": "tall"}
          | \t\(String(repeating: " ", count: 52))\t\t\(String(repeating: " ", count: 10))^
        """)
    }

    /// A line longer than 120 characters was shown with `…` in front even when its start was kept, and without
    /// `…` where its end was cut.
    @Test func aLongLineShowsAnEllipsisExactlyWhereItIsCut() throws {
        let padding = String(repeating: "x", count: 300)
        let atStart = #"{"height": "tall", "person_id": 1, "first_name": "a", "last_name": "b", "pad": ""# + padding + #""}"#
        let startError = try #require(APIDataDecoder().decode(string: atStart, to: Person.self).errors.first)
        #expect(startError.diagnostic(source: atStart) == """
        warning: Unexpectedly found a string [type_mismatch]
         --> line 1, column 12: root(Person person_id=1) > "height"(Double)
          |
        1 | {"height": "tall", "person_id": 1, "first_name": "a", "last_name": "b", "pad": "\(String(repeating: "x", count: 40))…
          |            ^
        """)

        let inMiddle = #"{"person_id": 1, "first_name": "a", "last_name": "b", "pad": ""# + padding + #"", "height": "tall", "end": ""# + padding + #""}"#
        let middleError = try #require(APIDataDecoder().decode(string: inMiddle, to: Person.self).errors.first)
        // Column 376: the 120 scalars shown start 60 before it (59 of the line, then `…`) and end 61 after.
        #expect(middleError.diagnostic(source: inMiddle) == """
        warning: Unexpectedly found a string [type_mismatch]
         --> line 1, column 376: root(Person person_id=1) > "height"(Double)
          |
        1 | …\(String(repeating: "x", count: 46))", "height": "tall", "end": "\(String(repeating: "x", count: 45))…
          | \(String(repeating: " ", count: 60))^
        """)
    }

    /// A location read back from an exported error is input too: a column of `Int.min` trapped (`column - 1`)
    /// and a column of a billion built a line of a billion spaces. The caret now stays within one past the end
    /// of the line.
    @Test func anyColumnReadBackRendersWithinTheLine() throws {
        let exported = #"{"path":[{"key":"root"}],"reason":{"kind":"other","code":"custom","message":"m"},"severity":"failure","location":{"offset":0,"line":1,"column":COLUMN}}"#
        for column in [Int.min, -5, 0, 1_000_000_000, Int.max] {
            let json = exported.replacingOccurrences(of: "COLUMN", with: String(column))
            let error = try JSONDecoder().decode(APIDecodeError.self, from: Data(json.utf8))
            let caret = column > 1 ? "   ^" : "^"
            #expect(error.diagnostic(source: "[1]") == """
            error: m [custom]
             --> line 1, column \(column): root
              |
            1 | [1]
              | \(caret)
            """)
        }
    }

    /// Decimal payloads read back exactly, also beyond `Double`'s 17 digits.
    @Test func aLongDecimalReadsBackExactly() throws {
        let value = try #require(Decimal(string: "98765432109876543210.123"))
        let reason = APIDecodeErrorReason.lossOfPrecision(value: value, type: "Int64")
        let back = try JSONDecoder().decode(APIDecodeErrorReason.self, from: JSONEncoder().encode(reason))
        #expect(back == reason)
        #expect(back.description == "Type Int64 does not have precision to represent 98765432109876543210.123")
    }

    /// Input that is not JSON can hold raw control characters, and the source line was printed as it was: an
    /// `ESC [2J` in a response cleared the terminal that showed the diagnostic. They show as U+FFFD now, one for
    /// one, so the caret stays under the offending byte.
    @Test func controlCharactersInTheSourceLineShowAsReplacementCharacters() throws {
        let json = "{\"a\": \u{1B}[2J\u{7}}"
        let error = try #require(APIDataDecoder().decode(string: json, to: JSONValue.self).errors.first)
        #expect(error.diagnostic(source: json) == """
        error: Invalid JSON at line 1, column 7 (byte 6): Unexpected byte 0x1B: expected a value [invalid_json]
         --> line 1, column 7: root(JSONValue)
          |
        1 | {"a": \u{FFFD}[2J\u{FFFD}}
          |       ^
        """)
    }

    /// A 100 KB single line with the error at its end: the end is kept, with `…` in front only.
    @Test func theEndOfAHundredKilobyteLine() throws {
        let json = #"{"person_id": 1, "first_name": "a", "last_name": "b", "pad": ""# + String(repeating: "é", count: 100_000) + #"", "height": "tall"}"#
        let error = try #require(APIDataDecoder().decode(data: Data(json.utf8), to: Person.self).errors.first)
        #expect(error.diagnostic(source: Data(json.utf8)) == """
        warning: Unexpectedly found a string [type_mismatch]
         --> line 1, column 100076: root(Person person_id=1) > "height"(Double)
          |
        1 | …\(String(repeating: "é", count: 100))", "height": "tall"}
          | \(String(repeating: " ", count: 114))^
        """)
    }
}
