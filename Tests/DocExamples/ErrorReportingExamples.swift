// Every ```swift block of Docs/ErrorReporting.md, in order, run with assertions on what it does, and the
// guide's printed errors, diagnostics and JSON lines compared with what Salvage prints.
// DocBlocksAreMirroredTests checks that the lines are the guide's.
import Foundation
import Salvage

/// The README's response, which the guide's examples decode (`Person` is the README's).
let json = """
{"person_id": 8675309, "first_name": "Mary", "last_name": "Smith",
 "contact_info": {"phone_number": "(312) 555-1212"}, "height": "really tall"}
"""

/// What the guide's testing example expects `json` to decode to.
let expectedPerson = Person(id: 8675309, firstName: "Mary", lastName: "Smith", phoneNumber: "(312) 555-1212", height: nil)

/// The guide's examples, in its order (the suite is split where a block must be at file scope).
@Suite("ErrorReporting.md") struct ErrorReportingExamples {}

extension ErrorReportingExamples {
    // MARK: Anatomy of an error

    @Test func anatomyOfAnError() throws {
        let result = APIDataDecoder().decode(string: json, to: Person.self)
        try #require(result.errors.count == 1)
        let error = result.errors[0]
        #expect("\(error)" == #"root(Person person_id=8675309) > "height"(Double) : Unexpectedly found a string"#)
        #expect(error.path.jsonPath == #"root["height"]"#)
        #expect(error.path.taggedJSONPath == #"root(Person person_id=8675309) > "height"(Double)"#)
        #expect(error.path.jsonPointer == "/height")
        #expect(error.reason == .unexpectedJSONType(actual: .string))
        #expect(error.location?.description == "line 2, column 64 (byte 130)")
        #expect(error.codingPath.map(\.stringValue) == ["height"])
        // A missing value points at the object it was expected in; `~` and `/` are escaped in pointers.
        let missing = APIDataDecoder().decode(string: #"{"person_id": 1, "last_name": "S", "a/b~": 0}"#, to: Person.self)
        #expect(missing.errors.first?.location == SourceLocation(offset: 0, line: 1, column: 1))
        #expect(APIDecodeError(path: ["root", "a/b~"], actual: .null).path.jsonPointer == "/a~1b~0")
    }

    // MARK: Severity and codes

    @Test func severityAndCodes() throws {
        let people = """
        [{"person_id": 1, "first_name": "Ada", "last_name": "L", "height": "tall"},
         {"person_id": 2, "last_name": "H"},
         {"person_id": 3, "first_name": null, "last_name": "K"}]
        """
        let result = APIDataDecoder().decode(string: people, to: [Person].self)
        let failures = result.errors.filter { $0.severity == .failure }
        let byCode = Dictionary(grouping: result.errors, by: \.code).mapValues(\.count)
        #expect(result.value?.map(\.id) == [1])
        #expect(failures.map(\.description) == [
            #"root(Array<Person>) > [1](Person person_id=2) > "first_name"(String) : No value is present"#,
            #"root(Array<Person>) > [2](Person person_id=3) > "first_name"(String) : Unexpectedly found null"#,
        ])
        #expect(byCode == ["type_mismatch": 1, "missing": 1, "null": 1])
        #expect(result.errors.map(\.severity) == [.recovered, .failure, .failure])
    }

    // MARK: Reasons

    @Test func reasonMessages() throws {
        let messages: [(APIDecodeErrorReason, String)] = [
            (.unexpectedJSONType(actual: .absent), "No value is present"),
            (.unexpectedJSONType(actual: .null), "Unexpectedly found null"),
            (.unexpectedJSONType(actual: .string), "Unexpectedly found a string"),
            (.unexpectedJSONType(actual: .object), "Unexpectedly found an object"),
            (.unexpectedJSONType(actual: .array), "Unexpectedly found an array"),
            (.unexpectedJSONType(actual: .integer), "Unexpectedly found an integer"),
            (.unexpectedJSONType(actual: .decimal), "Unexpectedly found a decimal"),
            (.unexpectedJSONType(actual: .boolean), "Unexpectedly found a boolean"),
            (.numericOverflow(value: 300, type: "Int8"), "Value 300 does not fit in Int8"),
            (.lossOfPrecision(value: Decimal(string: "3.5")!, type: "Int"), "Type Int does not have precision to represent 3.5"),
            (.numericOverflowAsWritten(text: "1e400", type: "Double"), "Value 1e400 does not fit in Double"),
            (.lossOfPrecisionAsWritten(text: "1e-400", type: "Decimal"), "Type Decimal does not have precision to represent 1e-400"),
            (.unexpectedRawValue(value: "cletus", type: "Stooge"), #"Raw value of "cletus" for type Stooge not defined"#),
            (.invalidFormat(value: "yesterday", type: "Date", expected: "ISO 8601 date and time"),
             #"Cannot read "yesterday" as Date: expected ISO 8601 date and time"#),
            (.coerced(value: "42", found: .string, type: "Int"), #"Converted a string "42" to Int"#),
            (.missingAlternatives(tried: ["full_name", "name"]), #"No value is present under any of "full_name", "name""#),
            (.defaultUsed(because: .absent), "No value is present; the default was used"),
            (.lossBudgetExceeded(dropped: 7, total: 20, allowed: "2"), "Dropped 7 of 20 elements, more than the 2 allowed"),
            (.duplicateRecord(id: "17", kept: 0, dropped: 2), "Duplicate of the record at [0] (id=17); kept [0], dropped [2]"),
            (.countNotExact(expected: 2, actual: 1), "Count not exact: expected 2, actual 1"),
            (.countBelowMinimum(minimum: 2, actual: 1), "Count below min: min 2, actual 1"),
            (.countAboveMaximum(maximum: 1, actual: 2), "Count above max: max 1, actual 2"),
            (.other(message: "your message"), "your message"),
        ]
        for (reason, message) in messages {
            #expect(reason.description == message)
        }
        // The reasons the table shows from real input.
        let date = APIDataDecoder().decode(string: #""yesterday""#, to: Date.self)
        #expect(date.errors.map(\.reason.description) == [#"Cannot read "yesterday" as Date: expected ISO 8601 date and time"#])
        let trailingComma = APIDataDecoder().decode(string: "[1, 2,]", to: [Int].self)
        #expect(trailingComma.errors.map(\.reason.description) == [
            "Invalid JSON at line 1, column 7 (byte 6): Trailing comma: expected a value after ','",
        ])
        enum Stooge: String, APIDecodable { case larry, moe, curly }
        let stooge = APIDataDecoder().decode(string: #""cletus""#, to: Stooge.self)
        #expect(stooge.errors.map(\.reason.description) == [#"Raw value of "cletus" for type Stooge not defined"#])
    }

    // MARK: Comparing errors in tests

    @Test func comparingErrorsInTests() {
        let result = APIDataDecoder().decode(string: json, to: Person.self)
        #expect(result.errors == [
            APIDecodeError(path: ["root", "height"], reason: .unexpectedJSONType(actual: .string)),
        ])
        #expect(result.errors.map(\.description) == [
            #"root(Person person_id=8675309) > "height"(Double) : Unexpectedly found a string"#,
        ])
    }
}

