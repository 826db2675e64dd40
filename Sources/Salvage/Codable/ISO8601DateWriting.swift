import Foundation

extension JSONStreamEncoder {
    /// Writes `date` as `JSONEncoder`'s `.iso8601` does: `yyyy-MM-ddTHH:mm:ssZ` in UTC, the fraction of a second
    /// dropped. The calendar date comes from the day number by Howard Hinnant's `civil_from_days`, so no
    /// formatter (and no lock) is involved.
    func writeISO8601(_ date: Date) {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        // Before the Gregorian calendar began (1582-10-15) Foundation's calendar is Julian, which the arithmetic
        // below is not: those dates go through Foundation's formatter too.
        guard seconds.isFinite, seconds >= -12_219_292_800, seconds < 1e14 else {
            // `ISO8601FormatStyle` is what `JSONEncoder` uses; `ISO8601DateFormatter` writes years before 1 without
            // their sign and years past 9999 wrongly.
            if #available(macOS 12.0, iOS 15.0, watchOS 8.0, tvOS 15.0, *) {
                writer.appendString(date.formatted(Date.ISO8601FormatStyle()))
            } else {
                writer.appendString(ISO8601DateFormatter().string(from: date))
            }
            return
        }
        let total = Int64(seconds)
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - days * 86_400
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        writer.text.append(UInt8(ascii: "\""))
        appendDigits(year, width: 4)
        writer.text.append(UInt8(ascii: "-"))
        appendDigits(month, width: 2)
        writer.text.append(UInt8(ascii: "-"))
        appendDigits(day, width: 2)
        writer.text.append(UInt8(ascii: "T"))
        appendDigits(secondOfDay / 3_600, width: 2)
        writer.text.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay / 60 % 60, width: 2)
        writer.text.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay % 60, width: 2)
        writer.text.append(UInt8(ascii: "Z"))
        writer.text.append(UInt8(ascii: "\""))
    }

    /// Appends `value` in decimal, zero-padded to `width` digits (a negative year keeps its sign).
    private func appendDigits(_ value: Int64, width: Int) {
        if value < 0 { writer.text.append(UInt8(ascii: "-")) }
        var digitCount = 1
        var rest = value.magnitude
        while rest >= 10 {
            rest /= 10
            digitCount += 1
        }
        writer.text.append(repeating: UInt8(ascii: "0"), count: width - digitCount)
        writer.text.appendDecimal(value.magnitude, negative: false)
    }
}
