/// Two `DecodingError`s are equal when they are the same case with the same coding path (compared by
/// `stringValue` and `intValue`). The debug descriptions and underlying errors are not compared.
///
/// LastMile 1.0 declared this conformance, and code written for it relies on it.
extension DecodingError: @retroactive Equatable {
    /// The same case with the same coding path.
    public static func == (lhs: DecodingError, rhs: DecodingError) -> Bool {
        areCasesEqual(lhs: lhs, rhs: rhs) && sameKeys(lhs.salvageContext?.codingPath ?? [], rhs.salvageContext?.codingPath ?? [])
    }

    /// Whether both errors are the same case (`dataCorrupted`, `keyNotFound`, `typeMismatch` or `valueNotFound`).
    public static func areCasesEqual(lhs: DecodingError, rhs: DecodingError) -> Bool {
        switch (lhs, rhs) {
        case (.dataCorrupted, .dataCorrupted), (.keyNotFound, .keyNotFound),
             (.typeMismatch, .typeMismatch), (.valueNotFound, .valueNotFound):
            return true
        default:
            return false
        }
    }

    private static func sameKeys(_ lhs: [any CodingKey], _ rhs: [any CodingKey]) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.stringValue == $1.stringValue && $0.intValue == $1.intValue }
    }

    /// The error's context, whatever its case.
    var salvageContext: DecodingError.Context? {
        switch self {
        case .dataCorrupted(let context): return context
        case .keyNotFound(_, let context): return context
        case .typeMismatch(_, let context): return context
        case .valueNotFound(_, let context): return context
        @unknown default: return nil
        }
    }

    /// A one-line summary: the case, the key or type involved, and the debug description (the key quoted and
    /// both with control characters escaped, as in paths: a key or a message may come from the input).
    var salvageSummary: String {
        switch self {
        case .dataCorrupted(let context) where context.underlyingError is ExportedDecodingErrorSummary:
            return context.debugDescription
        case .dataCorrupted(let context):
            return "data corrupted: \(escapingControlCharacters(context.debugDescription))"
        case .keyNotFound(let key, let context):
            return "key \(quoted(key.stringValue)) not found: \(escapingControlCharacters(context.debugDescription))"
        case .typeMismatch(let type, let context):
            return "type mismatch for \(type): \(escapingControlCharacters(context.debugDescription))"
        case .valueNotFound(let type, let context):
            return "value of type \(type) not found: \(escapingControlCharacters(context.debugDescription))"
        @unknown default:
            return "\(self)"
        }
    }
}

/// Marks a `DecodingError` read back from an exported error (see `ErrorCodableExport.swift`): its debug
/// description is the original's whole summary (`key "id" not found: …`), shown as it is, so that the error
/// reads back with the same description however many times it is exported and read.
struct ExportedDecodingErrorSummary: Error, Sendable {}
