// One generic integer conversion for all ten integer types.
//
// Exact: `Int64.max` and `UInt64.max` decode exactly, `3.0` and `3e2` are accepted as whole numbers,
// `3.5` is `lossOfPrecision`, and anything out of the type's range is `numericOverflow`.

extension ScalarDecodable where Self: FixedWidthInteger {
    static func convert(_ document: JSONDocument, node: Int) -> Self? {
        guard document.kind(node) == .number, case .value(let value) = document.integer(node, as: Self.self) else { return nil }
        return value
    }

    /// A number written inside a string.
    static func coerce(_ document: JSONDocument, node: Int) -> Self? { numberInString(document, node: node) }
    /// Why a number written inside a string does not convert.
    static func coercionFailure(_ document: JSONDocument, node: Int) -> APIDecodeErrorReason? { failureOfNumberInString(document, node: node) }

    static func failure(_ document: JSONDocument, node: Int) -> APIDecodeErrorReason {
        guard document.kind(node) == .number else { return wrongType(document, node) }
        switch document.integer(node, as: Self.self) {
        case .value, .overflow:
            return overflow(document, node, "\(Self.self)")
        case .fractional:
            return lossOfPrecision(document, node, "\(Self.self)")
        }
    }
}

extension Int: APIDecodable, ScalarDecodable {
    /// Decodes a whole number that fits in `Int`, recording a precise error otherwise.
    public init?(from decoder: APIDecoder) { self.init(scalarFrom: decoder) }
    /// Converts directly, without a frame of its own.
    public static func _salvageDecode(at decoder: APIDecoder) -> Self? { decoder.convertScalar(Self.self) }
}
extension Int8: APIDecodable, ScalarDecodable {
    /// Decodes a whole number that fits in `Int8`, recording a precise error otherwise.
    public init?(from decoder: APIDecoder) { self.init(scalarFrom: decoder) }
    /// Converts directly, without a frame of its own.
    public static func _salvageDecode(at decoder: APIDecoder) -> Self? { decoder.convertScalar(Self.self) }
}
extension Int16: APIDecodable, ScalarDecodable {
    /// Decodes a whole number that fits in `Int16`, recording a precise error otherwise.
    public init?(from decoder: APIDecoder) { self.init(scalarFrom: decoder) }
    /// Converts directly, without a frame of its own.
    public static func _salvageDecode(at decoder: APIDecoder) -> Self? { decoder.convertScalar(Self.self) }
}
extension Int32: APIDecodable, ScalarDecodable {
    /// Decodes a whole number that fits in `Int32`, recording a precise error otherwise.
    public init?(from decoder: APIDecoder) { self.init(scalarFrom: decoder) }
    /// Converts directly, without a frame of its own.
    public static func _salvageDecode(at decoder: APIDecoder) -> Self? { decoder.convertScalar(Self.self) }
}
extension Int64: APIDecodable, ScalarDecodable {
    /// Decodes a whole number that fits in `Int64`, recording a precise error otherwise.
    public init?(from decoder: APIDecoder) { self.init(scalarFrom: decoder) }
    /// Converts directly, without a frame of its own.
    public static func _salvageDecode(at decoder: APIDecoder) -> Self? { decoder.convertScalar(Self.self) }
}
extension UInt: APIDecodable, ScalarDecodable {
    /// Decodes a whole number that fits in `UInt`, recording a precise error otherwise.
    public init?(from decoder: APIDecoder) { self.init(scalarFrom: decoder) }
    /// Converts directly, without a frame of its own.
    public static func _salvageDecode(at decoder: APIDecoder) -> Self? { decoder.convertScalar(Self.self) }
}
extension UInt8: APIDecodable, ScalarDecodable {
    /// Decodes a whole number that fits in `UInt8`, recording a precise error otherwise.
    public init?(from decoder: APIDecoder) { self.init(scalarFrom: decoder) }
    /// Converts directly, without a frame of its own.
    public static func _salvageDecode(at decoder: APIDecoder) -> Self? { decoder.convertScalar(Self.self) }
}
extension UInt16: APIDecodable, ScalarDecodable {
    /// Decodes a whole number that fits in `UInt16`, recording a precise error otherwise.
    public init?(from decoder: APIDecoder) { self.init(scalarFrom: decoder) }
    /// Converts directly, without a frame of its own.
    public static func _salvageDecode(at decoder: APIDecoder) -> Self? { decoder.convertScalar(Self.self) }
}
extension UInt32: APIDecodable, ScalarDecodable {
    /// Decodes a whole number that fits in `UInt32`, recording a precise error otherwise.
    public init?(from decoder: APIDecoder) { self.init(scalarFrom: decoder) }
    /// Converts directly, without a frame of its own.
    public static func _salvageDecode(at decoder: APIDecoder) -> Self? { decoder.convertScalar(Self.self) }
}
extension UInt64: APIDecodable, ScalarDecodable {
    /// Decodes a whole number that fits in `UInt64`, recording a precise error otherwise.
    public init?(from decoder: APIDecoder) { self.init(scalarFrom: decoder) }
    /// Converts directly, without a frame of its own.
    public static func _salvageDecode(at decoder: APIDecoder) -> Self? { decoder.convertScalar(Self.self) }
}
