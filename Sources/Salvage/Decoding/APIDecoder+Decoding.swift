/// The named methods behind `-->`: required and optional decoding, with or without count limits.
extension APIDecoder {
    /// Decodes a required value: absent, null or invalid gives nil, records an error and fails the
    /// enclosing model (``succeeded`` becomes false).
    ///
    /// When `min` or `max` is given, the decoded collection's count is checked (after lossy dropping); a
    /// violation is recorded, and makes the result nil only when `countsAreMandatory`.
    public func decodeRequired<T: APIDecodable>(_ type: T.Type, min: Int? = nil, max: Int? = nil, countsAreMandatory: Bool = false) -> T! {
        guard let value = decodePresent(T.self, required: true) else {
            context.fail(frame: frame)
            return nil
        }
        guard checkCount(of: value, min: min, max: max, mandatory: countsAreMandatory) else {
            context.fail(frame: frame)
            return nil
        }
        return value
    }

    /// Decodes an optional value: absent or null gives nil with no error; present but invalid gives nil and
    /// records an error, and the enclosing model still succeeds.
    public func decodeOptional<T: APIDecodable>(_ type: T.Type, min: Int? = nil, max: Int? = nil, countsAreMandatory: Bool = false) -> T? {
        guard let value = decodePresent(T.self, required: false) else { return nil }
        guard checkCount(of: value, min: min, max: max, mandatory: countsAreMandatory) else { return nil }
        return value
    }

    /// Shared by required and optional decoding: handles absence, null, the wrong container, then decodes.
    private func decodePresent<T: APIDecodable>(_ type: T.Type, required: Bool) -> T? {
        if T.self is any AlwaysDecodable.Type {
            return decodeValue(T.self)
        }
        guard node >= 0 else {
            if reportWrongContainer(decoding: T.self, required: required) {
                return nil
            }
            if required {
                context.record(.unexpectedJSONType(actual: .absent), at: self, decoding: T.self)
            }
            return nil
        }
        if context.document.kind(node) == .null {
            if required {
                context.record(.unexpectedJSONType(actual: .null), at: self, decoding: T.self)
            }
            return nil
        }
        return decodeValue(T.self)
    }

    /// When this position is missing because its parent is not an object (for a key) or not an array (for
    /// an index), the problem is the parent's type, so the error is reported at the parent: "Unexpectedly
    /// found a boolean" where a model was expected, not "No value is present" for each of its fields.
    /// If the parent is the value of the model being decoded, the model fails (whether or not the field is
    /// required) and the error is reported once. A `null` parent counts as absent, not as wrong.
    /// Returns whether it reported.
    private func reportWrongContainer(decoding type: Any.Type, required: Bool) -> Bool {
        guard parent >= 0 else { return false }
        let parentKind = context.document.kind(parent)
        switch (step, parentKind) {
        case (_, .null), (.name, .object), (.index, .array): return false
        case (.name, _), (.index, _): break
        default: return false
        }
        let isModelValue = frame >= 0 && frame < context.frames.count && context.frames[frame].node == parent
        let reason = APIDecodeErrorReason.unexpectedJSONType(actual: context.document.element(parent))
        if isModelValue {
            let owner = context.frames[frame]
            if !owner.reportedShape {
                context.frames[frame].reportedShape = true
                let parentDecoder = APIDecoder(context: context, frame: frame, node: parent, parent: owner.parent, step: owner.step)
                context.record(reason, at: parentDecoder, decoding: nil)
            }
            context.fail(frame: frame)
        } else {
            let parentDecoder = APIDecoder(context: context, frame: frame, node: parent, parent: -1, step: .root)
            let error = APIDecodeError(path: BreadcrumbBuilder(context: context).path(toNode: parent), reason: reason, location: context.location(of: parentDecoder))
            // Several fields read through the same wrong value: report it once.
            if context.errors.last != error {
                context.record(error)
            }
            if required {
                context.fail(frame: frame)
            }
        }
        return true
    }

    /// Decodes a present, non-null value of type `T`.
    func decodeValue<T: APIDecodable>(_ type: T.Type) -> T? {
        if let scalar = T.self as? any ScalarDecodable.Type {
            return convertScalar(scalar, as: T.self)
        }
        let frameIndex = context.pushFrame(node: node, parent: parent, step: step, type: T.self)
        let errorsBefore = context.errors.count
        let child = APIDecoder(context: context, frame: frameIndex, node: node, parent: parent, step: step)
        let value = T(from: child)
        if value == nil && context.errors.count == errorsBefore {
            // The model gave up without saying why; say it for it, so nothing is lost silently.
            context.record(.other(message: "\(T.self).init(from:) returned nil without recording an error"), at: child, decoding: nil)
        }
        context.popFrame()
        return value
    }

    private func convertScalar<S: ScalarDecodable, T>(_ scalar: S.Type, as type: T.Type) -> T? {
        switch S.convert(context.document, node: node) {
        case .success(let value):
            return value as? T
        case .failure(let failure):
            context.record(failure.reason, at: self, decoding: T.self)
            return nil
        }
    }

    /// Converts the value here with a built-in scalar conversion, recording a failure here.
    func convertHere<S: ScalarDecodable>(_ type: S.Type) -> S? {
        guard node >= 0 else {
            context.record(.unexpectedJSONType(actual: .absent), at: self, decoding: S.self)
            return nil
        }
        return convertScalar(S.self, as: S.self)
    }

    /// Checks `min`/`max` against the decoded collection's count. Returns false when the value must be dropped.
    private func checkCount<T>(of value: T, min: Int?, max: Int?, mandatory: Bool) -> Bool {
        guard min != nil || max != nil, let counted = value as? any CountableValue else { return true }
        let count = counted.decodedCount
        let reason: APIDecodeErrorReason
        if let min, let max, min == max, count != min {
            reason = .countNotExact(expected: min, actual: count)
        } else if let min, count < min {
            reason = .countBelowMinimum(minimum: min, actual: count)
        } else if let max, count > max {
            reason = .countAboveMaximum(maximum: max, actual: count)
        } else {
            return true
        }
        context.record(reason, at: self, decoding: T.self)
        return !mandatory
    }
}

/// A decoded value whose element count ``CountLimited`` can check.
protocol CountableValue {
    var decodedCount: Int { get }
}

extension Array: CountableValue {
    var decodedCount: Int { count }
}

extension Dictionary: CountableValue {
    var decodedCount: Int { count }
}

extension Set: CountableValue {
    var decodedCount: Int { count }
}
