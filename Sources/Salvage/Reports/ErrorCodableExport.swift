import Foundation

// `Codable` for errors and summaries, so they can be stored, sent to a service and read back. The format
// is stable: keys are never renamed. Swift types are kept by name; a `DecodingError` is kept as its
// summary (case and message) and read back as `dataCorrupted` with that summary, shown unchanged.

extension APICodingKey: Codable {
    private enum CodingKeys: String, CodingKey { case key, index, type, idKey = "id_key", id }

    /// Reads a step written by `encode(to:)`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let index = try container.decodeIfPresent(Int.self, forKey: .index) {
            self.init(arrayIndex: index)
        } else {
            self.init(hashKey: try container.decode(String.self, forKey: .key))
        }
        decodedTypeName = try container.decodeIfPresent(String.self, forKey: .type)
        idKey = try container.decodeIfPresent(String.self, forKey: .idKey)
        id = try container.decodeIfPresent(String.self, forKey: .id)
    }

    /// Writes `{"key": …}` or `{"index": …}`, with `type`, `id_key` and `id` when known.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let arrayIndex { try container.encode(arrayIndex, forKey: .index) } else { try container.encode(stringValue, forKey: .key) }
        try container.encodeIfPresent(typeName, forKey: .type)
        try container.encodeIfPresent(idKey, forKey: .idKey)
        try container.encodeIfPresent(id, forKey: .id)
    }
}

extension APIDecodeErrorReason: Codable {
    private enum CodingKeys: String, CodingKey {
        case code, kind, actual, expected, minimum, maximum, count, value, type, message, syntax, tried, found, dropped, total, allowed, key, occurrences, used, preferred, reasons, id, kept
    }

    /// Reads a reason written by `encode(to:)`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func int(_ key: CodingKeys) throws -> Int { try c.decode(Int.self, forKey: key) }
        func string(_ key: CodingKeys) throws -> String { try c.decode(String.self, forKey: key) }
        // A redacted number is written as the string `<redacted>` (JSON has no NaN).
        func number(_ key: CodingKeys) throws -> Decimal {
            (try? c.decode(String.self, forKey: key)) == redactedText ? .nan : try c.decode(Decimal.self, forKey: key)
        }
        switch try string(.kind) {
        case "unexpectedJSONType": self = .unexpectedJSONType(actual: try c.decode(JSONElement.self, forKey: .actual))
        case "countNotExact": self = .countNotExact(expected: try int(.expected), actual: try int(.count))
        case "countBelowMinimum": self = .countBelowMinimum(minimum: try int(.minimum), actual: try int(.count))
        case "countAboveMaximum": self = .countAboveMaximum(maximum: try int(.maximum), actual: try int(.count))
        case "unexpectedRawValue": self = .unexpectedRawValue(value: try string(.value), type: try string(.type))
        case "numericOverflow": self = .numericOverflow(value: try number(.value), type: try string(.type))
        case "lossOfPrecision": self = .lossOfPrecision(value: try number(.value), type: try string(.type))
        case "numericOverflowAsWritten": self = .numericOverflowAsWritten(text: try string(.value), type: try string(.type))
        case "lossOfPrecisionAsWritten": self = .lossOfPrecisionAsWritten(text: try string(.value), type: try string(.type))
        case "swiftDecodingError":
            // `message` is the reason's description: the error's summary after this prefix.
            let message = try string(.message), prefix = "Swift DecodingError: "
            let summary = message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message
            self = .swiftDecodingError(.dataCorrupted(.init(codingPath: [], debugDescription: summary,
                                                            underlyingError: ExportedDecodingErrorSummary())))
        case "invalidFormat": self = .invalidFormat(value: try string(.value), type: try string(.type), expected: try string(.expected))
        case "invalidJSON": self = .invalidJSON(try c.decode(JSONSyntaxError.self, forKey: .syntax))
        case "missingAlternatives": self = .missingAlternatives(tried: try c.decode([String].self, forKey: .tried))
        case "lossBudgetExceeded": self = .lossBudgetExceeded(dropped: try int(.dropped), total: try int(.total), allowed: try string(.allowed))
        case "duplicateRecord": self = .duplicateRecord(id: try string(.id), kept: try int(.kept), dropped: try int(.dropped))
        case "coerced": self = .coerced(value: try string(.value), found: try c.decode(JSONElement.self, forKey: .found), type: try string(.type))
        case "unknownKey": self = .unknownKey(key: try string(.key), type: try string(.type), occurrences: try int(.occurrences))
        case "defaultUsed": self = .defaultUsed(because: try c.decode(JSONElement.self, forKey: .found))
        case "fallbackUsed": self = .fallbackUsed(used: try string(.used), preferred: try string(.preferred))
        case "noAlternativeMatched":
            self = .noAlternativeMatched(tried: try c.decode([String].self, forKey: .tried), reasons: try c.decode([String].self, forKey: .reasons))
        default: self = .other(message: try string(.message))
        }
    }

    /// Writes `kind` (the case), `code`, `message` and the case's values under stable keys.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(code, forKey: .code)
        try c.encode(description, forKey: .message)
        switch self {
        case .unexpectedJSONType(let actual):
            try c.encode("unexpectedJSONType", forKey: .kind); try c.encode(actual, forKey: .actual)
        case .countNotExact(let expected, let actual):
            try c.encode("countNotExact", forKey: .kind); try c.encode(expected, forKey: .expected); try c.encode(actual, forKey: .count)
        case .countBelowMinimum(let minimum, let actual):
            try c.encode("countBelowMinimum", forKey: .kind); try c.encode(minimum, forKey: .minimum); try c.encode(actual, forKey: .count)
        case .countAboveMaximum(let maximum, let actual):
            try c.encode("countAboveMaximum", forKey: .kind); try c.encode(maximum, forKey: .maximum); try c.encode(actual, forKey: .count)
        case .unexpectedRawValue(let value, let type):
            try c.encode("unexpectedRawValue", forKey: .kind); try c.encode(value, forKey: .value); try c.encode(type, forKey: .type)
        case .numericOverflow(let value, let type):
            try c.encode("numericOverflow", forKey: .kind); try encodeNumber(value, in: &c); try c.encode(type, forKey: .type)
        case .lossOfPrecision(let value, let type):
            try c.encode("lossOfPrecision", forKey: .kind); try encodeNumber(value, in: &c); try c.encode(type, forKey: .type)
        case .numericOverflowAsWritten(let text, let type):
            try c.encode("numericOverflowAsWritten", forKey: .kind); try c.encode(text, forKey: .value); try c.encode(type, forKey: .type)
        case .lossOfPrecisionAsWritten(let text, let type):
            try c.encode("lossOfPrecisionAsWritten", forKey: .kind); try c.encode(text, forKey: .value); try c.encode(type, forKey: .type)
        case .swiftDecodingError:
            try c.encode("swiftDecodingError", forKey: .kind)
        case .invalidFormat(let value, let type, let expected):
            try c.encode("invalidFormat", forKey: .kind); try c.encode(value, forKey: .value); try c.encode(type, forKey: .type)
            try c.encode(expected, forKey: .expected)
        case .invalidJSON(let error):
            try c.encode("invalidJSON", forKey: .kind); try c.encode(error, forKey: .syntax)
        case .missingAlternatives(let tried):
            try c.encode("missingAlternatives", forKey: .kind); try c.encode(tried, forKey: .tried)
        case .lossBudgetExceeded(let dropped, let total, let allowed):
            try c.encode("lossBudgetExceeded", forKey: .kind); try c.encode(dropped, forKey: .dropped); try c.encode(total, forKey: .total)
            try c.encode(allowed, forKey: .allowed)
        case .duplicateRecord(let id, let kept, let dropped):
            try c.encode("duplicateRecord", forKey: .kind); try c.encode(id, forKey: .id); try c.encode(kept, forKey: .kept)
            try c.encode(dropped, forKey: .dropped)
        case .coerced(let value, let found, let type):
            try c.encode("coerced", forKey: .kind); try c.encode(value, forKey: .value); try c.encode(found, forKey: .found)
            try c.encode(type, forKey: .type)
        case .unknownKey(let key, let type, let occurrences):
            try c.encode("unknownKey", forKey: .kind); try c.encode(key, forKey: .key); try c.encode(type, forKey: .type)
            try c.encode(occurrences, forKey: .occurrences)
        case .defaultUsed(let found):
            try c.encode("defaultUsed", forKey: .kind); try c.encode(found, forKey: .found)
        case .fallbackUsed(let used, let preferred):
            try c.encode("fallbackUsed", forKey: .kind); try c.encode(used, forKey: .used); try c.encode(preferred, forKey: .preferred)
        case .noAlternativeMatched(let tried, let reasons):
            try c.encode("noAlternativeMatched", forKey: .kind); try c.encode(tried, forKey: .tried); try c.encode(reasons, forKey: .reasons)
        case .other:
            try c.encode("other", forKey: .kind)
        }
    }
}

