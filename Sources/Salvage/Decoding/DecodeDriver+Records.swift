import Foundation

// Decoding a stream of records (NDJSON or a top-level array), each with its own result.
extension DecodeDriver {
    /// `decodeRecords` of `data`, each record decoded and appended by `appendRecord` (made in the caller's module
    /// by the inlinable `APIDataDecoder.decodeRecords`, so specialized for the model; see `RecordAppending.swift`).
    @usableFromInline
    static func decodeRecords<T: APIDecodable>(data: Data, options: APIDecodeOptions, appendRecord: @escaping RecordAppender<T>) -> [APIDecodeRecord<T>] {
        decodeRecords(input: .data(data), to: T.self, options: options, appendRecord: appendRecord)
    }

    /// `decodeRecords` of `bytes`; see `decodeRecords(data:options:appendRecord:)`.
    @usableFromInline
    static func decodeRecords<T: APIDecodable>(bytes: [UInt8], options: APIDecodeOptions, appendRecord: @escaping RecordAppender<T>) -> [APIDecodeRecord<T>] {
        decodeRecords(input: .array(bytes), to: T.self, options: options, appendRecord: appendRecord)
    }

    static func decodeRecords<T: APIDecodable>(input: InputBytes, to type: T.Type, options: APIDecodeOptions,
                                               appendRecord: @escaping RecordAppender<T> = { RecordAppending.append(to: &$0, index: $1, line: $2, context: $3) })
        -> [APIDecodeRecord<T>] {
        input.withBytes { bytes in
            if let failure = options.parseLimits.inputSizeFailure(bytes.count) {
                // Too large as a whole: one record with the error, nothing parsed.
                let error = JSONSyntaxError(message: failure.message, location: .start, limit: failure.limit)
                let value = leadingText(of: bytes, from: 0, throughLineEnd: true, options: options)
                return [APIDecodeRecord(index: 0, line: 1, result: invalidJSONError(error, for: T.self, options: options, value: value))]
            }
            // The whole input is one window that ends the stream: the streamed path's rules, decided at once.
            var engine = RecordStreamEngine<T>(options: options, layout: .values, rawInput: input, appendRecord: appendRecord)
            engine.run(window: bytes, atEnd: true)
            return engine.records
        }
    }
}
