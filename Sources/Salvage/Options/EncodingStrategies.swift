import Foundation

/// How ``APIDataEncoder`` writes keys, dates and non-finite floating-point values: the counterparts of
/// `JSONEncoder`'s strategies, and of ``CodableStrategies`` on the decoding side, so that what one writes
/// the other reads back.
///
/// ```swift
/// let encoder = APIDataEncoder(strategies: EncodingStrategies(keys: .convertToSnakeCase, dates: .iso8601))
/// let data = try encoder.encode(user)   // {"created_at":"2024-03-01T12:30:00Z","first_name":"Ada"}
/// ```
public struct EncodingStrategies: Sendable {
    /// How `CodingKey`s become JSON keys.
    public enum KeyStrategy: Sendable, Hashable {
        /// As written.
        case useDefaultKeys
        /// `firstName` is written `first_name`, `myURLProperty` `my_url_property`, exactly as `JSONEncoder`'s
        /// strategy of that name writes them (`URLString` too: `u_rl_string`). Keys of `[String: T]` dictionaries are written as they are.
        case convertToSnakeCase
    }

    /// How `Double` and `Float` infinities and NaN are written (JSON has no literal for them).
    public enum NonConformingFloats: Sendable, Hashable {
        /// They are an `EncodingError.invalidValue` naming the coding path.
        case `throw`
        /// As these JSON strings (what ``CodableStrategies/NonConformingFloats/convertFromString(positiveInfinity:negativeInfinity:nan:)``
        /// reads back).
        case convertToString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }

    /// Key writing; `.useDefaultKeys` by default.
    public var keys: KeyStrategy
    /// How `Date` values are written; `.secondsSince2001` (`JSONEncoder`'s `deferredToDate`) by default.
    public var dates: DateEncodingStrategy
    /// Infinities and NaN; `.throw` by default. (`Data` is always base64, as `JSONEncoder`'s default.)
    public var nonConformingFloats: NonConformingFloats

    /// `JSONEncoder`'s defaults unless given.
    public init(keys: KeyStrategy = .useDefaultKeys, dates: DateEncodingStrategy = .secondsSince2001,
                nonConformingFloats: NonConformingFloats = .throw) {
        self.keys = keys
        self.dates = dates
        self.nonConformingFloats = nonConformingFloats
    }
}
