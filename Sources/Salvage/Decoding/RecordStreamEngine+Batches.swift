// A stream's array elements parsed a batch at a time, then decoded one record each, as if parsed alone.
//
// Why: parsing each element on its own (`decodeValue`) pays the parser's entry and exit, its first whitespace guess
// and two engine steps per record: about 650 instructions of the benchmark's 180-byte persons, and more in time
// (the parser ran 28% longer per record than on one batch of the same elements, for 3% more instructions:
// `perf`, cpu-clock samples). The in-memory `[T]` decode parses batches of elements (`ArrayBatches.swift`).
//
// How: at an element's start (after `[` or `,`), a cut is guessed as `ArrayBatches` guesses one — the first `,`
// between a `}` or `]` and a `{` or `[`, at least `batchBytes` on — and the elements before it are copied into
// `text` as `[` … `]` and parsed as one array. Any element of that array is exactly what parsing it alone finds
// (the same bytes, the same rules, one level deeper: a record at the depth limit fails the batch instead). Each is
// then decoded as a record of its own: a context whose root is the element's node, whose locations are the
// window's (`offsetBase`), with the index, line, value and errors `decodeValue` would give, in order; the engine
// ends where it would (after the last element, expecting `,` or `]`). A batch that does not parse — a guessed cut
// inside a string or an element, a broken element, a limit — is only a guess that failed: its elements go through
// `decodeValue`, which decides everything as before, and batches are tried again further on (twice as far each
// time in a row, so an input that never batches pays for a failed parse now and then only).
//
// Not batched: values one after another (NDJSON), elements after a broken one (`.resync`), options that need a
// record's document to be its own (unknown keys are counted per tape; redaction finds values by path), the last
// bytes of a window (less than `minimumBytes`: the records there go on as before).

/// A stream's batching of array elements (see the top of this file): its sizes and where it stands.
struct RecordStreamBatches {
    /// The elements' bytes a batch takes at least (it ends at the next guessed cut), when the window holds twice
    /// as many; else half of what is left.
    let batchBytes: Int
    /// Below this many bytes left in the window, elements are parsed one by one.
    let minimumBytes: Int
    /// Whether the options allow batches (see the top of this file).
    let isEnabled: Bool
    /// The batch's text: `[`, the elements' bytes, `]`. Its memory is made once, for the largest batch, and never
    /// grows: every batch document reads it, and a context kept from an earlier batch must never find its document
    /// reading the window (`DecodingContext.canRestart(reading:)` compares addresses), as memory freed here and
    /// taken by a later window could make it.
    var text: [UInt8] = []
    /// The absolute offset before which no batch is tried (after a batch that did not parse).
    var resumesAt = 0
    /// How far on the next batch is tried after one that did not parse.
    var backoff: Int
    /// How many batches were decoded (the tests check that they ran).
    var decodedCount = 0

    /// The batching of a stream decoded with `options`; `batchBytes` 0 never batches.
    init(options: APIDecodeOptions, batchBytes: Int = 64 << 10, minimumBytes: Int = 16 << 10) {
        self.batchBytes = batchBytes
        self.minimumBytes = max(minimumBytes, 1)
        self.backoff = batchBytes
        isEnabled = batchBytes > 0 && !options.reportsUnknownKeys && options.redactedKeys.isEmpty && options.redactedPaths.isEmpty
    }

    /// The most bytes of elements a batch may take: its guessed cut is looked for within `batchBytes` more.
    var largestBatch: Int { 2 * batchBytes }

    /// The `,` that ends a batch of the elements at `start` in `bytes`, or nil when no batch should be tried there.
    func cut(_ bytes: ByteReader, from start: Int) -> Int? {
        let left = bytes.count - start
        guard isEnabled, left >= minimumBytes else { return nil }
        let minimum = left >= 2 * batchBytes ? batchBytes : left / 2
        var index = start + minimum
        let limit = min(bytes.count, start + largestBatch)
        while let comma = bytes.firstIndex(of: UInt8(ascii: ","), from: index, to: limit) {
            var before = comma - 1
            while before > start, Self.isWhitespace(bytes[before]) { before -= 1 }
            var after = comma + 1
            while after < bytes.count, Self.isWhitespace(bytes[after]) { after += 1 }
            if after < bytes.count, bytes[before] == UInt8(ascii: "}") || bytes[before] == UInt8(ascii: "]"),
               bytes[after] == UInt8(ascii: "{") || bytes[after] == UInt8(ascii: "[") {
                return comma
            }
            index = comma + 1
        }
        return nil
    }

    /// The end of the value whose text ends before `index` in `text` (after skipping whitespace back, and one `,`
    /// with the whitespace before it when `afterComma`).
    static func valueEnd(before index: Int, afterComma: Bool, in text: ByteReader) -> Int {
        var last = index - 1
        while isWhitespace(text[last]) { last -= 1 }
        if afterComma {
            last -= 1
            while isWhitespace(text[last]) { last -= 1 }
        }
        return last + 1
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
    }
}

