import Foundation

// String, Bool and the floating-point types. Integers live in `IntegerConversions.swift`.
// Each conversion reads the node directly, allocates no frame, and returns a plain optional; the precise
// reason for a failure is worked out only when there is one (`failure(_:node:)`).

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
        let node = node
        // The happy path borrows the context once; nil means a decoder kept past its decode.
        guard let converted = withContext({ context -> S? in
            node >= 0 ? S.convert(context.document, node: node) : nil
        }) else { return nil }
        return converted ?? convertFailedScalar(S.self, tagged: tagged)
    }

    /// The rest of `convertScalar` once the plain conversion failed: lenient coercion, or the error.
    func convertFailedScalar<S: ScalarDecodable>(_ type: S.Type, tagged: Bool) -> S? {
        withContext { context in
            guard node >= 0 else {
                context.record(.unexpectedJSONType(actual: .absent), at: self, decoding: tagged ? S.self : nil)
                return nil
            }
            if context.state.lenient ?? context.options.lenientConversions, let value = S.coerce(context.document, node: node) {
                let document = context.document
                context.record(.coerced(value: document.valueText(node), found: document.element(node), type: "\(S.self)"),
                               at: self, decoding: tagged ? S.self : nil, severity: .info)
                return value
            }
            let lenient = context.state.lenient ?? context.options.lenientConversions
            let reason = (lenient ? S.coercionFailure(context.document, node: node) : nil) ?? S.failure(context.document, node: node)
            context.record(reason, at: self, decoding: tagged ? S.self : nil)
            return nil
        } ?? nil
    }
}

extension ScalarDecodable {
    /// A number written inside a string (`"42"`, `"-1.5e3"`; JSON number syntax only), converted as usual.
    static func numberInString(_ document: JSONDocument, node: Int) -> Self? {
        withNumberInString(document, node: node) { convert($0, node: 0) }
    }

    /// Why a number written inside a string cannot be converted: the reason the same number written as a
    /// number gets. Nil when the string holds no JSON number.
    static func failureOfNumberInString(_ document: JSONDocument, node: Int) -> APIDecodeErrorReason? {
        withNumberInString(document, node: node) { failure($0, node: 0) }
    }

    /// `body` applied to a document holding the number written in the string at `node`, or nil.
    private static func withNumberInString<R>(_ document: JSONDocument, node: Int, _ body: (JSONDocument) -> R?) -> R? {
        guard document.kind(node) == .string else { return nil }
        let text = document.string(node)
        // Only a number: no surrounding spaces, byte order mark or anything else the JSON parser skips.
        guard let first = text.utf8.first, let last = text.utf8.last,
              first == UInt8(ascii: "-") || isDigit(first), isDigit(last) else { return nil }
        let converted = try? JSONDocument.withParsed(.array(Array(text.utf8))) { inner -> R? in
            inner.kind(0) == .number ? body(inner) : nil
        }.get()
        return converted ?? nil
    }
}

/// The reason for a value of the wrong JSON type at `node`.
func wrongType(_ document: JSONDocument, _ node: Int) -> APIDecodeErrorReason {
    .unexpectedJSONType(actual: document.element(node))
}

/// `String`: JSON strings only (numbers and booleans are not converted).
extension String: APIDecodable, ScalarDecodable {
    /// Decodes the value at the decoder's position, recording a precise error when it cannot.
    public init?(from decoder: APIDecoder) { self.init(scalarFrom: decoder) }
    /// Converts directly, without a frame of its own.
    public static func _salvageDecode(at decoder: APIDecoder) -> Self? { decoder.convertScalar(Self.self) }

    static func convert(_ document: JSONDocument, node: Int) -> String? {
        document.kind(node) == .string ? document.string(node) : nil
    }

    static func failure(_ document: JSONDocument, node: Int) -> APIDecodeErrorReason { wrongType(document, node) }

    /// Numbers and booleans as they are written.
    static func coerce(_ document: JSONDocument, node: Int) -> String? {
        switch document.kind(node) {
        case .number, .true, .false: return document.valueText(node)
        default: return nil
        }
    }
}

