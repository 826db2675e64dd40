import Foundation

extension APIDataDecoder {
    /// Decodes a model from a ``JSONValue`` — a cached response, a kept part of a payload, a value built by
    /// hand — with the same paths, errors and options as from bytes. Errors have no source location: there
    /// is no source text.
    ///
    /// ```swift
    /// let cached: JSONValue = ["person_id": 1, "first_name": "Ada", "last_name": "Lovelace"]
    /// let result = APIDataDecoder().decode(jsonValue: cached, to: Person.self)
    /// ```
    ///
    /// An object's members are decoded in the byte order of their keys (a ``JSONValue/object(_:)`` keeps no
    /// order), so errors that follow the document's order — in a `[String: T]`, unknown keys — come in that
    /// order, the same in every run.
    ///
    /// A value that cannot be written as JSON (a ``JSONNumber`` whose text is not a number) or that is deeper
    /// than ``APIDecodeOptions/maximumDepth`` gives a nil value and one error at the root.
    public func decode<T: APIDecodable>(jsonValue: JSONValue, to type: T.Type) -> APIDecodeResult<T> {
        let rootKey = APICodingKey(hashKey: options.rootName, swiftType: T.self)
        let bytes: [UInt8]
        do throws(JSONValueError) {
            // Sorted keys: an object's members have no order of their own (a dictionary's changes from run to
            // run), so errors that follow the document's order (lossy dictionaries, unknown keys) come in the
            // byte order of their keys, the same in every run.
            bytes = try jsonValue.jsonBytes(options: [.withoutEscapingSlashes, .sortedKeys])
        } catch {
            return APIDecodeResult(value: nil, errors: [APIDecodeError(path: [rootKey], reason: .other(message: error.description))])
        }
        // Only the depth limits a value: size and string limits guard the parser against raw bytes.
        let limits = ParseLimits(maximumDepth: options.effectiveMaximumDepth)
        let options = self.options
        let outcome = JSONDocument.withParsed(.array(bytes), limits: limits) { document in
            DecodeDriver.decode(document: document, rootNode: 0, rawInput: nil, reportsLocations: false, to: T.self, options: options)
        }
        switch outcome {
        case .success(let result):
            return result
        case .failure(let error):
            // Text written from a value is valid JSON: the only possible failure is its depth.
            return APIDecodeResult(value: nil, errors: [APIDecodeError(path: [rootKey], reason: .other(message: error.message))])
        }
    }
}