extension RecordStreamEngine {
    /// Decodes a batch of the elements starting at `index` (see the top of this file). False when there was none:
    /// then the element at `index` is decoded on its own (`decodeValue`), nothing else changed.
    mutating func decodeBatch(at index: Int, _ bytes: ByteReader) -> Bool {
        guard windowStart + index >= batches.resumesAt else { return false }
        guard let cut = batches.cut(bytes, from: index) else {
            // Nothing to batch here: none ever (the options), none before the window's end when it is near, or
            // none for a while (no cut guessed: an array of scalars, or of elements larger than the batches).
            if !batches.isEnabled {
                batches.resumesAt = .max
            } else if bytes.count - index < batches.minimumBytes {
                batches.resumesAt = windowStart + bytes.count
            } else {
                batches.resumesAt = windowStart + index + batches.backoff
                batches.backoff = Swift.min(batches.backoff * 2, 1 << 26)
            }
            return false
        }
        // Taken out while the records are decoded (they mutate the engine); its memory is kept (see `text`).
        var text = batches.text
        batches.text = []
        if text.capacity < batches.largestBatch + 2 { text.reserveCapacity(batches.largestBatch + 2) }
        text.removeAll(keepingCapacity: true)
        text.append(UInt8(ascii: "["))
        text.append(contentsOf: bytes.slice(index, length: cut - index).buffer)
        text.append(UInt8(ascii: "]"))
        let decoded = ByteReader.withBytes(of: text) { decodeBatch(text: $0, at: index, bytes) }
        batches.text = text
        if decoded {
            batches.decodedCount += 1
            batches.backoff = batches.batchBytes
        } else {
            batches.resumesAt = windowStart + cut + batches.backoff
            batches.backoff = Swift.min(batches.backoff * 2, 1 << 26)
        }
        return decoded
    }

    /// Parses `text` (the window's elements from `index` in brackets) and decodes its elements as records.
    private mutating func decodeBatch(text: ByteReader, at index: Int, _ bytes: ByteReader) -> Bool {
        guard case .success(let parsed) = JSONDocument.parseValue(in: text, from: 0, limits: limits, expectedBytes: text.count),
              parsed.end == text.count, parsed.document.kind(0) == .array, parsed.document.count(0) > 0 else { return false }
        let document = parsed.document
        // Byte `j` of `text` is byte `base + j` of the window.
        let base = index - 1
        let close = document.tape[0].closeIndex
        var node = 1
        var nodeStart = document.sourceOffset(node)
        var decodedAny = false
        while node < close {
            let next = document.next(after: node)
            let nextStart = next < close ? document.sourceOffset(next) : text.count - 1
            let start = base + nodeStart
            let end = base + RecordStreamBatches.valueEnd(before: nextStart, afterComma: next < close, in: text)
            if end - start > maximumRecordSize {
                // `decodeValue` reports it; no batch is tried again before the element after it.
                batches.resumesAt = windowStart + end
                guard decodedAny else { return false }
                position = windowStart + start
                afterFailure = false
                phase = .element(first: false)
                return true
            }
            expectedRecordSize = Swift.max(256, (end - start) * 5 / 4)
            position = windowStart + start
            let location = locate(position, bytes)
            let known = SourceLocation(offset: location.offset - windowStart - base, line: location.line, column: location.column)
            let context = batchContext(for: document, rootNode: node, from: known, offsetBase: windowStart + base)
            errorCount += appendRecord(&records, recordCount, location.line, context)
            recordCount += 1
            spareContext = context
            position = windowStart + end
            decodedAny = true
            node = next
            nodeStart = nextStart
        }
        afterFailure = false
        phase = .separator
        return true
    }

    /// The context that decodes element `rootNode` of the batch `document`, known to start at `known` (in the
    /// batch's text): the last record's, restarted, when it decoded an element of this batch and nothing else holds
    /// it; else its successor (for the batch's first record), or a new one (see `context(for:from:)`).
    private mutating func batchContext(for document: JSONDocument, rootNode: Int, from known: SourceLocation, offsetBase: Int) -> DecodingContext {
        if isKnownUniquelyReferenced(&spareContext), let spare = spareContext, spare.canRestart(in: document),
           spare.restart(knownLocation: known, offsetBase: offsetBase, rootNode: rootNode) {
            return spare
        }
        if var spare = spareContext.take(), isKnownUniquelyReferenced(&spare),
           let next = spare.successor(document: document, knownLocation: known, offsetBase: offsetBase, rootNode: rootNode) {
            return next
        }
        return DecodingContext(document: document, rootNode: rootNode, options: elementOptions, rawInput: rawInput, reportsLocations: true,
                               knownLocation: known, offsetBase: offsetBase, isReusable: true)
    }
}
