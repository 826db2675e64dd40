import Foundation

/// Decodes a Foundation object tree (as returned by `JSONSerialization`) into an ``APIDecodable`` value.
///
/// ```swift
/// let json: [String: Any] = ["person_id": 1, "first_name": "Ada", "last_name": "Lovelace"]
/// let result = APIJSONObjectDecoder().decode(jsonObject: json, to: Person.self)
/// ```
///
/// Errors carry paths but no source locations, since there is no source text.
public final class APIJSONObjectDecoder: Sendable {
    /// The options every decode of this decoder uses.
    public let options: APIDecodeOptions

    /// Creates a decoder with the given options.
    public init(options: APIDecodeOptions = APIDecodeOptions()) {
        self.options = options
    }

    /// Decodes `jsonObject`: `[String: Any]`, `[Any]`, `String`, `NSNumber`/`Bool`/`Int`/`Double`, `NSNull` or
    /// nil. A tree that JSON cannot represent (e.g. containing a `Date`) gives a nil value and one error.
    public func decode<T: APIDecodable>(jsonObject: Any?, to type: T.Type, options: [String: Any] = [:]) -> APIDecodeResult<T> {
        let options = self.options.merging(options)
        guard let jsonObject else {
            // No value at all: decode from an absent root, so required types report "No value is present".
            let absent = try? JSONDocument.withParsed(.array(Array("[]".utf8))) { empty in
                DecodeRun.decode(document: empty, rootNode: -1, rawInput: nil, reportsLocations: false, to: T.self, options: options)
            }.get()
            return absent ?? APIDecodeResult(value: nil, errors: [])
        }
        // Wrap the value in an array so that any scalar is accepted, then decode element 0 as the root.
        let wrapped: [Any] = [jsonObject]
        let rootKey = APICodingKey(hashKey: options.rootName, swiftType: T.self)
        guard JSONSerialization.isValidJSONObject(wrapped), let data = try? JSONSerialization.data(withJSONObject: wrapped, options: []) else {
            let message = "The object tree cannot be represented as JSON (\(Swift.type(of: jsonObject)))"
            return APIDecodeResult(value: nil, errors: [APIDecodeError(path: [rootKey], reason: .other(message: message))])
        }
        let outcome = JSONDocument.withParsed(.data(data), limits: ParseLimits(maximumDepth: options.effectiveMaximumDepth + 1)) { document in
            DecodeRun.decode(document: document, rootNode: 1, rawInput: nil, reportsLocations: false, to: T.self, options: options)
        }
        switch outcome {
        case .success(let result):
            return result
        case .failure(let error):
            // The tree is valid JSON and only its depth is limited (the wrapper adds one level; size and
            // string limits guard the parser against raw bytes, which an object tree is not), so the only
            // possible failure is its depth; its location would point
            // into text the caller never saw, so only the message is kept.
            return APIDecodeResult(value: nil, errors: [APIDecodeError(path: [rootKey], reason: .other(message: error.message))])
        }
    }

    /// LastMile's earlier spelling of ``decode(jsonObject:to:options:)``.
    public func decode<T: APIDecodable>(json: Any?, to type: T.Type, options: [String: Any] = [:]) -> APIDecodeResult<T> {
        decode(jsonObject: json, to: T.self, options: options)
    }
}
