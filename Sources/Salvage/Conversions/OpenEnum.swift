/// An enum value that keeps raw values the enum does not know, for APIs that add cases:
///
/// ```swift
/// enum Plan: String { case free, pro }
/// let plan = decoder["plan"] --> OpenEnum<Plan>.self   // .known(.pro), or .unknown("enterprise")
/// ```
///
/// An unknown raw value is kept and recorded at info level
/// (``APIDecodeErrorReason/unexpectedRawValue(value:type:)``, code `unknown_raw_value`), so you learn
/// about new cases without losing the record. A raw value of the wrong JSON type is an error as usual.
/// For a closed enum with a fallback case, use a default instead:
/// `decoder["plan"].decode(Plan.self, default: .free, when: .missingNullOrInvalid)`.
public enum OpenEnum<Known: RawRepresentable>: APIDecodable where Known.RawValue: APIDecodable {
    /// A raw value the enum knows.
    case known(Known)
    /// A raw value it does not.
    case unknown(Known.RawValue)

    /// The known case, or nil.
    public var knownValue: Known? {
        if case .known(let value) = self { return value }
        return nil
    }

    /// The raw value, known or not.
    public var rawValue: Known.RawValue {
        switch self {
        case .known(let value): return value.rawValue
        case .unknown(let raw): return raw
        }
    }

    /// Decodes the raw value; keeps an unknown one and notes it at info level.
    public init?(from decoder: APIDecoder) {
        guard let raw = decoder.decodeRawValue(Known.RawValue.self) else { return nil }
        if let value = Known(rawValue: raw) {
            self = .known(value)
        } else {
            let shown = decoder.shownRawValue(raw)
            decoder.withContext {
                $0.record(.unexpectedRawValue(value: shown, type: "\(Known.self)"), at: decoder, decoding: nil, severity: .info)
            }
            self = .unknown(raw)
        }
    }
}

extension OpenEnum: Equatable where Known: Equatable, Known.RawValue: Equatable {}
extension OpenEnum: Hashable where Known: Hashable, Known.RawValue: Hashable {}
extension OpenEnum: Sendable where Known: Sendable, Known.RawValue: Sendable {}
