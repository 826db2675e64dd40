import Foundation
import Salvage
import Testing

// `-->` decodes a field of a built-in scalar type through the type's own `_salvageDecodeField` (no generic
// layers, for debug builds); `decodeRequired`/`decodeOptional` still take the generic path
// (`decodePresent`, the type's `_salvageDecode`, `failRequired`). Both must give the same value, the same
// errors (reason, path, location, severity) and the same success of the model, for every scalar type.

/// Reads `v` as `T` with `-->` when `"op"` is true, else with the named methods; required when `"required"`.
private struct ScalarField<T: APIDecodable>: APIDecodable {
    let value: T?
    init?(from decoder: APIDecoder) {
        let viaOperator = decoder["op"] --> Bool.self
        let required = decoder["required"] --> Bool.self
        guard let viaOperator, let required else { return nil }
        switch (viaOperator, required) {
        case (true, true): value = decoder["v"] --> T.self
        case (true, false): value = decoder["v"] --> T?.self
        case (false, true): value = decoder["v"].decodeRequired(T.self)
        case (false, false): value = decoder["v"].decodeOptional(T.self)
        }
        guard decoder.succeeded else { return nil }
    }
}

/// The outcome of one decode, comparable between the two paths.
private struct Outcome: Equatable, CustomStringConvertible {
    var value: String?
    var modelKept: Bool
    var errors: [APIDecodeError]
    var description: String { "\(value ?? "nil") kept=\(modelKept) \(errors.map { "\($0) [\($0.severity)]" })" }
}

private func outcome<T: APIDecodable>(_ type: T.Type, member: String, viaOperator: Bool, required: Bool, lenient: Bool) -> Outcome {
    var options = APIDecodeOptions()
    options.lenientConversions = lenient
    let json = #"{"op": \#(viaOperator), "required": \#(required)\#(member.isEmpty ? "" : ", \"v\": " + member)}"#
    let result = APIDataDecoder(options: options).decode(string: json, to: ScalarField<T>.self)
    return Outcome(value: result.value?.value.map { "\($0)" }, modelKept: result.value != nil, errors: result.errors)
}

/// Both paths for the built-in type named `type`, or nil for an unknown name.
private func bothPaths(_ type: String, member: String, required: Bool, lenient: Bool) -> (Outcome, Outcome)? {
    func both<T: APIDecodable>(_ t: T.Type) -> (Outcome, Outcome) {
        (outcome(t, member: member, viaOperator: true, required: required, lenient: lenient),
         outcome(t, member: member, viaOperator: false, required: required, lenient: lenient))
    }
    switch type {
    case "Int": return both(Int.self)
    case "Int8": return both(Int8.self)
    case "Int16": return both(Int16.self)
    case "Int32": return both(Int32.self)
    case "Int64": return both(Int64.self)
    case "UInt": return both(UInt.self)
    case "UInt8": return both(UInt8.self)
    case "UInt16": return both(UInt16.self)
    case "UInt32": return both(UInt32.self)
    case "UInt64": return both(UInt64.self)
    case "String": return both(String.self)
    case "Bool": return both(Bool.self)
    case "Double": return both(Double.self)
    case "Float": return both(Float.self)
    case "Decimal": return both(Decimal.self)
    default: return nil
    }
}

/// Values of every JSON type, in and out of range; "" leaves `v` out.
private let members = ["", "null", "1", "-1", "300", "70000", "1.5", "3.0", "1e400", "\"7\"", "\"x\"", "\"true\"", "true", "[1]", "{}"]

@Suite struct ScalarFieldTests {
    @Test(arguments: ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
                      "String", "Bool", "Double", "Float", "Decimal"])
    func theOperatorDecodesScalarFieldsAsTheNamedMethodsDo(type: String) throws {
        var failures = 0
        for member in members {
            for required in [true, false] {
                for lenient in [false, true] {
                    let (viaOperator, viaMethods) = try #require(bothPaths(type, member: member, required: required, lenient: lenient))
                    #expect(viaOperator == viaMethods, "\(type) v=\(member) required=\(required) lenient=\(lenient)")
                    failures += viaOperator.modelKept ? 0 : 1
                }
            }
        }
        // Not vacuous: absent and null fail the required field for every type, with and without lenience.
        #expect(failures >= 4)
    }

    @Test func aRequiredScalarFieldReportsAsBefore() {
        let missing = outcome(UInt16.self, member: "", viaOperator: true, required: true, lenient: false)
        #expect(missing.description == #"nil kept=false ["root(ScalarField<UInt16>) > \"v\"(UInt16) : No value is present [failure]"]"#)
        let overflow = outcome(UInt16.self, member: "70000", viaOperator: true, required: false, lenient: false)
        #expect(overflow.description == #"nil kept=true ["root(ScalarField<UInt16>) > \"v\"(UInt16) : Value 70000 does not fit in UInt16 [recovered]"]"#)
    }
}
