/// Enums (and other `RawRepresentable` types) decode from their raw value:
///
/// ```swift
/// enum Status: String, APIDecodable { case active, suspended }
/// let status = decoder["status"] --> Status?.self
/// ```
///
/// A raw value with no matching case is ``APIDecodeErrorReason/unexpectedRawValue(value:type:)``, tagged
/// with the enum's type. As for any optional field, an invalid optional enum never fails its parent.
extension APIDecodable where Self: RawRepresentable, Self.RawValue: APIDecodable {
    /// Decodes the raw value, then looks up the case.
    public init?(from decoder: APIDecoder) {
        guard let rawValue = decoder.decodeRawValue(RawValue.self) else { return nil }
        guard let value = Self(rawValue: rawValue) else {
            let shown = decoder.shownRawValue(rawValue)
            decoder.withContext { $0.record(.unexpectedRawValue(value: shown, type: "\(Self.self)"), at: decoder, decoding: nil) }
            return nil
        }
        self = value
    }
}

extension APIDecoder {
    /// Decodes a raw value at this position without adding a type tag of its own, so errors show the
    /// enum's type (the frame already being decoded here).
    func decodeRawValue<R: APIDecodable>(_ type: R.Type) -> R? {
        if let scalar = scalarConversion(for: R.self) {
            return convertRaw(scalar, as: R.self)
        }
        return R(from: self)
    }

    private func convertRaw<S: ScalarDecodable, R>(_ scalar: S.Type, as type: R.Type) -> R? {
        convertScalar(S.self, tagged: false) as? R
    }

    /// A raw value no case has, as its `unexpectedRawValue` error shows it: a string or number here as
    /// written (as the Codable path shows it), not `rawValue`'s description, which for a `Double` raw value
    /// is a rounded stand-in (`9007199254740993` printed `9.007199254740992e+15`).
    func shownRawValue(_ rawValue: some Any) -> String {
        let written = withContext { context -> String? in
            guard node >= 0, context.document.kind(node) == .string || context.document.kind(node) == .number else { return nil }
            return context.document.valueText(node)
        } ?? nil
        return written ?? "\(rawValue)"
    }
}
