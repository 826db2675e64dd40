import Foundation

/// `Date`, read with the decode's ``APIDecodeOptions/dateDecodingStrategy`` (ISO 8601 by default).
extension Date: APIDecodable {
    /// Reads a date with the options' strategy, recording a precise error when it cannot.
    public init?(from decoder: APIDecoder) {
        guard let date = decoder.convertDate(strategy: decoder.options.dateDecodingStrategy) else { return nil }
        self = date
    }

    /// Converts directly, without a frame of its own.
    public static func _salvageDecode(at decoder: APIDecoder) -> Date? {
        decoder.convertDate(strategy: decoder.options.dateDecodingStrategy)
    }
}

extension APIDecoder {
    /// Decodes a required date with `strategy` instead of the options' one: absent, null or unreadable
    /// gives nil, records an error and fails the enclosing model.
    ///
    /// ```swift
    /// let y2k = decoder["y2k"].decodeRequired(Date.self, strategy: .secondsSince1970)
    /// ```
    public func decodeRequired(_ type: Date.Type, strategy: DateDecodingStrategy) -> Date! {
        decode(Date.self, required: true) { $0.convertDate(strategy: strategy) }
    }

    /// Decodes an optional date with `strategy`: absent or null gives nil silently; unreadable gives nil
    /// and records an error without failing the enclosing model.
    public func decodeOptional(_ type: Date.Type, strategy: DateDecodingStrategy) -> Date? {
        decode(Date.self, required: false) { $0.convertDate(strategy: strategy) }
    }

    /// Reads the date here with `strategy`, recording an error tagged `Date` when it cannot.
    func convertDate(strategy: DateDecodingStrategy) -> Date? {
        withContext { context in
            guard context.isOpen, node >= 0 else { return nil }
            switch context.document.date(node, strategy: strategy) {
            case .success(let date):
                return date
            case .failure(let failure):
                context.record(failure.reason, at: self, decoding: Date.self)
                return nil
            }
        }
    }
}

/// Why a date could not be read.
struct DateFailure: Error {
    let reason: APIDecodeErrorReason
}

extension JSONDocument {
    /// The date at `node` read with `strategy`, or why it cannot be read.
    func date(_ node: Int, strategy: DateDecodingStrategy) -> Result<Date, DateFailure> {
        switch strategy.kind {
        case .secondsSince1970, .millisecondsSince1970, .secondsSince2001:
            guard kind(node) == .number, let number = double(node) else {
                return .failure(DateFailure(reason: kind(node) == .number ? overflow(self, node, "Date") : wrongType(self, node)))
            }
            switch strategy.kind {
            case .millisecondsSince1970: return .success(Date(timeIntervalSince1970: number / 1000))
            case .secondsSince2001: return .success(Date(timeIntervalSinceReferenceDate: number))
            default: return .success(Date(timeIntervalSince1970: number))
            }
        case .iso8601, .formatted, .custom:
            guard kind(node) == .string else { return .failure(DateFailure(reason: wrongType(self, node))) }
            let text = string(node)
            let date: Date?
            switch strategy.kind {
            case .formatted(let format): date = DateFormatterCache.shared.date(from: text, format: format)
            case .custom(_, let parse): date = parse(text)
            default: date = parseISO8601(text)
            }
            guard let date else {
                return .failure(DateFailure(reason: .invalidFormat(value: text, type: "Date", expected: strategy.description)))
            }
            return .success(date)
        }
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
        lock.withLock {
            let formatter: DateFormatter
            if let cached = formatters[format] {
                formatter = cached
            } else {
                formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.timeZone = TimeZone(identifier: "UTC")
                formatter.dateFormat = format
                formatters[format] = formatter
            }
            return formatter.date(from: text)
        }
    }
}
