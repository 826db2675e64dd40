// How long the Codable bridge's `Decoder` and containers may read the input: only while their decode runs.
//
// The document borrows the input bytes for the duration of the decode (`ByteReader`), and Swift lets a
// `Decodable` keep the `Decoder` it is given, or a container, past its `init(from:)` (in a property, a
// global, a closure). Used after `decode(data:toDecodable:)`, `decodeRequired(swiftDecodable:)` or a
// streamed record has returned, such a decoder would read memory the decode no longer owns. So every
// bridge operation that may read the input first calls `checkOpen()`, which throws once the decode's
// context has closed: the `Decoder`'s three container methods, `DocumentDecoder.decode` (every nested
// value, date, URL or data), a keyed container's member look-ups (`allKeys` and `contains` answer nothing),
// an unkeyed container's step to its next element, a single-value container's scalars, `JSONValue`'s and
// `Salvaged`'s bridge paths, and `recordThrown`. `DocumentDecoder.scalar` itself does not check: each of its
// callers has, once per value. Reads of the tape alone (a value's kind, a container's count) stay safe:
// the settings keep the document, and so its tape, alive.
//
// The check is two loads (the ledger held by `BridgeSettings`, then its header's flag). A kept bridge
// decoder holds its context (through `BridgeSettings`), so a stream never hands that context's ledger to
// its next record (`RecordStreamEngine.context(for:from:)` reuses it only when nothing else holds it): a
// decoder kept from one record cannot see a later record's decode as open.

extension DocumentDecoder {
    /// What a decoder or container kept past the end of its decode says when it is used again.
    static let keptPastDecodeMessage = "This decoder was kept past the end of its decode; decode everything inside init(from:)."

    /// Throws `DecodingError.dataCorrupted` at this decoder's coding path once its decode has returned.
    @inline(__always)
    func checkOpen() throws {
        guard settings.isOpen else { throw keptPastDecode() }
    }

    @inline(never)
    private func keptPastDecode() -> DecodingError {
        DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: Self.keptPastDecodeMessage))
    }
}
