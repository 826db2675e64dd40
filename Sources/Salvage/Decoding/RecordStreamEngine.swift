import Foundation

/// Decodes a stream of records — NDJSON / values one after another, or the elements of a top-level array —
/// from a *window* of the stream that may end before the stream does, so a file of any size decodes in
/// memory bounded by its largest record.
///
/// `run(window:atEnd:)` decodes every record the window completes and stops at the first one it cannot
/// decide without later bytes; the caller then drops what was consumed (`consumedPrefix`), appends the
/// next chunk and runs again from the same absolute offset. The in-memory `decodeRecords` is the special
/// case of one window holding the whole input, so both paths share every rule (`RecordBoundaries`).
///
/// A step is decided by the window alone when:
/// - a parsed value is a container (its closing byte ends it), or a following non-blank byte is in the
///   window (a number may go on; a string may be an object key followed by `:`);
/// - a parse failure lies 16 bytes or more before the window's end with a line break after it (the
///   parser looks at most 12 bytes ahead, and an unterminated string is reported at its opening quote,
///   but a string cannot hold a raw line break, so the break would have failed it first), or without one
///   when what recovering reads is in the window (`brokenElementIsDecided`, `brokenValueIsDecided`);
/// - a line break ends a line being skipped.
/// Otherwise the step waits for more bytes, or for the end of the stream, which decides everything.
/// Array elements that parse are parsed a batch at a time and decoded one record each, with the same outcome
/// (`RecordStreamEngine+Batches.swift`).
struct RecordStreamEngine<T: APIDecodable> {
    /// What the stream holds.
    enum Layout {
        /// Values one after another (`decodeRecords`).
        case values
        /// The elements of a top-level array when the first value starts with `[`, otherwise `.values`.
        case automatic
    }

    enum Phase: Equatable {
        case detect, values
        /// A value is expected in an array (`first`: directly after `[`, where `]` may close it).
        case element(first: Bool)
        /// `,` or `]` is expected after an element.
        case separator
        /// After a broken element: `,`, `]` or the next element.
        case resync
        /// After `]`: the end, another array, or garbage.
        case afterArray
        /// In the envelope object: a key is expected (`first`: directly after `{`, where `}` may close it).
        case envelopeMember(first: Bool)
        /// In the envelope object, after a member: `,` or `}`.
        case envelopeSeparator
        case done
    }

    let options: APIDecodeOptions
    /// `options` for the elements of a top-level or envelope array: redaction sees the steps above the element.
    let elementOptions: APIDecodeOptions
    let limits: ParseLimits
    let rawInput: InputBytes?
    private let layout: Layout
    /// The member of an envelope object whose array holds the records (`records(from:to:at:)`), or nil.
    let recordsMember: [UInt8]?
    /// The envelope's other members as JSON text (`{…}`), once the envelope began; nil when there is none.
    var envelopeText: [UInt8]?
    /// Whether the records' array is inside the envelope (its `]` returns to the envelope's members).
    var inEnvelope = false
    /// Whether `envelopeText` has its closing `}`.
    var envelopeClosed = false
    /// Whether the envelope's records member was met (an array streamed, or another value reported).
    var metRecordsMember = false
    /// The most bytes one record may take before it is reported and skipped (streams only).
    let maximumRecordSize: Int
    var phase = Phase.detect
    /// The absolute offset (in the whole stream) of the window's first byte.
    private(set) var windowStart = 0
    /// The absolute offset where decoding goes on.
    var position = 0
    /// Finds locations (absolute) from the latest one; offsets are located in increasing order.
    private var locator = RecordStreamLocator()
    /// Set after a broken record, until a line that may be a record (see `RecordBoundaries`).
    var afterFailure = false
    /// Set while the rest of a line is skipped.
    private var skipsToNextLine = false
    /// Set while an array element larger than `maximumRecordSize` is skipped to its end.
    private var skipsElement: RecordBoundaries.ElementEndScanner?
    /// The bytes a record is expected to take (from the last one), to size its tape.
    var expectedRecordSize = 4096
    /// The records decoded and not yet taken.
    var records: [APIDecodeRecord<T>] = []
    /// The context of the last record decoded, whose ledger and slot go to the next record's context when
    /// nothing else holds it (see `context(for:from:)`): one ledger and slot for a stream's records.
    var spareContext: DecodingContext?
    /// Decodes a record's value and appends its record: specialized for the model when the public entry point
    /// made it (see `RecordAppending.swift`).
    let appendRecord: RecordAppender<T>
    /// How many records (values and errors) were decoded, and how many errors they hold.
    var recordCount = 0
    var errorCount = 0
    /// Array elements parsed a batch at a time (`RecordStreamEngine+Batches.swift`).
    var batches: RecordStreamBatches

