/// The kind of JSON value that was found where a decoder expected something else.
///
/// `absent` means there was no value at all (a missing key or an index past the end of an array).
/// Numbers are `integer` when they are whole (`7`, `7.0`, `7e2`) and `decimal` otherwise.
public enum JSONElement: String, Hashable, Sendable, Codable, CustomStringConvertible {
    case object = "Object"
    case array = "Array"
    case integer = "Integer"
    case boolean = "Boolean"
    case decimal = "Decimal"
    case string = "String"
    case null = "Null"
    case absent = "no value present"
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
