// Which decode context each record of a stream is decoded with.

extension RecordStreamEngine {
    /// Decodes the record `document`, which starts at `start`, on its own (after a broken record; records that
    /// parse go through `appendRecord`). Always inlined into its callers, like `append`: the engine is not
    /// specialized for the model, so every function looks up the metadata of `T?`, `APIDecodeResult<T>` and
    /// `APIDecodeRecord<T>` anew (a few hundred instructions each); inlined, one look-up of each serves.
    @inline(__always)
    mutating func decode(_ document: JSONDocument, from start: SourceLocation) -> APIDecodeResult<T> {
        let context = context(for: document, from: start)
        let result = DecodeDriver.withRoot(in: context) { $0.decodeRequired(T.self) }
        spareContext = context
        return result
    }

    /// The context to decode the record `document` starting at `start` with: the last record's, restarted, when
    /// `parseRecord` parsed the record into that context's document; the successor of the last record's when the engine holds the one reference to that (a Swift `Decodable` kept from that record
    /// holds its context, whose ledger must stay that record's), or else a new one. Give it back in `spareContext`.
    mutating func context(for document: JSONDocument, from start: SourceLocation) -> DecodingContext {
        let relative = SourceLocation(offset: start.offset - windowStart, line: start.line, column: start.column)
        if let spare = spareContext, spare.document === document, spare.restart(knownLocation: relative, offsetBase: windowStart) {
            // The record was parsed into the last record's document (`parseRecord`): decoded in that context too.
            return spare
        }
        if var spare = spareContext.take(), isKnownUniquelyReferenced(&spare),
           let next = spare.successor(document: document, knownLocation: relative, offsetBase: windowStart) {
            return next
        }
        return DecodingContext(document: document, rootNode: 0, options: phase == .values ? options : elementOptions,
                               rawInput: rawInput, reportsLocations: true,
                               knownLocation: relative, offsetBase: windowStart, isReusable: true)
    }

    // Always inlined, like `decode`, for the same reason.
    @inline(__always)
    mutating func append(line: Int, result: consuming APIDecodeResult<T>) {
        // `consuming`: the result moves into the record (no value-witness copy of an unspecialized generic value).
        errorCount += result.errors.count + result.unrecordedErrorCount
        records.append(APIDecodeRecord(index: recordCount, line: line, result: result))
        recordCount += 1
    }

    /// Appends a record with no value and the one `invalidJSON` error of `failure`, whose value is the
    /// first line of the record starting at `recordStart` (offsets in the window).
    mutating func appendFailure(_ failure: ParseFailure, line: Int, recordStart: Int, _ bytes: ByteReader) {
        let error = JSONSyntaxError(message: failure.message, location: locate(windowStart + failure.offset, bytes), limit: failure.limit)
        let value = DecodeDriver.leadingText(of: bytes, from: recordStart, throughLineEnd: true, options: options)
        append(line: line, result: DecodeDriver.invalidJSONError(error, for: T.self, options: options, value: value))
    }

    /// The most nodes a reused tape may hold (786 KB): a record larger than that leaves its tape to be freed with
    /// its context, so one large record does not keep its memory for the rest of the stream.
    static var largestReusedTape: Int { 1 << 16 }

    /// Parses the value at `index` of the window `bytes`: into the tape of the last record's document when its
    /// context can decode this record in place (nothing else holds it, and it read the same window), so the
    /// record allocates no tape, document or context (`context(for:from:)` restarts that context); otherwise into
    /// a new document.
    mutating func parseRecord(at index: Int, _ bytes: ByteReader) -> ParsedRecord {
        if isKnownUniquelyReferenced(&spareContext), let spare = spareContext, spare.canRestart(reading: bytes) {
            let document = spare.document
            if document.tape.capacity <= Self.largestReusedTape {
                switch document.tape.parseValue(in: bytes, from: index, limits: limits) {
                case .success(let end): return .parsed(document, end: end)
                case .failure(let failure): return .failed(failure)
                }
            }
        }
        switch JSONDocument.parseValue(in: bytes, from: index, limits: limits, expectedBytes: expectedRecordSize) {
        case .success(let parsed): return .parsed(parsed.document, end: parsed.end)
        case .failure(let failure): return .failed(failure)
        }
    }
}

/// What `RecordStreamEngine.parseRecord` found at a record's start: a document and the offset after its value,
/// or why it is not JSON. Not a `Result` of a tuple: the engine is not specialized, and destroying that `Result`
/// went through its metadata and value witnesses (about 110 instructions a record).
enum ParsedRecord {
    case parsed(JSONDocument, end: Int)
    case failed(ParseFailure)
}
