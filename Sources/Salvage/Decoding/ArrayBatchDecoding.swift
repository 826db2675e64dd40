// A large top-level array decoded a batch of elements at a time, so the whole document's tape never exists.
//
// Why: decoding `[Record]` from a large response held the input, the tape of the whole document (about twice the
// input's size for small records) and the models at once: 3.65× the input at the peak for 200 MB of small records.
// Batched, the tape is a batch's (`ArrayBatching.batchBytes` of input, a few hundred KB), whatever the input's size.
//
// How: `ArrayBatches` cuts the input after whole elements and wraps each batch's bytes as `[` … `]`, so a batch's
// document has an array at node 0 like the whole one, its elements one level down. One decode runs over all the
// batches: its ledger (frames, errors, paths) is the one of a whole-document decode, the root's two frames (the
// one `DecodeDriver.runRoot` opens and the array's own) stay open across batches, and each batch gets a context of
// its own over its document (`DecodingContext.continuation`: the slot's next generation, so decoders made over an
// earlier batch, whose document is gone, find nothing). Element `i` is decoded by the calls `Array.init(from:)`
// makes, with its decoder's step `.index(i)`, so paths, type tags and ids are the whole document's; offsets are
// the input's (`offsetBase`) and lines and columns are counted from the batch's start, located in the input.
//
// Identical results, or none: `decodeInBatches` returns nil — and the caller decodes the whole document, having
// thrown away everything built — when the input is not one valid array (a syntax error anywhere, trailing bytes,
// an empty array: the whole path's parse error or trivial decode is the answer), when a limit applies to the
// whole input, when options need the whole document (unknown keys are counted per decode, redaction finds values
// by path), when something kept a batch's context (a Swift `Decodable` holding its `Decoder` may read it later),
// and when an error of an earlier batch changed severity during a later one (the ledger's sites name tape nodes,
// which repeat from batch to batch; see `guardEarlierErrors`).
//
// Not the same, and not detected: an `APIDecoder` a model keeps and uses again while a *later* batch decodes
// finds no value there and records nothing (its generation is over, as for a decoder kept past its decode), where
// the whole document's decode would still let it read its values. Catching that use would cost a check on the
// path every subscript takes (`ContextHandle.liveContext`); using a decoder outside its `init(from:)` is the misuse
// the guides warn about, and a decoder kept and used within one batch reads its values as before. And a late
// fallback (a syntax error or trailing bytes near the end) runs the models' `init(from:)` of the earlier
// batches' elements a second time in the whole document's decode: the result is the whole document's, but an
// `init(from:)` with side effects has them twice (checking the whole input's syntax first would cost a second
// parse of every large array; the guide says so instead).
// More elements than one array may have (`TapeNode.maximumCount`) also fall back, to the parse's refusal.

/// When the decode of a top-level array goes in batches: from which input size, and how many bytes a batch takes.
struct ArrayBatching: Sendable {
    /// The input size from which a top-level `[T]` is decoded in batches.
    var threshold: Int
    /// The input bytes a batch takes at least.
    var batchBytes: Int

    /// From 8 MiB, in batches of 256 KiB: below, the whole tape is small; a batch's tape stays under a megabyte.
    static let standard = ArrayBatching(threshold: 8 << 20, batchBytes: 256 << 10)
}

/// A root type that a large input may decode in batches of elements: the built-in lossy `[T]`.
protocol BatchDecodableRoot {
    /// The decode of `bytes` (all of `input`) to this type in batches, or nil when its result could differ from
    /// the whole document's decode (nothing of it is kept then).
    static func decodeInBatches(_ bytes: ByteReader, input: InputBytes, options: APIDecodeOptions, batchBytes: Int) -> APIDecodeResult<Self>?
}

