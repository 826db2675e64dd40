import Foundation

// Some LastMile versions built number errors from the number's text (`value: String`); others, like
// LastMile 1.0's reasons and Salvage, from a `Decimal`. These overloads let code that passes a string
// compile unchanged.
extension APIDecodeError {
    /// A ``APIDecodeErrorReason/numericOverflow(value:type:)`` error from the number's text, as some
    /// LastMile versions took it.
    ///
    /// A text that a `Decimal` gives back unchanged (`"300"`) becomes `numericOverflow`, so the error equals
    /// the one Salvage records for that number; any other text is kept as written
    /// (``APIDecodeErrorReason/numericOverflowAsWritten(text:type:)``). The description is the same either way:
    ///
    /// ```swift
    /// let error = APIDecodeError(path: ["root", "count"], value: "300", overflowedType: "Int8")
    /// print(error) // root > "count" : Value 300 does not fit in Int8
    /// ```
    public init(path: [APICodingKey], value: String, overflowedType: String) {
        if let number = Self.exactDecimal(value) {
            self.init(path: path, reason: .numericOverflow(value: number, type: overflowedType))
        } else {
            self.init(path: path, reason: .numericOverflowAsWritten(text: value, type: overflowedType))
        }
    }

    /// A ``APIDecodeErrorReason/lossOfPrecision(value:type:)`` error from the number's text, as some
    /// LastMile versions took it: `APIDecodeError(path: ["root", "count"], value: "2.5", impreciseType: "Int")`.
    ///
    /// As with `init(path:value:overflowedType:)`, a text a `Decimal` gives back unchanged becomes
    /// `lossOfPrecision`, any other is kept as written (``APIDecodeErrorReason/lossOfPrecisionAsWritten(text:type:)``).
    public init(path: [APICodingKey], value: String, impreciseType: String) {
        if let number = Self.exactDecimal(value) {
            self.init(path: path, reason: .lossOfPrecision(value: number, type: impreciseType))
        } else {
            self.init(path: path, reason: .lossOfPrecisionAsWritten(text: value, type: impreciseType))
        }
    }

    /// The `Decimal` whose text is exactly `text`, or nil.
    private static func exactDecimal(_ text: String) -> Decimal? {
        guard let number = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !number.isNaN,
              "\(number)" == text else { return nil }
        return number
    }
}
