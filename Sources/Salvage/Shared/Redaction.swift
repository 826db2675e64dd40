import Foundation

// What an error recorded at a redacted position (`APIDecodeOptions.redactedKeys`/`redactedPaths`) keeps:
// the decode replaces the reason before it stores the error, so every rendering derived from the stored
// error (description, JSON line, metadata, diagnostic, Codable export, summaries) is clean.

/// The text shown instead of a redacted value.
let redactedText = "<redacted>"

extension APIDecodeErrorReason {
    /// The same reason without the value: every payload that holds the value, or a text derived from it,
    /// is replaced by `<redacted>` (numbers by `Decimal.nan`, shown as `<redacted>`); a `DecodingError`
    /// keeps its case, type, key and coding path but loses its message and underlying error (their text is
    /// written by code that may quote the value in any form). In your own messages (`other`), each
    /// occurrence of `valueText` (the value as written, when it is a string or a number) is replaced.
    /// Reasons that carry no value (types, counts, keys) are returned unchanged.
    func redacted(valueText: String?) -> APIDecodeErrorReason {
        switch self {
        case .unexpectedRawValue(_, let type):
            return .unexpectedRawValue(value: redactedText, type: type)
        case .numericOverflow(_, let type):
            return .numericOverflow(value: .nan, type: type)
        case .lossOfPrecision(_, let type):
            return .lossOfPrecision(value: .nan, type: type)
        case .numericOverflowAsWritten(_, let type):
            return .numericOverflowAsWritten(text: redactedText, type: type)
        case .lossOfPrecisionAsWritten(_, let type):
            return .lossOfPrecisionAsWritten(text: redactedText, type: type)
        case .invalidFormat(_, let type, let expected):
            return .invalidFormat(value: redactedText, type: type, expected: expected)
        case .coerced(_, let found, let type):
            return .coerced(value: redactedText, found: found, type: type)
        case .swiftDecodingError(let error):
            return .swiftDecodingError(error.redacted())
        case .duplicateRecord(_, let kept, let dropped):
            return .duplicateRecord(id: redactedText, kept: kept, dropped: dropped)
        case .other(let message):
            guard let valueText, !valueText.isEmpty else { return self }
            return .other(message: message.replacingOccurrences(of: valueText, with: redactedText))
        case .unexpectedJSONType, .countNotExact, .countBelowMinimum, .countAboveMaximum, .unknownKey, .defaultUsed,
             .lossBudgetExceeded, .missingAlternatives, .invalidJSON, .fallbackUsed, .noAlternativeMatched:
            return self
        }
    }
}

extension APIDecodeError {
    /// The error as stored at a redacted position: its reason without the value (see
    /// `APIDecodeErrorReason.redacted(valueText:)`), `value` `<redacted>` when it had one, and no source
    /// excerpt in ``diagnostic(source:)``.
    func redacted(valueText: String?) -> APIDecodeError {
        var error = APIDecodeError(path: path, reason: reason.redacted(valueText: valueText), location: location, severity: severity)
        error.value = value == nil ? nil : redactedText
        error.hidesSource = true
        error.foundElement = foundElement
        return error
    }
}

extension APIDecodeError {
    /// The same error with `<redacted>` as every record id in its path (``APICodingKey/id``) whose member —
    /// the path up to that step, then its ``APICodingKey/idKey`` — is a redacted position.
    func hidingIDs(where isRedacted: ([APICodingKey]) -> Bool) -> APIDecodeError {
        var path = self.path
        var changed = false
        for index in path.indices {
            guard let idKey = path[index].idKey, path[index].id != nil,
                  isRedacted(Array(path[...index]) + [APICodingKey(hashKey: idKey)]) else { continue }
            path[index].id = redactedText
            changed = true
        }
        guard changed else { return self }
        var error = APIDecodeError(path: path, reason: reason, location: location, severity: severity)
        error.value = value
        error.hidesSource = hidesSource
        error.foundElement = foundElement
        return error
    }
}

extension DecodingError {
    /// The same case, type or key and coding path, with `<redacted>` as the message and no underlying error.
    func redacted() -> DecodingError {
        guard let context = salvageContext else { return .dataCorrupted(.init(codingPath: [], debugDescription: redactedText)) }
        let clean = DecodingError.Context(codingPath: context.codingPath, debugDescription: redactedText)
        switch self {
        case .dataCorrupted: return .dataCorrupted(clean)
        case .keyNotFound(let key, _): return .keyNotFound(key, clean)
        case .typeMismatch(let type, _): return .typeMismatch(type, clean)
        case .valueNotFound(let type, _): return .valueNotFound(type, clean)
        @unknown default: return .dataCorrupted(clean)
        }
    }
}

extension Decimal {
    /// The number as shown in a reason: `<redacted>` for `nan`, which stands for a redacted value (JSON has
    /// no NaN, so no number read from JSON is `nan`).
    var shownInReason: String { isNaN ? redactedText : "\(self)" }
}

extension JSONSyntaxError {
    /// The error with the input's bytes its message quotes replaced by `<redacted>`, for a decode that redacts
    /// values (any byte of the input may belong to one): `Unexpected character 'h'` becomes
    /// `Unexpected character <redacted>`, `byte 0xC3` `byte <redacted>`, `\uD800` `\u<redacted>`, `U+000A`
    /// `<redacted>`. The grammar's own characters (`expected ':' after a key`) and the location stay.
    func withoutInputText() -> JSONSyntaxError {
        var text = message
        for (pattern, replacement) in JSONSyntaxError.quotedInput {
            text = text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        return JSONSyntaxError(message: text, location: location, limit: limit)
    }

    /// What the parser's messages quote of the input (see `JSONParser.describeByte` and the string scanner).
    private static let quotedInput: [(String, String)] = [
        ("character '.'", "character \(redactedText)"),
        ("0x[0-9A-F]{2}", redactedText),
        ("\\\\u[0-9A-Fa-f]{4}", "\\\\u\(redactedText)"),
        ("U\\+[0-9A-F]{4}", redactedText),
    ]
}
