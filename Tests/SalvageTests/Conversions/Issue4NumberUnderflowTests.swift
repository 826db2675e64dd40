import Foundation
import Salvage
import Testing

/// A number that is not zero but too small for the floating-point type it is read as (`1e-400` as a `Double`,
/// `1e-50` as a `Float`) is `lossOfPrecision` (code `precision_loss`), as it is for `Decimal` (`1e-400`) and the
/// integers (`1e-400` as an `Int64`), and as `JSONDecoder` throws for it — never a silent `0` (issue #4: "no
/// problem is silently swallowed"). Zeros written any way, and tiny numbers that round to a subnormal, are values.
@Suite struct Issue4NumberUnderflowTests {
    struct Underflow: Sendable, CustomTestStringConvertible {
        let json: String
        let type: String
        let reason: APIDecodeErrorReason
        var testDescription: String { "\(json) as \(type)" }
    }

    static let underflows: [Underflow] = [
        Underflow(json: "1e-400", type: "Double", reason: .lossOfPrecisionAsWritten(text: "1e-400", type: "Double")),
        Underflow(json: "-1e-400", type: "Double", reason: .lossOfPrecisionAsWritten(text: "-1e-400", type: "Double")),
        // Below half the least subnormal (4.94e-324): rounds to zero.
        Underflow(json: "2e-324", type: "Double", reason: .lossOfPrecisionAsWritten(text: "2e-324", type: "Double")),
        Underflow(json: "1e-50", type: "Float", reason: .lossOfPrecision(value: Decimal(string: "1e-50")!, type: "Float")),
        Underflow(json: "-1e-50", type: "Float", reason: .lossOfPrecision(value: Decimal(string: "-1e-50")!, type: "Float")),
        // Float's least subnormal is 1.4e-45; 7e-46 is just below half of it.
        Underflow(json: "7e-46", type: "Float", reason: .lossOfPrecision(value: Decimal(string: "7e-46")!, type: "Float")),
        Underflow(json: "1e-400", type: "Float", reason: .lossOfPrecisionAsWritten(text: "1e-400", type: "Float")),
        // The other numeric types already said so.
        Underflow(json: "1e-400", type: "Decimal", reason: .lossOfPrecisionAsWritten(text: "1e-400", type: "Decimal")),
        Underflow(json: "1e-400", type: "Int64", reason: .lossOfPrecisionAsWritten(text: "1e-400", type: "Int64")),
        Underflow(json: "1e-50", type: "Int", reason: .lossOfPrecision(value: Decimal(string: "1e-50")!, type: "Int")),
    ]

    private static func errors(_ json: String, as type: String) -> (isNil: Bool, errors: [APIDecodeError]) {
        let decoder = APIDataDecoder()
        switch type {
        case "Double": let result = decoder.decode(string: json, to: Double.self); return (result.value == nil, result.errors)
        case "Float": let result = decoder.decode(string: json, to: Float.self); return (result.value == nil, result.errors)
        case "Decimal": let result = decoder.decode(string: json, to: Decimal.self); return (result.value == nil, result.errors)
        case "Int64": let result = decoder.decode(string: json, to: Int64.self); return (result.value == nil, result.errors)
        default: let result = decoder.decode(string: json, to: Int.self); return (result.value == nil, result.errors)
        }
    }

    @Test(arguments: underflows)
    func aNumberTooSmallForItsTypeIsPrecisionLossNotZero(_ testCase: Underflow) throws {
        let (isNil, errors) = Self.errors(testCase.json, as: testCase.type)
        #expect(isNil)
        #expect(errors == [APIDecodeError(path: ["root"], reason: testCase.reason)])
        let error = try #require(errors.first)
        #expect(error.code == "precision_loss")
        #expect(error.severity == .failure)
        #expect(error.location == SourceLocation(offset: 0, line: 1, column: 1))
        #expect(error.value == testCase.json)
        #expect(error.description.hasPrefix("root(\(testCase.type)) : Type \(testCase.type) does not have precision to represent "))
    }