/// `Bool`: JSON `true` and `false` only.
extension Bool: APIDecodable, ScalarDecodable {
    /// Decodes the value at the decoder's position, recording a precise error when it cannot.
    public init?(from decoder: APIDecoder) { self.init(scalarFrom: decoder) }
    /// Converts directly, without a frame of its own.
    public static func _salvageDecode(at decoder: APIDecoder) -> Self? { decoder.convertScalar(Self.self) }

    static func convert(_ document: JSONDocument, node: Int) -> Bool? {
        switch document.kind(node) {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }

    static func failure(_ document: JSONDocument, node: Int) -> APIDecodeErrorReason { wrongType(document, node) }

    /// `"true"`, `"false"`, `"1"`, `"0"` (any case) and the numbers 1 and 0.
    static func coerce(_ document: JSONDocument, node: Int) -> Bool? {
        switch document.kind(node) {
        case .string:
            switch document.string(node).lowercased() {
            case "true", "1": return true
            case "false", "0": return false
            default: return nil
            }
        case .number:
            switch document.integer(node, as: Int.self) {
            case .value(1): return true
            case .value(0): return false
            default: return nil
            }
        default:
            return nil
        }
    }
}

/// `Double`: any JSON number, correctly rounded. A number too large for `Double` is `numericOverflow`; one too
/// small for it (not zero, but rounding to zero: `1e-400`) is `lossOfPrecision`, as `JSONDecoder` rejects it.
extension Double: APIDecodable, ScalarDecodable {
    /// Decodes the value at the decoder's position, recording a precise error when it cannot.
    public init?(from decoder: APIDecoder) { self.init(scalarFrom: decoder) }
    /// Converts directly, without a frame of its own.
    public static func _salvageDecode(at decoder: APIDecoder) -> Self? { decoder.convertScalar(Self.self) }

    static func convert(_ document: JSONDocument, node: Int) -> Double? {
        let entry = document.tape[node]
        return entry.kind == .number ? document.double(of: entry) : nil
    }

    static func failure(_ document: JSONDocument, node: Int) -> APIDecodeErrorReason {
        guard document.kind(node) == .number else { return wrongType(document, node) }
        return document.isTooSmall(node, for: Double.self) ? lossOfPrecision(document, node, "Double") : overflow(document, node, "Double")
    }

    /// A number written inside a string.
    static func coerce(_ document: JSONDocument, node: Int) -> Double? { numberInString(document, node: node) }
    /// Why a number written inside a string does not convert.
    static func coercionFailure(_ document: JSONDocument, node: Int) -> APIDecodeErrorReason? { failureOfNumberInString(document, node: node) }
}

/// `Float`: any JSON number, correctly rounded. A number outside `Float`'s range is `numericOverflow`, not `inf`;
/// one too small for it (not zero, but rounding to zero: `1e-50`) is `lossOfPrecision`, not `0`.
extension Float: APIDecodable, ScalarDecodable {
    /// Decodes the value at the decoder's position, recording a precise error when it cannot.
    public init?(from decoder: APIDecoder) { self.init(scalarFrom: decoder) }
    /// Converts directly, without a frame of its own.
    public static func _salvageDecode(at decoder: APIDecoder) -> Self? { decoder.convertScalar(Self.self) }

    static func convert(_ document: JSONDocument, node: Int) -> Float? {
        document.kind(node) == .number ? document.float(node) : nil
    }

    static func failure(_ document: JSONDocument, node: Int) -> APIDecodeErrorReason {
        guard document.kind(node) == .number else { return wrongType(document, node) }
        return document.isTooSmall(node, for: Float.self) ? lossOfPrecision(document, node, "Float") : overflow(document, node, "Float")
    }

