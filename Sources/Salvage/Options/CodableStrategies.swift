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
    /// What a failing value costs: `.salvage` (the default) loses only that value, `.strict` the whole
    /// decode, as with `JSONDecoder`.
    public var recovery: CodableRecovery

    /// `JSONDecoder`'s defaults unless given, with `.salvage` recovery.
    public init(keys: KeyStrategy = .useDefaultKeys, dates: DateDecodingStrategy = .secondsSince2001,
                nonConformingFloats: NonConformingFloats = .throw, recovery: CodableRecovery = .salvage) {
        self.keys = keys
        self.dates = dates
        self.nonConformingFloats = nonConformingFloats
        self.recovery = recovery
    }
}

/// How the Codable bridge treats a value that fails inside a Swift `Decodable` (``CodableStrategies/recovery``).
///
/// ```swift
/// var options = APIDecodeOptions()
/// options.codable.recovery = .strict      // stop at the first error, like JSONDecoder
/// ```
public enum CodableRecovery: Sendable, Hashable {
    /// Salvage plain, synthesized `Codable` models: an optional property (`decodeIfPresent`) whose value is
    /// present but wrong becomes nil; `[T]`, `Set<T>` and `[String: T]` drop a failing element; a required
    /// property that fails fails its model, which the nearest optional or collection absorbs. Every loss
    /// is recorded with its path, code and severity, as on the native path.
    case salvage
    /// `JSONDecoder`'s behaviour: the first error fails the whole value, with one `swift_decoding_error`.
    case strict
}