    @Test func theDescriptionsNameTheNumber() {
        #expect(APIDataDecoder().decode(string: "1e-400", to: Double.self).errors.map(\.description)
                == ["root(Double) : Type Double does not have precision to represent 1e-400"])
        #expect(APIDataDecoder().decode(string: "1e-50", to: Float.self).errors.map(\.description)
                == ["root(Float) : Type Float does not have precision to represent 0.00000000000000000000000000000000000000000000000001"])
    }

    /// Zeros, however written, and numbers that round to a subnormal stay values (as with `JSONDecoder`).
    @Test(arguments: [("0e-400", 0.0), ("-0.0e-999", -0.0), ("0.000000000000000000000000000000000000000000000000000", 0.0),
                      ("1e-320", Double("1e-320")!), ("3e-324", Double.leastNonzeroMagnitude), ("4.9406564584124654e-324", Double.leastNonzeroMagnitude)])
    func zerosAndSubnormalsAreValues(json: String, expected: Double) throws {
        let result = APIDataDecoder().decode(string: json, to: Double.self)
        #expect(result.errors == [])
        let value = try #require(result.value)
        #expect(value.bitPattern == expected.bitPattern)
    }

    @Test(arguments: [("0e-50", Float(0)), ("-0e-99", Float(-0.0)), ("1e-45", Float.leastNonzeroMagnitude), ("1e-40", Float(1e-40))])
    func floatZerosAndSubnormalsAreValues(json: String, expected: Float) throws {
        let result = APIDataDecoder().decode(string: json, to: Float.self)
        #expect(result.errors == [])
        let value = try #require(result.value)
        #expect(value.bitPattern == expected.bitPattern)
    }

    private struct Reading: APIDecodable {
        let required: Double
        let optional: Float?
        let list: [Double]
        init?(from decoder: APIDecoder) {
            optional = decoder["optional"] --> Float?.self
            list = decoder["list"] --> [Double].self ?? []
            guard let required = decoder["required"] --> Double.self else { return nil }
            self.required = required
        }
    }

    /// In a model: an optional field becomes nil (recovered), an array element is dropped (recovered), a
    /// required field fails the model — each at its own path.
    @Test func inAModelEachPlaceReportsItsOwnPath() {
        let json = #"{"optional": 1e-50, "list": [1, 1e-400, 2], "required": -1e-999}"#
        let result = APIDataDecoder().decode(string: json, to: Reading.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(Reading) > "optional"(Float) : Type Float does not have precision to represent 0.00000000000000000000000000000000000000000000000001"#,
            #"root(Reading) > "list"(Array<Double>) > [1](Double) : Type Double does not have precision to represent 1e-400"#,
            #"root(Reading) > "required"(Double) : Type Double does not have precision to represent -1e-999"#,
        ])
        #expect(result.errors.map(\.severity) == [.recovered, .recovered, .failure])
        #expect(result.errors.map(\.code) == ["precision_loss", "precision_loss", "precision_loss"])
        #expect(result.errors.map { $0.location?.column } == [14, 33, 57])
    }

    private struct Measured: Decodable {
        let tiny: Double
    }

    /// Through the Codable bridge, as through `JSONDecoder`, the value is an error.
    @Test func theCodableBridgeAgreesWithJSONDecoder() {
        let json = #"{"tiny": 1e-400}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Measured.self, from: Data(json.utf8)) }
        let result = APIDataDecoder().decode(data: Data(json.utf8), toDecodable: Measured.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.code) == ["precision_loss"])
        #expect(result.errors.map(\.path.jsonPath) == [#"root["tiny"]"#])
    }

    /// `JSONNumber.doubleValue` agrees with a `Double` field: nil beyond the range both ways.
    @Test func aJSONNumbersDoubleValueAgrees() {
        #expect(JSONNumber(text: "1e-400").doubleValue == nil)
        #expect(JSONNumber(text: "-1e-400").doubleValue == nil)
        #expect(JSONNumber(text: "0e-400").doubleValue == 0)
        #expect(JSONNumber(text: "5e-324").doubleValue == Double.leastNonzeroMagnitude)
        #expect(JSONNumber(text: "1e400").doubleValue == nil)
    }

    /// A lenient conversion of a number in a string gets the same error as the number.
    @Test func aNumberInAStringUnderLenientConversionsToo() {
        var options = APIDecodeOptions()
        options.lenientConversions = true
        let result = APIDataDecoder(options: options).decode(string: #""1e-400""#, to: Double.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.reason) == [.lossOfPrecisionAsWritten(text: "1e-400", type: "Double")])
    }
}
