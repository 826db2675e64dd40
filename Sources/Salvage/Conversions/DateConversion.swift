import Foundation

/// `Date`, read with the decode's ``APIDecodeOptions/dateDecodingStrategy`` (ISO 8601 by default), or with
/// the strategy of an enclosing ``APIDecoder/decodeRequired(_:strategy:)`` or ``APIDecoder/decodeOptional(_:strategy:)``.
extension Date: APIDecodable {
    /// Reads a date with the strategy in force, recording a precise error when it cannot.
    public init?(from decoder: APIDecoder) {
        guard let date = decoder.convertDate(strategy: nil) else { return nil }
        self = date
    }

    /// Converts directly, without a frame of its own.
    public static func _salvageDecode(at decoder: APIDecoder) -> Date? {
        decoder.convertDate(strategy: nil)
    }
}

extension APIDecoder {
    /// Decodes a required value with `strategy` for every `Date` in it instead of the options' strategy:
    /// a date, `[Date]`, `Set<Date>`, `[String: Date]`, or a model and the dates of its fields, at any
    /// depth. Absent, null or unreadable gives nil, records an error and fails the enclosing model.
    ///
    /// ```swift
    /// let y2k   = decoder["y2k"].decodeRequired(Date.self, strategy: .secondsSince1970)
    /// let times = decoder["times"].decodeRequired([Date].self, strategy: .millisecondsSince1970)
    /// ```
    ///
    /// Elements that cannot be read are dropped like any failing element, each reported at its own path
    /// with the strategy: `… > "times" > [1](Date) : Cannot read "soon" as Date: expected …`. A field
    /// decoded with its own strategy inside (a nested call) uses that one; Swift `Decodable` values keep
    /// ``CodableStrategies/dates``.
    @inlinable
    public func decodeRequired<T: APIDecodable>(_ type: T.Type, strategy: DateDecodingStrategy) -> T! {
        withDateStrategy(strategy) { decodeRequiredValue(T.self) }
    }

    /// Decodes an optional value with `strategy` for every `Date` in it (see ``decodeRequired(_:strategy:)``):
    /// absent or null gives nil silently; unreadable gives nil and records an error without failing the
    /// enclosing model.
    ///
    /// ```swift
    /// let day      = decoder["day"].decodeOptional(Date.self, strategy: .formatted("yyyy-MM-dd"))
    /// let holidays = decoder["holidays"].decodeOptional([String: Date].self, strategy: .formatted("yyyy-MM-dd"))
    /// ```
    @inlinable
    public func decodeOptional<T: APIDecodable>(_ type: T.Type, strategy: DateDecodingStrategy) -> T? {
        withDateStrategy(strategy) { decodePresent(T.self, required: false) }
    }

    /// Runs `body` with `strategy` as the decode's date strategy, then restores the one before. A decoder
    /// kept past its decode changes nothing (it has no context).
    @usableFromInline
    func withDateStrategy<R>(_ strategy: DateDecodingStrategy, _ body: () -> R) -> R {
        let previous = withContext { context in
            defer { context.dateStrategy = strategy }
            return context.dateStrategy
        }
        guard let previous else { return body() }
        defer { withContext { $0.dateStrategy = previous } }
        return body()
    }

    /// Reads the date here with `strategy`, or the strategy in force when nil, recording an error tagged
    /// `Date` when it cannot.
    func convertDate(strategy: DateDecodingStrategy?) -> Date? {
        let node = node
        return withContext { context in
            guard node >= 0 else { return nil }
            switch context.document.date(node, strategy: strategy ?? context.dateStrategy) {
            case .success(let date):
                return date
            case .failure(let failure):
                context.record(failure.reason, at: self, decoding: Date.self)
                return nil
            }
        } ?? nil
    }
}

/// Why a date could not be read.
struct DateFailure: Error {
    let reason: APIDecodeErrorReason
}

extension JSONDocument {
    /// The date at `node` read with `strategy`, or why it cannot be read.
    func date(_ node: Int, strategy: DateDecodingStrategy) -> Result<Date, DateFailure> {
        let kind = kind(node)
        if kind == .number, strategy.readsNumbers {
            guard let number = double(node) else { return .failure(DateFailure(reason: overflow(self, node, "Date"))) }
            let date: Date?
            switch strategy.kind {
            case .millisecondsSince1970: date = Date(timeIntervalSince1970: number / 1000)
            case .secondsSince2001: date = Date(timeIntervalSinceReferenceDate: number)
            case .customInput(_, let parse): date = parse(.number(number))
            default: date = Date(timeIntervalSince1970: number)
            }
            return date.map { .success($0) } ?? .failure(unreadable(node, strategy))
        }
        guard kind == .string else { return .failure(DateFailure(reason: wrongType(self, node))) }
        let text = string(node)
        let date: Date?
        switch strategy.kind {
        case .iso8601: date = parseISO8601(text)
        case .formatted(let format): date = DateFormatterCache.shared.date(from: text, format: format)
        case .formatter(let formatter): date = formatter.date(from: text)
        case .custom(_, let parse): date = parse(text)
        case .customInput(_, let parse): date = parse(.string(text))
        case .secondsSince1970, .millisecondsSince1970, .secondsSince2001: return .failure(DateFailure(reason: wrongType(self, node)))
        }
        return date.map { .success($0) } ?? .failure(unreadable(node, strategy))
    }

    /// The failure of a value `strategy` could not read.
    private func unreadable(_ node: Int, _ strategy: DateDecodingStrategy) -> DateFailure {
        DateFailure(reason: .invalidFormat(value: valueText(node), type: "Date", expected: strategy.description))
    }
}

/// One `DateFormatter` per format string, created on first use and shared by all decodes. Formatters
/// are used under the lock, so sharing is safe on every platform.
final class DateFormatterCache: @unchecked Sendable {
    // @unchecked Sendable: `formatters` is only touched under `lock`.
    static let shared = DateFormatterCache()

    private let lock = NSLock()
    private var formatters: [String: DateFormatter] = [:]

    func date(from text: String, format: String) -> Date? {
        lock.withLock { formatter(for: format).date(from: text) }
    }

    /// `date` as text in `format` (the encoder's `DateEncodingStrategy.formatted(_:)`).
    func string(from date: Date, format: String) -> String {
        lock.withLock { formatter(for: format).string(from: date) }
    }

    /// The formatter for `format`; called under `lock`.
    private func formatter(for format: String) -> DateFormatter {
        if let cached = formatters[format] { return cached }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        formatters[format] = formatter
        return formatter
    }
}