extension Array: BatchDecodableRoot where Element: APIDecodable {
    static func decodeInBatches(_ bytes: ByteReader, input: InputBytes, options: APIDecodeOptions, batchBytes: Int) -> APIDecodeResult<[Element]>? {
        guard var batches = ArrayBatches(bytes, batchBytes: batchBytes) else { return nil }
        var run = BatchedRootDecode(options: options, rawInput: input, type: [Element].self)
        var elements: [Element] = []
        var index = 0
        while true {
            switch batches.next(bytes) {
            case .giveUp:
                run.abandon()
                return nil
            case .end:
                return run.finish(elements)
            case .batch(let batch):
                let outcome = ByteReader.withBytes(of: batch.text) { text -> BatchOutcome in
                    guard let document = run.parse(text) else { return .unparsed }
                    guard let array = run.enter(document, of: batch, input: bytes) else { return .failed }
                    elements.appendElements(of: document, with: array, from: &index)
                    return run.leave() ? .decoded : .failed
                }
                switch outcome {
                case .decoded where index > TapeNode.maximumCount:
                    // More elements than one array may have: the whole document's parse refuses it (`containerSize`).
                    run.abandon()
                    return nil
                case .decoded:
                    break
                case .unparsed where batches.rescanExactly():
                    continue
                case .unparsed, .failed:
                    run.abandon()
                    return nil
                }
                let consumed = batch.base + batch.text.count
                if elements.count > 0 && elements.capacity == elements.count && consumed < bytes.count {
                    // Room for about as many kept elements per byte in the rest of the input, once: an array grown
                    // by doubling would hold up to twice the room at the end, and copy it on the way. Estimated
                    // from the elements kept (dropped ones take no room), and never more than the rest of the
                    // input can hold (an element and its comma take at least two bytes).
                    let rest = bytes.count - consumed
                    let estimate = elements.count * rest / consumed * 21 / 20 + 16
                    elements.reserveCapacity(elements.count + Swift.min(estimate, rest / 2 + 1))
                }
            }
        }
    }

    /// `Array.init(from:)`'s loop over the elements of a batch's `document` (the array at node 0, decoded by
    /// `array`), at their indices in the whole array from `index` on; appends those it keeps. (A mutating method,
    /// not a static one taking the array `inout`: there, each `append` looked the array's type metadata up.)
    private mutating func appendElements(of document: JSONDocument, with array: APIDecoder, from index: inout Int) {
        var node = 1
        let end = document.tape[0].closeIndex
        while node < end {
            if let value = Element._salvageDecodeField(at: array.sibling(frame: array.frame, node: node, parent: 0, step: .index(index)), required: true) {
                append(value)
            }
            index += 1
            node = document.next(after: node)
        }
    }
}

/// How one batch went.
private enum BatchOutcome {
    /// Its elements were decoded.
    case decoded
    /// Its bytes are not one array of at least one element (a guessed cut may be wrong: see `ArrayBatches`).
    case unparsed
    /// Its context could not be made, or something kept it: the batched decode gives up.
    case failed
}

extension DecodeDriver {
    /// The decode of `input` to `T` in batches (see the top of this file), or nil when `T` is not a plain
    /// `[Element]`, the options need the whole document, or the batched result could differ from it.
    static func decodeInBatches<T: APIDecodable>(_ input: InputBytes, to type: T.Type, options: APIDecodeOptions, batchBytes: Int) -> APIDecodeResult<T>? {
        guard let root = T.self as? any BatchDecodableRoot.Type, !options.reportsUnknownKeys,
              options.redactedKeys.isEmpty, options.redactedPaths.isEmpty else { return nil }
        return input.withBytes { bytes in
            // A limit on the whole input is the whole path's error; a short stack is its fresh-stack path.
            guard options.parseLimits.inputSizeFailure(bytes.count) == nil, StackGuard.hasRoom() else { return nil }
            return decodeInBatches(as: root, bytes, input: input, options: options, batchBytes: batchBytes)
        }
    }

    private static func decodeInBatches<R: BatchDecodableRoot, T>(as root: R.Type, _ bytes: ByteReader, input: InputBytes, options: APIDecodeOptions,
                                                                  batchBytes: Int) -> APIDecodeResult<T>? {
        R.decodeInBatches(bytes, input: input, options: options, batchBytes: batchBytes) as? APIDecodeResult<T>
    }
}

/// The decode state that lasts from batch to batch: the current batch's context, the root's frames, where the
/// last batch started, and the errors whose severity a later batch must not change.
private struct BatchedRootDecode {
    let options: APIDecodeOptions
    let rawInput: InputBytes
    /// The root type (`[Element]`), tagged on the root's frame.
    let type: Any.Type
    var context: DecodingContext?
    /// The frame `DecodeDriver.runRoot` opens, and the array's own (`decodeModel`'s) inside it.
    var outsideFrame = -1
    var arrayFrame = -1
    /// The location of the last batch's start in the input.
    var located = SourceLocation.start
    /// Errors of earlier batches and their severity then (see `guardEarlierErrors`).
    var guarded: [(index: Int, severity: APIDecodeError.Severity)] = []
    /// The error count when `guarded` last grew.
    var guardedThrough = 0

    init(options: APIDecodeOptions, rawInput: InputBytes, type: Any.Type) {
        self.options = options
        self.rawInput = rawInput
        self.type = type
    }

