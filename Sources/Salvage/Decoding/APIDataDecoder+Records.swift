import Foundation

/// One record of a stream decoded by ``APIDataDecoder/decodeRecords(data:to:)``.
public struct APIDecodeRecord<Value> {
    /// The record's position in the stream, from 0.
    public let index: Int
    /// The line the record starts on, from 1 (locations in its errors count from the start of the stream).
    public let line: Int
    /// The record's value and errors.
    public let result: APIDecodeResult<Value>
}

extension APIDecodeRecord: Sendable where Value: Sendable {}

extension APIDataDecoder {
    /// Decodes a stream of JSON values — JSON Lines / NDJSON, or values simply written one after the other
    /// — into one result per record. Every error's location is its line and column in the whole stream.
    ///
    /// A record that is not valid JSON gets one `invalidJSON` error, and decoding goes on with the next
    /// line, so one bad line costs one record.
    ///
    /// ```swift
    /// for record in APIDataDecoder().decodeRecords(data: ndjson, to: Event.self) {
    ///     if let event = record.result.value { handle(event) }
    ///     record.result.errors.forEach { log("record \(record.index): \($0)") }
    /// }
    /// ```
    public func decodeRecords<T: APIDecodable>(data: Data, to type: T.Type) -> [APIDecodeRecord<T>] {
        DecodeRun.decodeRecords(input: .data(data), to: T.self, options: options)
    }

    /// Decodes a stream of JSON values from a string; see ``decodeRecords(data:to:)``.
    public func decodeRecords<T: APIDecodable>(string: String, to type: T.Type) -> [APIDecodeRecord<T>] {
        DecodeRun.decodeRecords(input: .array(Array(string.utf8)), to: T.self, options: options)
    }
}

extension DecodeRun {
    static func decodeRecords<T: APIDecodable>(input: InputBytes, to type: T.Type, options: APIDecodeOptions) -> [APIDecodeRecord<T>] {
        input.withBytes { bytes in
            let limits = options.parseLimits
            if let failure = limits.inputSizeFailure(bytes.count) {
                // Too large as a whole: one record with the error, nothing parsed.
                let error = JSONSyntaxError(message: failure.message, location: .start)
                return [APIDecodeRecord(index: 0, line: 1, result: invalidJSONError(error, for: T.self, options: options))]
            }
            var records: [APIDecodeRecord<T>] = []
            var position = bytes.count >= 3 && bytes.byte(0) == 0xEF && bytes.byte(1) == 0xBB && bytes.byte(2) == 0xBF ? 3 : 0
            var located = SourceLocation.start
            while true {
                while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes.byte(position)) { position += 1 }
                guard position < bytes.count else { break }
                located = SourceLocation.locate(offset: position, in: bytes, from: located)
                let line = located.line
                switch JSONDocument.parseValue(in: bytes, from: position, limits: limits) {
                case .success(let parsed):
                    let result = withRoot(of: parsed.document, rootNode: 0, rawInput: input, reportsLocations: true, options: options) {
                        $0.decodeRequired(T.self)
                    }
                    records.append(APIDecodeRecord(index: records.count, line: line, result: result))
                    position = parsed.end
                case .failure(let failure):
                    records.append(APIDecodeRecord(index: records.count, line: line, result: invalidJSONError(failure.error, for: T.self, options: options)))
                    // Skip the rest of the bad record's line (at least one byte), then go on.
                    position = max(position + 1, failure.offset)
                    while position < bytes.count, bytes.byte(position) != 0x0A { position += 1 }
                }
            }
            return records
        }
    }
}
