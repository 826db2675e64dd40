import Foundation

/// One decode from start to end: parse, decode the root, collect the errors — all while the input
/// bytes are borrowed, so they are never copied.
@usableFromInline
enum DecodeDriver {
    /// A large top-level `[T]` goes a batch of elements at a time, with the same result (`ArrayBatchDecoding.swift`).
    static func decode<T: APIDecodable>(input: InputBytes, to type: T.Type, options: APIDecodeOptions,
                                        batching: ArrayBatching = .standard) -> APIDecodeResult<T> {
        if input.count >= batching.threshold, let result = decodeInBatches(input, to: T.self, options: options, batchBytes: batching.batchBytes) {
            return result
        }
        return parse(input, options: options, ifInvalid: { invalidJSON($0, input: input, value: $1, to: T.self, options: options) }) { document in
            decode(document: document, rootNode: 0, rawInput: input, reportsLocations: true, to: T.self, options: options)
        }
    }

    /// Parses `input` and runs `body` with the document while the bytes are borrowed, or returns
    /// `ifInvalid`'s result for input that is not JSON (given the error's `value`, the input's first bytes).
    static func parse<V>(_ input: InputBytes, options: APIDecodeOptions, ifInvalid: (JSONSyntaxError, String?) -> APIDecodeResult<V>,
                                 _ body: (JSONDocument) -> APIDecodeResult<V>) -> APIDecodeResult<V> {
        input.withBytes { bytes in
            do throws(JSONSyntaxError) {
                return body(try JSONDocument.parse(bytes, limits: options.parseLimits))
            } catch {
                return ifInvalid(error, leadingText(of: bytes, from: 0, throughLineEnd: false, options: options))
            }
        }
    }

    /// Decodes the root of `document`; must run while the document's bytes are borrowed.
    static func decode<T: APIDecodable>(document: JSONDocument, rootNode: Int, rawInput: InputBytes?, reportsLocations: Bool,
                                        to type: T.Type, options: APIDecodeOptions) -> APIDecodeResult<T> {
        withRoot(of: document, rootNode: rootNode, rawInput: rawInput, reportsLocations: reportsLocations, options: options) {
            $0.decodeRequired(T.self)
        }
    }

    /// Runs `body` with the root decoder of `document` and collects the result and the errors.
    static func withRoot<V>(of document: JSONDocument, rootNode: Int, rawInput: InputBytes?, reportsLocations: Bool,
                            knownLocation: SourceLocation = .start, offsetBase: Int = 0, options: APIDecodeOptions,
                            _ body: (APIDecoder) -> V?) -> APIDecodeResult<V> {
        let context = DecodingContext(document: document, rootNode: rootNode, options: options, rawInput: rawInput,
                                      reportsLocations: reportsLocations, knownLocation: knownLocation, offsetBase: offsetBase)
        return withRoot(in: context, body)
    }

    /// Runs `body` with the root decoder of `context`, a context not yet begun, from `begin()` to `end()`,
    /// and collects the result and the errors.
    /// Always inlined: in a generic caller that is not specialized (a stream's engine), each function looks
    /// up the metadata of `V?` and `APIDecodeResult<V>` anew; inlined, the caller's look-ups are shared.
    @inline(__always)
    static func withRoot<V>(in context: DecodingContext, _ body: (APIDecoder) -> V?) -> APIDecodeResult<V> {
        var value: V?
        runRoot(in: context) { value = body($0) }
        return APIDecodeResult(value: value, errors: context.errors, unrecordedErrorCount: context.unrecordedErrorCount)
    }

    /// Runs `body` with the root decoder of `context`, a context not yet begun, from `begin()` to `end()`.
    /// The errors stay in the ended context (`errors`, `unrecordedErrorCount`) until its ledger goes to a
    /// successor. Not generic, so a caller specialized for its model looks no metadata up here.
    @usableFromInline
    static func runRoot(in context: DecodingContext, _ body: (APIDecoder) -> Void) {
        context.begin()
        defer { context.end() }
        APIDecoder.withRootFrame(in: context, body)
        assert(context.state.count == 0, "\(context.state.count) frames left open after the decode")
        context.state.finishUnknownKeys()
    }

    /// The result for input that is not JSON: no value (except for ``ResponseData``) and one error.
    static func invalidJSON<T: APIDecodable>(_ error: JSONSyntaxError, input: InputBytes, value: String?, to type: T.Type,
                                             options: APIDecodeOptions) -> APIDecodeResult<T> {
        if T._salvageDecodesAbsence, let result = try? JSONDocument.withParsed(.array(Array("null".utf8)), { empty in
            // ResponseData wants the bytes, not the JSON: give them, with no error.
            decode(document: empty, rootNode: 0, rawInput: input, reportsLocations: false, to: T.self, options: options)
        }).get() {
            return result
        }
        return invalidJSONError(error, for: T.self, options: options, value: value)
    }

    /// No value and one `invalidJSON` error at the root, keeping `value` (the input's first bytes, see
    /// `leadingText`), whose diagnostic shows no source line when values are redacted: the line may hold one.
    static func invalidJSONError<T>(_ error: JSONSyntaxError, for type: T.Type, options: APIDecodeOptions, value: String?) -> APIDecodeResult<T> {
        let rootKey = APICodingKey(hashKey: options.rootName, swiftType: T.self)
        let redacts = !options.redactedKeys.isEmpty || !options.redactedPaths.isEmpty
        // A redacting decode quotes no byte of the input in the message either (it may be part of a value).
        var invalid = APIDecodeError(path: [rootKey], reason: .invalidJSON(redacts ? error.withoutInputText() : error), location: error.location)
        invalid.value = value
        invalid.hidesSource = redacts
        return APIDecodeResult(value: nil, errors: [invalid])
    }
}