    init(options: APIDecodeOptions, layout: Layout, rawInput: InputBytes?, maximumRecordSize: Int = .max, recordsMember: String? = nil,
         batches: RecordStreamBatches? = nil,
         appendRecord: @escaping RecordAppender<T> = { RecordAppending.append(to: &$0, index: $1, line: $2, context: $3) }) {
        self.appendRecord = appendRecord
        self.batches = batches ?? RecordStreamBatches(options: options)
        self.recordsMember = recordsMember.map { Array($0.utf8) }
        self.options = options
        self.elementOptions = layout == .automatic ? options.forStreamedElements(under: recordsMember) : options
        self.layout = layout
        self.rawInput = rawInput
        self.maximumRecordSize = maximumRecordSize
        var limits = options.parseLimits
        if maximumRecordSize != .max {
            // A stream is larger than any one document: its windows are bounded by `maximumRecordSize` instead.
            limits.maximumInputSize = ParseLimits.largestReadableInput
        }
        self.limits = limits
    }

    /// Whether the stream needs no more bytes (the end, or garbage after its top-level array).
    var isFinished: Bool { phase == .done }

    /// How many bytes at the window's start are no longer needed. One byte before `position` is kept (a
    /// byte order mark counts only at a line start) and so is the window's last byte (a `\r` there may be
    /// half of a `\r\n`); everything before is located first, so locations go on from there.
    mutating func consumedPrefix(windowCount: Int, _ bytes: ByteReader) -> Int {
        let cut = max(0, min(position - 1, windowStart + windowCount - 1))
        // Never inside a byte order mark at the stream's start (cut 1 or 2, after the mark while the first record
        // waits for more bytes): located from a byte inside it, the mark counts as a column for the rest of line 1.
        guard cut > windowStart, windowStart > 0 || cut >= 3 else { return 0 }
        if cut > locator.located.offset { _ = locate(cut, bytes) }
        return cut - windowStart
    }

    /// Moves the window's start after the caller dropped `count` bytes from it.
    mutating func dropped(_ count: Int) { windowStart += count }

    /// Decodes the records `bytes` (the window, starting at `windowStart`) completes; with `atEnd`, the
    /// window ends the stream and every step is decided.
    mutating func run(window bytes: ByteReader, atEnd: Bool) {
        while phase != .done, step(bytes, atEnd: atEnd) {}
    }

