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
            var stream = RecordStream<T>(bytes: bytes, input: input, options: options)
            stream.decodeAll()
            return stream.records
        }
    }
}

/// One pass of `decodeRecords` over the borrowed bytes; `RecordBoundaries` holds the recovery rule.
private struct RecordStream<T: APIDecodable> {
    let bytes: ByteReader
    let input: InputBytes
    let options: APIDecodeOptions
    let limits: ParseLimits
    var records: [APIDecodeRecord<T>] = []
    /// The latest location computed; offsets are located in increasing order, each from the one before.
    var located = SourceLocation.start

    init(bytes: ByteReader, input: InputBytes, options: APIDecodeOptions) {
        self.bytes = bytes
        self.input = input
        self.options = options
        self.limits = options.parseLimits
    }

    mutating func decodeAll() {
        let hasByteOrderMark = bytes.count >= 3 && bytes.byte(0) == 0xEF && bytes.byte(1) == 0xBB && bytes.byte(2) == 0xBF
        var position = hasByteOrderMark ? 3 : 0
        // Set after a broken record, until a line that may be a record: lines that continue a value are skipped.
        var afterFailure = false
        while true {
            position = RecordBoundaries.skipWhitespace(from: position, in: bytes)
            guard position < bytes.count else { break }
            if startsByteOrderMarkAtLineStart(position) {
                // Streams concatenated from files that each begin with one (`cat a.jsonl b.jsonl`).
                position += 3
                continue
            }
            if afterFailure && RecordBoundaries.startsContinuation(bytes.byte(position)) {
                position = RecordBoundaries.nextLine(after: position, in: bytes)
                continue
            }
            let start = locate(position)
            switch JSONDocument.parseValue(in: bytes, from: position, limits: limits) {
            case .success(let parsed):
                if let colon = memberColon(parsed) {
                    // `"key": ...`: an object member, not a record; directly after a broken record, part of it.
                    if !afterFailure {
                        let failure = ParseFailure(message: JSONParser.unexpectedValueMessage(bytes, at: colon), offset: colon)
                        appendFailure(failure, line: start.line, recordStart: position)
                    }
                    afterFailure = true
                    position = RecordBoundaries.nextLine(after: colon, in: bytes)
                    continue
                }
                records.append(APIDecodeRecord(index: records.count, line: start.line, result: decode(parsed.document, from: start)))
                position = parsed.end
                afterFailure = false
            case .failure(let failure):
                position = recover(from: failure, recordStart: position, line: start.line)
                afterFailure = true
            }
        }
    }

    /// Records the broken record that starts at `recordStart`, then the values that begin a later line
    /// inside what its parse read; returns where decoding goes on (see `RecordBoundaries`).
    private mutating func recover(from failure: ParseFailure, recordStart: Int, line: Int) -> Int {
        let scanned = RecordBoundaries.scanFailedRecord(in: bytes, from: recordStart, to: failure.offset)
        var recovered: [(line: Int, result: APIDecodeResult<T>)] = []
        var end = recordStart
        for candidate in scanned.candidates where candidate >= end {
            // The parser accepted these bytes as part of the broken record, so a value that ends before the
            // failure parses; a scalar may still be cut by the failure, or be an object key.
            guard case .success(let parsed) = JSONDocument.parseValue(in: bytes, from: candidate, limits: limits),
                  memberColon(parsed) == nil else { continue }
            let start = locate(candidate)
            recovered.append((start.line, decode(parsed.document, from: start)))
            end = parsed.end
        }
        appendFailure(failure, line: line, recordStart: recordStart)
        for record in recovered {
            records.append(APIDecodeRecord(index: records.count, line: record.line, result: record.result))
        }
        return scanned.failsAtLaterLineStart ? failure.offset : RecordBoundaries.nextLine(after: failure.offset, in: bytes)
    }

    /// Whether a UTF-8 byte order mark begins a line at `offset`.
    private func startsByteOrderMarkAtLineStart(_ offset: Int) -> Bool {
        offset > 0 && offset + 2 < bytes.count && (bytes.byte(offset - 1) == UInt8(ascii: "\n") || bytes.byte(offset - 1) == UInt8(ascii: "\r"))
            && bytes.byte(offset) == 0xEF && bytes.byte(offset + 1) == 0xBB && bytes.byte(offset + 2) == 0xBF
    }

    /// The offset of the `:` after a string value on its line: the value is an object key, not a record.
    private func memberColon(_ parsed: (document: JSONDocument, end: Int)) -> Int? {
        guard parsed.document.kind(0) == .string else { return nil }
        return RecordBoundaries.colon(after: parsed.end, in: bytes)
    }

    private func decode(_ document: JSONDocument, from start: SourceLocation) -> APIDecodeResult<T> {
        DecodeDriver.withRoot(of: document, rootNode: 0, rawInput: input, reportsLocations: true, knownLocation: start, options: options) {
            $0.decodeRequired(T.self)
        }
    }

    /// Appends a record with no value and the one `invalidJSON` error of `failure`, whose value is the
    /// first line of the record starting at `recordStart`.
    private mutating func appendFailure(_ failure: ParseFailure, line: Int, recordStart: Int) {
        let error = JSONSyntaxError(message: failure.message, location: locate(failure.offset), limit: failure.limit)
        let value = DecodeDriver.leadingText(of: bytes, from: recordStart, throughLineEnd: true, options: options)
        records.append(APIDecodeRecord(index: records.count, line: line, result: DecodeDriver.invalidJSONError(error, for: T.self, options: options, value: value)))
    }

    /// The location of `offset`, found from the latest one (offsets only grow).
    private mutating func locate(_ offset: Int) -> SourceLocation {
        located = SourceLocation.locate(offset: offset, in: bytes, from: located)
        return located
    }
}
