import Foundation
import Synchronization

/// `Date`, read with the decode's ``APIDecodeOptions/dateDecodingStrategy`` (ISO 8601 by default).
extension Date: APIDecodable {
    /// Reads a date with the options' strategy, recording a precise error when it cannot.
    public init?(from decoder: APIDecoder) {
        guard let date = decoder.convertDate(strategy: decoder.context.options.dateDecodingStrategy) else { return nil }
        self = date
    }

    /// Converts directly, without a frame of its own.
    public static func _salvageDecode(at decoder: APIDecoder) -> Date? {
        decoder.convertDate(strategy: decoder.context.options.dateDecodingStrategy)
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
        guard context.isOpen, node >= 0 else { return nil }
        let document = context.document
        switch strategy.kind {
        case .secondsSince1970, .millisecondsSince1970:
            guard document.kind(node) == .number, let number = document.double(node) else {
                let reason = document.kind(node) == .number ? overflow(document, node, "Date") : wrongType(document, node)
                context.record(reason, at: self, decoding: Date.self)
                return nil
            }
            if case .millisecondsSince1970 = strategy.kind {
                return Date(timeIntervalSince1970: number / 1000)
            }
            return Date(timeIntervalSince1970: number)
        case .iso8601, .formatted, .custom:
            guard document.kind(node) == .string else {
                context.record(wrongType(document, node), at: self, decoding: Date.self)
                return nil
            }
            let text = document.string(node)
            let date: Date?
            switch strategy.kind {
            case .formatted(let format): date = DateFormatterCache.shared.date(from: text, format: format)
            case .custom(_, let parse): date = parse(text)
            default: date = parseISO8601(text)
            }
            guard let date else {
                context.record(.invalidFormat(value: text, type: "Date", expected: strategy.description), at: self, decoding: Date.self)
                return nil
            }
            return date
        }
    }
}

/// One `DateFormatter` per format string, created on first use and shared by all decodes. Formatters
/// are used under the lock, so sharing is safe on every platform.
final class DateFormatterCache: Sendable {
    static let shared = DateFormatterCache()

    private let formatters = Mutex<[String: DateFormatter]>([:])

    func date(from text: String, format: String) -> Date? {
        formatters.withLock { formatters in
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
