// What happens when a value is missing, null or of the wrong kind: the non-generic, rarely taken side of
// `APIDecoder+Decoding.swift`.

extension APIDecoder {
    /// Fails the model this decoder belongs to because a required value here failed, and makes the errors
    /// recorded at this position `failure`s. Inside an array, dictionary or set, the failed element is only
    /// dropped, so its errors stay `recovered`.
    @usableFromInline
    func failRequired() {
        withContext { context in
            guard let owner = context.state[frame], !owner.isLossy else { return }
            // A decoder kept past its model may name a frame index that another model uses now: that model's
            // value does not contain this decoder's position, and it must not fail for it.
            let anchor = node >= 0 ? node : parent
            guard owner.node < 0 || anchor < 0 || context.document.contains(owner.node, anchor) else { return }
            context.fail(frame: frame)
            context.state.markFailures(at: ErrorSite(self))
        }
    }

    /// Marks the frame decoding this value as consuming its whole object (see `Frame.readsEverything`).
    func markReadsEverything() {
        withContext { $0.state.update(frame) { $0.readsEverything = true } }
    }

    /// Marks the frame decoding this value as a lossy collection (see `failRequired()`).
    @usableFromInline
    func markLossy() {
        withContext { $0.state.update(frame) { $0.isLossy = true } }
    }

    /// Reports an absent or null value: as an error when required, or as the parent's wrong type when the
    /// value is missing because its parent is not a container of the right kind.
    @usableFromInline
    func reportMissing(decoding type: Any.Type, required: Bool) {
        if node < 0 && reportWrongContainer(decoding: type, required: required) {
            return
        }
        guard required else { return }
        withContext { context in
            if node < 0, case .alternatives(let start, let count) = step {
                let tried = context.state.absentKeys(start, count).map(\.stringValue)
                context.record(.missingAlternatives(tried: tried), at: self, decoding: type)
                return
            }
            context.record(.unexpectedJSONType(actual: node < 0 ? .absent : .null), at: self, decoding: type)
        }
    }

    /// Decodes with `convert` after the usual handling of absence, null and a parent of the wrong type:
    /// the non-inlined counterpart of `decodePresent`, for decodes with extra parameters (a date strategy).
    func decode<T>(_ type: T.Type, required: Bool, using convert: (APIDecoder) -> T?) -> T? {
        switch presence(acceptingNull: false) {
        case .keptPastItsDecode:
            return nil
        case .missing:
            reportMissing(decoding: T.self, required: required)
            if required { failRequired() }
            return nil
        case .present:
            break
        }
        let value = convert(self)
        if value == nil && required { failRequired() }
        return value
    }

    /// When this position is missing because its parent is not an object (for a key) or not an array (for
    /// an index), the problem is the parent's type, so the error is reported at the parent: "Unexpectedly
    /// found a boolean" where a model was expected, not "No value is present" for each of its fields.
    /// If the parent is the value of the model being decoded, the model fails (whether or not the field is
    /// required) and the error is reported once. A `null` parent counts as absent, not as wrong.
    /// Returns whether it reported.
    private func reportWrongContainer(decoding type: Any.Type, required: Bool) -> Bool {
        guard parent >= 0 else { return false }
        // The first missing step is the one directly below `parent`: blame the parent's type for it.
        let start: Int
        switch step {
        case .absent(let first, _), .alternatives(let first, _): start = first
        default: return false
        }
        return withContext { context in
            guard let firstMissing = context.state.absentKeys(start, 1).first else { return false }
            let expected: NodeKind = firstMissing.arrayIndex == nil ? .object : .array
            let parentKind = context.document.kind(parent)
            guard parentKind != expected, parentKind != .null else { return false }
            let reason = APIDecodeErrorReason.unexpectedJSONType(actual: context.document.element(parent))
            if let owner = context.state[frame], owner.node == parent {
                if !owner.reportedShape {
                    context.state.update(frame) { $0.reportedShape = true }
                    let parentDecoder = APIDecoder(context: context, frame: frame, node: parent, parent: owner.parent, step: owner.step)
                    // The model's own value is of the wrong type: the model fails.
                    context.record(reason, at: parentDecoder, decoding: nil, severity: .failure)
                }
                context.fail(frame: frame)
            } else {
                let parentDecoder = APIDecoder(context: context, frame: frame, node: parent, parent: -1, step: .root)
                let error = APIDecodeError(path: BreadcrumbBuilder(context: context).path(toNode: parent), reason: reason,
                                           location: context.location(of: parentDecoder), severity: required ? .failure : .recovered)
                // Several fields read through the same wrong value: report it once.
                if context.state.lastError != error {
                    context.record(error)
                } else if required {
                    context.state.upgradeLastError(to: .failure)
                }
                if required {
                    context.fail(frame: frame)
                }
            }
            return true
        }
    }

    /// Checks `count` against `min`/`max`, recording a violation. Returns false when the value must be dropped.
    func checkCount(_ count: Int, of type: Any.Type, min: Int?, max: Int?, mandatory: Bool) -> Bool {
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
        // A count outside the limits loses nothing unless it is mandatory: then it is like a failed value.
        withContext { $0.record(reason, at: self, decoding: type, severity: mandatory ? .recovered : .info) }
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
