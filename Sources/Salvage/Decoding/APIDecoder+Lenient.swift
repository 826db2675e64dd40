/// Lenient conversions for one field and everything inside it (see ``APIDecodeOptions/lenientConversions``
/// for all fields); `lenient: false` makes a field strict even when the option is on.
extension APIDecoder {
    /// Decodes a required value, accepting built-in scalars sent as another JSON type (`"42"` for an
    /// `Int`, `"true"` or `1` for a `Bool`, `42` for a `String`) — each conversion recorded at info level.
    ///
    /// ```swift
    /// let count = decoder["count"].decodeRequired(Int.self, lenient: true)   // "42" → 42, noted
    /// ```
    public func decodeRequired<T: APIDecodable>(_ type: T.Type, lenient: Bool) -> T! {
        withLeniency(lenient) { decodeRequired(T.self) }
    }

    /// Decodes an optional value with lenient conversions; see ``decodeRequired(_:lenient:)``.
    public func decodeOptional<T: APIDecodable>(_ type: T.Type, lenient: Bool) -> T? {
        withLeniency(lenient) { decodeOptional(T.self) }
    }

    private func withLeniency<R>(_ lenient: Bool, _ body: () -> R) -> R {
        // A decoder kept past its decode has no context to set `lenient` on: it just runs `body`.
        let previous = withContext { context in
            let previous = context.state.lenient
            context.state.lenient = lenient
            return previous
        }
        guard let previous else { return body() }
        defer { withContext { $0.state.lenient = previous } }
        return body()
    }
}