    /// One step; false when it needs bytes after the window (nothing was consumed) or the stream is done.
    private mutating func step(_ bytes: ByteReader, atEnd: Bool) -> Bool {
        let end = bytes.count
        var index = position - windowStart
        if var scanner = skipsElement {
            let found = scanner.scan(bytes, from: index, to: end)
            skipsElement = found == nil && !atEnd ? scanner : nil
            position = windowStart + (found ?? end)
            return found != nil || atEnd
        }
        if skipsToNextLine {
            while index < end, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") { index += 1 }
            guard index < end || atEnd else { return needMore(at: index, bytes) }
            skipsToNextLine = false
            position = windowStart + min(index + 1, end)
            return true
        }
        index = RecordBoundaries.skipWhitespace(from: index, in: bytes)
        position = windowStart + index
        guard index < end else {
            if atEnd { finishStream(bytes) }
            return false
        }
        let byte = bytes[index]
        // Also after a top-level array: arrays one after another are files concatenated too.
        if byte == 0xEF && (phase == .detect || phase == .values || phase == .afterArray) && (position == 0 || startsLine(index, bytes)) {
            guard index + 3 <= end || atEnd else { return false }
            if index + 2 < end && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF {
                // At the stream's start, or files concatenated (`cat a.jsonl b.jsonl`).
                position += 3
                return true
            }
        }
        switch phase {
        case .detect:
            if layout == .automatic && recordsMember != nil && byte == UInt8(ascii: "{") {
                envelopeText = [UInt8(ascii: "{")]
                phase = .envelopeMember(first: true)
                position += 1
                return true
            }
            phase = layout == .automatic && byte == UInt8(ascii: "[") ? .element(first: true) : .values
            if phase != .values { position += 1 }
            return true
        case .envelopeMember(let first):
            return envelopeMember(at: index, first: first, bytes, atEnd: atEnd)
        case .envelopeSeparator:
            return envelopeSeparator(at: index, bytes, atEnd: atEnd)
        case .values:
            if afterFailure && RecordBoundaries.startsContinuation(byte) {
                skipsToNextLine = true
                return true
            }
            return decodeValue(at: index, bytes, atEnd: atEnd, inArray: false)
        case .element(let first):
            if first && byte == UInt8(ascii: "]") {
                position += 1
                closeArray()
                return true
            }
            return decodeBatch(at: index, bytes) || decodeValue(at: index, bytes, atEnd: atEnd, inArray: true)
        case .separator, .resync:
            if byte == UInt8(ascii: ",") {
                position += 1
                phase = .element(first: false)
                afterFailure = false
                return true
            }
            if byte == UInt8(ascii: "]") {
                position += 1
                closeArray()
                afterFailure = false
                return true
            }
            if phase == .resync {
                if byte == UInt8(ascii: "}") || byte == UInt8(ascii: ":") {
                    skipsToNextLine = true
                    return true
                }
                return decodeValue(at: index, bytes, atEnd: atEnd, inArray: true)
            }
            // Where the next element starts is looked for on this line (see `resynchronize`).
            guard atEnd || hasLineBreak(from: index, bytes) || brokenElementIsDecided(at: index, bytes) else { return needMore(at: bytes.count, bytes) }
            let message = "Unexpected \(JSONParser.describeByte(bytes, at: index)): expected ',' or ']' after an array element"
            phase = .resync
            afterFailure = true
            resynchronize(after: ParseFailure(message: message, offset: index), elementStart: index, bytes)
            return true
        case .afterArray:
            if byte == UInt8(ascii: "[") && envelopeText == nil {
                // Arrays one after another (pages appended to one file): their elements go on.
                position += 1
                phase = .element(first: true)
                return true
            }
            // The error's value is the start of this line: wait for it (`holdsValue`).
            guard holdsValue(from: index, bytes, atEnd: atEnd) else { return false }
            let message = "Unexpected \(JSONParser.describeByte(bytes, at: index)) after the top-level value"
            appendFailure(ParseFailure(message: message, offset: index), line: locate(position, bytes).line, recordStart: index, bytes)
            phase = .done
            return false
        case .done:
            return false
        }
    }

