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

    /// `decodeRequired` without count limits (`-->` itself goes through the type's `_salvageDecodeField`,
    /// whose default does the same). Kept apart so that each level of a nested decode holds one frame fewer
    /// (unoptimized builds keep every frame).
    @inlinable
    func decodeRequiredValue<T: APIDecodable>(_ type: T.Type) -> T? {
        guard let value = decodePresent(T.self, required: true) else {
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
        switch presence(acceptingNull: T._salvageDecodesNull) {
        case .keptPastItsDecode:
            return nil
        case .missing where !T._salvageDecodesAbsence:
            guard T.alwaysSucceeds else {
                reportMissing(decoding: T.self, required: required)
                return nil
            }
            // LastMile's `alwaysSucceeds`: decode anyway; a parent of the wrong type is still reported.
            reportMissing(decoding: T.self, required: false)
            return T._salvageDecode(at: self)
        case .missing, .present:
            return T._salvageDecode(at: self)
        }
    }

    /// Decodes a present, non-null model of type `T`: runs its `init?(from:)` in a frame of its own.
    ///
    /// A model whose frame failed (a required field failed, or its value has the wrong JSON type) is
    /// discarded whatever its `init?(from:)` returned, so a model that does not check ``succeeded`` never
    /// comes back as an empty instance. The frame work is in non-generic functions, so that in unoptimized
    /// builds (which inline nothing) each level of a deeply nested document keeps little on the stack:
    /// decoding recursion follows the JSON's depth. Optimized builds inline them.
    ///
    /// `withFrame` written out (push, stack check, pop), with no closure on the common path: in a debug
    /// build its closure and its `R?` were generic calls that looked `Optional<T>`'s metadata up six times
    /// per model. The short-stack path is `withFrame`'s own.
    @inlinable
    func decodeModel<T: APIDecodable>(_ type: T.Type) -> T? {
        let frameIndex = pushFrame(for: T.self)
        guard frameIndex >= 0 else {
            reportRefusedFrame(decoding: T.self, pushResult: frameIndex)
            return nil
        }
        guard frameIndex & 3 != 0 || StackGuard.hasRoom() else {
            return onFreshStack(inFrame: frameIndex, for: T.self) { model in
                let value = T(from: model)
                return model.keepsModel(returned: value != nil, of: T.self) ? value : nil
            }
        }
        let model = APIDecoder(handle: handle, position: position.inFrame(frameIndex))
        let value = T(from: model)
        let kept = model.keepsModel(returned: value != nil, of: T.self)
        popFrame(frameIndex)
        return kept ? value : nil
    }

    /// Checks a decoded collection's count against `min`/`max`. Returns false when the value must be dropped.
    @usableFromInline
    func countIsAcceptable(_ value: Any, min: Int?, max: Int?, mandatory: Bool) -> Bool {
        // Built-in collections count what they kept; a type of your own counts with `parseableElementCount`.
        guard let count = (value as? any CountableValue)?.decodedCount ?? (value as? any APIDecodable)?.parseableElementCount else {
            return true
        }
        return checkCount(count, of: type(of: value), min: min, max: max, mandatory: mandatory)
    }
}

/// Whether there is a value to decode at a decoder's position.
@usableFromInline
enum Presence {
    /// A value (`null` counts only when the type accepts it).
    case present
    /// No value, or `null` for a type that does not accept it.
    case missing
    /// The decoder was kept past its decode: nothing is decoded or recorded.
    case keptPastItsDecode
}

extension APIDecoder {
    /// Whether there is a value here (see `Presence`).
    @inlinable @inline(__always)
    func presence(acceptingNull: Bool) -> Presence {
        // `withContext` written out, so that debug builds make no generic call (see `APIDecoder+Context.swift`).
        let node = position.node
        guard let context = handle.liveContext(generation: position.generation) else { return .keptPastItsDecode }
        return ContextHandle.borrow(context) { context in
            node >= 0 && (acceptingNull || !context.document.isNull(node)) ? .present : .missing
        }
    }
}
