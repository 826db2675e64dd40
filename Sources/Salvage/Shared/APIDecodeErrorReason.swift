import Foundation

/// Why a value could not be decoded.
///
/// Compare reasons with `==`; print one for its human message. **This enum is not frozen**: new cases
/// will be added in minor releases, so a `switch` over it should end in `default:`.
///
/// ```swift
/// if error.reason == .unexpectedJSONType(actual: .string) { … }
/// print(error.reason) // "Unexpectedly found a string"
/// ```
public enum APIDecodeErrorReason: Hashable, Sendable, CustomStringConvertible {
    /// The JSON value has the wrong type; `.absent` means there was no value at all.
    case unexpectedJSONType(actual: JSONElement)
    /// A ``CountLimited`` collection did not have exactly the expected number of elements.
    case countNotExact(expected: Int, actual: Int)
    /// A ``CountLimited`` collection had fewer elements than allowed.
    case countBelowMinimum(minimum: Int, actual: Int)
    /// A ``CountLimited`` collection had more elements than allowed.
    case countAboveMaximum(maximum: Int, actual: Int)
    /// A `RawRepresentable` type (usually an enum) has no case for this raw value.
    indirect case unexpectedRawValue(value: String, type: String)
    /// A whole number is too large or too small for the integer or floating-point type. `value` is
    /// `Decimal.nan` (shown as `<redacted>`) when the value is redacted (``APIDecodeOptions/redactedKeys``).
    indirect case numericOverflow(value: Decimal, type: String)
    /// A number has a fractional part (or more precision) that the type cannot hold, or is too small for a
    /// floating-point type (`1e-50` as a `Float`: not zero, yet it would round to zero). `value` is
    /// `Decimal.nan` (shown as `<redacted>`) when the value is redacted.
    indirect case lossOfPrecision(value: Decimal, type: String)
    /// A number too large for the type that `Decimal` cannot hold either (`1e400` as a `Double`), so it is
    /// given as written (its first and last 30 characters around `…` when longer than 61). Code `numeric_overflow`.
    indirect case numericOverflowAsWritten(text: String, type: String)
    /// A number with more precision than the type holds that `Decimal` cannot hold exactly either (more
    /// digits than its 128-bit mantissa, or digits below 10^-128), given as written. Code `precision_loss`.
    indirect case lossOfPrecisionAsWritten(text: String, type: String)
    /// A Swift `Decodable` value threw while being decoded through ``APIDecoder/decodeRequired(swiftDecodable:)``.
    indirect case swiftDecodingError(DecodingError)
    /// A string (or number) of the right JSON type whose content is not a valid `type` (a date that does
    /// not parse, a malformed URL or UUID, invalid base64); `expected` says what was expected.
    indirect case invalidFormat(value: String, type: String, expected: String)
    /// A lenient conversion turned a `found` JSON value into the `type` asked for (e.g. the string `"42"`
    /// into an `Int`); recorded at info level so you can see that the API sent the wrong type.
    indirect case coerced(value: String, found: JSONElement, type: String)
    /// An object decoded as model `type` had a member `key` that no decoder read, in `occurrences`
    /// records (reported once per type and key, at the first record; info level).
    indirect case unknownKey(key: String, type: String, occurrences: Int)
    /// A default replaced a missing (`.absent`) or `null` value; recorded only when
    /// ``APIDecodeOptions/reportsUsedDefaults`` is set. Not a failure.
    case defaultUsed(because: JSONElement)
    /// A lossy array dropped more elements than its loss budget allows (`allowed`, e.g. "2" or "5%").
    indirect case lossBudgetExceeded(dropped: Int, total: Int, allowed: String)
    /// An array decoded uniquing by id (`decodeRequired([T].self, uniquingBy: .idKey)`) held the record with
    /// this `id` (as JSON text: `17`, `"A-1"`) at index `kept` and again at `dropped`; the error is at
    /// `dropped`, which was left out. Severity `recovered`, code `duplicate_record`.
    indirect case duplicateRecord(id: String, kept: Int, dropped: Int)
    /// None of the alternative keys of `decoder[firstOf:]` is present.
    case missingAlternatives(tried: [String])
    /// `decoder[firstOf:]` found the value under `used`, not under the `preferred` (first) key or path;
    /// recorded at info level only with ``APIDecodeOptions/reportsUsedFallbacks``. Code `fallback_used`.
    indirect case fallbackUsed(used: String, preferred: String)
    /// None of the alternatives of ``APIDecoder/decodeOneOf(_:)`` decoded the value: `tried` names each
    /// alternative and `reasons` says why it failed (its first error, with the path below the value).
    /// Code `no_alternative_matched`.
    case noAlternativeMatched(tried: [String], reasons: [String])
    /// The input is not valid JSON; carries the parser's message and location.
    indirect case invalidJSON(JSONSyntaxError)
    /// A problem recorded by your own code, in your words.
    case other(message: String)

