// How a decoder reaches the context of its decode: the one way.
//
// Every use of the context through a decoder — in Decoding, Conversions and Codable — is
// `decoder.withContext { context in … }`. The closure gets the context borrowed: no retain and no release
// (a strong reference made every subscript and `-->` a retain and a release; see `ContextSlot.swift`), so
// do not let `context` escape the closure. While the decode runs, it is the decode's own context, kept
// alive by the decode, and `withContext` returns what the closure returns. For a decoder kept past its
// decode (a misuse the docs warn about) the closure is not called and `withContext` returns nil: its
// nodes index the finished decode's tape, so there is nothing it may read and nothing it may record.
// Callers say what such a decoder gets with `?? value` (or ignore the `nil` when they only record).
//
// Why the closure is only called for a live decode, and gets a non-optional context: the alternatives
// cost the hot paths (member and element lookup, presence, scalar conversion). A stand-in "closed"
// context made each of them check a second flag; an optional parameter made the optimizer copy (retain
// and release) the context in the closures it did not inline, such as the `String` conversion's.
// (Measured with valgrind's instruction counts on the benchmark: see the closing note of issue #13.)
//
// In a debug build (where tests run) nothing is inlined or specialised, and `withContext` is a real call to
// a generic function that looks up `Optional<R>`'s metadata (about 450 instructions) every time. The
// paths that every subscript and `-->` takes (`decoder["key"]`, the built-in scalars' fields, model
// frames) therefore write its two halves out: `handle.liveContext(generation:)` (not generic) and
// `ContextHandle.borrow(_:_:)` (generic, but its result is not optional, so nothing is looked up).
// Same check, same borrow.
//
// Code that already has a context (the context itself, `BreadcrumbBuilder`, `DecodeDriver`, the Codable
// bridge's settings) uses it directly; only decoders go through here. `ContextHandle` (`ContextSlot.swift`)
// keeps the primitives this is built on.

extension APIDecoder {
    /// Runs `body` with the context of this decoder's decode borrowed (no retain, no release) while the
    /// decode runs and returns its result; returns nil without running it for a decoder kept past its decode.
    @inlinable @inline(__always) @discardableResult
    func withContext<R>(_ body: (DecodingContext) -> R) -> R? {
        guard let context = handle.liveContext(generation: position.generation) else { return nil }
        return ContextHandle.borrow(context, body)
    }

    /// A decoder of `context`'s decode at `frame`/`node`/`parent`/`step`.
    @inlinable
    init(context: DecodingContext, frame: Int, node: Int, parent: Int, step: PathStep) {
        self.init(handle: context.lease.handle,
                  position: DecoderPosition(generation: context.lease.generation, frame: frame, node: node, parent: parent, step: step))
    }
}
