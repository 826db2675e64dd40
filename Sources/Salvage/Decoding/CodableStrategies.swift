import Foundation

/// How Swift `Decodable` values are decoded through Salvage (``APIDecoder/decodeRequired(swiftDecodable:)``
/// and ``APIDataDecoder/decode(data:toDecodable:)``): the counterparts of `JSONDecoder`'s strategies.
///
/// ```swift
/// var options = APIDecodeOptions()
/// options.codable = CodableStrategies(keys: .convertFromSnakeCase, dates: .iso8601)
/// let result = APIDataDecoder(options: options).decode(data: data, toDecodable: User.self)
/// ```
public struct CodableStrategies: Sendable {
    /// How JSON keys are matched to `CodingKey`s.
    public enum KeyStrategy: Sendable, Hashable {
        /// As written.
        case useDefaultKeys
        /// `first_name` in JSON matches `firstName` in Swift, as with `JSONDecoder`'s strategy of that name.
        case convertFromSnakeCase
    }

    /// How `Double` and `Float` accept the JSON strings that stand for infinities and NaN.
    public enum NonConformingFloats: Sendable, Hashable {
        /// They are type mismatches.
        case `throw`
        /// These exact strings decode as `+infinity`, `-infinity` and `nan`.
        case convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }

    /// Key matching; `.useDefaultKeys` by default.
    public var keys: KeyStrategy
    /// How `Date` values are read; `.secondsSince2001` (`JSONDecoder`'s `deferredToDate`) by default.
    public var dates: DateDecodingStrategy
    /// Infinities and NaN; `.throw` by default. (`Data` is always base64, as `JSONDecoder`'s default.)
    public var nonConformingFloats: NonConformingFloats

    /// `JSONDecoder`'s defaults unless given.
    public init(keys: KeyStrategy = .useDefaultKeys, dates: DateDecodingStrategy = .secondsSince2001,
                nonConformingFloats: NonConformingFloats = .throw) {
        self.keys = keys
        self.dates = dates
        self.nonConformingFloats = nonConformingFloats
    }
}

/// Converts a snake_case JSON key to camelCase the way `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase`
/// does: leading and trailing underscores are kept, the first word is lowercased, later words capitalized.
func camelCase(fromSnakeCase key: String) -> String {
    guard key.contains("_") else { return key }
    let leading = key.prefix { $0 == "_" }
    let trailing = key.reversed().prefix { $0 == "_" }
    let core = key.dropFirst(leading.count).dropLast(trailing.count)
    let words = core.split(separator: "_")
    guard let first = words.first, words.count > 1 else { return key }
    let converted = first.lowercased() + words.dropFirst().map { String($0).capitalized }.joined()
    return String(leading) + converted + String(trailing)
}
