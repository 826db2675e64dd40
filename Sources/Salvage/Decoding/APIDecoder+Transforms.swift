/// Decoding a value and converting it with your own closure, e.g. a number sent as a string.
extension APIDecoder {
    /// Decodes a required `T` here and converts it with `transform`. Absent, null, undecodable or rejected
    /// by the transform (nil or a thrown error) gives nil, records an error and fails the model.
    ///
    /// ```swift
    /// let id = decoder["id"].decodeRequired(String.self) { Int($0) }   // "100" → 100
    /// ```
    ///
    /// A rejected value is an ``APIDecodeErrorReason/invalidFormat(value:type:expected:)`` error naming
    /// the JSON text, the target type and, when the closure threw, its error.
    public func decodeRequired<T: APIDecodable, U>(_ type: T.Type, transform: (T) throws -> U?) -> U! {
        decode(U.self, required: true) { $0.transformed(T.self, transform) }
    }

    /// Decodes an optional `T` here and converts it with `transform`: absent or null gives nil silently; an
    /// undecodable or rejected value gives nil and records an error without failing the model.
    public func decodeOptional<T: APIDecodable, U>(_ type: T.Type, transform: (T) throws -> U?) -> U? {
        decode(U.self, required: false) { $0.transformed(T.self, transform) }
    }

    private func transformed<T: APIDecodable, U>(_ type: T.Type, _ transform: (T) throws -> U?) -> U? {
        guard let decoded = T._salvageDecode(at: self) else { return nil }
        let reason: String
        do {
            if let converted = try transform(decoded) { return converted }
            reason = "a value the transform accepts"
        } catch {
            // What the closure threw may quote the value in any form: leave it out when the value is redacted,
            // and escape its control characters otherwise, so a line break in it cannot split the description.
            let redacted = withContext { $0.redactsValue(at: self) } ?? true
            reason = "a value the transform accepts (it threw: \(redacted ? "<redacted>" : escapingControlCharacters("\(error)")))"
        }
        withContext { context in
            context.record(.invalidFormat(value: context.document.valueText(node), type: "\(U.self)", expected: reason), at: self, decoding: U.self)
        }
        return nil
    }
}
