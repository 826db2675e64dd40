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
    // @unchecked Sendable: the only non-Sendable-checked member is the tag's `swiftType`, an immutable metatype.
    //
    // Stored in 48 bytes, because every recorded error keeps a path of them: the step, the type tag (one
    // shared instance per type within a decode, see `TypeTag`) and the record id.

    /// An object key or an array index.
    private enum Step: Sendable {
        case key(String)
        case index(Int)
    }

    /// What was decoded at a step, shared by the steps of one type: a reference, so a key stays small.
    final class TypeTag: @unchecked Sendable {
        // @unchecked Sendable: immutable; `swiftType` is a metatype.
        let swiftType: Any.Type?
        let decodedTypeName: String?
        let idKey: String?
        /// LastMile's `jsonType`; Salvage leaves it `.unknown` unless the user sets it.
        let jsonType: JSONElement

        init(swiftType: Any.Type?, decodedTypeName: String?, idKey: String?, jsonType: JSONElement = .unknown) {
            self.swiftType = swiftType
            self.decodedTypeName = decodedTypeName
            self.idKey = idKey
            self.jsonType = jsonType
        }

        /// A tag of these parts; nil when all are nil (and `jsonType` is `.unknown`).
        static func make(swiftType: Any.Type?, decodedTypeName: String?, idKey: String?,
                         jsonType: JSONElement = .unknown) -> TypeTag? {
            guard swiftType != nil || decodedTypeName != nil || idKey != nil || jsonType != .unknown else { return nil }
            return TypeTag(swiftType: swiftType, decodedTypeName: decodedTypeName, idKey: idKey, jsonType: jsonType)
        }
    }

    private let step: Step
    /// The type, type name and id key of this step; set through `tagged(with:id:)` or the properties below.
    private(set) var typeTag: TypeTag?

    /// The object key, for a key step (and for the root, its name).
    public var hashKey: String? {
        if case .key(let key) = step { return key }
        return nil
    }
    /// The array index, for an index step.
    public var arrayIndex: Int? {
        if case .index(let index) = step { return index }
        return nil
    }
    /// The Swift type decoded at this step, if any.
    public var swiftType: Any.Type? {
        get { typeTag?.swiftType }
        set { typeTag = TypeTag.make(swiftType: newValue, decodedTypeName: decodedTypeName, idKey: idKey, jsonType: jsonType) }
    }
    /// The name of the type decoded at this step: `swiftType`'s, or the one read back from an encoded
    /// error (where the type itself cannot be restored).
    public var typeName: String? {
        swiftType.map { "\($0)" } ?? decodedTypeName
    }
    /// The type name of a key read back by `Codable`.
    var decodedTypeName: String? {
        get { typeTag?.decodedTypeName }
        set { typeTag = TypeTag.make(swiftType: swiftType, decodedTypeName: newValue, idKey: idKey, jsonType: jsonType) }
    }
    /// The id key of `swiftType` (its `APIDecodable.idKey`), if it has one and the value was present.
    public var idKey: String? {
        get { typeTag?.idKey }
        set { typeTag = TypeTag.make(swiftType: swiftType, decodedTypeName: decodedTypeName, idKey: newValue, jsonType: jsonType) }
    }
    /// The value of `idKey` in this step's JSON object, as text.
    public var id: String?
    /// LastMile 1.0's JSON type of this step's value, kept so LastMile code compiles.
    ///
    /// Salvage does not fill it in: it is `.unknown` unless you set it, and it takes no part in `==`.
    /// To learn what a value is, ask the decoder (`decoder.jsonElement`) or read the error's reason
    /// (`.unexpectedJSONType(actual: .string)`).
    public var jsonType: JSONElement {
        get { typeTag?.jsonType ?? .unknown }
        set { typeTag = TypeTag.make(swiftType: swiftType, decodedTypeName: decodedTypeName, idKey: idKey, jsonType: newValue) }
    }

    /// A key step.
    public init(hashKey: String, swiftType: Any.Type? = nil) {
        self.step = .key(hashKey)
        self.typeTag = swiftType.map { TypeTag(swiftType: $0, decodedTypeName: nil, idKey: nil) }
    }

    /// An index step.
    public init(arrayIndex: Int, swiftType: Any.Type? = nil) {
        self.step = .index(arrayIndex)
        self.typeTag = swiftType.map { TypeTag(swiftType: $0, decodedTypeName: nil, idKey: nil) }
    }

    /// The same step with `tag` (shared, not copied) and `id` in place of its tags.
    func tagged(with tag: TypeTag?, id: String?) -> APICodingKey {
        var key = self
        key.typeTag = tag
        key.id = id
        return key
    }

    /// Whether node `node` of `table` is this step with the same tags: the same key (byte for byte) or index, the same shared
    /// type tag instance and the same id (so that the table can store both as one node).
    func isStored(at node: Int32, in table: PathTable) -> Bool {
        let stored = table.nodes[Int(node)]
        // The cheap checks first (an index, the tag's identity, whether there is an id); the texts last.
        if case .index(let index) = step, stored.text >= 0 || stored.index != index { return false }
        if let typeTag {
            guard stored.tag >= 0, table.tags[Int(stored.tag)] === typeTag else { return false }
        } else if stored.tag >= 0 {
            return false
        }
        guard (id == nil) == (stored.id < 0) else { return false }
        if case .key(let key) = step {
            guard stored.text >= 0, table.strings[Int(stored.text)].hasSameUTF8(as: key) else { return false }
        }
        if let id {
            return table.strings[Int(stored.id)].hasSameUTF8(as: id)
        }
        return true
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
    public var stringValue: String {
        switch step {
        case .key(let key): return key
        case .index(let index): return String(index)
        }
    }
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

    /// The step as shown in tagged paths: `"height"(Double)`, `[2](Item sku=A-1)`; the root is shown by its
    /// name (`root(Person)`), or `root` when it has none.
    func taggedStep(isRoot: Bool) -> String {
        switch step {
        case .key(let key): return (isRoot ? key : quoted(key)) + tag
        case .index(let index): return (isRoot ? "root" : "[\(index)]") + tag
        }
    }

    /// The type tag as shown in tagged paths: `(Person person_id=8675309)`, or "" when nothing was decoded here.
    var tag: String {
        guard let typeName else { return "" }
        if let idKey, let id { return "(\(typeName) \(idKey)=\(escapingControlCharacters(id)))" }
        return "(\(typeName))"
    }
}

/// `"text"` with `"` and `\` escaped, as keys are written in paths.
func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        default: appendEscapingControl(scalar, to: &result)
        }
    }
    return result + "\""
}

/// `text` with its control characters written as JSON escapes (`\n`, `\u001B`), so a description stays on
/// one line and cannot forge log lines; used for record ids, which paths show without quotes. C1 controls
/// (`U+0085` NEL) and `U+2028`/`U+2029` count too: Unicode-aware readers break lines at them.
func escapingControlCharacters(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isEscapedControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars { appendEscapingControl(scalar, to: &result) }
    return result
}

private func appendEscapingControl(_ scalar: Unicode.Scalar, to result: inout String) {
    switch scalar.value {
    case 0x0A: result += "\\n"
    case 0x0D: result += "\\r"
    case 0x09: result += "\\t"
    case 0x00..<0x20, 0x7F ... 0x9F, 0x2028, 0x2029:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: result.unicodeScalars.append(scalar)
    }
}

/// Whether `appendEscapingControl` writes `scalar` as an escape: C0 and C1 controls, DEL, and the Unicode
/// line and paragraph separators.
private func isEscapedControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00..<0x20, 0x7F ... 0x9F, 0x2028, 0x2029: return true
    default: return false
    }
}
