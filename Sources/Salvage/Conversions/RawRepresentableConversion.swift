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
            decoder.withContext { $0.record(.unexpectedRawValue(value: "\(rawValue)", type: "\(Self.self)"), at: decoder, decoding: nil) }
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
}
