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
    /// null is reported as missing, a value that does not convert as `convertScalar` reports it.
    /// `@_transparent` (see the top of this file): small, not recursive, internal, called in this file only.
    @_transparent
    fileprivate func decodeScalarField<S: ScalarDecodable>(_ type: S.Type, required: Bool) -> S? {
        let node = position.node
        if let context = handle.liveContext(generation: position.generation) {
            // nil: absent or null; .some(nil): present but not convertible.
            let converted = ContextHandle.borrow(context) { context -> S?? in
                node >= 0 && !context.document.isNull(node) ? .some(S.convert(context.document, node: node)) : nil
            }
            if let converted {
                if let value = converted { return value }
                if let coerced = convertFailedScalar(S.self, tagged: true) { return coerced }
            } else {
                reportMissing(decoding: S.self, required: required)
            }
        }
        if required { failRequired() }
        return nil
    }
}

extension String {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> String? {
        decoder.decodeScalarField(String.self, required: required)
    }
}
extension Bool {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> Bool? {
        decoder.decodeScalarField(Bool.self, required: required)
    }
}
extension Double {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> Double? {
        // A short decimal (canada.json's coordinates, most prices and measures) is a number that always
        // converts: one tape read instead of the null, kind and conversion checks of the path below, which
        // gives the same value. NaN (never a short decimal's value) says "not one".
        let node = decoder.position.node
        if node >= 0, let context = decoder.handle.liveContext(generation: decoder.position.generation) {
            let value = ContextHandle.borrow(context) { context in context.document.shortDecimalDoubleOrNaN(node) }
            if !value.isNaN { return value }
        }
        return decoder.decodeScalarField(Double.self, required: required)
    }
}
extension Float {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> Float? {
        decoder.decodeScalarField(Float.self, required: required)
    }
}
extension Decimal {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> Decimal? {
        decoder.decodeScalarField(Decimal.self, required: required)
    }
}
extension Int {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> Int? {
        decoder.decodeScalarField(Int.self, required: required)
    }
}
extension Int8 {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> Int8? {
        decoder.decodeScalarField(Int8.self, required: required)
    }
}
extension Int16 {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> Int16? {
        decoder.decodeScalarField(Int16.self, required: required)
    }
}
extension Int32 {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> Int32? {
        decoder.decodeScalarField(Int32.self, required: required)
    }
}
extension Int64 {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> Int64? {
        decoder.decodeScalarField(Int64.self, required: required)
    }
}
extension UInt {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> UInt? {
        decoder.decodeScalarField(UInt.self, required: required)
    }
}
extension UInt8 {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> UInt8? {
        decoder.decodeScalarField(UInt8.self, required: required)
    }
}
extension UInt16 {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> UInt16? {
        decoder.decodeScalarField(UInt16.self, required: required)
    }
}
extension UInt32 {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> UInt32? {
        decoder.decodeScalarField(UInt32.self, required: required)
    }
}
extension UInt64 {
    /// Decodes a field without generic layers (see the top of this file).
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> UInt64? {
        decoder.decodeScalarField(UInt64.self, required: required)
    }
}