    /// Parses and decodes the value at `index`, or records why it is not one.
    mutating func decodeValue(at index: Int, _ bytes: ByteReader, atEnd: Bool, inArray: Bool) -> Bool {
        switch parseRecord(at: index, bytes) {
        case .parsed(let document, let end):
            let parsed = (document: document, end: end)
            // The next record is likely about as long: its tape is sized for that, not for the window.
            expectedRecordSize = Swift.max(256, (parsed.end - index) * 5 / 4)
            if parsed.end - index > maximumRecordSize { return recordTooLarge(at: index, bytes) }
            let kind = parsed.document.kind(0)
            if !atEnd && kind != .object && kind != .array && !hasNonBlankByte(from: parsed.end, bytes) {
                return needMore(at: bytes.count, bytes)
            }
            if !inArray || phase == .resync, kind == .string,
               let colon = RecordBoundaries.colon(after: parsed.end, in: bytes) {
                // `"key": ...`: an object member, not a record; directly after a broken record, part of it.
                // Its error's value is the start of its line: wait for it (`holdsValue`).
                guard afterFailure || holdsValue(from: index, bytes, atEnd: atEnd) else { return false }
                if !afterFailure {
                    let failure = ParseFailure(message: JSONParser.unexpectedValueMessage(bytes, at: colon), offset: colon)
                    appendFailure(failure, line: locate(position, bytes).line, recordStart: index, bytes)
                }
                afterFailure = true
                position = windowStart + colon
                skipsToNextLine = true
                return true
            }
            let start = locate(position, bytes)
            let context = context(for: parsed.document, from: start)
            errorCount += appendRecord(&records, recordCount, start.line, context)
            recordCount += 1
            spareContext = context
            position = windowStart + parsed.end
            afterFailure = false
            if inArray { phase = .separator }
            return true
        case .failed(var failure):
            if inArray && phase == .element(first: false) && failure.offset == index && bytes[index] == UInt8(ascii: "]") {
                // `[1,]`: a trailing comma, said as the in-memory parse of the array says it.
                failure = JSONParser.valueFailure(bytes, at: index, afterCommaInArray: true)
            }
            // Decided when no later byte can change the record (see the type's comment); a limit failure too: decided
            // at once, a one-line array lost its later elements, or not, depending on where a chunk ended.
            let decided = atEnd || failure.offset + 16 < bytes.count
                && (hasLineBreak(from: failure.offset, bytes)
                    || (inArray ? brokenElementIsDecided(at: index, bytes) : brokenValueIsDecided(at: index, failure: failure, bytes)))
            guard decided else { return needMore(at: bytes.count, bytes) }
            if failure.offset - index > maximumRecordSize { return recordTooLarge(at: index, bytes) }
            afterFailure = true
            if inArray {
                phase = .resync
                resynchronize(after: failure, elementStart: index, bytes)
            } else {
                recover(from: failure, recordStart: index, bytes)
            }
            return true
        }
    }

    /// Records the broken record that starts at `recordStart`, then the values that begin a later line
    /// inside what its parse read; moves to where decoding goes on (see `RecordBoundaries`).
    private mutating func recover(from failure: ParseFailure, recordStart: Int, _ bytes: ByteReader) {
        let line = locate(windowStart + recordStart, bytes).line
        let scanned = RecordBoundaries.scanFailedRecord(in: bytes, from: recordStart, to: failure.offset)
        var recovered: [(line: Int, result: APIDecodeResult<T>)] = []
        var end = recordStart
        for candidate in scanned.candidates where candidate >= end {
            // The parser accepted these bytes as part of the broken record, so a value that ends before the
            // failure parses; a scalar may still be cut by the failure, or be an object key.
            guard case .success(let parsed) = JSONDocument.parseValue(in: bytes, from: candidate, limits: limits),
                  !(parsed.document.kind(0) == .string && RecordBoundaries.colon(after: parsed.end, in: bytes) != nil) else { continue }
            let start = locate(windowStart + candidate, bytes)
            recovered.append((start.line, decode(parsed.document, from: start)))
            end = parsed.end
        }
        appendFailure(failure, line: line, recordStart: recordStart, bytes)
        for record in recovered { append(line: record.line, result: record.result) }
        position = windowStart + min(failure.offset, bytes.count)
        skipsToNextLine = !scanned.failsAtLaterLineStart
    }

