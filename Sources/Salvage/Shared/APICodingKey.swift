/// One step of a breadcrumb path: an object key or an array index, plus, once something was decoded
/// there, the Swift type and the record id.
///
/// Paths are `[APICodingKey]`, starting with the root. Keys can be written as literals:
///
/// ```swift
/// let path: [APICodingKey] = ["root", "items", 2]
/// print(path.jsonPath) // root["items"][2]
/// ```
///
/// Two keys are equal when their `stringValue` and `intValue` are equal; the type and id tags are
/// descriptive and do not take part in `==`.
public struct APICodingKey: CodingKey, Hashable, @unchecked Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    // @unchecked Sendable: the only non-Sendable-checked member is `swiftType`, an immutable metatype.

    /// The object key, for a key step (and for the root, its name).
    public let hashKey: String?
    /// The array index, for an index step.
    public let arrayIndex: Int?
    /// The Swift type decoded at this step, if any.
    public var swiftType: Any.Type?
    /// The name of the type decoded at this step: `swiftType`'s, or the one read back from an encoded
    /// error (where the type itself cannot be restored).
    public var typeName: String? {
        swiftType.map { "\($0)" } ?? decodedTypeName
    }
    /// The type name of a key read back by `Codable`.
    var decodedTypeName: String?
    /// The id key of `swiftType` (its `APIDecodable.idKey`), if it has one and the value was present.
    public var idKey: String?
    /// The value of `idKey` in this step's JSON object, as text.
    public var id: String?

    /// A key step.
    public init(hashKey: String, swiftType: Any.Type? = nil) {
        self.hashKey = hashKey
        self.arrayIndex = nil
        self.swiftType = swiftType
    }

    /// An index step.
    public init(arrayIndex: Int, swiftType: Any.Type? = nil) {
        self.hashKey = nil
        self.arrayIndex = arrayIndex
        self.swiftType = swiftType
    }

    /// A key step from any `CodingKey`: an index when it has an `intValue`, a key otherwise.
    public init(codingKey: any CodingKey) {
        if let index = codingKey.intValue {
            self.init(arrayIndex: index)
        } else {
            self.init(hashKey: codingKey.stringValue)
        }
    }

    /// `CodingKey`: the key, or the index written in decimal.
    public var stringValue: String { hashKey ?? arrayIndex.map(String.init) ?? "" }
    /// `CodingKey`: the index, for an index step.
    public var intValue: Int? { arrayIndex }

    /// `CodingKey`: a key step.
    public init?(stringValue: String) { self.init(hashKey: stringValue) }
    /// `CodingKey`: an index step.
    public init?(intValue: Int) { self.init(arrayIndex: intValue) }
    /// A key step from a string literal: `"items"`.
    public init(stringLiteral value: String) { self.init(hashKey: value) }
    /// An index step from an integer literal: `2`.
    public init(integerLiteral value: Int) { self.init(arrayIndex: value) }

    /// The step as written in a JSON path: `["key"]` or `[2]`.
    public var description: String {
        if let arrayIndex { return "[\(arrayIndex)]" }
        return "[\(quoted(stringValue))]"
    }

    /// Equal `hashKey` and `arrayIndex`; the type and id tags are not compared.
    public static func == (lhs: APICodingKey, rhs: APICodingKey) -> Bool {
        lhs.hashKey == rhs.hashKey && lhs.arrayIndex == rhs.arrayIndex
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(hashKey)
        hasher.combine(arrayIndex)
    }

    /// The type tag as shown in tagged paths: `(Person person_id=8675309)`, or "" when nothing was decoded here.
    var tag: String {
        guard let typeName else { return "" }
        if let idKey, let id { return "(\(typeName) \(idKey)=\(id))" }
        return "(\(typeName))"
    }
}

/// `"text"` with `"` and `\` escaped, as keys are written in paths.
func quoted(_ text: String) -> String {
    var result = "\""
    for character in text {
        switch character {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        default: result.append(character)
        }
    }
    return result + "\""
}
