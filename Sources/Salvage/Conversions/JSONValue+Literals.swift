import Foundation

/// `JSONValue` from literals, so a value can be written as it reads:
///
/// ```swift
/// let value: JSONValue = ["id": 7, "tags": ["a", "b"], "price": 1.10, "note": .null, "ok": true]
/// ```
///
/// `null` is written `.null`: `JSONValue` is deliberately not `ExpressibleByNilLiteral`. With it, `nil` in
/// `condition ? value : nil` or in a generic comparison such as `#expect(optionalValue == nil)` becomes
/// `.null` instead of "no value", silently (the standard library discourages the conformance for this reason).
///
/// A float literal keeps the text Swift's `Double` prints for it (`1.10` becomes `1.1`); for exact text use
/// `.number(JSONNumber(text: "1.10"))`.
extension JSONValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    /// A ``JSONValue/bool(_:)``.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A ``JSONValue/number(_:)`` whose text is the integer's decimal digits.
    public init(integerLiteral value: Int) { self = .number(JSONNumber(text: String(value))) }
    /// A ``JSONValue/number(_:)`` whose text is the shortest that reads back as the same `Double`
    /// (`100.0` is written `100`, `1e20` as `1e+20`).
    public init(floatLiteral value: Double) { self = .number(JSONNumber(jsonText: value) ?? JSONNumber(text: "0")) }
    /// A ``JSONValue/string(_:)``.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A ``JSONValue/array(_:)``.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// A ``JSONValue/object(_:)``; when a key repeats, the last member wins, as when decoding.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var members: [String: JSONValue] = [:]
        members.reserveCapacity(elements.count)
        for (key, value) in elements { members[key] = value }
        self = .object(members)
    }
}

extension JSONNumber {
    /// The JSON text of a finite `Double`: the shortest text that reads back as the same value, without a
    /// trailing `.0` (`100`, `1.1`, `1e+20`), as `JSONEncoder` writes it; nil for NaN and the infinities.
    init?(jsonText value: Double) {
        guard value.isFinite else { return nil }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        self.init(text: text)
    }
}

extension JSONValue {
    /// The member `key` of an object; nil when this is not an object or has no such member.
    ///
    /// ```swift
    /// let value: JSONValue = ["user": ["name": "Ada"]]
    /// value["user"]?["name"]   // .string("Ada")
    /// ```
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The element at `index` of an array; nil when this is not an array or the index is out of bounds.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The value `path` leads to, with the path syntax of `APIDecoder` (``APIQueryPath``): dots separate
    /// steps, a step of digits is an index where the value is an array (a key otherwise), `\.` is a dot
    /// inside a key. Nil as soon as a step finds nothing.
    ///
    /// ```swift
    /// let value: JSONValue = ["items": [["name": "pen"]], "version.major": 2]
    /// value[path: "items.0.name"]     // .string("pen")
    /// value[path: "version\\.major"]  // .number(2)
    /// ```
    public subscript(path path: APIQueryPath) -> JSONValue? {
        var current = self
        for component in path.components {
            let next: JSONValue?
            switch component {
            case .key(let key):
                next = current[key]
            case .index(let index):
                next = current[index]
            case .keyOrIndex(let text):
                if case .array = current, !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                   let index = Int(text) {
                    next = current[index]
                } else {
                    next = current[text]
                }
            }
            guard let next else { return nil }
            current = next
        }
        return current
    }
}