    /// A number written inside a string.
    static func coerce(_ document: JSONDocument, node: Int) -> Float? { numberInString(document, node: node) }
    /// Why a number written inside a string does not convert.
    static func coercionFailure(_ document: JSONDocument, node: Int) -> APIDecodeErrorReason? { failureOfNumberInString(document, node: node) }
}

/// `Decimal`: any JSON number `Decimal` holds, exactly from its text (`1e128`, `1.0e-128`). A number too large
/// for `Decimal` is `numericOverflowAsWritten`; one with more significant digits than its 128-bit mantissa
/// holds, or non-zero digits below 10^-128, is `lossOfPrecisionAsWritten`.
extension Decimal: APIDecodable, ScalarDecodable {
    /// Decodes the value at the decoder's position, recording a precise error when it cannot.
    public init?(from decoder: APIDecoder) { self.init(scalarFrom: decoder) }
    /// Converts directly, without a frame of its own.
    public static func _salvageDecode(at decoder: APIDecoder) -> Self? { decoder.convertScalar(Self.self) }

    static func convert(_ document: JSONDocument, node: Int) -> Decimal? {
        guard document.kind(node) == .number, case .value(let value) = document.decimal(node) else { return nil }
        return value
    }

    static func failure(_ document: JSONDocument, node: Int) -> APIDecodeErrorReason {
        guard document.kind(node) == .number else { return wrongType(document, node) }
        if case .imprecise = document.decimal(node) {
            return .lossOfPrecisionAsWritten(text: shownNumber(document, node), type: "Decimal")
        }
        return overflow(document, node, "Decimal")
    }

    /// A number written inside a string.
    static func coerce(_ document: JSONDocument, node: Int) -> Decimal? { numberInString(document, node: node) }
    /// Why a number written inside a string does not convert.
    static func coercionFailure(_ document: JSONDocument, node: Int) -> APIDecodeErrorReason? { failureOfNumberInString(document, node: node) }
}

/// A `numericOverflow` failure for the number at `node`: with its exact value when `Decimal` holds it,
/// otherwise with its text as written (`1e400` is beyond `Decimal`'s range; no `Decimal` would be true).
func overflow(_ document: JSONDocument, _ node: Int, _ type: String) -> APIDecodeErrorReason {
    if case .value(let value) = document.decimal(node) { return .numericOverflow(value: value, type: type) }
    return .numericOverflowAsWritten(text: shownNumber(document, node), type: type)
}

/// A `lossOfPrecision` failure for the number at `node`, exact or as written like `overflow`.
func lossOfPrecision(_ document: JSONDocument, _ node: Int, _ type: String) -> APIDecodeErrorReason {
    if case .value(let value) = document.decimal(node) { return .lossOfPrecision(value: value, type: type) }
    return .lossOfPrecisionAsWritten(text: shownNumber(document, node), type: type)
}

/// The number at `node` as written, for an error; longer than 61 characters, its first and last 30 around `…`.
func shownNumber(_ document: JSONDocument, _ node: Int) -> String {
    let text = document.rawText(node)
    guard text.utf8.count > 61 else { return text }
    return String(text.prefix(30)) + "…" + String(text.suffix(30))
}

/// The built-in scalar conversion for `type`, or nil — found by comparing metatypes, which is much
/// cheaper than the runtime conformance lookup that `type as? any ScalarDecodable.Type` performs in
/// unspecialized generic code (the Codable bridge is called from the standard library's generic code).
@inline(__always)
func scalarConversion<T>(for type: T.Type) -> (any ScalarDecodable.Type)? {
    if T.self == String.self { return String.self }
    if T.self == Int.self { return Int.self }
    if T.self == Double.self { return Double.self }
    if T.self == Bool.self { return Bool.self }
    if T.self == Int64.self { return Int64.self }
    if T.self == Float.self { return Float.self }
    if T.self == UInt64.self { return UInt64.self }
    if T.self == Int32.self { return Int32.self }
    if T.self == UInt.self { return UInt.self }
    if T.self == UInt32.self { return UInt32.self }
    if T.self == Int16.self { return Int16.self }
    if T.self == UInt16.self { return UInt16.self }
    if T.self == Int8.self { return Int8.self }
    if T.self == UInt8.self { return UInt8.self }
    if T.self == Decimal.self { return Decimal.self }
    return nil
}
