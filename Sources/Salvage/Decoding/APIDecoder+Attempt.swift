// Tentative decoding: `attempt` and `decodeOneOf`, for payloads that may take one of several shapes.

/// One way to decode a value for ``APIDecoder/decodeOneOf(_:)``: a model wrapped into the result type, or
/// your own closure.
///
/// ```swift
/// enum Pet { case cat(Cat), dog(Dog) }
/// let pet = decoder["pet"].decodeOneOf(.model(Cat.self, Pet.cat), .model(Dog.self, Pet.dog))
/// ```
public struct APIAlternative<T> {
    /// The name an error gives this alternative (a model's type name).
    public let name: String
    let decode: (APIDecoder) -> T?

    /// An alternative named `name` that decodes with `decode` (nil: it does not fit).
    public init(_ name: String, decode: @escaping (APIDecoder) -> T?) {
        self.name = name
        self.decode = decode
    }

    /// Decodes the value as model `type` (required: any failure of the model means it does not fit) and
    /// wraps it, usually into an enum case: `.model(Cat.self, Pet.cat)`.
    public static func model<A: APIDecodable>(_ type: A.Type, _ wrap: @escaping (A) -> T) -> APIAlternative<T> {
        APIAlternative("\(A.self)") { decoder in (decoder.decodeRequired(A.self) as A?).map(wrap) }
    }
}

extension APIDecoder {
    /// Runs `body` tentatively: the errors it records are kept when it returns a value, and set aside
    /// (removed, not counted) when it returns nil, with the failure of any model they caused. Attempts nest,
    /// work under ``APIDecodeOptions/maximumRecordedErrors`` (errors counted past the cap inside a failed
    /// attempt are uncounted) and with ``APIDecodeOptions/reportsUnknownKeys``: unknown-key entries recorded
    /// inside a failed attempt are set aside too, but keys it read count as read (an alternative knew them).
    ///
    /// ```swift
    /// let pet: Pet? = decoder.attempt { ($0 --> Cat?.self).map(Pet.cat) } ?? decoder.attempt { ($0 --> Dog?.self).map(Pet.dog) }
    /// ```
    public func attempt<T>(_ body: (APIDecoder) -> T?) -> T? {
        withContext { context in context.attempt { body(self) }.value } ?? nil
    }

    /// Decodes the value here with the first alternative that fits, each tried in an ``attempt(_:)``: the
    /// errors of the alternatives that did not fit are not recorded. When none fits, one
    /// `noAlternativeMatched` error (code `no_alternative_matched`) names each alternative and its first
    /// error, and the model fails, as for a required value (missing or `null` is reported as such).
    ///
    /// ```swift
    /// let pet = decoder["pet"].decodeOneOf(.model(Cat.self, Pet.cat), .model(Dog.self, Pet.dog))
    /// // root > "pet" : No alternative matched: Cat (["meow"] : No value is present), Dog (["bark"] : …)
    /// ```
    public func decodeOneOf<T>(_ alternatives: APIAlternative<T>...) -> T? {
        withContext { context in
            guard node >= 0, !context.document.isNull(node) else {
                reportMissing(decoding: T.self, required: true)
                failRequired()
                return nil
            }
            var reasons: [String] = []
            for alternative in alternatives {
                let outcome = context.attempt { alternative.decode(self) }
                if let value = outcome.value { return value }
                reasons.append(explanation(of: outcome.setAside.first, in: context))
            }
            context.record(.noAlternativeMatched(tried: alternatives.map(\.name), reasons: reasons), at: self, decoding: T.self)
            failRequired()
            return nil
        } ?? nil
    }

    /// An alternative's first error, with its path below this value: `["meow"] : No value is present`.
    private func explanation(of error: APIDecodeError?, in context: DecodingContext) -> String {
        guard let error else { return "not decoded" }
        let depth = BreadcrumbBuilder(context: context).path(to: self, decoding: nil).count
        let below = error.path.dropFirst(depth).map(\.description).joined()
        return below.isEmpty ? "\(error.reason)" : "\(below) : \(error.reason)"
    }
}
