import Foundation
import Salvage
import Testing

// Errors a model records itself (`recordError`): their path, reason and location; failing elements are
// dropped from arrays.

/// Records an error in the way `mode` says, then fails or keeps the model.
private struct Validated: APIDecodable {
    let mode: String
    init?(from decoder: APIDecoder) {
        guard let mode = decoder["mode"] --> String.self else { return nil }
        let target = decoder["value"]
        switch mode {
        case "reason": target.recordError(.other(message: "Bad value"))
        case "reasonWarning": target.recordError(.countAboveMaximum(maximum: 3, actual: 4), failsModel: false)
        case "reasonFails": target.recordError(.unexpectedRawValue(value: "x", type: "Y"), failsModel: true)
        case "message": target.recordError(message: "Looks odd")
        case "messageFails": target.recordError(message: "Unusable", failsModel: true)
        case "error": decoder.recordError(APIDecodeError(path: target.path, message: "Built by hand"))
        case "errorThenFail":
            decoder.recordError(APIDecodeError(path: ["root", "value"], reason: .other(message: "Handmade")))
            decoder.succeeded = false
        case "succeededFalse": decoder.succeeded = false
        case "silentNil": return nil
        case "absentTarget": decoder["nothing"]["here"].recordError(message: "Expected something here")
        default: break
        }
        guard decoder.succeeded else { return nil }
        self.mode = mode
    }
}

extension RecordingErrorTests {
    struct RecordCase: Sendable, CustomTestStringConvertible {
        let mode: String
        let keepsModel: Bool
        let errors: [String]
        var testDescription: String { mode }
    }
}

@Suite struct RecordingErrorTests {
    static let cases: [RecordCase] = [
        RecordCase(mode: "none", keepsModel: true, errors: []),
        RecordCase(mode: "reason", keepsModel: true, errors: [#"root(Validated) > "value" : Bad value"#]),
        RecordCase(mode: "reasonWarning", keepsModel: true, errors: [#"root(Validated) > "value" : Count above max: max 3, actual 4"#]),
        RecordCase(mode: "reasonFails", keepsModel: false, errors: [#"root(Validated) > "value" : Raw value of "x" for type Y not defined"#]),
        RecordCase(mode: "message", keepsModel: true, errors: [#"root(Validated) > "value" : Looks odd"#]),
        RecordCase(mode: "messageFails", keepsModel: false, errors: [#"root(Validated) > "value" : Unusable"#]),
        RecordCase(mode: "error", keepsModel: true, errors: [#"root(Validated) > "value" : Built by hand"#]),
        RecordCase(mode: "errorThenFail", keepsModel: false, errors: [#"root > "value" : Handmade"#]),
        RecordCase(mode: "succeededFalse", keepsModel: false, errors: ["root(Validated) : Validated.init(from:) returned nil without recording an error"]),
        RecordCase(mode: "silentNil", keepsModel: false, errors: ["root(Validated) : Validated.init(from:) returned nil without recording an error"]),
        RecordCase(mode: "absentTarget", keepsModel: true, errors: [#"root(Validated) > "nothing" > "here" : Expected something here"#]),
    ]

    @Test(arguments: cases)
    func recordError(_ testCase: RecordCase) {
        let json = #"{"mode": "\#(testCase.mode)", "value": 17}"#
        let result = decodeJSON(json, as: Validated.self)
        #expect((result.value != nil) == testCase.keepsModel)
        #expect(result.value?.mode == (testCase.keepsModel ? testCase.mode : nil))
        #expect(result.errors.map(\.description) == testCase.errors)
    }

    @Test func recordedErrorsHavePathReasonAndLocation() throws {
        let json = #"{"mode": "reason", "value": 17}"#
        let result = decodeJSON(json, as: Validated.self)
        let error = try #require(result.errors.first)
        #expect(error.path.jsonPath == #"root["value"]"#)
        #expect(error.reason == .other(message: "Bad value"))
        #expect(error.location == Salvage.SourceLocation(offset: 28, line: 1, column: 29))
        // An error built by hand keeps exactly what it was given.
        let handmade = try #require(decodeJSON(#"{"mode": "error", "value": 17}"#, as: Validated.self).errors.first)
        #expect(handmade.location == nil)
        #expect(handmade.reason == .other(message: "Built by hand"))
        // Recording at an absent position: located at the nearest present value.
        let absent = try #require(decodeJSON(json.replacingOccurrences(of: "reason", with: "absentTarget"), as: Validated.self).errors.first)
        #expect(absent.path.jsonPath == #"root["nothing"]["here"]"#)
        #expect(absent.location == Salvage.SourceLocation(offset: 0, line: 1, column: 1))
    }

    @Test func failingElementsAreDroppedFromArrays() {
        let json = #"[{"mode": "reason"}, {"mode": "messageFails"}, {"mode": "none"}, {"mode": "silentNil"}]"#
        let result = decodeJSON(json, as: [Validated].self)
        #expect(result.value?.map(\.mode) == ["reason", "none"])
        #expect(result.errors.map(\.description) == [
            #"root(Array<Validated>) > [0](Validated) > "value" : Bad value"#,
            #"root(Array<Validated>) > [1](Validated) > "value" : Unusable"#,
            "root(Array<Validated>) > [3](Validated) : Validated.init(from:) returned nil without recording an error",
        ])
    }
}
