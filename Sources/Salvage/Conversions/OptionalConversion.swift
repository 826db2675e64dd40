/// `Optional`, so that collections can keep `null`s: `decoder["scores"] --> [Int?].self` gives
/// `[1, nil, 3]` for `[1, null, 3]`. An element of the wrong type is still dropped and reported.
///
/// For a single field, write `--> Int?.self` as usual: that is an optional *field* (absent or null gives
/// nil), not this conformance.
extension Optional: APIDecodable where Wrapped: APIDecodable {
    /// `null` becomes `nil`; anything else decodes as `Wrapped`.
    public init?(from decoder: APIDecoder) {
        guard let value = Self._salvageDecode(at: decoder) else { return nil }
        self = value
    }

    /// `null` becomes `.some(nil)` (a value: nil); anything else decodes as `Wrapped`, and fails when it does.
    public static func _salvageDecode(at decoder: APIDecoder) -> Wrapped?? {
        if decoder.isJSONNull && !Wrapped._salvageDecodesNull {
            return .some(nil)
        }
        guard let value = Wrapped._salvageDecode(at: decoder) else { return nil }
        return .some(value)
    }

    /// True: `null` is a value (nil) of an optional type.
    public static var _salvageDecodesNull: Bool { true }
}