extension APIDecodeErrorReason {
    /// Writes `value` under `value`: a number, or the string `<redacted>` for a redacted one (`nan`).
    private func encodeNumber(_ value: Decimal, in container: inout KeyedEncodingContainer<CodingKeys>) throws {
        if value.isNaN { try container.encode(redactedText, forKey: .value) } else { try container.encode(value, forKey: .value) }
    }
}

extension APIDecodeError: Codable {
    private enum CodingKeys: String, CodingKey { case path, reason, location, severity, value, sourceHidden = "source_hidden", note, found }

    /// Reads an error written by `encode(to:)`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(path: try container.decode([APICodingKey].self, forKey: .path),
                  reason: try container.decode(APIDecodeErrorReason.self, forKey: .reason),
                  location: try container.decodeIfPresent(SourceLocation.self, forKey: .location),
                  severity: try container.decode(Severity.self, forKey: .severity))
        value = try container.decodeIfPresent(String.self, forKey: .value)
        hidesSource = try container.decodeIfPresent(Bool.self, forKey: .sourceHidden) ?? false
        note = try container.decodeIfPresent(String.self, forKey: .note)
        foundElement = try container.decodeIfPresent(JSONElement.self, forKey: .found)
    }

    /// Writes `path`, `reason`, `location`, `severity`, `value`, `source_hidden` (true) when
    /// ``diagnostic(source:)`` shows no source excerpt because the decode redacts values, `note` when there is one,
    /// and `found` (the kind of JSON value found, e.g. `"Integer"`) when the decode knew it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(reason, forKey: .reason)
        try container.encodeIfPresent(location, forKey: .location)
        try container.encode(severity, forKey: .severity)
        try container.encodeIfPresent(value, forKey: .value)
        if hidesSource { try container.encode(true, forKey: .sourceHidden) }
        try container.encodeIfPresent(note, forKey: .note)
        try container.encodeIfPresent(foundElement, forKey: .found)
    }
}
