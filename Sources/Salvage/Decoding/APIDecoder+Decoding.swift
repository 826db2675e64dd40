// The named methods behind `-->`: required and optional decoding, with or without count limits.
//
// Why `@inlinable`: these generic functions run for every `-->`. Inlinable, they are specialized in the
// module that declares the model (for `Int`, `[Person]`, …), so no generic metadata is looked up and no
// witness table is consulted at run time; the non-generic work (recording errors, frames) stays behind
// `@usableFromInline` internal functions.

extension APIDecoder {
    /// Decodes a required value: absent, null or invalid gives nil, records an error and fails the
    /// enclosing model (``succeeded`` becomes false).
    ///
    /// When `min` or `max` is given, the decoded collection's count is checked (after lossy dropping); a
    /// violation is recorded, and makes the result nil only when `countsAreMandatory`.
    @inlinable
    public func decodeRequired<T: APIDecodable>(_ type: T.Type, min: Int? = nil, max: Int? = nil, countsAreMandatory: Bool = false) -> T! {
        guard let value = decodePresent(T.self, required: true),
              min == nil && max == nil || countIsAcceptable(value, min: min, max: max, mandatory: countsAreMandatory) else {
            failRequired()
            return nil
        }
        return value
    }

    /// Decodes an optional value: absent or null gives nil with no error; present but invalid gives nil and
    /// records an error, and the enclosing model still succeeds.
    @inlinable
    public func decodeOptional<T: APIDecodable>(_ type: T.Type, min: Int? = nil, max: Int? = nil, countsAreMandatory: Bool = false) -> T? {
        guard let value = decodePresent(T.self, required: false),
              min == nil && max == nil || countIsAcceptable(value, min: min, max: max, mandatory: countsAreMandatory) else {
            return nil
        }
        return value
    }

    /// Shared by required and optional decoding: handles absence, null, the wrong container, then decodes.
    @inlinable
    func decodePresent<T: APIDecodable>(_ type: T.Type, required: Bool) -> T? {
        let node = node
        guard let usable = handle.withLiveContext(generation: position.generation, { context in
            node >= 0 && (T._salvageDecodesNull || !context.document.isNull(node))
        }) else { return nil }
        if T._salvageDecodesAbsence {
            return T._salvageDecode(at: self)
        }
        guard usable else {
            reportMissing(decoding: T.self, required: required)
            return nil
        }
        return T._salvageDecode(at: self)
    }

    /// Decodes a present, non-null model of type `T`: runs its `init?(from:)` in a new frame.
    @inlinable
    func decodeModel<T: APIDecodable>(_ type: T.Type) -> T? {
        let (frameIndex, errorsBefore) = withContext { context in
            (context.pushFrame(node: node, parent: parent, step: step, type: T.self), context.errorCount)
        }
        let child = sibling(frame: frameIndex, node: node, parent: parent, step: step)
        let value = T(from: child)
        if value == nil {
            child.reportNilModel(of: T.self, errorsBefore: errorsBefore)
        }
        withContext { $0.popFrame() }
        return value
    }

    /// Checks a decoded collection's count against `min`/`max`. Returns false when the value must be dropped.
    @usableFromInline
    func countIsAcceptable(_ value: Any, min: Int?, max: Int?, mandatory: Bool) -> Bool {
        guard let counted = value as? any CountableValue else { return true }
        return checkCount(counted.decodedCount, of: type(of: value), min: min, max: max, mandatory: mandatory)
    }
}

