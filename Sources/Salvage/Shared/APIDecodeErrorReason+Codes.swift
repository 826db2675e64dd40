/// Stable, machine-readable codes for log queries, dashboards and alerts. They are never renamed; new
/// reasons get new codes.
///
/// | code | reasons |
/// |---|---|
/// | `missing` | no value (`unexpectedJSONType(actual: .absent)`), no alternative present |
/// | `null` | `null` where a value is required |
/// | `type_mismatch` | the wrong JSON type |
/// | `numeric_overflow` | a number outside the type's range (`numericOverflow`, `numericOverflowAsWritten`) |
/// | `precision_loss` | a fraction where a whole number is needed, or more digits than `Decimal` holds (`lossOfPrecision`, `lossOfPrecisionAsWritten`) |
/// | `unknown_raw_value` | an enum without that case |
/// | `count` | a `CountLimited` violation |
/// | `loss_budget` | an array dropped more elements than allowed |
/// | `duplicate_record` | an array decoded uniquing by id held a record twice; the duplicate was dropped |
/// | `invalid_format` | a date, URL, UUID, base64 text, transformed or custom-decoded value that does not parse |
/// | `invalid_json` | the input is not JSON |
/// | `limit_exceeded` | the input exceeds a limit: `maximumDepth`, `maximumStringLength`, `maximumInputSize` or one of the format's (``JSONSyntaxError/limit``) |
/// | `swift_decoding_error` | a Swift `Decodable` threw |
/// | `default_used` | a default replaced a missing or null value (when reported) |
/// | `coerced` | a lenient conversion was applied |
/// | `unknown_key` | a member no decoder read (with `reportsUnknownKeys`) |
/// | `fallback_used` | `decoder[firstOf:]` used an alternative other than the first (with `reportsUsedFallbacks`) |
/// | `no_alternative_matched` | none of the alternatives of `decodeOneOf` decoded the value |
/// | `custom` | recorded by your code; a model that returned nil without saying why |
extension APIDecodeErrorReason {
    /// The reason's stable code; see the table above.
    public var code: String {
        switch self {
        case .unexpectedJSONType(actual: .absent), .missingAlternatives: return "missing"
        case .unexpectedJSONType(actual: .null): return "null"
        case .unexpectedJSONType: return "type_mismatch"
        case .numericOverflow, .numericOverflowAsWritten: return "numeric_overflow"
        case .lossOfPrecision, .lossOfPrecisionAsWritten: return "precision_loss"
        case .unexpectedRawValue: return "unknown_raw_value"
        case .countNotExact, .countBelowMinimum, .countAboveMaximum: return "count"
        case .lossBudgetExceeded: return "loss_budget"
        case .duplicateRecord: return "duplicate_record"
        case .invalidFormat: return "invalid_format"
        case .invalidJSON(let syntax): return syntax.limit == nil ? "invalid_json" : "limit_exceeded"
        case .swiftDecodingError: return "swift_decoding_error"
        case .defaultUsed: return "default_used"
        case .coerced: return "coerced"
        case .unknownKey: return "unknown_key"
        case .other: return "custom"
        case .fallbackUsed: return "fallback_used"
        case .noAlternativeMatched: return "no_alternative_matched"
        }
    }
}
