import Foundation

/// Reads an ISO 8601 / RFC 3339 date and time without a formatter (see ``DateDecodingStrategy/iso8601``).
/// Returns nil for anything else, including impossible dates (`2023-02-30`) and times without an offset.
func parseISO8601(_ text: String) -> Date? {
    var text = text
    return text.withUTF8 { bytes in
        var reader = ISO8601Reader(bytes: ByteReader(bytes))
        return reader.read()
    }
}

private struct ISO8601Reader {
    let bytes: ByteReader
    var index = 0

    init(bytes: ByteReader) {
        self.bytes = bytes
    }

    mutating func read() -> Date? {
        guard let year = number(digits: 4), expect("-"), let month = number(digits: 2), expect("-"),
              let day = number(digits: 2), (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: "t") || bytes[index] == UInt8(ascii: " ")
        else { return nil }
        index += 1
        guard let hour = number(digits: 2), hour < 24, expect(":"), let minute = number(digits: 2), minute < 60 else { return nil }
        var second = 0
        var fraction = 0.0
        if peek(":") {
            index += 1
            // 60 is a leap second (RFC 3339); it counts as the first second of the next minute.
            guard let seconds = number(digits: 2), seconds <= 60 else { return nil }
            second = seconds
            if peek(".") || peek(",") {
                index += 1
                var scale = 0.1
                let start = index
                while index < bytes.count, isDigit(bytes[index]) {
                    fraction += Double(bytes[index] &- UInt8(ascii: "0")) * scale
                    scale /= 10
                    index += 1
                }
                guard index > start else { return nil }
            }
        }
        guard let offset = zoneOffset(), index == bytes.count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// `Z`, `±HH:MM`, `±HHMM` or `±HH`, in seconds east of UTC.
    private mutating func zoneOffset() -> Int? {
        guard index < bytes.count else { return nil }
        let sign = bytes[index]
        if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") {
            index += 1
            return 0
        }
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        index += 1
        guard let hours = number(digits: 2), hours < 24 else { return nil }
        var minutes = 0
        let hasColon = peek(":")
        if hasColon { index += 1 }
        if hasColon || index < bytes.count {
            guard let value = number(digits: 2), value < 60 else { return nil }
            minutes = value
        }
        let offset = hours * 3_600 + minutes * 60
        return sign == UInt8(ascii: "-") ? -offset : offset
    }

    private mutating func number(digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for position in index ..< index + digits {
            guard isDigit(bytes[position]) else { return nil }
            value = value * 10 + Int(bytes[position] &- UInt8(ascii: "0"))
        }
        index += digits
        return value
    }

    private func peek(_ character: Unicode.Scalar) -> Bool {
        index < bytes.count && bytes[index] == UInt8(ascii: character)
    }

    private mutating func expect(_ character: Unicode.Scalar) -> Bool {
        guard peek(character) else { return false }
        index += 1
        return true
    }
}

private func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

private func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
private func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
}
