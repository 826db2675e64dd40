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
                DecodeDriver.decode(document: empty, rootNode: -1, rawInput: nil, reportsLocations: false, to: T.self, options: options)
            }.get()
            return absent ?? APIDecodeResult(value: nil, errors: [])
        }
        // Wrap a scalar in an array so that Foundation accepts it, then decode element 0 as the root. An array or
        // object is serialized as it is: wrapped, the deepest tree `maximumDepth` allows by default (512 levels)
        // was one level more than `JSONSerialization` takes, and refused as "cannot be represented".
        let isContainer = jsonObject is [Any] || jsonObject is [String: Any]
        let wrapped: Any = isContainer ? jsonObject : [jsonObject]
        let rootKey = APICodingKey(hashKey: options.rootName, swiftType: T.self)
        let limits = ParseLimits(maximumDepth: options.effectiveMaximumDepth + (isContainer ? 0 : 1))
        // Foundation's serialization recurses once per level, with more stack per level than a small thread
        // has for the deepest tree the limit allows, and with no limit of its own: measure the depth first
        // (iteratively), refuse a tree deeper than the limit, and serialize a deep one on a fresh stack.
        let depth = APIJSONObjectDecoder.depth(of: wrapped, stoppingAbove: limits.maximumDepth)
        guard depth <= limits.maximumDepth else {
            // The limit the caller set, not the one counting the wrapper.
            let message = ParseLimits(maximumDepth: options.effectiveMaximumDepth).depthMessage
            return APIDecodeResult(value: nil, errors: [APIDecodeError(path: [rootKey], reason: .other(message: message))])
        }
        let serialize = { () -> Data? in
            guard JSONSerialization.isValidJSONObject(wrapped) else { return nil }
            return try? JSONSerialization.data(withJSONObject: wrapped, options: [])
        }
        guard let data = depth <= 16 && StackGuard.hasRoom() ? serialize() : StackGuard.runOnFreshStack(serialize) ?? nil else {
            let message = "The object tree cannot be represented as JSON (\(Swift.type(of: jsonObject)))"
            return APIDecodeResult(value: nil, errors: [APIDecodeError(path: [rootKey], reason: .other(message: message))])
        }
        let outcome = JSONDocument.withParsed(.data(data), limits: limits) { document in
            DecodeDriver.decode(document: document, rootNode: isContainer ? 0 : 1, rawInput: nil, reportsLocations: false, to: T.self, options: options)
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

    /// The nesting depth of arrays and dictionaries in `tree` (a scalar is 0), counted without recursion;
    /// stops at the first level deeper than `limit`.
    private static func depth(of tree: Any, stoppingAbove limit: Int) -> Int {
        var pending: [(value: Any, depth: Int)] = [(tree, 0)]
        var deepest = 0
        while let (value, depth) = pending.popLast() {
            let children: [Any]
            if let array = value as? [Any] {
                children = array
            } else if let object = value as? [String: Any] {
                children = Array(object.values)
            } else {
                continue
            }
            deepest = max(deepest, depth + 1)
            if deepest > limit { return deepest }
            pending.append(contentsOf: children.lazy.map { ($0, depth + 1) })
        }
        return deepest
    }

    /// LastMile's earlier spelling of ``decode(jsonObject:to:options:)``.
    public func decode<T: APIDecodable>(json: Any?, to type: T.Type, options: [String: Any] = [:]) -> APIDecodeResult<T> {
        decode(jsonObject: json, to: T.self, options: options)
    }
}