// The guide's testing example, at file scope as in a test target of your own (its imports, like any
// import, apply to the whole file).
import SalvageTesting
import Testing
import XCTest

@Test func person() {                                    // Swift Testing
    let result = APIDataDecoder().decode(string: json, to: Person.self)
    expectDecoded(result, expectedPerson, errors: [#"root["height"]: type_mismatch"#])
    expectErrors(result, [#"root["height"]: type_mismatch"#])   // the errors only, whatever the value
}

final class PersonTests: XCTestCase {                    // XCTest
    func testPerson() {
        let result = APIDataDecoder().decode(string: json, to: Person.self)
        XCTAssertDecoded(result, expectedPerson, errors: [#"root["height"]: type_mismatch"#])
        XCTAssertErrors(result, [#"root["height"]: type_mismatch"#])
    }
}

extension ErrorReportingExamples {
    /// The guide's mismatch report, produced by the same function `expectDecoded` and `XCTAssertDecoded` use.
    @Test func aMismatchReads() {
        struct NumberFixture: APIDecodable, Equatable {
            let n: Int?
            init(n: Int?) { self.n = n }
            init?(from decoder: APIDecoder) { n = decoder["n"] --> Int?.self }
        }
        let result = APIDataDecoder().decode(string: #"{"n": "1"}"#, to: NumberFixture.self)
        #expect(DecodeExpectation.mismatch(result, value: NumberFixture(n: 1), errors: [#"root["m"]: missing"#]) == """
        value differs (- expected, + actual):
        - value.n: 1
        + value.n: nil
        errors differ (- expected, + actual):
        + root["n"]: type_mismatch
        - root["m"]: missing
        """)
        #expect(DecodeExpectation.mismatch(result, value: NumberFixture(n: nil), errors: [#"root["n"]: type_mismatch"#]) == nil)
    }

    // MARK: Invalid JSON

    @Test func invalidJSON() {
        let result = APIDataDecoder().decode(string: #"{"person_id": 8675309, "first_name": }"#, to: Person.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.code) == ["invalid_json"])
        #expect(APIDataDecoder().decode(string: "\u{FEFF}[1]", to: [Int].self).value == [1])
        #expect(APIDataDecoder().decode(string: #"{"a": 1, "a": 2}"#, to: [String: Int].self).value == ["a": 2])
        for invalid in ["[1,]", "[01]", "[NaN]", "['a']", "[1] // no", #"["\uD800"]"#] {
            #expect(APIDataDecoder().decode(string: invalid, to: JSONValue.self).errors.map(\.code) == ["invalid_json"], "\(invalid)")
        }
    }

    // MARK: Loss budgets for list endpoints

    @Test func lossBudgetsForListEndpoints() {
        struct Event: APIDecodable, Equatable {
            let id: Int
            init?(from decoder: APIDecoder) {
                guard let id = decoder["id"] --> Int.self else { return nil }
                self.id = id
            }
        }
        struct User: Decodable, Equatable { let name: String }
        let data = Data(#"[{"id": 1, "name": "Ada"}, {"id": "x"}, {"name": 2}, {}]"#.utf8)
        let events = APIDataDecoder().decode(data: data, to: [Event].self, maxDropped: 2)
        let users = APIDataDecoder().decode(data: data, toDecodable: [User].self, maxDroppedFraction: 0.05)
        #expect(events.value == nil)
        #expect(events.errors.last?.description == "root(Array<Event>) : Dropped 3 of 4 elements, more than the 2 allowed")
        #expect(events.errors.last?.code == "loss_budget" && events.errors.last?.severity == .failure)
        #expect(users.value == nil)
        #expect(users.errors.last?.description == "root(Array<User>) : Dropped 3 of 4 elements, more than the 5% allowed")
        #expect(APIDataDecoder().decode(data: data, to: [Event].self, maxDropped: 3).value?.map(\.id) == [1])
    }

    // MARK: Streams of records

    @Test func streamsOfRecords() {
        struct Event: APIDecodable {
            let id: Int
            let kind: String
            init?(from decoder: APIDecoder) {
                let id = decoder["id"] --> Int.self
                let kind = decoder["kind"] --> String.self
                guard decoder.succeeded else { return nil }
                self.id = id!
                self.kind = kind!
            }
        }
        var handled: [Int] = []
        var logged: [String] = []
        func handle(_ event: Event) { handled.append(event.id) }
        func log(_ message: String) { logged.append(message) }
        let ndjson = Data("""
        {"id": 1, "kind": "click"}
        {"id": 2, "kind": 7}
        {"id": 3 "kind": "view"}
        {"id": 4, "kind": "view"}
        """.utf8)
        for record in APIDataDecoder().decodeRecords(data: ndjson, to: Event.self) {
            if let event = record.result.value { handle(event) }
            for error in record.result.errors { log("record \(record.index) (line \(record.line)): \(error)") }
        }
        #expect(handled == [1, 4])
        #expect(logged == [
            #"record 1 (line 2): root(Event) > "kind"(String) : Unexpectedly found an integer"#,
            #"record 2 (line 3): root(Event) : Invalid JSON at line 3, column 10 (byte 57): Unexpected character '"': expected ',' or '}' after an object member"#,
        ])
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func streamingRecords() async throws {
        struct Event: APIDecodable {
            static var idKey: String? { "id" }
            let id: Int
            let kind: String
            init?(from decoder: APIDecoder) {
                let id = decoder["id"] --> Int.self
                let kind = decoder["kind"] --> String.self
                guard decoder.succeeded else { return nil }
                self.id = id!
                self.kind = kind!
            }
        }
        var handled: [Int] = []
        var logged: [String] = []
        func handle(_ event: Event) { handled.append(event.id) }
        func log(_ message: String) { logged.append(message) }
        let exportURL = FileManager.default.temporaryDirectory.appendingPathComponent("salvage-doc-\(UUID().uuidString).json")
        try Data("""
        [
          {"id": 1, "kind": "click"},
          {"id": 7, "kind": 7},
          {"id": 3, "kind": "view"}
        ]
        """.utf8).write(to: exportURL)
        defer { try? FileManager.default.removeItem(at: exportURL) }
        let stream = APIDataDecoder().records(from: exportURL, to: Event.self) { progress in
            if progress.isFinished { log("\(progress.bytesRead) bytes, \(progress.records) records, \(progress.errors) errors") }
        }
        for try await record in stream {
            if let event = record.result.value { handle(event) }
            for error in record.result.errors { log("record \(record.index) (line \(record.line)): \(error)") }
        }
        #expect(handled == [1, 3])
        #expect(logged == [
            #"record 1 (line 3): root(Event id=7) > "kind"(String) : Unexpectedly found an integer"#,
            "85 bytes, 3 records, 1 errors",
        ])
    }

    // MARK: Schema drift

    @Test func schemaDrift() {
        struct Item: APIDecodable {
            static var idKey: String? { "id" }
            let id: Int
            init?(from decoder: APIDecoder) {
                guard let id = decoder["id"] --> Int.self else { return nil }
                self.id = id
            }
        }
        struct Order: APIDecodable {
            let items: [Item]
            init?(from decoder: APIDecoder) {
                guard let items = decoder["items"] --> [Item].self else { return nil }
                self.items = items
            }
        }
        var options = APIDecodeOptions()
        options.reportsUnknownKeys = true
        let input = #"{"items": [{"id": 1, "colour": "red"}, {"id": 2, "colour": "blue"}]}"#
        let result = APIDataDecoder(options: options).decode(string: input, to: Order.self)
        #expect(result.value?.items.map(\.id) == [1, 2])
        #expect(result.errors.map(\.description) == [
            #"root(Order) > "items"(Array<Item>) > [0](Item id=1) > "colour" : Key "colour" of Item was never read (in 2 records)"#,
        ])
        #expect(result.errors.map(\.severity) == [.info])
        #expect(APIDataDecoder().decode(string: input, to: Order.self).errors.isEmpty)
    }

    // MARK: Diagnostics, strict mode

    @Test func diagnostics() throws {
        let result = APIDataDecoder().decode(string: json, to: Person.self)
        let error = try #require(result.errors.first)
        #expect(error.diagnostic(source: json) == """
        warning: Unexpectedly found a string [type_mismatch]
         --> line 2, column 64: root(Person person_id=8675309) > "height"(Double)
          |
        2 |  "contact_info": {"phone_number": "(312) 555-1212"}, "height": "really tall"}
          |                                                                ^
        """)
        #expect(throws: APIDecodeFailure(errors: result.errors)) { try result.strictValue() }
        let clean = APIDataDecoder().decode(string: "[1]", to: [Int].self)
        #expect(try clean.strictValue(allowingInfo: false) == [1])
    }

    // MARK: Values, redaction and caps

    @Test func valuesRedactionAndCaps() throws {
        struct Account: APIDecodable, Equatable {
            let password: Int?, email: Int?, note: Int?, ids: [Int]
            init?(from decoder: APIDecoder) {
                password = decoder["password"] --> Int?.self
                email = decoder["contact"]["email"] --> Int?.self
                note = decoder["note"] --> Int?.self
                guard let ids = decoder["ids"] --> [Int].self else { return nil }
                self.ids = ids
            }
        }
        let note = String(repeating: "0123456789", count: 5)
        let ids = (0..<1_005).map { _ in #""x""# } + ["1"]
        let input = #"{"password": "hunter2", "contact": {"email": "a@b.c"}, "note": "\#(note)", "ids": [\#(ids.joined(separator: ","))]}"#
        var options = APIDecodeOptions()
        options.redactedKeys = ["password", "email"]
        options.maximumValueLength = 40
        options.maximumRecordedErrors = 1_000      // more are counted in result.unrecordedErrorCount
        let result = APIDataDecoder(options: options).decode(string: input, to: Account.self)
        #expect(result.errors.count == 1_000)
        #expect(result.unrecordedErrorCount == 8)
        let values: [String?] = ["<redacted>", "<redacted>", String(note.prefix(40)) + "…"]
        #expect(result.errors.prefix(3).map(\.value) == values)
        // The cap only limits what is recorded.
        let uncapped = APIDataDecoder().decode(string: input, to: Account.self)
        #expect(uncapped.errors.count == 1_008 && uncapped.unrecordedErrorCount == 0)
        #expect(result.value == uncapped.value && result.value?.ids == [1])
        let uncappedValues: [String?] = ["hunter2", "a@b.c", note]   // typed: inline, 50-100+ ms to type-check
        #expect(uncapped.errors.prefix(3).map(\.value) == uncappedValues)
    }

    // MARK: Summaries

    @Test func summaries() {
        let people = (0..<6).map { #"{"person_id": \#($0), "first_name": "A", "last_name": "B", "height": "x"}"# }
        let result = APIDataDecoder().decode(string: "[\(people.joined(separator: ","))]", to: [Person].self)
        let summary = result.summary
        #expect(summary.errorCount == 6 && summary.groups.count == 1)
        #expect(summary.groups.map(\.pathTemplate) == [#"root[*]["height"]"#])
        #expect(summary.groups.map(\.samples.count) == [3])
        #expect("\(summary)".hasPrefix("6 errors in 1 group"))
    }

    // MARK: JSON Lines, logs and traces

    @Test func jsonLinesLogsAndTraces() throws {
        let error = try #require(APIDataDecoder().decode(string: json, to: Person.self).errors.first)
        #expect(error.jsonLine == #"{"code":"type_mismatch","column":64,"expected":"Double","found":"string","json_pointer":"/height","line":2,"message":"Unexpectedly found a string","outermost_record":"Person person_id=8675309","path":"root[\"height\"]","record":"Person person_id=8675309","severity":"recovered","value":"really tall"}"#)
        #expect(error.recordIDs == ["person_id=8675309"])
        #expect(error.expectedType == "Double" && error.foundJSONType == "string")

        let logger = SwiftLogShape.Logger(label: "orders")
        let span = TracingShape.Span()
        typealias SpanAttributes = TracingShape.SpanAttributes
        // swift-log
        logger.warning("decode problem", metadata: error.metadata.mapValues { .string($0) })
        // OpenTelemetry (swift-otel): attributes on the current span or a log record
        span.attributes.merge(SpanAttributes(error.metadata.mapValues { .string($0) }))
        #expect(logger.handler.entries.count == 1)
        let entry = try #require(logger.handler.entries.first)
        #expect(entry.message == "decode problem")
        #expect(entry.metadata["salvage.error.code"] == .string("type_mismatch"))
        #expect(entry.metadata["salvage.error.path"] == .string(#"root["height"]"#))
        #expect(entry.metadata["salvage.error.record"] == .string("Person person_id=8675309"))
        #expect(entry.metadata.count == error.metadata.count)
        #expect(span.attributes["salvage.error.code"] == .string("type_mismatch"))
        #expect(span.attributes.count == error.metadata.count)

        // Errors are Codable and read back to the same descriptions.
        let data = try JSONEncoder().encode(error)
        let decoded = try JSONDecoder().decode(APIDecodeError.self, from: data)
        #expect(decoded.description == error.description && decoded == error)
    }
}

/// The shape of swift-log's `Logger` API that the guide's example uses (`warning(_:metadata:)`,
/// `Logger.Metadata` = `[String: Logger.MetadataValue]` with a `.string` case); Salvage depends on no
/// logging library, so the example is compiled against this stand-in.
private enum SwiftLogShape {
    struct Logger {
        typealias Metadata = [String: MetadataValue]

        enum MetadataValue: Equatable {
            case string(String)
        }

        struct Message: ExpressibleByStringLiteral, Equatable {
            let text: String
            init(stringLiteral value: String) { text = value }
        }

        /// Records what was logged.
        final class Handler {
            var entries: [(message: String, metadata: Metadata)] = []
        }

        let label: String
        let handler = Handler()

        func warning(_ message: @autoclosure () -> Message, metadata: @autoclosure () -> Metadata? = nil) {
            handler.entries.append((message().text, metadata() ?? [:]))
        }
    }
}

/// The shape of swift-distributed-tracing's span attributes, as used by swift-otel: `span.attributes` is
/// a `SpanAttributes`, made from `[String: SpanAttribute]`, with `merge(_:)` and a subscript.
private enum TracingShape {
    enum SpanAttribute: Equatable {
        case string(String)
    }

    struct SpanAttributes {
        private var attributes: [String: SpanAttribute]
        init(_ attributes: [String: SpanAttribute]) { self.attributes = attributes }
        subscript(_ name: String) -> SpanAttribute? { attributes[name] }
        var count: Int { attributes.count }
        mutating func merge(_ other: SpanAttributes) {
            attributes.merge(other.attributes) { _, new in new }
        }
    }

    final class Span {
        var attributes = SpanAttributes([:])
    }
}
