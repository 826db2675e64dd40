import Foundation
import Salvage
import Testing

// `APIDecodeError`, its reasons, `JSONElement` and `SourceLocation` as values: equality, hashing and
// descriptions.

@Suite struct APIDecodeErrorValueTests {
    @Test func equalityIgnoresLocationAndTags() throws {
        let recorded = try #require(decodeJSON(#"{"person_id": 1, "first_name": "A", "last_name": "B", "height": "x"}"#, as: Person.self).errors.first)
        let handmade = APIDecodeError(path: ["root", "height"], reason: .unexpectedJSONType(actual: .string))
        #expect(recorded == handmade)
        #expect(recorded.location != nil)
        #expect(handmade.location == nil)
        #expect(recorded.hashValue == handmade.hashValue)
        #expect(Set([recorded, handmade]).count == 1)
        #expect(recorded != APIDecodeError(path: ["root", "height"], reason: .unexpectedJSONType(actual: .integer)))
        #expect(recorded != APIDecodeError(path: ["root", "weight"], reason: .unexpectedJSONType(actual: .string)))
        #expect(recorded != APIDecodeError(path: ["root", "height", 0], reason: .unexpectedJSONType(actual: .string)))
        let relocated = APIDecodeError(path: recorded.path, reason: recorded.reason, location: Salvage.SourceLocation(offset: 1, line: 1, column: 2))
        #expect(relocated == recorded)
    }

    @Test func equalReasonsHaveEqualHashes() {
        #expect(APIDecodeErrorReason.numericOverflow(value: 300, type: "Int8").hashValue == APIDecodeErrorReason.numericOverflow(value: Decimal(string: "3e2") ?? 0, type: "Int8").hashValue)
        let one = APIDecodeErrorReason.swiftDecodingError(.keyNotFound(APICodingKey("y"), DecodingError.Context(codingPath: [APICodingKey("p")], debugDescription: "")))
        let other = APIDecodeErrorReason.swiftDecodingError(.keyNotFound(APICodingKey("y"), DecodingError.Context(codingPath: [APICodingKey("p")], debugDescription: "No value associated with key y.")))
        #expect(one == other)
        let handmade = APIDecodeError(path: ["root", "p"], reason: one)
        let recorded = APIDecodeError(path: ["root", "p"], reason: other)
        #expect(handmade == recorded)
        #expect(one.hashValue == other.hashValue)
        #expect(Set([recorded]).contains(handmade))
    }

    @Test func descriptionIsTaggedPathAndReason() {
        var key = APICodingKey(hashKey: "height", swiftType: Double.self)
        key.idKey = nil
        let error = APIDecodeError(path: [APICodingKey(hashKey: "root", swiftType: Person.self), key], reason: .unexpectedJSONType(actual: .string))
        #expect(error.description == #"root(Person) > "height"(Double) : Unexpectedly found a string"#)
        #expect(error.localizedDescription == error.description)
        #expect("\(error)" == error.description)
    }

    static let reasonDescriptions: [(APIDecodeErrorReason, String)] = [
        (.unexpectedJSONType(actual: .string), "Unexpectedly found a string"),
        (.unexpectedJSONType(actual: .object), "Unexpectedly found an object"),
        (.unexpectedJSONType(actual: .array), "Unexpectedly found an array"),
        (.unexpectedJSONType(actual: .integer), "Unexpectedly found an integer"),
        (.unexpectedJSONType(actual: .decimal), "Unexpectedly found a decimal"),
        (.unexpectedJSONType(actual: .boolean), "Unexpectedly found a boolean"),
        (.unexpectedJSONType(actual: .null), "Unexpectedly found null"),
        (.unexpectedJSONType(actual: .absent), "No value is present"),
        (.countNotExact(expected: 2, actual: 1), "Count not exact: expected 2, actual 1"),
        (.countBelowMinimum(minimum: 2, actual: 1), "Count below min: min 2, actual 1"),
        (.countAboveMaximum(maximum: 1, actual: 2), "Count above max: max 1, actual 2"),
        (.unexpectedRawValue(value: "cletus", type: "Stooge"), #"Raw value of "cletus" for type Stooge not defined"#),
        (.numericOverflow(value: 300, type: "Int8"), "Value 300 does not fit in Int8"),
        (.lossOfPrecision(value: Decimal(string: "3.5") ?? 0, type: "Int"), "Type Int does not have precision to represent 3.5"),
        (.other(message: "Anything"), "Anything"),
        (.invalidJSON(JSONSyntaxError(message: "Oops", location: Salvage.SourceLocation(offset: 3, line: 2, column: 1))), "Invalid JSON at line 2, column 1 (byte 3): Oops"),
    ]

    @Test(arguments: reasonDescriptions)
    func reasonDescription(reason: APIDecodeErrorReason, text: String) {
        #expect(reason.description == text)
    }

    @Test func reasonEquality() {
        #expect(APIDecodeErrorReason.numericOverflow(value: 300, type: "Int8") == .numericOverflow(value: Decimal(string: "3e2") ?? 0, type: "Int8"))
        #expect(APIDecodeErrorReason.numericOverflow(value: 300, type: "Int8") != .numericOverflow(value: 300, type: "UInt8"))
        #expect(APIDecodeErrorReason.numericOverflow(value: 300, type: "Int8") != .lossOfPrecision(value: 300, type: "Int8"))
        #expect(APIDecodeErrorReason.countNotExact(expected: 2, actual: 1) != .countNotExact(expected: 1, actual: 2))
        #expect(APIDecodeErrorReason.unexpectedJSONType(actual: .null) != .unexpectedJSONType(actual: .absent))
    }

    @Test func jsonElementNames() {
        #expect(allJSONElementRawValues() == ["Object", "Array", "Integer", "Boolean", "Decimal", "String", "Null", "no value present", "Unknown"])
        #expect(JSONElement.unknown.description == "an unknown value")
        #expect(JSONElement.absent.description == "no value")
    }

    @Test func sourceLocationDescription() {
        #expect(Salvage.SourceLocation(offset: 12, line: 2, column: 5).description == "line 2, column 5 (byte 12)")
        #expect(JSONSyntaxError(message: "Bad", location: Salvage.SourceLocation(offset: 0, line: 1, column: 1)).description == "Bad at line 1, column 1 (byte 0)")
    }
}

private func allJSONElementRawValues() -> [String] {
    [JSONElement.object, .array, .integer, .boolean, .decimal, .string, .null, .absent, .unknown].map(\.rawValue)
}
