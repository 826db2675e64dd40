import Foundation

/// How ``APIDataEncoder`` writes a `Date`: the same forms ``DateDecodingStrategy`` reads, so a date
/// written with one reads back with its namesake.
///
/// ```swift
/// let encoder = APIDataEncoder(strategies: EncodingStrategies(dates: .iso8601))
/// try encoder.encode(Date(timeIntervalSince1970: 0))   // "1970-01-01T00:00:00Z"
/// ```
public struct DateEncodingStrategy: Sendable {
    enum Kind: Sendable {
        case secondsSince1970
        case millisecondsSince1970
        case secondsSince2001
        case iso8601
        case formatted(String)
        case formatter(LockedDateFormatter)
        case custom(@Sendable (Date) -> String)
    }

    let kind: Kind

    /// A JSON number of seconds since 1970-01-01T00:00:00Z (`JSONEncoder`'s `secondsSince1970`).
    public static let secondsSince1970 = DateEncodingStrategy(kind: .secondsSince1970)

    /// A JSON number of milliseconds since 1970-01-01T00:00:00Z (`JSONEncoder`'s `millisecondsSince1970`).
    public static let millisecondsSince1970 = DateEncodingStrategy(kind: .millisecondsSince1970)

    /// A JSON number of seconds since 2001-01-01T00:00:00Z: `JSONEncoder`'s default, `deferredToDate`.
    public static let secondsSince2001 = DateEncodingStrategy(kind: .secondsSince2001)

    /// A JSON string like `2024-03-01T12:30:00Z`, in UTC, whole seconds (a fraction is dropped), as
    /// `JSONEncoder`'s `iso8601` writes it. Written without a formatter.
    public static let iso8601 = DateEncodingStrategy(kind: .iso8601)

    /// A JSON string in a `DateFormatter` format such as `"yyyy-MM-dd HH:mm"` (POSIX locale, UTC unless
    /// the format has a zone), the form ``DateDecodingStrategy``'s `formatted(_:)` reads.
    public static func formatted(_ format: String) -> DateEncodingStrategy {
        DateEncodingStrategy(kind: .formatted(format))
    }

    /// A JSON string written by a `DateFormatter` you configured. The strategy keeps a **copy** made now
    /// and uses it only under a lock, so one strategy can serve concurrent encodes.
    public static func formatted(_ formatter: DateFormatter) -> DateEncodingStrategy {
        DateEncodingStrategy(kind: .formatter(LockedDateFormatter(copying: formatter)))
    }

    /// A JSON string made by your closure.
    ///
    /// ```swift
    /// let days = DateEncodingStrategy.custom { date in String(Int(date.timeIntervalSince1970 / 86_400)) }
    /// ```
    public static func custom(_ format: @escaping @Sendable (Date) -> String) -> DateEncodingStrategy {
        DateEncodingStrategy(kind: .custom(format))
    }
}
