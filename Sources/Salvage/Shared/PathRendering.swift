/// Renderings of a breadcrumb path (`[APICodingKey]`, root first).
extension Array where Element == APICodingKey {
    /// The path in subscript notation: `root["contact_info"]["phone_number"]`, `root["items"][2]`.
    public var jsonPath: String {
        guard let first else { return "" }
        var result = first.hashKey ?? "root"
        for key in dropFirst() {
            result += key.description
        }
        return result
    }

    /// The path with the Swift type decoded at each step and the id of each record that has one:
    /// `root(Person person_id=8675309) > "height"(Double)`. Steps that were only passed through have no tag.
    public var taggedJSONPath: String {
        var result = ""
        for (position, key) in enumerated() {
            if position > 0 { result += " > " }
            result += key.taggedStep(isRoot: position == 0)
        }
        return result
    }

    /// The path as an RFC 6901 JSON Pointer, without the root: `/contact_info/phone_number`, `/items/2`.
    /// `~` is written `~0` and `/` is written `~1`; the root itself is the empty string.
    public var jsonPointer: String {
        var result = ""
        for key in dropFirst() {
            result += "/"
            result += key.stringValue.escapingPointerScalar("~", as: "~0").escapingPointerScalar("/", as: "~1")
        }
        return result
    }
}

extension String {
    /// Replaces a scalar (not a grapheme: a `/` followed by a combining mark must still be escaped).
    fileprivate func escapingPointerScalar(_ target: Unicode.Scalar, as replacement: String) -> String {
        var result = ""
        for scalar in unicodeScalars {
            if scalar == target { result += replacement } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}
