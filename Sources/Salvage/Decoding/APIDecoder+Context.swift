// How a decoder reaches the context of its decode: the one way.
//
// Every use of the context through a decoder — in Decoding, Conversions and Codable — is
// `decoder.withContext { context in … }`. The closure gets the context borrowed: no retain and no release
// (a strong reference made every subscript and `-->` a retain and a release; see `ContextSlot.swift`), so
// do not let `context` escape the closure. While the decode runs, it is the decode's own context, kept
// alive by the decode. A decoder kept past its decode (a misuse the docs warn about) gets the closed
// context instead: `context.isOpen` is false, its state ignores every write, and its document is a single
// `null`, so it must not be read at this decoder's nodes (they index the finished decode's tape). Code
// that reads the document therefore checks `context.isOpen` first (or uses `isPresent`, which does);
// code that only records or updates frames may skip it, since a closed context records nothing.
//
// Code that already has a context (the context itself, `BreadcrumbBuilder`, `DecodeDriver`, the Codable
// bridge's settings) uses it directly; only decoders go through here. `ContextHandle` (`ContextSlot.swift`)
// keeps the primitives this is built on.

extension APIDecoder {
    /// Runs `body` with the context of this decoder's decode borrowed (no retain, no release): the running
    /// decode's context, or the closed context (`isOpen` false) for a decoder kept past its decode.
    @inlinable @inline(__always)
    func withContext<R>(_ body: (DecodingContext) -> R) -> R {
        handle.withContext(generation: position.generation, body)
    }

    /// A decoder of `context`'s decode at `frame`/`node`/`parent`/`step`.
    @inlinable
    init(context: DecodingContext, frame: Int, node: Int, parent: Int, step: PathStep) {
        self.init(handle: context.lease.handle,
                  position: DecoderPosition(generation: context.lease.generation, frame: frame, node: node, parent: parent, step: step))
    }
}
