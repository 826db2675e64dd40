/// The kind of JSON value that was found where a decoder expected something else.
///
/// `absent` means there was no value at all (a missing key or an index past the end of an array).
/// Numbers are `integer` when they are whole (`7`, `7.0`, `7e2`) and `decimal` otherwise.
public enum JSONElement: String, Hashable, Sendable, Codable, CustomStringConvertible {
    /// A JSON object.
    case object = "Object"
    /// A JSON array.
    case array = "Array"
    /// A whole number (`7`, `7.0`, `7e2`).
    case integer = "Integer"
    /// `true` or `false`.
    case boolean = "Boolean"
    /// A number with a non-zero fractional part.
    case decimal = "Decimal"
    /// A JSON string.
    case string = "String"
    /// JSON `null`.
    case null = "Null"
    /// No value at all: a missing key, an index past the end, or a parent that is not a container.
    case absent = "no value present"
    /// Not produced by Salvage; kept for LastMile compatibility.
    case unknown = "Unknown"

    /// The element with its article, as used in messages: "an object", "a string", "null".
    public var description: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .integer: return "an integer"
        case .boolean: return "a boolean"
        case .decimal: return "a decimal"
        case .string: return "a string"
        case .null: return "null"
        case .absent: return "no value"
        case .unknown: return "an unknown value"
        }
    }
}
