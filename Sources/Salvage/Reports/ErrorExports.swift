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

    /// Every enclosing record that has an id, outermost first, each named by its type as in the tagged path:
    /// `["Event id=1652857701", "Actor id=not-a-number"]` (where ``recordIDs`` gives only
    /// `["id=1652857701", "id=not-a-number"]`). A record whose type is unknown shows its id alone.
    ///
    /// ```swift
    /// print(error.records)          // ["Event id=1652857701", "Actor id=not-a-number"]
    /// print(error.outermostRecord)  // Optional("Event id=1652857701")
    /// ```
    public var records: [String] {
        path.compactMap { key in
            guard let idKey = key.idKey, let id = key.id else { return nil }
            return key.typeName.map { "\($0) \(idKey)=\(id)" } ?? "\(idKey)=\(id)"
        }
    }

    /// The outermost enclosing record that has an id, named by its type (`Event id=1652857701`): in a list
    /// endpoint, the item of the response the error belongs to. Nil when no enclosing record has an id.
    public var outermostRecord: String? {
        records.first
    }

    /// The JSON type found (`string`, `integer`, `decimal`, `null`, `absent`, …): the one the reason names, else
    /// the kind of value the decode found at the error's position (a number out of range is `integer` or
    /// `decimal`, a date string that does not parse `string`). Nil when neither is known (an error made by hand,
    /// a problem with no value, such as a count or a loss budget exceeded, keeps the container's kind).
    public var foundJSONType: String? {
        switch reason {
        case .unexpectedJSONType(let actual): return Self.name(of: actual)
        case .coerced(_, let found, _): return Self.name(of: found)
        case .defaultUsed(let found): return Self.name(of: found)
        default: return foundElement.map(Self.name(of:))
        }
    }

    /// `object`, `string`, …, and `absent` for no value (whose raw value, `no value present`, is LastMile's message).
    private static func name(of element: JSONElement) -> String {
        element == .absent ? "absent" : element.rawValue.lowercased()
    }

    /// The Swift type expected at the error's position, when one was being decoded there: also for an error
    /// read back by `Codable`, where only the type's name is known.
    public var expectedType: String? {
        path.last?.typeName
    }

    /// The error as one line of JSON with stable keys — `code`, `severity`, `path`, `json_pointer`,
    /// `record`, `outermost_record`, `limit`, `line`, `column`, `expected`, `found`, `value`, `message`, `note` —
    /// for JSON Lines logs. Keys without a value are left out; keys are sorted. `record` is every enclosing
    /// record with an id, named by type (``records``, joined by ` > `); `outermost_record` is the first of them
    /// (``outermostRecord``), to group errors by the response item they belong to.
    ///
    /// ```json
    /// {"code":"type_mismatch","column":64,"expected":"Double","found":"string","json_pointer":"/height","line":2,"message":"Unexpectedly found a string","outermost_record":"Person person_id=8675309","path":"root[\"height\"]","record":"Person person_id=8675309","severity":"recovered","value":"really tall"}
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
        let records = self.records
        if let outermost = records.first {
            fields["record"] = records.joined(separator: " > ")
            fields["outermost_record"] = outermost
        }
        if case .invalidJSON(let syntax) = reason, let limit = syntax.limit { fields["limit"] = limit }
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
