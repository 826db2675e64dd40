import Foundation
import Salvage
import Testing

/// Issue #5 as its text reads: every stable code it names comes out of a decode with its severity; every
/// enclosing record's id is on the error (in `records` and the JSON line's `record`); a million-element
/// response's broken field is one summary group; the JSON line's keys are the issue's; strict mode lists all
/// problems. Gaps found against the text are pinned with `withKnownIssue` (see each test).
@Suite struct Issue5ConformanceTests {
    private struct Item: APIDecodable {
        static var idKey: String? { "sku" }
        let price: Double
        init?(from decoder: APIDecoder) {
            guard let price = decoder["price"] --> Double.self else { return nil }
            self.price = price
        }
    }

    private struct Order: APIDecodable {
        static var idKey: String? { "order_id" }
        let items: [Item]
        init?(from decoder: APIDecoder) {
            guard let items = decoder["items"] --> [Item].self else { return nil }
            self.items = items
        }
    }

    // MARK: - Codes and severities

    enum Kind: String, CaseIterable, Sendable {
        case red
    }

    private struct Everything: APIDecodable {
        init?(from decoder: APIDecoder) {
            _ = decoder["mismatch"] --> Int?.self
            _ = decoder["nothing"] --> Int?.self
            _ = decoder["null"] --> Int.self
            _ = decoder["big"] --> UInt8?.self
            _ = decoder["fraction"] --> Int?.self
            _ = decoder["kind"] --> OpenEnum<Kind>.self
            _ = decoder["pair"] --> CountLimited<[Int]?>(exactly: 2)
            _ = decoder["coerced"].decodeOptional(Int.self, lenient: true)
            decoder["custom"].recordError(message: "not allowed")
        }
    }

