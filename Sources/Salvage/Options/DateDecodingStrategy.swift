import Foundation

/// How a `Date` is read from JSON. Set one for all dates with ``APIDecodeOptions/dateDecodingStrategy``,
/// or for one value — a date, an array or dictionary of dates, or a model and every date in it — with
/// ``APIDecoder/decodeRequired(_:strategy:)`` and ``APIDecoder/decodeOptional(_:strategy:)``.
///
/// ```swift
/// let created = decoder["created_at"] --> Date.self                       // the options' strategy
/// let y2k = decoder["y2k"].decodeRequired(Date.self, strategy: .secondsSince1970)
/// ```
///
/// A value that cannot be read is an ``APIDecodeErrorReason/invalidFormat(value:type:expected:)`` error
/// naming the text and the strategy, e.g. `Cannot read "yesterday" as Date: expected ISO 8601 date and time`.
public struct DateDecodingStrategy: Sendable, CustomStringConvertible {
    /// What a `custom` strategy that reads numbers too is given: the JSON string or number at the date.
    public enum Input: Sendable, Hashable {
        /// A JSON string, unescaped.
        case string(String)
        /// A JSON number (integer or decimal), as a `Double`.
        case number(Double)
    }

    enum Kind: Sendable {
        case secondsSince1970
        case millisecondsSince1970
        case secondsSince2001
        case iso8601
        case formatted(String)
        case formatter(LockedDateFormatter)
        case custom(String, @Sendable (String) -> Date?)
        case customInput(String, @Sendable (Input) -> Date?)
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

    /// A JSON string read by a `DateFormatter` you configured (locale, time zone, calendar, leniency…).
    ///
    /// ```swift
    /// let formatter = DateFormatter()
    /// formatter.locale = Locale(identifier: "en_US_POSIX")
    /// formatter.timeZone = TimeZone(identifier: "Europe/Paris")
    /// formatter.dateFormat = "dd/MM/yyyy HH:mm"
    /// let options = APIDecodeOptions(dateDecodingStrategy: .formatted(formatter))
    /// ```
    ///
    /// `DateFormatter` is not `Sendable`, and the strategy is: it keeps a **copy** made now (later changes
    /// to `formatter` have no effect on it) and uses that copy only under a lock, so one strategy can serve
    /// concurrent decodes. Errors name the formatter's `dateFormat`: `expected date in format "dd/MM/yyyy HH:mm"`.
    public static func formatted(_ formatter: DateFormatter) -> DateDecodingStrategy {
        DateDecodingStrategy(kind: .formatter(LockedDateFormatter(copying: formatter)))
    }

    /// A JSON string read by your closure; `name` is shown in errors. Return nil when it cannot be read.
    /// A JSON number is a type mismatch; to read numbers too, take an ``Input`` (the other `custom`).
    public static func custom(_ name: String, _ parse: @escaping @Sendable (String) -> Date?) -> DateDecodingStrategy {
        DateDecodingStrategy(kind: .custom(name, parse))
    }

    /// A JSON string or number read by your closure; `name` is shown in errors. Return nil when it cannot
    /// be read (any other JSON type is a type mismatch, a number too large for a `Double` an overflow).
    ///
    /// ```swift
    /// let flexible = DateDecodingStrategy.custom("seconds since 1970 or ISO 8601") { input in
    ///     switch input {
    ///     case .number(let seconds): return Date(timeIntervalSince1970: seconds)
    ///     case .string(let text): return try? Date(text, strategy: .iso8601)
    ///     }
    /// }
    /// ```
    ///
    /// A closure that could take either form (`{ _ in nil }`) takes the `String` one, as before this form existed.
    @_disfavoredOverload
    public static func custom(_ name: String, _ parse: @escaping @Sendable (Input) -> Date?) -> DateDecodingStrategy {
        DateDecodingStrategy(kind: .customInput(name, parse))
    }

    /// Whether the strategy reads JSON numbers (and not strings), JSON strings (and not numbers), or both.
    var readsNumbers: Bool {
        switch kind {
        case .secondsSince1970, .millisecondsSince1970, .secondsSince2001, .customInput: return true
        case .iso8601, .formatted, .formatter, .custom: return false
        }
    }

    /// What the strategy expects, as shown in errors: "seconds since 1970", "ISO 8601 date and time", …
    public var description: String {
        switch kind {
        case .secondsSince1970: return "seconds since 1970"
        case .millisecondsSince1970: return "milliseconds since 1970"
        case .secondsSince2001: return "seconds since 2001"
        case .iso8601: return "ISO 8601 date and time"
        case .formatted(let format): return "date in format \(quoted(format))"
        case .formatter(let formatter): return "date in format \(quoted(formatter.format))"
        case .custom(let name, _), .customInput(let name, _): return name
        }
    }
}
