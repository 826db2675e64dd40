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
    /// Records are JSON values separated by whitespace. A record that parses is one record however many
    /// lines it spans (a pretty-printed value), and a line may hold several (`{"a":1}{"a":2}`). Blank lines
    /// yield nothing; a UTF-8 byte order mark at the start of a line is ignored (files concatenated). A
    /// record that is not valid JSON gets one `invalidJSON` error (located where the parser stopped) and
    /// costs only itself — it never swallows the lines after its first one:
    ///
    /// - Every later line that begins a complete value inside what the parser read of the broken record is
    ///   a record of its own: a truncated `{"n":1` line followed by `{"n":2}` yields an error, then `n = 2`.
    /// - Decoding goes on at the byte the parser stopped at when it begins a later line (that line is then
    ///   tried as a record), otherwise at the next line.
    /// - Directly after a broken record, lines that can only be the rest of a broken value — starting with
    ///   `}`, `]`, `,` or `:`, or with an object key (`"key":`) — are skipped as part of it. Anywhere else
    ///   such a line is an `invalidJSON` record of its own: an object key is never a record.
    ///
    /// Recovery reads each byte a bounded number of times, so any number of broken lines decodes in linear time.
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
            if let failure = options.parseLimits.inputSizeFailure(bytes.count) {
                // Too large as a whole: one record with the error, nothing parsed.
                let error = JSONSyntaxError(message: failure.message, location: .start)
                return [APIDecodeRecord(index: 0, line: 1, result: invalidJSONError(error, for: T.self, options: options))]
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
                        appendFailure(failure, line: start.line)
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
        appendFailure(failure, line: line)
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
        DecodeRun.withRoot(of: document, rootNode: 0, rawInput: input, reportsLocations: true, knownLocation: start, options: options) {
            $0.decodeRequired(T.self)
        }
    }

    /// Appends a record with no value and the one `invalidJSON` error of `failure`.
    private mutating func appendFailure(_ failure: ParseFailure, line: Int) {
        let error = JSONSyntaxError(message: failure.message, location: locate(failure.offset))
        records.append(APIDecodeRecord(index: records.count, line: line, result: DecodeRun.invalidJSONError(error, for: T.self, options: options)))
    }

    /// The location of `offset`, found from the latest one (offsets only grow).
    private mutating func locate(_ offset: Int) -> SourceLocation {
        located = SourceLocation.locate(offset: offset, in: bytes, from: located)
        return located
    }
}
