import Foundation

/// How a `Date` is read from JSON. Set one for all dates with ``APIDecodeOptions/dateDecodingStrategy``,
/// or per field with ``APIDecoder/decodeRequired(_:strategy:)`` and ``APIDecoder/decodeOptional(_:strategy:)``.
///
/// ```swift
/// let created = decoder["created_at"] --> Date.self                       // the options' strategy
/// let y2k = decoder["y2k"].decodeRequired(Date.self, strategy: .secondsSince1970)
/// ```
///
/// A value that cannot be read is an ``APIDecodeErrorReason/invalidFormat(value:type:expected:)`` error
/// naming the text and the strategy, e.g. `Cannot read "yesterday" as Date: expected ISO 8601 date and time`.
public struct DateDecodingStrategy: Sendable, CustomStringConvertible {
    enum Kind: Sendable {
        case secondsSince1970
        case millisecondsSince1970
        case secondsSince2001
        case iso8601
        case formatted(String)
        case custom(String, @Sendable (String) -> Date?)
    }

    let kind: Kind

    /// A JSON number (integer or decimal) of seconds since 1970-01-01T00:00:00Z.
    public static let secondsSince1970 = DateDecodingStrategy(kind: .secondsSince1970)

    /// A JSON number (integer or decimal) of milliseconds since 1970-01-01T00:00:00Z.
    public static let millisecondsSince1970 = DateDecodingStrategy(kind: .millisecondsSince1970)

    /// A JSON number of seconds since 2001-01-01T00:00:00Z: Foundation's `deferredToDate`, the default for
    /// Swift `Decodable` values (see ``CodableStrategies``).
    public static let secondsSince2001 = DateDecodingStrategy(kind: .secondsSince2001)

    /// A JSON string like `2024-03-01T12:30:00Z`, `2024-03-01T12:30:00.123+01:00` or
    /// `2024-03-01 12:30:00-0500`: date, `T` or space, time with optional seconds and any number of
    /// fraction digits, and an offset (`Z`, `±HH:MM`, `±HHMM` or `±HH`). Read without a formatter.
    public static let iso8601 = DateDecodingStrategy(kind: .iso8601)

    /// A JSON string in a `DateFormatter` format such as `"yyyy-MM-dd HH:mm"` (POSIX locale, UTC unless
    /// the format has a zone). One formatter per format is created once and shared, under a lock.
    public static func formatted(_ format: String) -> DateDecodingStrategy {
        DateDecodingStrategy(kind: .formatted(format))
    }

    /// A JSON string read by your closure; `name` is shown in errors. Return nil when it cannot be read.
    public static func custom(_ name: String, _ parse: @escaping @Sendable (String) -> Date?) -> DateDecodingStrategy {
        DateDecodingStrategy(kind: .custom(name, parse))
    }

    /// What the strategy expects, as shown in errors: "seconds since 1970", "ISO 8601 date and time", …
    public var description: String {
        switch kind {
        case .secondsSince1970: return "seconds since 1970"
        case .millisecondsSince1970: return "milliseconds since 1970"
        case .secondsSince2001: return "seconds since 2001"
        case .iso8601: return "ISO 8601 date and time"
        case .formatted(let format): return "date in format \(quoted(format))"
        case .custom(let name, _): return name
        }
    }
}