    /// After a broken array element starting at `elementStart`: goes on at the `,` or `]` that ends it when
    /// that is found on the line where the parse failed (so a one-line array loses nothing else), or else as
    /// after a broken record (see `recover`), saying in the error how much of that line is skipped.
    private mutating func resynchronize(after failure: ParseFailure, elementStart: Int, _ bytes: ByteReader) {
        let failed = min(failure.offset, bytes.count)
        let lineEnd = RecordBoundaries.nextLine(after: failed, in: bytes)
        let lineBreak = lineEnd > failed && (bytes[lineEnd - 1] == UInt8(ascii: "\n") || bytes[lineEnd - 1] == UInt8(ascii: "\r")) ? lineEnd - 1 : lineEnd
        if let next = RecordBoundaries.elementEnd(in: bytes, from: elementStart, to: lineBreak) {
            appendFailure(failure, line: locate(windowStart + elementStart, bytes).line, recordStart: elementStart, bytes)
            position = windowStart + next
            skipsToNextLine = false
            return
        }
        // The rest of the line after the failing byte is skipped: say so when it holds more than blanks.
        var last = lineBreak - 1
        while last > failed, bytes[last] == UInt8(ascii: " ") || bytes[last] == UInt8(ascii: "\t") { last -= 1 }
        guard last > failed, !RecordBoundaries.scanFailedRecord(in: bytes, from: elementStart, to: failed).failsAtLaterLineStart else {
            return recover(from: failure, recordStart: elementStart, bytes)
        }
        let message = failure.message + " (bytes \(windowStart + failed) to \(windowStart + last) skipped: no ',' or ']' ends the element on this line)"
        recover(from: ParseFailure(message: message, offset: failure.offset, limit: failure.limit), recordStart: elementStart, bytes)
    }

    /// Nothing decided: wait for more bytes, unless the record already exceeds `maximumRecordSize`, which
    /// is then one error and skipped like a broken record. `scanned` is how far the window was looked at.
    private mutating func needMore(at scanned: Int, _ bytes: ByteReader) -> Bool {
        let pending = scanned - (position - windowStart)
        guard pending > maximumRecordSize else {
            if skipsToNextLine { position = windowStart + scanned }
            return false
        }
        if skipsToNextLine {
            // Skipping a line does not keep it: drop what was looked at.
            position = windowStart + scanned
            return false
        }
        return recordTooLarge(at: position - windowStart, bytes)
    }

    /// Reports the record at `index` as larger than `maximumRecordSize` and goes on at the next line, as
    /// after a broken record — whether or not its end was seen, so chunk sizes never change the outcome.
    private mutating func recordTooLarge(at index: Int, _ bytes: ByteReader) -> Bool {
        let message = "A record is larger than maximumRecordSize (\(maximumRecordSize) bytes)"
        appendFailure(ParseFailure(message: message, offset: index, limit: "maximumRecordSize"), line: locate(windowStart + index, bytes).line,
                      recordStart: index, bytes)
        afterFailure = true
        if phase != .values && phase != .detect {
            // An array element: skipped to its end as the bytes stream by, so the elements after it stay.
            phase = .resync
            skipsElement = RecordBoundaries.ElementEndScanner()
            position = windowStart + index
        } else {
            skipsToNextLine = true
        }
        return true
    }

    /// At the end of the stream: an open array is an error.
    private mutating func finishStream(_ bytes: ByteReader) {
        switch phase {
        case .element, .separator, .envelopeMember, .envelopeSeparator:
            // After a broken element (`.resync`) the end is not reported again: that element's error says it.
            let expected = switch phase {
            case .separator: "expected ',' or ']'"
            case .envelopeMember(first: true): "expected a key or '}'"
            case .envelopeMember: "expected a key"
            case .envelopeSeparator: "expected ',' or '}'"
            default: "expected a value"
            }
            let failure = ParseFailure(message: "Unexpected end of input: \(expected)", offset: bytes.count)
            appendFailure(failure, line: locate(windowStart + bytes.count, bytes).line, recordStart: bytes.count, bytes)
        default:
            break
        }
        closeEnvelopeText()
        phase = .done
    }

    /// The absolute location of absolute offset `offset`, found from the latest one (offsets only grow).
    mutating func locate(_ offset: Int, _ bytes: ByteReader) -> SourceLocation {
        locator.locate(offset, in: bytes, windowStart: windowStart)
    }
}
