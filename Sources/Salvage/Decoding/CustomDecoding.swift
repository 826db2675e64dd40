/// Your own decoding for a type, defined once and used with `-->` wherever that type appears — also for
/// types you cannot conform to ``APIDecodable`` (e.g. classes from another framework):
///
/// ```swift
/// extension CustomDecoding where Value == Colour {
///     static let colour = CustomDecoding("a colour like \"#ff8800\" or {\"red\": 255, …}") { decoder in
///         if decoder.jsonElement == .string { return (decoder --> String.self).flatMap(Colour.init(hex:)) }
///         guard let (red, green, blue) = decoder.all(decoder["red"] --> Int.self, decoder["green"] --> Int.self,
///                                                      decoder["blue"] --> Int.self) else { return nil }
///         return Colour(red: red, green: green, blue: blue)
///     }
/// }
///
/// let background = decoder["background"] --> .colour      // required
/// let border = decoder["border"].decodeOptional(using: .colour)
/// ```
///
/// The closure runs for present, non-null values, as a model of its own: errors it records are tagged
/// with `Value`, and returning nil without recording anything records
/// ``APIDecodeErrorReason/invalidFormat(value:type:expected:)`` with `expectation`.
public struct CustomDecoding<Value>: Sendable {
    /// What the decoding accepts, as shown in errors.
    public let expectation: String
    let decode: @Sendable (APIDecoder) -> Value?

    /// A decoding described by `expectation` (shown in errors) and performed by `decode`.
    public init(_ expectation: String, _ decode: @escaping @Sendable (APIDecoder) -> Value?) {
        self.expectation = expectation
        self.decode = decode
    }
}

extension APIDecoder {
    /// Decodes a required value with `decoding`: absent, null or rejected gives nil, records an error and
    /// fails the enclosing model.
    public func decodeRequired<Value>(using decoding: CustomDecoding<Value>) -> Value! {
        decode(Value.self, required: true) { $0.run(decoding) }
    }

    /// Decodes an optional value with `decoding`: absent or null gives nil silently; rejected gives nil and
    /// records an error without failing the enclosing model.
    public func decodeOptional<Value>(using decoding: CustomDecoding<Value>) -> Value? {
        decode(Value.self, required: false) { $0.run(decoding) }
    }

    /// Runs `decoding` in a frame of its own, like a model: a value returned from a failed frame is
    /// discarded, and nil without an error explaining it records `invalidFormat` with the expectation.
    private func run<Value>(_ decoding: CustomDecoding<Value>) -> Value? {
        withFrame(for: Value.self) { child in
            let errorsBefore = child.withContext { $0.errorCount } ?? 0
            let value = decoding.decode(child)
            if value == nil && child.explainRejection(since: errorsBefore, of: Value.self, expectation: decoding.expectation) {
                return nil
            }
            return child.keepsModel(returned: value != nil, of: Value.self) ? value : nil
        }
    }
}

/// Decodes a **required** value with your own decoding: `decoder["background"] --> .colour`.
public func --> <Value>(decoder: APIDecoder, decoding: CustomDecoding<Value>) -> Value! {
    decoder.decodeRequired(using: decoding)
}
