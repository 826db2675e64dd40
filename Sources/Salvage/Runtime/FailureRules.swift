// What severity an error gets, and whether a model fails: every such decision, in one file.
//
// The rows of the severity table in Docs/ErrorReporting.md ("Severity and codes"), and what decides each:
//
// `failure` — a required value was missing or wrong, so the model it belongs to failed:
//   - `failRequired()`: a required decode failed. Its model's frame fails, and the errors recorded at the
//     failed value's own position become failures (`DecodeLedger.markFailures(at:)`): they were recorded
//     `recovered` (`DecodingContext.record`'s default) by `reportMissing` or the conversion, because only
//     the required decode that called them knows it fails. Not inside a lossy collection (`markLossy()`),
//     where the failed element is only dropped (`recovered` row), nor for a decoder kept past its model.
//   - `reportWrongContainer`: the value a field should be read from is not an object/array. When it is the
//     model's own value, one `failure` at the value and the model fails, required field or not; otherwise
//     one error at that value, `failure` when a required field reads it (upgraded by
//     `DecodeLedger.upgradeLastError(to:)` when a later required field reads the same wrong value).
//   - `keepsModel(returned:of:)`: a model that returned nil or set `succeeded` to false is discarded, with
//     a `custom` entry unless an error already explains it (`DecodeLedger.explainsFailure(since:at:)`);
//     the entry is recorded `recovered` and becomes a failure through `failRequired()` when the model was
//     a required value.
//   - `explainRejection(since:of:expectation:)`: a `CustomDecoding` that returned nil without an error
//     explaining it records `invalidFormat` with its expectation, likewise (a failure once `failRequired()`
//     runs for a required value).
//   - A value not decoded because its frame could not be entered (`reportUnenteredFrame`, in
//     `APIDecoder+Frames.swift`, with the frame policy) is recorded `recovered`, likewise.
//   - `recordError(_:failsModel: true)` (`APIDecoder+RecordingErrors.swift`) records a failure and fails
//     the model: the user decides.
// `recovered` — something was lost but decoding went on: every error recorded for an optional value, a
//   dropped element (lossy collections: `markLossy()`), a default replacing an invalid value; a count
//   outside `CountLimited`'s bounds when mandatory (`checkCount`); `recordError` without `failsModel`.
// `info` — nothing lost: a count outside the bounds that is not mandatory (`checkCount`);
//   recorded directly at `info` where they happen: `coerced` (`ScalarConversions.swift`), an unknown
//   `OpenEnum` value (`OpenEnum.swift`), `defaultUsed` (`APIDecoder+Defaults.swift`) and `unknownKey`
//   (`DecodingContext.reportUnreadKeys`).

extension APIDecoder {
    // MARK: - Required values: the model fails

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

    /// Marks the frame decoding this value as a lossy collection (see `failRequired()`).
    @usableFromInline
    func markLossy() {
        guard let context = handle.liveContext(generation: position.generation) else { return }
        let frame = position.frame
        ContextHandle.borrow(context) { $0.state.update(frame) { $0.isLossy = true } }
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
                var error = APIDecodeError(path: BreadcrumbBuilder(context: context).path(toNode: parent), reason: reason,
                                           location: context.location(of: parentDecoder), severity: required ? .failure : .recovered)
                // The offending value, as every error at a value keeps it (`<redacted>` at a redacted position, see `record`).
                error.value = context.offendingValue(at: parent)
                error.foundElement = context.foundElement(at: parent)
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
        } ?? false
    }

    // MARK: - Models and custom decodings that fail

    /// Whether the model decoded in this decoder's frame is kept: its `init?(from:)` returned a value
    /// (`returned`) and its frame did not fail. A model that is not kept always has an error explaining why
    /// (nothing is lost silently); a model that returned a value from a failed frame (it did not check
    /// ``succeeded``) is discarded rather than returned half-empty.
    @usableFromInline
    func keepsModel(returned: Bool, of type: Any.Type) -> Bool {
        // A decoder whose frame is gone (kept past its decode) has nothing to keep or explain.
        guard let succeeded = withContext({ $0.state.succeeded(frame) }) ?? nil else { return returned }
        if returned && succeeded { return true }
        withContext { context in
            guard let model = context.state[frame] else { return }
            let what = returned ? "set succeeded to false" : "returned nil"
            if context.errorCount == model.errorsBefore {
                context.record(.other(message: "\(type).init(from:) \(what) without recording an error"), at: self, decoding: nil)
            } else if !context.state.explainsFailure(since: model.errorsBefore, at: ErrorSite(self)) {
                context.record(.other(message: "\(type).init(from:) \(what)"), at: self, decoding: nil)
            }
        }
        return false
    }

    /// After a `CustomDecoding` returned nil for the value here (this decoder is the decoding's own, in its
    /// frame): records `invalidFormat` with the decoding's `expectation` unless an error recorded since
    /// `errorsBefore` already explains the failure. Returns whether it recorded.
    func explainRejection(since errorsBefore: Int, of type: Any.Type, expectation: String) -> Bool {
        withContext { context in
            guard !context.state.explainsFailure(since: errorsBefore, at: ErrorSite(self)) else { return false }
            context.record(.invalidFormat(value: context.document.valueText(node), type: "\(type)", expected: expectation),
                           at: self, decoding: nil)
            return true
        } ?? false
    }

    // MARK: - Counts

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

extension DecodeLedger {
    /// Raises the severity of the last error to at least `severity`.
    func upgradeLastError(to severity: APIDecodeError.Severity) {
        let last = recordedCount - 1
        if last >= 0 && self.severity(ofError: last) < severity {
            setSeverity(severity, ofError: last)
        }
    }

    /// Whether an error recorded from index `start` on explains why the value at `site` failed: a failure,
    /// or any error recorded at `site` itself (the failed decode upgrades those when it was required).
    func explainsFailure(since start: Int, at site: ErrorSite) -> Bool {
        // Past the cap nothing more is recorded, so nothing more needs explaining.
        guard start >= 0, unrecordedCount == 0 else { return true }
        var index = start
        while index < recordedCount {
            if severity(ofError: index) == .failure || self.site(ofError: index) == site { return true }
            index += 1
        }
        return false
    }

    /// Makes the last errors, as long as they were recorded at `site`, failures (a decode's own errors are
    /// the last ones recorded when it fails).
    func markFailures(at site: ErrorSite) {
        var index = recordedCount - 1
        while index >= 0 && self.site(ofError: index) == site {
            if severity(ofError: index) == .recovered {
                setSeverity(.failure, ofError: index)
            }
            index -= 1
        }
    }
}
