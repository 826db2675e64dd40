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

    /// The context to decode the record `document` starting at `start` with: the successor of the last
    /// record's when the engine holds the one reference to that (a Swift `Decodable` kept from that record
    /// holds its context, whose ledger must stay that record's), or else a new one. Give it back in `spareContext`.
    mutating func context(for document: JSONDocument, from start: SourceLocation) -> DecodingContext {
        let relative = SourceLocation(offset: start.offset - windowStart, line: start.line, column: start.column)
        if var spare = spareContext.take(), isKnownUniquelyReferenced(&spare),
           let next = spare.successor(document: document, knownLocation: relative, offsetBase: windowStart) {
            return next
        }
        return DecodingContext(document: document, rootNode: 0, options: options, rawInput: rawInput, reportsLocations: true,
                               knownLocation: relative, offsetBase: windowStart, isReusable: true)
    }
}
