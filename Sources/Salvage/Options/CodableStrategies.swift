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