    /// The human message, e.g. "Unexpectedly found a string" or "No value is present".
    public var description: String {
        switch self {
        case .unexpectedJSONType(actual: .absent):
            return "No value is present"
        case .unexpectedJSONType(let actual):
            return "Unexpectedly found \(actual)"
        case .countNotExact(let expected, let actual):
            return "Count not exact: expected \(expected), actual \(actual)"
        case .countBelowMinimum(let minimum, let actual):
            return "Count below min: min \(minimum), actual \(actual)"
        case .countAboveMaximum(let maximum, let actual):
            return "Count above max: max \(maximum), actual \(actual)"
        case .unexpectedRawValue(let value, let type):
            return "Raw value of \(quoted(value)) for type \(type) not defined"
        case .numericOverflow(let value, let type):
            return "Value \(value.shownInReason) does not fit in \(type)"
        case .lossOfPrecision(let value, let type):
            return "Type \(type) does not have precision to represent \(value.shownInReason)"
        case .numericOverflowAsWritten(let text, let type):
            return "Value \(text) does not fit in \(type)"
        case .lossOfPrecisionAsWritten(let text, let type):
            return "Type \(type) does not have precision to represent \(text)"
        case .swiftDecodingError(let error):
            return "Swift DecodingError: \(error.salvageSummary)"
        case .invalidFormat(let value, let type, let expected):
            return "Cannot read \(quoted(value)) as \(type): expected \(expected)"
        case .coerced(let value, let found, let type):
            return "Converted \(found) \(quoted(value)) to \(type)"
        case .unknownKey(let key, let type, let occurrences):
            return "Key \(quoted(key)) of \(type) was never read (in \(occurrences) record\(occurrences == 1 ? "" : "s"))"
        case .defaultUsed(let element):
            return element == .absent ? "No value is present; the default was used" : "Unexpectedly found \(element); the default was used"
        case .lossBudgetExceeded(let dropped, let total, let allowed):
            return "Dropped \(dropped) of \(total) elements, more than the \(allowed) allowed"
        case .duplicateRecord(let id, let kept, let dropped):
            return "Duplicate of the record at [\(kept)] (id=\(id)); kept [\(kept)], dropped [\(dropped)]"
        case .missingAlternatives(let tried):
            return "No value is present under any of \(tried.map(quoted).joined(separator: ", "))"
        case .fallbackUsed(let used, let preferred):
            return "Found under \(quoted(used)) instead of the preferred \(quoted(preferred))"
        case .noAlternativeMatched(let tried, let reasons):
            let parts = zip(tried, reasons).map { "\($0) (\($1))" }
            return "No alternative matched: " + parts.joined(separator: ", ")
        case .invalidJSON(let error):
            return "Invalid JSON at \(error.location): \(error.message)"
        case .other(let message):
            return message
        }
    }

