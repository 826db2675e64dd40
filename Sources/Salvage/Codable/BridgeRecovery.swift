// `.salvage` recovery on the Codable bridge (see `CodableRecovery`): where a failure is detected, where it
// is kept, and how it is recorded.
//
// A site that detects a problem (a scalar that does not convert, a missing key, null, a container of the
// wrong JSON type, an unknown enum raw value, a date that does not parse) throws the very `DecodingError`
// the strict bridge throws — user code that inspects `DecodingError`s sees no difference — with the Salvage
// error for it attached as its `underlyingError` (`SalvageSiteError`). The error's path is built at the
// site, while the frames of the values around it are open, so it carries their type tags and record ids.
// It is recorded only where the failure is absorbed: by `decodeIfPresent` (the property becomes nil), by a
// collection (the element is dropped) or at the root. A user's `try?` that swallows a failure therefore
// records nothing, as it should: the user chose a fallback. A `DecodingError` without an attached error
// comes from the user's own `init(from:)` (or the standard library's) and is recorded as one
// `swift_decoding_error` where it is absorbed.

/// The Salvage error a bridge site met under `.salvage`, carried as the `underlyingError` of the
/// `DecodingError` the site throws.
struct SalvageSiteError: Error {
    /// The error, built at the site (severity `failure`); nil when the cap on recorded errors was reached.
    let error: APIDecodeError?
    /// The tape index of the value the error is about, or -1 for a missing one.
    let node: Int
    /// Whether absorbing the failure at `node` itself (an optional property or a collection element that
    /// is this very value) makes the error `recovered`. False for a model's own value of the wrong JSON
    /// type, which fails the model, as on the native path.
    let demotable: Bool
}

extension DecodingError {
    /// The Salvage error a `.salvage` bridge site attached, if this error comes from one.
    var salvageSite: SalvageSiteError? {
        let context: DecodingError.Context
        switch self {
        case .dataCorrupted(let c), .keyNotFound(_, let c), .typeMismatch(_, let c), .valueNotFound(_, let c): context = c
        @unknown default: return nil
        }
        return context.underlyingError as? SalvageSiteError
    }

    /// The same error with `underlying` as its context's underlying error.
    func attaching(_ underlying: any Error) -> DecodingError {
        switch self {
        case .dataCorrupted(let c):
            return .dataCorrupted(.init(codingPath: c.codingPath, debugDescription: c.debugDescription, underlyingError: underlying))
        case .keyNotFound(let key, let c):
            return .keyNotFound(key, .init(codingPath: c.codingPath, debugDescription: c.debugDescription, underlyingError: underlying))
        case .typeMismatch(let type, let c):
            return .typeMismatch(type, .init(codingPath: c.codingPath, debugDescription: c.debugDescription, underlyingError: underlying))
        case .valueNotFound(let type, let c):
            return .valueNotFound(type, .init(codingPath: c.codingPath, debugDescription: c.debugDescription, underlyingError: underlying))
        @unknown default:
            return self
        }
    }
}

extension DocumentDecoder {
    /// `error`, as thrown by a site that met `reason` at the present value `node`: under `.salvage`, with
    /// the Salvage error attached (the last step tagged with `type`, or with the innermost frame's type when
    /// nil); unchanged under `.strict`.
    func site(_ error: DecodingError, _ reason: @autoclosure () -> APIDecodeErrorReason, node: Int,
              decoding type: Any.Type?, demotable: Bool = true) -> DecodingError {
        guard settings.salvages, let context = settings.context else { return error }
        let position = APIDecoder(context: context, frame: context.state.count - 1, node: node, parent: -1, step: .atNode)
        return error.attaching(SalvageSiteError(error: context.siteError(reason(), at: position, decoding: type), node: node, demotable: demotable))
    }

    /// `error`, as thrown by a site that found no member `key` in the object at `container` (or no element
    /// `key.intValue` in the array there): under `.salvage`, with a `missing` error attached.
    func site(_ error: DecodingError, missing key: any CodingKey, in container: Int, decoding type: Any.Type?) -> DecodingError {
        guard settings.salvages, let context = settings.context else { return error }
        let parent = APIDecoder(context: context, frame: context.state.count - 1, node: container, parent: -1, step: .atNode)
        let position = key.intValue.map { parent[$0] } ?? parent[key.stringValue]
        return error.attaching(SalvageSiteError(error: context.siteError(.unexpectedJSONType(actual: .absent), at: position, decoding: type),
                                                node: -1, demotable: true))
    }

    /// Keeps the failure `thrown` out of this decoder's value, which an optional property, a collection or
    /// the root absorbs: records the error a `.salvage` site attached (`recovered` when it is about this very
    /// value and `required` is false), nothing for a failure recorded already, and one
    /// `swift_decoding_error` for a `DecodingError` the user's code threw.
    func absorb(_ thrown: any Error, required: Bool = false) {
        guard let context = settings.context, context.isOpen else { return }
        if thrown is AlreadyRecorded { return }
        guard let decodingError = thrown as? DecodingError else {
            let position = APIDecoder(context: context, frame: context.state.count - 1, node: node, parent: -1, step: .atNode)
            context.record(.other(message: Self.message(of: thrown, at: position, in: context)), at: position, decoding: nil,
                           severity: required ? .failure : .recovered)
            return
        }
        guard let site = decodingError.salvageSite else {
            return settings.recordThrown(decodingError, severity: required ? .failure : .recovered)
        }
        guard var error = site.error else { return context.state.countUnrecorded() }
        if !required && site.demotable && site.node == node { error.severity = .recovered }
        context.record(error)
    }

    /// The message of a non-`DecodingError` thrown at `position`: its description with control characters
    /// escaped, as `DecodingError` messages are (it may quote the input, and a line break in it would split
    /// the error's description). At a redacted position the value's text is replaced first, while it is
    /// still written as in the input (the decode's redaction then finds nothing left to replace).
    private static func message(of thrown: any Error, at position: APIDecoder, in context: DecodingContext) -> String {
        var message = "\(thrown)"
        let node = position.node
        if context.redactsValue(at: position), node >= 0,
           context.document.kind(node) == .string || context.document.kind(node) == .number {
            let text = context.document.valueText(node)
            if !text.isEmpty { message = message.replacingOccurrences(of: text, with: redactedText) }
        }
        return escapingControlCharacters(message)
    }
}

extension DecodingContext {
    /// The error for `reason` at `decoder`, as `record` would store it, without storing it (see
    /// `SalvageSiteError`); nil once the cap on recorded errors is reached.
    func siteError(_ reason: APIDecodeErrorReason, at decoder: APIDecoder, decoding type: Any.Type?) -> APIDecodeError? {
        guard isOpen, !state.isFull else { return nil }
        var error = APIDecodeError(path: BreadcrumbBuilder(context: self).path(to: decoder, decoding: type), reason: reason,
                                   location: location(of: decoder), severity: .failure)
        error.value = offendingValue(at: decoder.node)
        error.foundElement = foundElement(at: decoder.node)
        return error
    }
}