    /// The document of a batch's `text`, or nil when it is not exactly one array of at least one element.
    func parse(_ text: ByteReader) -> JSONDocument? {
        guard case .success(let parsed) = JSONDocument.parseValue(in: text, from: 0, limits: options.parseLimits, expectedBytes: text.count),
              parsed.end == text.count, parsed.document.kind(0) == .array, parsed.document.count(0) > 0 else { return nil }
        return parsed.document
    }

    /// Begins the context of `batch`'s `document` (`input` is the whole input): the decode's first one, with the
    /// root's frames, or the continuation of the last batch's. Returns the array's decoder in that context, or nil
    /// when the context cannot be made.
    mutating func enter(_ document: JSONDocument, of batch: ArrayBatches.Batch, input: ByteReader) -> APIDecoder? {
        located = SourceLocation.locate(offset: batch.base, in: input, from: located)
        // Byte 0 of the batch's text stands for input byte `base` (a `[` or `,`, never a line break).
        let known = SourceLocation(offset: 0, line: located.line, column: located.column)
        if let previous = context {
            guardEarlierErrors(previous.state)
            guard let next = previous.continuation(document: document, knownLocation: known, offsetBase: batch.base) else { return nil }
            context = next
            next.begin()
            // The array's frame spans this batch's elements now.
            next.state.update(arrayFrame) { $0.end = document.next(after: 0) }
            return APIDecoder(context: next, frame: arrayFrame, node: 0, parent: -1, step: .root)
        }
        let first = DecodingContext(document: document, rootNode: 0, options: options, rawInput: rawInput, reportsLocations: true,
                                    knownLocation: known, offsetBase: batch.base, isReusable: true)
        context = first
        first.begin()
        // `runRoot`'s frame, then the frame `decodeModel` pushes for the array (`decodeRequired` at the root).
        outsideFrame = APIDecoder(context: first, frame: -1, node: -1, parent: -1, step: .root).pushFrame(for: Void.self)
        guard outsideFrame >= 0 else { return nil }
        arrayFrame = APIDecoder(context: first, frame: outsideFrame, node: 0, parent: -1, step: .root).pushFrame(for: type)
        guard arrayFrame >= 0 else { return nil }
        let array = APIDecoder(context: first, frame: arrayFrame, node: 0, parent: -1, step: .root)
        array.markLossy()
        return array
    }

    /// After a batch's elements: false when something kept its context (a Swift `Decodable` holding its `Decoder`
    /// would read a document that goes away with the batch).
    mutating func leave() -> Bool {
        isKnownUniquelyReferenced(&context)
    }

    /// Remembers the severity of the errors a later batch could change: an element that fails makes the last
    /// errors recorded at its decoder's site failures (`DecodeLedger.markFailures(at:)`), walking back while
    /// they share that site — and a site names tape nodes, which the next batch's document numbers again from 1.
    /// The whole document numbers them apart, so such a change never happens there: `finish` gives up on it.
    private mutating func guardEarlierErrors(_ state: DecodeLedger) {
        let count = state.recordedCount
        // Nothing recorded since the last batch: its run is guarded already (guarding it again would grow the
        // list by a run a batch).
        guard count > 0, count != guardedThrough else { return }
        guardedThrough = count
        let site = state.site(ofError: count - 1)
        var index = count - 1
        while index >= 0 && state.site(ofError: index) == site {
            guarded.append((index, state.severity(ofError: index)))
            index -= 1
        }
    }

    /// Ends the decode with nothing kept (the caller decodes the whole document instead).
    mutating func abandon() {
        context?.end()
        context = nil
    }

    /// Closes the root's frames as `decodeModel`, `decodeRequired` and `runRoot` do, ends the decode and returns
    /// its result; nil when an earlier batch's error changed severity (see `guardEarlierErrors`).
    mutating func finish<V>(_ elements: V) -> APIDecodeResult<V>? {
        guard let context else { return nil }
        let array = APIDecoder(context: context, frame: arrayFrame, node: 0, parent: -1, step: .root)
        let kept = array.keepsModel(returned: true, of: type)
        context.popFrame(arrayFrame)
        if !kept {
            APIDecoder(context: context, frame: outsideFrame, node: 0, parent: -1, step: .root).failRequired()
        }
        context.popFrame(outsideFrame)
        assert(context.state.count == 0, "\(context.state.count) frames left open after the decode")
        context.state.finishUnknownKeys()
        context.end()
        for (index, severity) in guarded where context.state.severity(ofError: index) != severity { return nil }
        return APIDecodeResult(value: kept ? elements : nil, errors: context.errors, unrecordedErrorCount: context.unrecordedErrorCount)
    }
}
