/// A stream that is one object — an envelope such as `{"orders": [...], "next_cursor": "abc"}` — whose named
/// member holds the records: the elements of that array are streamed as records, and the envelope's other
/// members are kept, as JSON text, for the end (`envelopeText`). Each other member must fit in
/// `maximumRecordSize`. A key is matched as written (without escapes). A syntax error in the envelope
/// outside the records' array is one error and ends the stream (the members read so far are kept).
extension RecordStreamEngine {
    /// At a key of the envelope (or its `}`): reads `"key":` and the start of the value; steps into the
    /// records' array, or keeps the member.
    mutating func envelopeMember(at index: Int, first: Bool, _ bytes: ByteReader, atEnd: Bool) -> Bool {
        if first && bytes[index] == UInt8(ascii: "}") {
            return closeEnvelope(bytes)
        }
        guard bytes[index] == UInt8(ascii: "\"") else {
            return envelopeFailure("Unexpected \(JSONParser.describeByte(bytes, at: index)): expected a key", at: index, bytes, atEnd: atEnd)
        }
        // The key: a string ends at its unescaped closing quote, and cannot hold a line break.
        var keyEnd = index + 1
        while keyEnd < bytes.count, bytes[keyEnd] != UInt8(ascii: "\"") {
            if bytes[keyEnd] == UInt8(ascii: "\n") { break }
            keyEnd += bytes[keyEnd] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard keyEnd < bytes.count else { return atEnd ? envelopeFailure("Unterminated key", at: index, bytes, atEnd: atEnd) : waitForMember(at: index, bytes) }
        guard bytes[keyEnd] == UInt8(ascii: "\"") else { return envelopeFailure("Unterminated key", at: index, bytes, atEnd: atEnd) }
        let colon = RecordBoundaries.skipWhitespace(from: keyEnd + 1, in: bytes)
        guard colon < bytes.count else { return atEnd ? envelopeFailure("Unexpected end of input: expected ':'", at: colon, bytes, atEnd: atEnd) : waitForMember(at: index, bytes) }
        guard bytes[colon] == UInt8(ascii: ":") else {
            return envelopeFailure("Unexpected \(JSONParser.describeByte(bytes, at: colon)): expected ':' after a key", at: colon, bytes, atEnd: atEnd)
        }
        let value = RecordBoundaries.skipWhitespace(from: colon + 1, in: bytes)
        guard value < bytes.count else { return atEnd ? envelopeFailure("Unexpected end of input: expected a value", at: value, bytes, atEnd: atEnd) : waitForMember(at: index, bytes) }
        let key = index + 1 ..< keyEnd
        let isRecordsMember = recordsMember.map { member in
            key.count == member.count && key.allSatisfy({ bytes[$0] == member[$0 - key.lowerBound] })
        } ?? false
        if isRecordsMember && bytes[value] == UInt8(ascii: "[") {
            metRecordsMember = true
            position = windowStart + value + 1
            inEnvelope = true
            phase = .element(first: true)
            return true
        }
        switch JSONDocument.parseValue(in: bytes, from: value, limits: limits) {
        case .success(let parsed):
            let kind = parsed.document.kind(0)
            if !atEnd && kind != .object && kind != .array && !hasNonBlankByte(from: parsed.end, bytes) { return false }
            if parsed.end - index > maximumRecordSize {
                return envelopeFailure("A member of the envelope is larger than maximumRecordSize (\(maximumRecordSize) bytes)", at: index, bytes,
                                       atEnd: atEnd, limit: "maximumRecordSize")
            }
            if envelopeText?.count ?? 0 > 1 { envelopeText?.append(UInt8(ascii: ",")) }
            for offset in index ..< keyEnd + 1 { envelopeText?.append(bytes[offset]) }
            envelopeText?.append(UInt8(ascii: ":"))
            for offset in value ..< parsed.end { envelopeText?.append(bytes[offset]) }
            if isRecordsMember && !metRecordsMember {
                metRecordsMember = true
                appendMissingRecords(found: parsed.document.element(0), valueText: parsed.document.valueText(0), at: value, bytes)
            }
            position = windowStart + parsed.end
            phase = .envelopeSeparator
            return true
        case .failure(let failure):
            // Final once the parser's look-ahead is in the window, unless it failed at a `"` with no line break (`\n` or
            // `\r`, as for records) after it (an unterminated string is reported at its opening quote);
            // `envelopeFailure` waits for the error's value.
            // A limit failure is no exception (as for records, `decodeValue`). Waiting for a line break instead, a
            // one-line envelope's broken member was "larger than maximumRecordSize" once the window outgrew that.
            let decided = atEnd || failure.offset + 16 < bytes.count
                && (bytes[failure.offset] != UInt8(ascii: "\"") || hasLineBreak(from: failure.offset, bytes))
            guard decided else { return waitForMember(at: index, bytes) }
            return envelopeFailure(failure.message, at: failure.offset, bytes, atEnd: atEnd, limit: failure.limit)
        }
    }

    /// More bytes are needed to read the member whose key starts at `index`: false (wait for them) while what is
    /// in the window of it fits in `maximumRecordSize`, else the member's error — so a key that does not end, or a
    /// run of blanks around its `:`, is bounded like a record or a member's value.
    private mutating func waitForMember(at index: Int, _ bytes: ByteReader) -> Bool {
        guard bytes.count - index > maximumRecordSize else { return false }
        return envelopeFailure("A member of the envelope is larger than maximumRecordSize (\(maximumRecordSize) bytes)", at: index, bytes,
                               atEnd: false, limit: "maximumRecordSize")
    }

    /// After a member of the envelope: `,` or `}`.
    mutating func envelopeSeparator(at index: Int, _ bytes: ByteReader, atEnd: Bool) -> Bool {
        switch bytes[index] {
        case UInt8(ascii: ","):
            position += 1
            phase = .envelopeMember(first: false)
            return true
        case UInt8(ascii: "}"):
            return closeEnvelope(bytes)
        default:
            return envelopeFailure("Unexpected \(JSONParser.describeByte(bytes, at: index)): expected ',' or '}' after an object member", at: index, bytes, atEnd: atEnd)
        }
    }

    /// The records' array closed: back to the envelope's members, or after the top-level array.
    mutating func closeArray() {
        if inEnvelope {
            inEnvelope = false
            phase = .envelopeSeparator
        } else {
            phase = .afterArray
        }
    }

    /// Ends the envelope's text with its `}` (also when the stream ended inside it).
    mutating func closeEnvelopeText() {
        guard envelopeText != nil && !envelopeClosed else { return }
        envelopeText?.append(UInt8(ascii: "}"))
        envelopeClosed = true
    }

    private mutating func closeEnvelope(_ bytes: ByteReader) -> Bool {
        if !metRecordsMember {
            appendMissingRecords(found: .absent, valueText: nil, at: position - windowStart, bytes)
        }
        position += 1
        closeEnvelopeText()
        phase = .afterArray
        return true
    }

    /// A record with no value and one error, as the in-memory decode of a `[T]` under the records member gives:
    /// the envelope closed without that member (`found` `.absent`, at its `}`), or the member is not an array
    /// (at its value, which stays one of the envelope's members). E.g. `root > "items"([Order]) : No value is present`.
    /// Like the in-memory error, it keeps the member's value (`valueText`, cut or redacted as values are) and,
    /// in a decode that redacts values, shows no source excerpt (the envelope's line may hold one).
    private mutating func appendMissingRecords(found: JSONElement, valueText: String?, at index: Int, _ bytes: ByteReader) {
        guard let member = recordsMember else { return }
        let path = [APICodingKey(hashKey: options.rootName), APICodingKey(hashKey: String(decoding: member, as: UTF8.self), swiftType: [T].self)]
        let location = locate(windowStart + index, bytes)
        var error = APIDecodeError(path: path, reason: .unexpectedJSONType(actual: found), location: location)
        if options.keepsValues, let valueText {
            error.value = options.redacts(path) ? redactedText : options.shownValue(valueText)
        }
        error.hidesSource = options.redactsValues
        append(line: location.line, result: APIDecodeResult(value: nil, errors: [error]))
    }

    /// One error for a broken envelope, which ends the stream; false and nothing done until the window holds the
    /// error's value, the start of the line at `index` (`holdsValue`).
    private mutating func envelopeFailure(_ message: String, at index: Int, _ bytes: ByteReader, atEnd: Bool, limit: String? = nil) -> Bool {
        guard holdsValue(from: Swift.min(index, bytes.count), bytes, atEnd: atEnd) else { return false }
        let line = locate(windowStart + Swift.min(index, bytes.count), bytes).line
        appendFailure(ParseFailure(message: message, offset: Swift.min(index, bytes.count), limit: limit), line: line, recordStart: Swift.min(index, bytes.count), bytes)
        closeEnvelopeText()
        phase = .done
        return false
    }
}