    /// The same case with equal values; `swiftDecodingError`s compare as `DecodingError`'s `==` does
    /// (case and coding path).
    public static func == (lhs: APIDecodeErrorReason, rhs: APIDecodeErrorReason) -> Bool {
        switch (lhs, rhs) {
        case let (.unexpectedJSONType(a), .unexpectedJSONType(b)): return a == b
        case let (.countNotExact(a1, a2), .countNotExact(b1, b2)): return a1 == b1 && a2 == b2
        case let (.countBelowMinimum(a1, a2), .countBelowMinimum(b1, b2)): return a1 == b1 && a2 == b2
        case let (.countAboveMaximum(a1, a2), .countAboveMaximum(b1, b2)): return a1 == b1 && a2 == b2
        case let (.unexpectedRawValue(a1, a2), .unexpectedRawValue(b1, b2)): return a1 == b1 && a2 == b2
        case let (.numericOverflow(a1, a2), .numericOverflow(b1, b2)): return a1 == b1 && a2 == b2
        case let (.lossOfPrecision(a1, a2), .lossOfPrecision(b1, b2)): return a1 == b1 && a2 == b2
        case let (.numericOverflowAsWritten(a1, a2), .numericOverflowAsWritten(b1, b2)): return a1 == b1 && a2 == b2
        case let (.lossOfPrecisionAsWritten(a1, a2), .lossOfPrecisionAsWritten(b1, b2)): return a1 == b1 && a2 == b2
        case let (.swiftDecodingError(a), .swiftDecodingError(b)): return a == b
        case let (.invalidFormat(a1, a2, a3), .invalidFormat(b1, b2, b3)): return a1 == b1 && a2 == b2 && a3 == b3
        case let (.missingAlternatives(a), .missingAlternatives(b)): return a == b
        case let (.defaultUsed(a), .defaultUsed(b)): return a == b
        case let (.unknownKey(a1, a2, a3), .unknownKey(b1, b2, b3)): return a1 == b1 && a2 == b2 && a3 == b3
        case let (.coerced(a1, a2, a3), .coerced(b1, b2, b3)): return a1 == b1 && a2 == b2 && a3 == b3
        case let (.lossBudgetExceeded(a1, a2, a3), .lossBudgetExceeded(b1, b2, b3)): return a1 == b1 && a2 == b2 && a3 == b3
        case let (.duplicateRecord(a1, a2, a3), .duplicateRecord(b1, b2, b3)): return a1 == b1 && a2 == b2 && a3 == b3
        case let (.invalidJSON(a), .invalidJSON(b)): return a == b
        case let (.fallbackUsed(a1, a2), .fallbackUsed(b1, b2)): return a1 == b1 && a2 == b2
        case let (.noAlternativeMatched(a1, a2), .noAlternativeMatched(b1, b2)): return a1 == b1 && a2 == b2
        case let (.other(a), .other(b)): return a == b
        default: return false
        }
    }

    /// Hashes exactly what `==` compares.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .unexpectedJSONType(let actual): hasher.combine(0); hasher.combine(actual)
        case .countNotExact(let a, let b): hasher.combine(1); hasher.combine(a); hasher.combine(b)
        case .countBelowMinimum(let a, let b): hasher.combine(2); hasher.combine(a); hasher.combine(b)
        case .countAboveMaximum(let a, let b): hasher.combine(3); hasher.combine(a); hasher.combine(b)
        case .unexpectedRawValue(let a, let b): hasher.combine(4); hasher.combine(a); hasher.combine(b)
        case .numericOverflow(let a, let b): hasher.combine(5); hasher.combine(a); hasher.combine(b)
        case .lossOfPrecision(let a, let b): hasher.combine(6); hasher.combine(a); hasher.combine(b)
        case .numericOverflowAsWritten(let a, let b): hasher.combine(16); hasher.combine(a); hasher.combine(b)
        case .lossOfPrecisionAsWritten(let a, let b): hasher.combine(17); hasher.combine(a); hasher.combine(b)
        case .swiftDecodingError(let error):
            // `==` compares the case and the coding path only.
            hasher.combine(7)
            for key in error.salvageContext?.codingPath ?? [] {
                hasher.combine(key.stringValue)
                hasher.combine(key.intValue)
            }
        case .invalidJSON(let error): hasher.combine(8); hasher.combine(error)
        case .invalidFormat(let a, let b, let c): hasher.combine(10); hasher.combine(a); hasher.combine(b); hasher.combine(c)
        case .missingAlternatives(let tried): hasher.combine(11); hasher.combine(tried)
        case .defaultUsed(let element): hasher.combine(12); hasher.combine(element)
        case .unknownKey(let a, let b, let c): hasher.combine(15); hasher.combine(a); hasher.combine(b); hasher.combine(c)
        case .coerced(let a, let b, let c): hasher.combine(14); hasher.combine(a); hasher.combine(b); hasher.combine(c)
        case .lossBudgetExceeded(let a, let b, let c): hasher.combine(13); hasher.combine(a); hasher.combine(b); hasher.combine(c)
        case .other(let message): hasher.combine(9); hasher.combine(message)
        case .fallbackUsed(let a, let b): hasher.combine(18); hasher.combine(a); hasher.combine(b)
        case .noAlternativeMatched(let a, let b): hasher.combine(19); hasher.combine(a); hasher.combine(b)
        case .duplicateRecord(let a, let b, let c): hasher.combine(20); hasher.combine(a); hasher.combine(b); hasher.combine(c)
        }
    }
}
