import Foundation

/// The `DateFormatter` of a `DateDecodingStrategy.formatted(_:)` (the `DateFormatter` form) strategy: a private copy of
/// the caller's formatter, used only under a lock, so that the (Sendable) strategy can be shared by
/// concurrent decodes although `DateFormatter` is not Sendable.
final class LockedDateFormatter: @unchecked Sendable {
    // @unchecked Sendable: `formatter` is a copy no one else holds, touched only under `lock`; `format` is
    // an immutable String.
    private let lock = NSLock()
    private let formatter: DateFormatter
    /// The copy's `dateFormat`, as shown in errors.
    let format: String

    /// Copies `formatter` (a later change to it does not reach the copy).
    init(copying formatter: DateFormatter) {
        let copy = (formatter.copy() as? DateFormatter) ?? Self.rebuilt(formatter)
        self.formatter = copy
        self.format = copy.dateFormat ?? ""
    }

    /// The date `text` stands for, or nil.
    func date(from text: String) -> Date? {
        lock.withLock { formatter.date(from: text) }
    }

    /// `date` as text in the copy's format.
    func string(from date: Date) -> String {
        lock.withLock { formatter.string(from: date) }
    }

    /// A new formatter with `formatter`'s settings, should `copy()` not give a `DateFormatter` back.
    private static func rebuilt(_ formatter: DateFormatter) -> DateFormatter {
        let copy = DateFormatter()
        copy.locale = formatter.locale
        copy.timeZone = formatter.timeZone
        copy.calendar = formatter.calendar
        copy.isLenient = formatter.isLenient
        copy.twoDigitStartDate = formatter.twoDigitStartDate
        copy.defaultDate = formatter.defaultDate
        copy.dateFormat = formatter.dateFormat
        return copy
    }
}
