import Foundation

// Renderings of one error for machines: a JSON Lines record and a flat metadata dictionary.

extension Array where Element == APICodingKey {
    /// The path with every index replaced by `[*]`: the same field in every element of an array shares
    /// one template, e.g. `root["items"][*]["price"]`.
    public var jsonPathTemplate: String {
        guard let first else { return "" }
        var result = first.hashKey ?? "root"
        for key in dropFirst() {
            result += key.arrayIndex == nil ? key.description : "[*]"
        }
        return result
    }
}

extension APIDecodeError {
    /// The id of every enclosing record that has one, outermost first: `["order_id=17", "sku=A-1"]`.
    public var recordIDs: [String] {
        path.compactMap { key in
            guard let idKey = key.idKey, let id = key.id else { return nil }
            return "\(idKey)=\(id)"
        }
    }

    /// The Swift type expected at the error's position, when one was being decoded there.
    public var expectedType: String? {
        path.last?.swiftType.map { "\($0)" }
    }

    /// The JSON type found, when the reason says (`string`, `null`, `absent`, …).
    public var foundJSONType: String? {
        switch reason {
        case .unexpectedJSONType(let actual): return actual.rawValue.lowercased()
        case .coerced(_, let found, _): return found.rawValue.lowercased()
        case .defaultUsed(let found): return found.rawValue.lowercased()
        default: return nil
        }
    }

    /// The error as one line of JSON with stable keys — `code`, `severity`, `path`, `json_pointer`,
    /// `record`, `line`, `column`, `expected`, `found`, `value`, `message`, `note` — for JSON Lines logs. Keys
    /// without a value are left out; keys are sorted.
    ///
    /// ```json
    /// {"code":"type_mismatch","column":64,"expected":"Double","found":"string","json_pointer":"/height","line":2,"message":"Unexpectedly found a string","path":"root[\"height\"]","record":"person_id=8675309","severity":"recovered","value":"really tall"}
    /// ```
    public var jsonLine: String {
        guard let data = try? JSONSerialization.data(withJSONObject: exportFields, options: [.sortedKeys, .withoutEscapingSlashes]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The error as flat string attributes for structured logging and tracing: keys follow OpenTelemetry
    /// attribute naming (`salvage.error.code`, `salvage.error.path`, …) and fit swift-log's
    /// `Logger.Metadata` (`.string(value)` each). Keys without a value are left out.
    ///
    /// ```swift
    /// logger.warning("decode problem", metadata: error.metadata.mapValues { .string($0) })
    /// span.attributes.merge(SpanAttributes(error.metadata.mapValues { .string($0) }))   // swift-distributed-tracing
    /// ```
    public var metadata: [String: String] {
        var attributes: [String: String] = [:]
        for (key, value) in exportFields {
            attributes["salvage.error." + key] = "\(value)"
        }
        return attributes
    }

    /// The facts both machine renderings carry, under their stable names (absent facts left out).
    private var exportFields: [String: Any] {
        var fields: [String: Any] = [
            "code": code,
            "severity": severity.rawValue,
            "path": path.jsonPath,
            "json_pointer": path.jsonPointer,
            "message": reason.description,
        ]
        if !recordIDs.isEmpty { fields["record"] = recordIDs.joined(separator: " > ") }
        if let location {
            fields["line"] = location.line
            fields["column"] = location.column
        }
        if let expectedType { fields["expected"] = expectedType }
        if let foundJSONType { fields["found"] = foundJSONType }
        if let value { fields["value"] = value }
        if let note { fields["note"] = note }
        return fields
    }
}

extension APIDecodeResult {
    /// Every error as a JSON Lines document (one ``APIDecodeError/jsonLine`` per line).
    public var jsonLines: String {
        errors.map(\.jsonLine).joined(separator: "\n")
    }

    /// The errors grouped by path template and code; see ``APIDecodeSummary``.
    public var summary: APIDecodeSummary {
        APIDecodeSummary(errors: errors, unrecordedErrorCount: unrecordedErrorCount)
    }
}