    /// Each code the issue lists (but `invalid_json`, below), from one field, with the severity its rules give.
    @Test func everyCodeTheIssueNamesComesOutOfADecode() {
        let json = #"{"mismatch": "1", "null": null, "big": 300, "fraction": 1.5, "kind": "blue", "pair": [1, 2, 3], "coerced": "4", "custom": 1, "surprise": 0}"#
        var options = APIDecodeOptions()
        options.reportsUnknownKeys = true
        let result = APIDataDecoder(options: options).decode(string: json, to: Everything.self)
        #expect(result.errors.map { "\($0.code) \($0.severity)" } == [
            "type_mismatch recovered", "null failure", "numeric_overflow recovered", "precision_loss recovered",
            "unknown_raw_value info", "count info", "coerced info", "custom recovered", "unknown_key info",
        ])
        let missing = APIDataDecoder().decode(string: #"{"mismatch": 1}"#, to: Item.self).errors
        #expect(missing.map { "\($0.code) \($0.severity)" } == ["missing failure"])
        let invalid = APIDataDecoder().decode(string: #"{"price": }"#, to: Item.self).errors
        #expect(invalid.map { "\($0.code) \($0.severity)" } == ["invalid_json failure"])
    }

    // MARK: - Records

    /// The id of every enclosing record, not only the innermost.
    @Test func everyEnclosingRecordIsNamed() throws {
        let json = #"[{"order_id": 7, "items": [{"sku": "A-1", "price": "x"}]}]"#
        let error = try #require(APIDataDecoder().decode(string: json, to: [Order].self).errors.first)
        #expect(error.description == #"root(Array<Order>) > [0](Order order_id=7) > "items"(Array<Item>) > [0](Item sku=A-1) > "price"(Double) : Unexpectedly found a string"#)
        #expect(error.recordIDs == ["order_id=7", "sku=A-1"])
        #expect(error.records == ["Order order_id=7", "Item sku=A-1"])
        #expect(error.jsonLine == #"{"code":"type_mismatch","column":52,"expected":"Double","found":"string","json_pointer":"/0/items/0/price","line":1,"message":"Unexpectedly found a string","outermost_record":"Order order_id=7","path":"root[0][\"items\"][0][\"price\"]","record":"Order order_id=7 > Item sku=A-1","severity":"failure","value":"x"}"#)
        #expect(error.metadata["salvage.error.record"] == "Order order_id=7 > Item sku=A-1")
    }

    /// The JSON line carries the keys the issue lists (and only documented ones).
    @Test func theJSONLineKeysAreTheIssues() throws {
        let json = #"[{"order_id": 7, "items": [{"sku": "A-1", "price": "x"}]}]"#
        let error = try #require(APIDataDecoder().decode(string: json, to: [Order].self).errors.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(error.jsonLine.utf8)) as? [String: Any])
        let issueKeys: Set = ["code", "severity", "path", "json_pointer", "record", "line", "column", "expected", "found", "value", "message"]
        #expect(Set(object.keys).isSuperset(of: issueKeys))
        #expect(Set(object.keys).subtracting(issueKeys) == ["outermost_record"])
        #expect(Set(error.metadata.keys) == Set(object.keys.map { "salvage.error." + $0 }))
    }

    // MARK: - Summary

    /// The issue's example (a 1,000,000-element response with the same broken field is one line), at 10,000
    /// elements to keep the suite fast.
    @Test func manyBrokenElementsAreOneGroup() throws {
        let count = 10_000
        let json = "[" + Array(repeating: #"{"sku": "s", "price": "x"}"#, count: count).joined(separator: ",") + "]"
        let result = APIDataDecoder().decode(string: json, to: [Item].self)
        #expect(result.value?.count == 0)
        let summary = result.summary
        #expect(summary.errorCount == count)
        try #require(summary.groups.count == 1)
        let group = summary.groups[0]
        #expect(group.pathTemplate == #"root[*]["price"]"#)
        #expect(group.code == "type_mismatch")
        #expect(group.count == count)
        #expect(group.outermostRecords == ["Item sku=s", "Item sku=s", "Item sku=s"])
        #expect(group.samples.map { $0.location?.column } == [24, 51, 78])
        #expect(summary.description.split(separator: "\n").count == 2)
    }

    /// The summary is `Codable` and compares equal after a round trip.
    @Test func theSummaryRoundTripsAsAValue() throws {
        let json = #"[{"order_id": 7, "items": [{"sku": "A-1", "price": "x"}, {"price": null}]}, {"order_id": 8}]"#
        let summary = APIDataDecoder().decode(string: json, to: [Order].self).summary
        let decoded = try JSONDecoder().decode(APIDecodeSummary.self, from: JSONEncoder().encode(summary))
        #expect(decoded == summary)
        #expect(decoded.description == summary.description)
        #expect(summary.groups.map(\.pathTemplate) == [#"root[*]["items"][*]["price"]"#, #"root[*]["items"][*]["price"]"#, #"root[*]["items"]"#])
    }

    // MARK: - Strictness

    @Test func strictModeListsEveryProblemAndInfoCanBeAllowedOrNot() throws {
        var options = APIDecodeOptions()
        options.lenientConversions = true
        let decoder = APIDataDecoder(options: options)
        let coerced = decoder.decode(string: #"{"sku": "s", "price": "2.5"}"#, to: Item.self)
        #expect(try coerced.strictValue().price == 2.5)
        #expect(throws: APIDecodeFailure.self) { try coerced.strictValue(allowingInfo: false) }
        let recovered = decoder.decode(string: #"[{"price": 1}, {"price": "x"}, {"price": []}]"#, to: [Item].self)
        #expect(recovered.value?.count == 1)
        do {
            _ = try recovered.strictValue()
            Issue.record("strictValue() returned despite two dropped elements")
        } catch {
            #expect(error.errors.map(\.shortForm) == [#"root[1]["price"]: type_mismatch"#, #"root[2]["price"]: type_mismatch"#])
            #expect(error.description.split(separator: "\n").count >= 2)
        }
    }

    // MARK: - Known gaps

    /// "Every error carries … the JSON type found": also for reasons that name no JSON type — a number out of
    /// range, a date string that does not parse, an unknown enum value — in `foundJSONType`, the JSON line's
    /// `found`, the metadata, and through the `Codable` export; redaction keeps it (a JSON type is no secret).
    @Test(arguments: [false, true])
    func theJSONTypeFoundOfErrorsWhoseReasonNamesNone(redacting: Bool) throws {
        let json = #"{"big": 300, "fraction": 1.5, "kind": "blue", "when": "soon", "list": [1]}"#
        struct Values: APIDecodable {
            init?(from decoder: APIDecoder) {
                _ = decoder["big"] --> UInt8?.self
                _ = decoder["fraction"] --> Int?.self
                _ = decoder["kind"] --> OpenEnum<Kind>.self
                _ = decoder["when"] --> Date?.self
                _ = decoder["list"].decodeOptional([Int].self, min: 2)
            }
        }
        var options = APIDecodeOptions()
        if redacting { options.redactedKeys = ["big", "fraction", "kind", "when", "list"] }
        let errors = APIDataDecoder(options: options).decode(string: json, to: Values.self).errors
        #expect(errors.map(\.code) == ["numeric_overflow", "precision_loss", "unknown_raw_value", "invalid_format", "count"])
        #expect(errors.map(\.foundJSONType) == ["integer", "decimal", "string", "string", "array"])
        #expect(errors.map { $0.metadata["salvage.error.found"] } == ["integer", "decimal", "string", "string", "array"])
        #expect(errors.map { $0.jsonLine.contains(#""found":"integer""#) } == [true, false, false, false, false])
        let exported = try JSONDecoder().decode([APIDecodeError].self, from: JSONEncoder().encode(errors))
        #expect(exported.map(\.foundJSONType) == errors.map(\.foundJSONType))
        #expect(exported == errors)
        // An error made by hand knows no more than its reason.
        #expect(APIDecodeError(path: ["root"], reason: .other(message: "x")).foundJSONType == nil)
    }

    /// A limit is not invalid JSON, but its description says so (`Invalid JSON at …: Nesting is deeper than
    /// maximumDepth`); the code (`limit_exceeded`) and `JSONSyntaxError.limit` are right. Rewording it changes
    /// the message every limit test and guide pins (and other branches' tests of limits): left to the lead.
    @Test func aLimitsDescriptionDoesNotCallTheInputInvalid() throws {
        var options = APIDecodeOptions()
        options.maximumDepth = 1
        let error = try #require(APIDataDecoder(options: options).decode(string: "[[1]]", to: JSONValue.self).errors.first)
        #expect(error.code == "limit_exceeded")
        withKnownIssue("limit_exceeded descriptions start with \"Invalid JSON at\"") {
            #expect(!error.description.contains("Invalid JSON"))
        }
    }

    /// "An unparseable date is an error naming the strategy and the text": a string given to a number strategy
    /// (or a number to a string one) is a plain type mismatch, naming neither the strategy nor the text (the text
    /// is in `value`). The guide documents it as a type mismatch; naming the strategy (a note, or
    /// `invalidFormat`) is a product decision.
    @Test func aDateOfTheWrongJSONTypeForItsStrategy() throws {
        struct Y2K: APIDecodable {
            init?(from decoder: APIDecoder) { _ = decoder["y2k"].decodeOptional(Date.self, strategy: .secondsSince1970) }
        }
        let error = try #require(APIDataDecoder().decode(string: #"{"y2k": "2000-01-01"}"#, to: Y2K.self).errors.first)
        #expect(error.description == #"root(Y2K) > "y2k"(Date) : Unexpectedly found a string"#)
        #expect(error.value == "2000-01-01")
        withKnownIssue("a wrong JSON type for a date strategy does not name the strategy") {
            #expect(error.description.contains("seconds since 1970"))
        }
    }
}
