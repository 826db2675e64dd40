import Salvage
import Testing

/// Every error carries a severity (failure, recovered, info) and a stable code.
struct SeverityAndCodeTests {
    private struct SeverityPerson: APIDecodable {
        let name: String
        let height: Double?
        let tags: [Int]
        init?(from decoder: APIDecoder) {
            let name = decoder["name"] --> String.self
            height = decoder["height"] --> Double?.self
            let tags = decoder["tags"] --> [Int].self
            if let name, name.isEmpty { decoder["name"].recordError(message: "empty name") }
            guard decoder.succeeded, let name, let tags else { return nil }
            self.name = name
            self.tags = tags
        }
    }

    private func errors(_ json: String) -> [String] {
        APIDataDecoder().decode(string: json, to: [SeverityPerson].self).errors.map { "\($0.severity) \($0.code) \($0.path.jsonPath)" }
    }

    @Test func severitiesFollowWhatWasLost() {
        #expect(errors(#"[{"name": "a", "height": "tall", "tags": [1, "x"]}, {"height": 1, "tags": []}, true, {"name": null, "tags": []}, {"name": "", "tags": 5}]"#) == [
            #"recovered type_mismatch root[0]["height"]"#,     // optional field became nil
            #"recovered type_mismatch root[0]["tags"][1]"#,    // array element dropped
            #"failure missing root[1]["name"]"#,               // required: the person failed
            #"failure type_mismatch root[2]"#,                 // the element is not an object: that model failed
            #"failure null root[3]["name"]"#,
            #"failure type_mismatch root[4]["tags"]"#,
            #"recovered custom root[4]["name"]"#,              // a warning alone would keep the model
        ])
    }

    @Test func defaultsAndRecordedFailures() {
        struct SeverityDefaults: APIDecodable {
            init?(from decoder: APIDecoder) {
                _ = decoder["a"].decode(Int.self, default: 0, when: .missingNullOrInvalid)
                _ = decoder["b"].decode(Int.self, default: 0)
                decoder["c"].recordError(message: "bad", failsModel: true)
            }
        }
        var options = APIDecodeOptions()
        options.reportsUsedDefaults = true
        let result = APIDataDecoder(options: options).decode(string: #"{"a": "x"}"#, to: SeverityDefaults.self)
        #expect(result.errors.map { "\($0.severity) \($0.code)" } == ["recovered type_mismatch", "info default_used", "failure custom"])
    }

    @Test(arguments: [
        (APIDecodeErrorReason.unexpectedJSONType(actual: .absent), "missing"),
        (.unexpectedJSONType(actual: .null), "null"),
        (.unexpectedJSONType(actual: .string), "type_mismatch"),
        (.numericOverflow(value: 300, type: "Int8"), "numeric_overflow"),
        (.lossOfPrecision(value: 1, type: "Int"), "precision_loss"),
        (.unexpectedRawValue(value: "x", type: "E"), "unknown_raw_value"),
        (.countNotExact(expected: 1, actual: 2), "count"),
        (.countBelowMinimum(minimum: 1, actual: 0), "count"),
        (.countAboveMaximum(maximum: 1, actual: 2), "count"),
        (.lossBudgetExceeded(dropped: 2, total: 3, allowed: "1"), "loss_budget"),
        (.duplicateRecord(id: "17", kept: 1, dropped: 4), "duplicate_record"),
        (.invalidFormat(value: "x", type: "Date", expected: "ISO 8601"), "invalid_format"),
        (.missingAlternatives(tried: ["a"]), "missing"),
        (.defaultUsed(because: .null), "default_used"),
        (.coerced(value: "1", found: .string, type: "Int"), "coerced"),
        (.other(message: "m"), "custom"),
    ])
    func codesAreStable(reason: APIDecodeErrorReason, code: String) {
        #expect(reason.code == code)
        #expect(APIDecodeError(path: ["root"], reason: reason).code == code)
    }

    @Test func severitiesAreOrdered() {
        #expect(APIDecodeError.Severity.info < .recovered)
        #expect(APIDecodeError.Severity.recovered < .failure)
        #expect(APIDecodeError(path: ["root"], reason: .other(message: "m")).severity == .failure)
    }
}
