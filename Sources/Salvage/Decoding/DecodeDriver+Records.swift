import Foundation

// Decoding a stream of records (NDJSON or a top-level array), each with its own result.
extension DecodeDriver {
    static func decodeRecords<T: APIDecodable>(input: InputBytes, to type: T.Type, options: APIDecodeOptions) -> [APIDecodeRecord<T>] {
        input.withBytes { bytes in
            if let failure = options.parseLimits.inputSizeFailure(bytes.count) {
                // Too large as a whole: one record with the error, nothing parsed.
                let error = JSONSyntaxError(message: failure.message, location: .start, limit: failure.limit)
                let value = leadingText(of: bytes, from: 0, throughLineEnd: true, options: options)
                return [APIDecodeRecord(index: 0, line: 1, result: invalidJSONError(error, for: T.self, options: options, value: value))]
            }
            // The whole input is one window that ends the stream: the streamed path's rules, decided at once.
            var engine = RecordStreamEngine<T>(options: options, layout: .values, rawInput: input)
            engine.run(window: bytes, atEnd: true)
            return engine.records
        }
    }
}
