import Foundation

// String, Bool and the floating-point types. Integers live in `IntegerConversions.swift`.
// Each conversion reads the node directly and reports a precise reason; none of them allocates a frame.

extension ScalarDecodable {
    /// Converts the value at the decoder's position, recording a precise error when it cannot.
    init?(scalarFrom decoder: APIDecoder) {
        guard let value = decoder.convertScalar(Self.self) else { return nil }
        self = value
    }
}

extension APIDecoder {
    /// Converts the value here with a built-in scalar conversion, recording a failure here, tagged with
    /// `S` (or untagged when `tagged` is false, for raw values of enums, which show the enum's type).
    func convertScalar<S: ScalarDecodable>(_ type: S.Type, tagged: Bool = true) -> S? {
        guard context.isOpen else { return nil }
        guard node >= 0 else {
            context.record(.unexpectedJSONType(actual: .absent), at: self, decoding: tagged ? S.self : nil)
            return nil
        }
        switch S.convert(context.document, node: node) {
        case .success(let value):
            return value
        case .failure(let failure):
            context.record(failure.reason, at: self, decoding: tagged ? S.self : nil)
            return nil
        }
    }
}

/// The reason for a value of the wrong JSON type at `node`.
func wrongType(_ document: JSONDocument, _ node: Int) -> ScalarFailure {
    ScalarFailure(reason: .unexpectedJSONType(actual: document.element(node)))
}

/// `String`: JSON strings only (numbers and booleans are not converted).
extension String: APIDecodable, ScalarDecodable {
    /// Decodes the value at the decoder's position, recording a precise error when it cannot.
    public init?(from decoder: APIDecoder) { self.init(scalarFrom: decoder) }
    /// Converts directly, without a frame of its own.
    public static func _salvageDecode(at decoder: APIDecoder) -> Self? { decoder.convertScalar(Self.self) }

    static func convert(_ document: JSONDocument, node: Int) -> Result<String, ScalarFailure> {
        document.kind(node) == .string ? .success(document.string(node)) : .failure(wrongType(document, node))
    }
}

/// `Bool`: JSON `true` and `false` only.
extension Bool: APIDecodable, ScalarDecodable {
    /// Decodes the value at the decoder's position, recording a precise error when it cannot.
    public init?(from decoder: APIDecoder) { self.init(scalarFrom: decoder) }
    /// Converts directly, without a frame of its own.
    public static func _salvageDecode(at decoder: APIDecoder) -> Self? { decoder.convertScalar(Self.self) }

    static func convert(_ document: JSONDocument, node: Int) -> Result<Bool, ScalarFailure> {
        switch document.kind(node) {
        case .true: return .success(true)
        case .false: return .success(false)
        default: return .failure(wrongType(document, node))
        }
    }
}

/// `Double`: any JSON number, correctly rounded. A number too large for `Double` is `numericOverflow`.
extension Double: APIDecodable, ScalarDecodable {
    /// Decodes the value at the decoder's position, recording a precise error when it cannot.
    public init?(from decoder: APIDecoder) { self.init(scalarFrom: decoder) }
    /// Converts directly, without a frame of its own.
    public static func _salvageDecode(at decoder: APIDecoder) -> Self? { decoder.convertScalar(Self.self) }

    static func convert(_ document: JSONDocument, node: Int) -> Result<Double, ScalarFailure> {
        guard document.kind(node) == .number else { return .failure(wrongType(document, node)) }
        guard let value = document.double(node) else { return .failure(overflow(document, node, "Double")) }
        return .success(value)
    }
}

/// `Float`: any JSON number, correctly rounded. A number outside `Float`'s range is `numericOverflow`, not `inf`.
extension Float: APIDecodable, ScalarDecodable {
    /// Decodes the value at the decoder's position, recording a precise error when it cannot.
    public init?(from decoder: APIDecoder) { self.init(scalarFrom: decoder) }
    /// Converts directly, without a frame of its own.
    public static func _salvageDecode(at decoder: APIDecoder) -> Self? { decoder.convertScalar(Self.self) }

    static func convert(_ document: JSONDocument, node: Int) -> Result<Float, ScalarFailure> {
        guard document.kind(node) == .number else { return .failure(wrongType(document, node)) }
        guard let value = document.float(node) else { return .failure(overflow(document, node, "Float")) }
        return .success(value)
    }
}

/// `Decimal`: any JSON number, exactly from its text. A number too large for `Decimal` is `numericOverflow`;
/// one with more than 38 significant digits or too small for `Decimal` is `lossOfPrecision`.
extension Decimal: APIDecodable, ScalarDecodable {
    /// Decodes the value at the decoder's position, recording a precise error when it cannot.
    public init?(from decoder: APIDecoder) { self.init(scalarFrom: decoder) }
    /// Converts directly, without a frame of its own.
    public static func _salvageDecode(at decoder: APIDecoder) -> Self? { decoder.convertScalar(Self.self) }

    static func convert(_ document: JSONDocument, node: Int) -> Result<Decimal, ScalarFailure> {
        guard document.kind(node) == .number else { return .failure(wrongType(document, node)) }
        switch document.decimal(node) {
        case .value(let value): return .success(value)
        case .overflow: return .failure(overflow(document, node, "Decimal"))
        case .imprecise(let nearest): return .failure(ScalarFailure(reason: .lossOfPrecision(value: nearest, type: "Decimal")))
        }
    }
}

/// A `numericOverflow` failure for the number at `node`.
func overflow(_ document: JSONDocument, _ node: Int, _ type: String) -> ScalarFailure {
    ScalarFailure(reason: .numericOverflow(value: reportedDecimal(document, node), type: type))
}

/// The number at `node` as a `Decimal` for error messages: exact when `Decimal` can hold it, otherwise the
/// nearest `Decimal` (zero for magnitudes below its range, its largest magnitude for those above).
func reportedDecimal(_ document: JSONDocument, _ node: Int) -> Decimal {
    switch document.decimal(node) {
    case .value(let value), .imprecise(let value):
        return value
    case .overflow:
        return document.rawText(node).hasPrefix("-") ? -Decimal.greatestFiniteMagnitude : Decimal.greatestFiniteMagnitude
    }
}
