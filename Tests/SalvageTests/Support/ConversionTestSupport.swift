import Foundation
import Salvage
import Testing

// What the conversion suites share (IntegerConversionTests, FloatingPointConversionTests,
// EnumAndValueConversionTests): a one-field model, a rendering of a value decoded at the root and as an
// optional field, and a table row (`ConversionCase`) with the value or the one error it should give.

/// A model with one optional field `v`.
struct Field<T: APIDecodable>: APIDecodable {
    let value: T?
    init?(from decoder: APIDecoder) {
        value = decoder["v"] --> T?.self
    }
}

/// A value decoded at the root and one decoded as an optional field, both rendered as text.
struct Rendered: Equatable, CustomStringConvertible {
    var rootValue: String?
    var rootErrors: [APIDecodeError]
    var fieldValue: String?
    var fieldErrors: [APIDecodeError]
    var description: String { "root: \(rootValue ?? "nil") \(rootErrors) field: \(fieldValue ?? "nil") \(fieldErrors)" }
}

func render<T: APIDecodable>(_ json: String, as type: T.Type) -> Rendered {
    let root = APIDataDecoder().decode(string: json, to: T.self)
    let field = APIDataDecoder().decode(string: #"{"v": \#(json)}"#, to: Field<T>.self)
    return Rendered(rootValue: root.value.map { "\($0)" }, rootErrors: root.errors,
                      fieldValue: field.value?.value.map { "\($0)" }, fieldErrors: field.errors)
}

/// Decodes with the built-in type named `type`.
func render(_ json: String, typeNamed type: String) -> Rendered? {
    switch type {
    case "Int": return render(json, as: Int.self)
    case "Int8": return render(json, as: Int8.self)
    case "Int16": return render(json, as: Int16.self)
    case "Int32": return render(json, as: Int32.self)
    case "Int64": return render(json, as: Int64.self)
    case "UInt": return render(json, as: UInt.self)
    case "UInt8": return render(json, as: UInt8.self)
    case "UInt16": return render(json, as: UInt16.self)
    case "UInt32": return render(json, as: UInt32.self)
    case "UInt64": return render(json, as: UInt64.self)
    case "String": return render(json, as: String.self)
    case "Bool": return render(json, as: Bool.self)
    case "Double": return render(json, as: Double.self)
    case "Float": return render(json, as: Float.self)
    case "Decimal": return render(json, as: Decimal.self)
    default: return nil
    }
}

func decimal(_ text: String) -> Decimal {
    Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? .nan
}

/// What a conversion should give: a value (as text) or one error.
enum ConversionOutcome: Sendable {
    case value(String)
    case failure(APIDecodeErrorReason, String)
}

/// One conversion and what it should give. Internal, not private: parameterized tests of three suites take it.
struct ConversionCase: Sendable, CustomTestStringConvertible {
    let json: String
    let type: String
    let outcome: ConversionOutcome
    init(_ json: String, _ type: String, _ outcome: ConversionOutcome) {
        self.json = json
        self.type = type
        self.outcome = outcome
    }
    var testDescription: String { "\(json) as \(type)" }
}

/// Checks one case both at the root (required) and as an optional field.
func check(_ testCase: ConversionCase) throws {
    let rendered = try #require(render(testCase.json, typeNamed: testCase.type))
    switch testCase.outcome {
    case .value(let text):
        #expect(rendered.rootValue == text)
        #expect(rendered.rootErrors.isEmpty)
        #expect(rendered.fieldValue == text)
        #expect(rendered.fieldErrors.isEmpty)
    case .failure(let reason, let message):
        #expect(rendered.rootValue == nil)
        #expect(rendered.fieldValue == nil)
        #expect(reason.description == message)
        #expect(rendered.rootErrors.map(\.reason) == [reason])
        #expect(rendered.rootErrors.map(\.description) == ["root(\(testCase.type)) : \(message)"])
        #expect(rendered.rootErrors.map(\.location) == [Salvage.SourceLocation(offset: 0, line: 1, column: 1)])
        #expect(rendered.fieldErrors.map(\.reason) == [reason])
        #expect(rendered.fieldErrors.map(\.description) == [#"root(Field<\#(testCase.type)>) > "v"(\#(testCase.type)) : \#(message)"#])
        #expect(rendered.fieldErrors.map(\.path.jsonPath) == [#"root["v"]"#])
        #expect(rendered.fieldErrors.map(\.location) == [Salvage.SourceLocation(offset: 6, line: 1, column: 7)])
    }
}

func overflow(_ text: String, _ type: String) -> ConversionOutcome {
    .failure(.numericOverflow(value: decimal(text), type: type), "Value \(text) does not fit in \(type)")
}

func imprecise(_ text: String, _ shown: String, _ type: String) -> ConversionOutcome {
    .failure(.lossOfPrecision(value: decimal(text), type: type), "Type \(type) does not have precision to represent \(shown)")
}

func wrong(_ element: JSONElement, _ message: String) -> ConversionOutcome {
    .failure(.unexpectedJSONType(actual: element), message)
}
