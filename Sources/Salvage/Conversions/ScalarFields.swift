import Foundation

// `decoder["id"] --> Int.self` for the built-in scalars, without generic layers.
//
// Why: tests, and the models they decode, run in debug builds, where Salvage is compiled without
// optimisation like the code that uses it. There nothing is specialised or inlined across files: a
// generic function runs with its type passed at run time, and each `Optional<T>` it returns is looked up
// in the runtime's metadata cache (about 450 instructions a lookup; the generic path of one scalar field
// made about eight). Each built-in scalar (`String`, `Bool`, `Double`, `Float`, `Decimal`, the ten integers)
// implements `_salvageDecodeField` below with `decodeScalarField`, which is `@_transparent`: the compiler
// copies it into each of them, with the type known, even without optimisation. That happens only for
// callers in this file (a debug build compiles each file on its own), so the implementations are here,
// and the context is reached without a generic `R?` (see `APIDecoder+Context.swift`).
// Behaviour is that of the generic path (`decodePresent` with the type's `_salvageDecode`, then
// `failRequired`): the same errors, at the same paths, in the same order. Optimised builds inlined and
// specialised the generic path already; for them this is one call instead of two.

extension APIDecoder {
    /// Decodes the built-in scalar `S` at this position as `-->` does (required or optional): absent or
    /// null is reported as missing, a value that does not convert as `convertScalar` reports it. `convert`
    /// is `{ decoder.converted(S.self, in: $0) }`, written in each type's own function: a closure written
    /// here would be generic over `S` even when this function is copied into a caller, and look
    /// `Optional<S>`'s metadata up at run time twice per field in a debug build.
    /// `@_transparent` (see the top of this file): small, not recursive, internal, called in this file only.
    @_transparent
    fileprivate func decodeScalarField<S: ScalarDecodable>(_ type: S.Type, required: Bool, _ convert: (DecodingContext) -> S??) -> S? {
        if let context = handle.liveContext(generation: position.generation) {
            // nil: absent or null; .some(nil): present but not convertible.
            if let converted = ContextHandle.borrow(context, convert) {
                if let value = converted { return value }
                if let coerced = convertFailedScalar(S.self, tagged: true) { return coerced }
            } else {
                reportMissing(decoding: S.self, required: required)
            }
        }
        if required { failRequired() }
        return nil
    }

    /// The value here converted to `S`: nil when absent or null, `.some(nil)` when it does not convert.
    @_transparent
    fileprivate func converted<S: ScalarDecodable>(_ type: S.Type, in context: DecodingContext) -> S?? {
        let node = position.node
        return node >= 0 && !context.document.isNull(node) ? .some(S.convert(context.document, node: node)) : nil
    }
}

extension String {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> String? {
        decoder.decodeScalarField(String.self, required: required) { decoder.converted(String.self, in: $0) }
    }
}
extension Bool {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> Bool? {
        decoder.decodeScalarField(Bool.self, required: required) { decoder.converted(Bool.self, in: $0) }
    }
}
extension Double {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> Double? {
        decoder.decodeScalarField(Double.self, required: required) { decoder.converted(Double.self, in: $0) }
    }
}
extension Float {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> Float? {
        decoder.decodeScalarField(Float.self, required: required) { decoder.converted(Float.self, in: $0) }
    }
}
extension Decimal {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> Decimal? {
        decoder.decodeScalarField(Decimal.self, required: required) { decoder.converted(Decimal.self, in: $0) }
    }
}
extension Int {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> Int? {
        decoder.decodeScalarField(Int.self, required: required) { decoder.converted(Int.self, in: $0) }
    }
}
extension Int8 {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> Int8? {
        decoder.decodeScalarField(Int8.self, required: required) { decoder.converted(Int8.self, in: $0) }
    }
}
extension Int16 {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> Int16? {
        decoder.decodeScalarField(Int16.self, required: required) { decoder.converted(Int16.self, in: $0) }
    }
}
extension Int32 {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> Int32? {
        decoder.decodeScalarField(Int32.self, required: required) { decoder.converted(Int32.self, in: $0) }
    }
}
extension Int64 {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> Int64? {
        decoder.decodeScalarField(Int64.self, required: required) { decoder.converted(Int64.self, in: $0) }
    }
}
extension UInt {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> UInt? {
        decoder.decodeScalarField(UInt.self, required: required) { decoder.converted(UInt.self, in: $0) }
    }
}
extension UInt8 {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> UInt8? {
        decoder.decodeScalarField(UInt8.self, required: required) { decoder.converted(UInt8.self, in: $0) }
    }
}
extension UInt16 {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> UInt16? {
        decoder.decodeScalarField(UInt16.self, required: required) { decoder.converted(UInt16.self, in: $0) }
    }
}
extension UInt32 {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> UInt32? {
        decoder.decodeScalarField(UInt32.self, required: required) { decoder.converted(UInt32.self, in: $0) }
    }
}
extension UInt64 {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> UInt64? {
        decoder.decodeScalarField(UInt64.self, required: required) { decoder.converted(UInt64.self, in: $0) }
    }
}
