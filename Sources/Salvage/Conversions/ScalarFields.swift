// `decoder["id"] --> Int.self` for the built-in scalars, without generic layers.
//
// Why: tests, and the models they decode, run in debug builds, where Salvage is compiled without
// optimisation like the code that uses it. There nothing is specialised or inlined: a generic function
// runs with its type passed at run time, and each `Optional<T>` it touches is looked up in the runtime's
// metadata cache (about 450 instructions per lookup; the generic path for one scalar field made four).
// Built-in scalars (`String`, `Bool`, the integers, `Double`, `Float`, `Decimal`) implement
// `_salvageDecodeField` with the function below, which `@_transparent` copies into each of them with
// its type known, even at `-Onone`: one borrow of the context for presence, one for the conversion,
// no closure over a generic type. Behaviour is that of the generic path (`decodePresent` with the
// type's `_salvageDecode`, then `failRequired`): the same errors, at the same paths, in the same order.
// Optimised builds inlined and specialised the generic path already; this changes nothing for them
// beyond one call instead of two.

extension APIDecoder {
    /// Decodes the built-in scalar `S` at this position as `-->` does (required or optional): absent or
    /// null is reported as missing, a value that does not convert as `convertScalar` reports it.
    /// `@_transparent` (see the top of this file): small, not recursive, internal.
    @_transparent
    func decodeScalarField<S: ScalarDecodable>(_ type: S.Type, required: Bool) -> S? {
        let node = presentScalarNode(required: required, decoding: S.self)
        if node >= 0 {
            if let value = withContext({ S.convert($0.document, node: node) }) ?? nil { return value }
            if let value = convertFailedScalar(S.self, tagged: true) { return value }
        }
        if required { failRequired() }
        return nil
    }

    /// The node of a present, non-null value here, or a negative number after reporting it missing
    /// (nothing is reported for a decoder kept past its decode).
    func presentScalarNode(required: Bool, decoding type: Any.Type) -> Int {
        let node = position.node
        guard let present = withContext({ node >= 0 && !$0.document.isNull(node) }) else { return -1 }
        if present { return node }
        reportMissing(decoding: type, required: required)
        return -1
    }
}
