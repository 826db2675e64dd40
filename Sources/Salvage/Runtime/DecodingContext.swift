import Foundation

/// The state of one `decode` call: the document, the options, the errors so far and the stack of
/// models being decoded. Created once per call and never shared between threads.
@usableFromInline
final class DecodingContext {
    @usableFromInline let document: JSONDocument
    let options: APIDecodeOptions
    /// The response exactly as received (even when it is not JSON), for `ResponseData`; nil for
    /// Foundation object trees.
    let rawInput: InputBytes?
    var rawData: Data? { rawInput?.data }
    /// Whether source locations refer to input the user gave us (false for Foundation object trees).
    let reportsLocations: Bool
    /// The tape index of the value decoding starts at (the root), or -1 when there is none. A stream's record
    /// decoded from a batch of elements has its element's node (`restart`, `successor`). Unchecked exclusivity:
    /// written only by `restart`, between decodes.
    @exclusivity(unchecked) private(set) var rootNode: Int
    /// Whether the options redact any value (`redactedKeys`, `redactedPaths`); when not, recording an error
    /// skips every redaction check.
    let redactsValues: Bool

    /// Frames, errors and absent keys (see `DecodeLedger.swift` for why they live behind a pointer).
    let state: DecodeLedger

    /// Where the last index look-ups in arrays ended (see `ElementCursors.swift`).
    @exclusivity(unchecked) private var elementCursors = ElementCursors()

    /// The date strategy in force for the value being decoded: the options' one, or the one a per-value
    /// `decodeRequired(_:strategy:)`/`decodeOptional(_:strategy:)` set for the duration of its decode (see
    /// `APIDecoder.withDateStrategy`). Never written once the decode has returned.
    @exclusivity(unchecked) var dateStrategy: DateDecodingStrategy

    /// The slot through which this decode's decoders find this context (see `ContextSlot.swift`); the slot's
    /// next generation for each further record of a stream decoded in this context (`restart`). Unchecked
    /// exclusivity: read whenever a decoder is made from the context, written only by `restart`, between decodes.
    @exclusivity(unchecked) @usableFromInline var lease: ContextSlotLease
    /// Whether the context hands its ledger and slot to a successor once its decode ended (`successor`): it
    /// then keeps its slot when it ends.
    let isReusable: Bool
    /// Set once the ledger and the slot went to a successor: this context no longer frees or releases them.
    private var handedOver = false

    /// Every error recorded so far, in document/decode order.
    @usableFromInline var errors: [APIDecodeError] { state.errors }

    /// How many errors were met past `maximumRecordedErrors` (counted, not recorded).
    @usableFromInline var unrecordedErrorCount: Int { state.unrecordedCount }

    /// Whether the decode is still running (see `DecodeLedger.isOpen`).
    @usableFromInline var isOpen: Bool {
        @inline(__always) get { state.isOpen }
    }

    /// How many errors were recorded so far.
    @usableFromInline var errorCount: Int { state.errorCount }
    @exclusivity(unchecked) private var locator: IncrementalLocator
    /// The array `record` builds each path in, kept empty with its room between errors. Unchecked exclusivity:
    /// only `record` reads and writes it, taking it out first.
    @exclusivity(unchecked) private var pathScratch: [APICodingKey] = []
    /// `idKey` of each type tagged in a path so far (nil for types without one), so that recording an error
    /// does not look the conformance up again. A short list searched in order: a decode meets few types.
    /// Unchecked exclusivity: read and appended to only by `idKey(of:)`, which calls nothing that reaches it
    /// (a dynamic check on every recorded error's every tagged step otherwise).
    @exclusivity(unchecked) private var idKeys: [(type: ObjectIdentifier, idKey: String?)] = []
    /// The type tags of this decode's paths, shared by all the steps they tag: per type, its id key and its tags
    /// with the id key (for steps whose record id is present) and without. One entry per type, so tagging a step
    /// is one search by type (two searches, the second comparing id keys as strings, cost ~200 instructions a step).
    @exclusivity(unchecked) private var typeTaggings: [TypeTagging] = []

    /// An entry of `typeTaggings`; each tag is made the first time a step needs it.
    private struct TypeTagging {
        let type: ObjectIdentifier
        let idKey: String?
        var withIDKey: APICodingKey.TypeTag? = nil
        var withoutIDKey: APICodingKey.TypeTag? = nil
    }

    /// Makes the context of a decode; decoders reach it from `begin()` to `end()` (see `ContextSlot.swift`).
    /// `knownLocation` is a location at or before every value the decode reports (a record's start in a
    /// stream), so locating its errors does not rescan the stream before it. `offsetBase` is added to every
    /// reported offset when the document is a window of a longer stream (see `RecordStreamEngine`).
    init(document: JSONDocument, rootNode: Int, options: APIDecodeOptions, rawInput: InputBytes?, reportsLocations: Bool,
         knownLocation: SourceLocation = .start, offsetBase: Int = 0, lease: ContextSlotLease = ContextSlotPool.lease(),
         isReusable: Bool = false, state: DecodeLedger = DecodeLedger()) {
        self.lease = lease
        self.isReusable = isReusable
        self.state = state
        self.document = document
        self.rawInput = rawInput
        self.rootNode = rootNode
        self.options = options
        self.dateStrategy = options.dateDecodingStrategy
        self.reportsLocations = reportsLocations
        self.redactsValues = !options.redactedKeys.isEmpty || !options.redactedPaths.isEmpty
        self.locator = IncrementalLocator(last: knownLocation, offsetBase: offsetBase)
        prepareLedger()
    }

    /// Sets the options' limits on the ledger, and key tracking for the document's tape.
    private func prepareLedger() {
        state.setErrorCap(options.maximumRecordedErrors)
        // Models nest no deeper than the document, give or take a frame or two per level (transforms and the
        // Codable bridge push their own): four per level is far more than a correct decode uses.
        state.setFrameLimit(4 * options.effectiveMaximumDepth + 64)
        if options.reportsUnknownKeys { state.trackReadKeys(nodeCount: document.tape.count) }
    }

    /// Whether this context can decode a stream's next record in place (`restart`): it is reusable, its decode
    /// ended, its ledger and slot are still its own, and its document reads `input` (the same window of the
    /// stream, so its tape can take the next record's nodes). Ask only when nothing else holds this context
    /// (`isKnownUniquelyReferenced`): a Swift `Decodable` kept from its decode holds it, and reads its document.
    func canRestart(reading input: ByteReader) -> Bool {
        isReusable && !handedOver && !isOpen && state.count == 0 && document.input.base == input.base && document.input.count == input.count
    }

    /// Whether this context can decode another value of `document` in place (`restart` with that value's node):
    /// a stream's next element of a batch parsed as one document (`RecordStreamEngine+Batches.swift`). Ask only
    /// when nothing else holds this context, as for `canRestart(reading:)`.
    func canRestart(in document: JSONDocument) -> Bool {
        isReusable && !handedOver && !isOpen && state.count == 0 && self.document === document
    }

    /// Unchecked exclusivity on the per-decode state (`elementCursors`, `dateStrategy`, `locator`, `typeTaggings`):
    /// each access is a plain assignment or a method that reaches nothing of the context's, so none can overlap
    /// another, and the dynamic checks of the four writes `restart` made cost a stream's record about 230 instructions.
    ///
    /// Makes this ended context, after `canRestart`, the context of a new decode of its document, whose tape now
    /// holds a stream's next record (`TapeStorage.parseValue`): what `successor` makes, in this object instead of
    /// a new one — the ledger emptied with its memory kept, the slot's next generation (so decoders made by the
    /// ended decode stay dead), the per-decode state as new. False when the slot's generation would wrap: the
    /// slot is then retired with this context, and the record needs a new one. `rootNode`: the record's node, 0
    /// but for an element of a batch parsed as one array (`canRestart(in:)`), whose document stays the same.
    func restart(knownLocation: SourceLocation, offsetBase: Int, rootNode: Int = 0) -> Bool {
        guard let next = ContextSlotPool.renew(lease) else { return false }
        lease = next
        self.rootNode = rootNode
        // The cap and the frame limit are this context's options' (`prepareLedger`), set already. The date strategy
        // needs no reset: `withDateStrategy` puts the options' one back when its body returns, and a decoder kept
        // past its decode writes nothing. Element cursors are made anew only when the ended decode used them.
        state.reopen(keepingLimits: true)
        if options.reportsUnknownKeys { state.trackReadKeys(nodeCount: document.tape.count) }
        if !elementCursors.isUnused { elementCursors = ElementCursors() }
        locator = IncrementalLocator(last: knownLocation, offsetBase: offsetBase)
        // `idKeys` stays: a type's id key is the same in every decode.
        if !typeTaggings.isEmpty { typeTaggings.removeAll(keepingCapacity: true) }
        return true
    }

    /// The context of a new decode of `document` (a stream's next record) with this reusable context's
    /// options and input, made anew except for its ledger (emptied, its memory kept) and its slot
    /// (a new generation, so decoders made by this ended decode stay dead), which it takes over. Call it
    /// only when nothing else holds this context (`isKnownUniquelyReferenced`): a Swift `Decodable` kept
    /// from this decode holds it, and reads its ledger. Nil when this context cannot hand over: make a new one.
    /// `rootNode`: the record's node in `document` (0 but for an element of a batch parsed as one array).
    func successor(document: JSONDocument, knownLocation: SourceLocation, offsetBase: Int, rootNode: Int = 0) -> DecodingContext? {
        guard isReusable, !handedOver, !isOpen, state.count == 0, let next = ContextSlotPool.renew(lease) else { return nil }
        handedOver = true
        state.reopen()
        return DecodingContext(document: document, rootNode: rootNode, options: options, rawInput: rawInput, reportsLocations: reportsLocations,
                               knownLocation: knownLocation, offsetBase: offsetBase, lease: next, isReusable: true, state: state)
    }

    /// The context that goes on with this running decode over `document`, the next batch of a large top-level
    /// array's elements (see `ArrayBatchDecoding.swift`): it takes over the open ledger (frames, errors) and the
    /// slot at its next generation (decoders made over the last batch stay dead), and keeps this context's type
    /// tags. Call `begin()` on it; this context then no longer frees or releases anything. Nil when this context
    /// is not reusable or already handed over, or when the slot's generation would wrap.
    func continuation(document: JSONDocument, knownLocation: SourceLocation, offsetBase: Int) -> DecodingContext? {
        guard isReusable, !handedOver, isOpen, let next = ContextSlotPool.renew(lease) else { return nil }
        handedOver = true
        let context = DecodingContext(document: document, rootNode: rootNode, options: options, rawInput: rawInput, reportsLocations: reportsLocations,
                                      knownLocation: knownLocation, offsetBase: offsetBase, lease: next, isReusable: true, state: state)
        context.idKeys = idKeys
        context.typeTaggings = typeTaggings
        return context
    }

    deinit {
        guard !handedOver else { return }
        // A context dropped without `end()` must not stay reachable from its slot.
        endIfRunning()
        if isReusable { ContextSlotPool.release(lease) }
        state.deallocate()
    }

    // MARK: - Key lookups

    /// The tape index of member `key` of object `node` (read by the model of `frame`), or -1. Lookups in the
    /// model's own object start where the previous match ended (see `Frame.lookupHint`).
    func memberNode(of node: Int, key: String, frame: Int) -> Int {
        let hint = state.lookupHint(frame, node: node)
        // Borrowing the key's bytes (no copy of the string, so no retain and release of it); a string
        // without contiguous UTF-8 (bridged) takes the copying path. The usual case, the key at the hint,
        // is compared inline; the search is a call.
        let lookup = key.utf8.withContiguousStorageIfAvailable { bytes in
            let utf8Key = ByteReader(bytes)
            return document.memberAtHint(of: node, utf8Key: utf8Key, hint: hint) ?? document.searchMember(of: node, utf8Key: utf8Key, hint: hint)
        } ?? ByteReader.withUTF8(of: key) { document.member(of: node, utf8Key: $0, hint: hint) }
        guard let found = lookup else {
            return -1
        }
        if hint >= 0 { state.setLookupHint(frame, found.next) }
        if state.tracksReadKeys { state.markRead(found.value - 1) }
        return found.value
    }

    // MARK: - Absent steps

    /// Stores `keys` for a `PathStep.absent` and returns that step.
    func absentStep(_ keys: some Collection<APICodingKey>) -> PathStep {
        .absent(start: state.appendAbsentKeys(keys), count: keys.count)
    }

    // MARK: - Frames

    /// Pushes a frame for a value of `type` at `node`, decoded through a decoder of frame `owner`, and returns
    /// its index, or a negative value when the frame is refused (see `DecodeLedger.push`, and
    /// `APIDecoder.pushFrame(for:)`, used by `withFrame` and `decodeModel`). A decoder whose own frame is gone — or is now another
    /// model's, which does not contain the decoder's node — was kept past the `init?(from:)` it was given
    /// to: it decodes nothing more (`DecodeLedger.refusedAsStale`). Decoding through such decoders, each
    /// model again decoding parts it kept, could otherwise take time exponential in the document's depth.
    @usableFromInline @inline(__always)
    func pushFrame(node: Int, parent: Int, step: PathStep, type: Any.Type, owner: Int) -> Int {
        if owner >= 0 && !state.contains(frame: owner, node: node) {
            return DecodeLedger.refusedAsStale
        }
        var frame = Frame(node: node, parent: parent, step: step, type: type)
        if node >= 0 { frame.end = document.next(after: node) }
        return state.push(frame)
    }

    /// Whether `pushFrame(node:…owner:)` would push a frame at `node` without searching the open frames (so
    /// certainly without refusing it).
    func wouldEnterFrame(node: Int, owner: Int) -> Bool {
        (owner < 0 || state.contains(frame: owner, node: node)) && state.acceptsFrameWithoutSearch(node: node)
    }

    /// Pops frame `index`, the innermost one (see `APIDecoder.withFrame` and `decodeModel`).
    @usableFromInline
    func popFrame(_ index: Int) {
        if state.tracksReadKeys { reportUnreadKeys(ofFrame: index) }
        state.pop(index)
    }

    /// Records, at info level, the members of a model's object that no decoder read.
    private func reportUnreadKeys(ofFrame index: Int) {
        guard let frame = state[index], frame.node >= 0, frame.parent >= -1, !frame.isLossy, !frame.readsEverything,
              document.kind(frame.node) == .object, frame.type is any APIDecodable.Type else { return }
        let typeName = "\(frame.type)"
        document.forEachMember(of: frame.node) { keyNode, value in
            guard !state.wasRead(keyNode) else { return }
            let key = document.string(keyNode)
            if state.countUnknownKey(key, of: typeName) {
                let member = APIDecoder(context: self, frame: index, node: value, parent: frame.node, step: .member(keyNode: keyNode))
                record(.unknownKey(key: key, type: typeName, occurrences: 1), at: member, decoding: nil, severity: .info)
            }
        }
    }

    /// Marks the model owning frame `index` as failed.
    @usableFromInline
    func fail(frame index: Int) {
        state.update(index) { $0.succeeded = false }
    }

    func succeeded(frame index: Int) -> Bool {
        state[index]?.succeeded ?? true
    }

    // MARK: - Errors

    /// Records an error about the value a decoder points at. Paths, tags and locations are built here, and
    /// only here, so decoding that meets no problem never pays for them.
    ///
    /// Errors start as `recovered`; when the required decode they belong to fails its model, they become
    /// `failure` (see `APIDecoder.failRequired()`).
    @usableFromInline
    func record(_ reason: APIDecodeErrorReason, at decoder: APIDecoder, decoding type: Any.Type?, severity: APIDecodeError.Severity = .recovered) {
        guard isOpen else { return }
        // Past the cap an error is only counted: building its path would be wasted work (and a decode meeting
        // errors by the thousand would pay for each).
        guard !state.isFull else { return state.countUnrecorded() }
        // The path is built in the context's reused array (taken out while it is used, so a nested record would
        // get an empty one of its own) and stored in the ledger's table before the error is made.
        var keys = pathScratch
        pathScratch = []
        BreadcrumbBuilder(context: self).appendPathToRecord(to: decoder, decoding: type, into: &keys)
        // Made once, in its final form, and moved into the ledger (`append` consumes it): setting `value` after
        // making it, then passing the variable on, copied the error (a retain and release of each reference).
        let error: APIDecodeError
        if redactsValues {
            var shown = APIDecodeError(path: BreadcrumbBuilder.exactlySized(keys), reason: reason, location: location(of: decoder), severity: severity)
            shown.value = offendingValue(at: decoder.node)
            shown.foundElement = foundElement(at: decoder.node)
            error = redactedIfNeeded(shown) { decoder.node }
        } else {
            error = APIDecodeError(storedPath: state.storedPath(of: keys), reason: reason, location: location(of: decoder), severity: severity,
                                   value: offendingValue(at: decoder.node), found: foundElement(at: decoder.node))
        }
        // Emptied one key at a time: `removeAll(keepingCapacity:)` goes through the generic `replaceSubrange`
        // (about 430 instructions for a path of four keys).
        while !keys.isEmpty { keys.removeLast() }
        pathScratch = keys
        state.append(error, site: ErrorSite(decoder), pathIsStored: !redactsValues)
    }

    /// Records an error built elsewhere (e.g. by user code through `recordError`, or the Codable bridge),
    /// redacted like the others when its path is redacted.
    func record(_ error: APIDecodeError) {
        guard isOpen else { return }
        state.append(redactsValues ? redactedIfNeeded(error) { node(at: error.path) } : error)
    }

    /// `error` as stored by a decode that redacts values (both `record`s call it before storing, so every
    /// rendering of a stored error is clean): at a redacted path, its reason and value without the value
    /// (`APIDecodeErrorReason.redacted`; the value at `node()`, when known, is also removed from messages);
    /// in any case without a source excerpt (see `APIDecodeError.hidesSource`).
    private func redactedIfNeeded(_ error: APIDecodeError, node: () -> Int) -> APIDecodeError {
        // A record id in the path (`(User email=…)`) is a value too, read from the model's `idKey` member.
        let error = error.hidingIDs(where: isRedacted)
        guard isRedacted(error.path) else {
            var shown = error
            shown.hidesSource = true
            return shown
        }
        let node = node()
        let valueText = node >= 0 && (document.kind(node) == .string || document.kind(node) == .number) ? document.valueText(node) : nil
        return error.redacted(valueText: valueText)
    }

    /// Whether a value at the decoder's position is redacted: for text built from it before it is recorded
    /// (what a transform threw). Only for failures: it builds the path.
    func redactsValue(at decoder: APIDecoder) -> Bool {
        redactsValues && isRedacted(BreadcrumbBuilder(context: self).path(to: decoder, decoding: nil))
    }

    /// The tag of a step where `type` was decoded, shared by every step of the decode it tags, and the node of
    /// the record id: `idNode` is asked for the member holding the type's `idKey` (when it has one); when it
    /// finds it, the tag carries the id key and the node is returned.
    func stepTag(of type: Any.Type, idNode: (_ idKey: String) -> Int?) -> (tag: APICodingKey.TypeTag, idNode: Int?) {
        let id = ObjectIdentifier(type)
        var index = 0
        while index < typeTaggings.count && typeTaggings[index].type != id { index += 1 }
        if index == typeTaggings.count {
            let idKey = self.idKey(of: type)
            // 32 types at most (a decode meets few), and none once the decode has ended: such tags are not shared.
            guard isOpen, typeTaggings.count < 32 else {
                let node = idKey.flatMap(idNode)
                return (APICodingKey.TypeTag(swiftType: type, decodedTypeName: nil, idKey: node == nil ? nil : idKey), node)
            }
            typeTaggings.append(TypeTagging(type: id, idKey: idKey))
        }
        if let idKey = typeTaggings[index].idKey, let node = idNode(idKey) {
            if let tag = typeTaggings[index].withIDKey { return (tag, node) }
            let tag = APICodingKey.TypeTag(swiftType: type, decodedTypeName: nil, idKey: idKey)
            typeTaggings[index].withIDKey = tag
            return (tag, node)
        }
        if let tag = typeTaggings[index].withoutIDKey { return (tag, nil) }
        let tag = APICodingKey.TypeTag(swiftType: type, decodedTypeName: nil, idKey: nil)
        typeTaggings[index].withoutIDKey = tag
        return (tag, nil)
    }

    /// The `APIDecodable.idKey` of `type` (or its `APIIdentifiable.idKey`, for Codable types), or nil when
    /// it has none.
    func idKey(of type: Any.Type) -> String? {
        guard isOpen else { return Self.declaredIDKey(of: type) }
        let id = ObjectIdentifier(type)
        if let known = idKeys.first(where: { $0.type == id }) { return known.idKey }
        let idKey = Self.declaredIDKey(of: type)
        if idKeys.count < 32 { idKeys.append((id, idKey)) }
        return idKey
    }

    private static func declaredIDKey(of type: Any.Type) -> String? {
        if let model = type as? any APIDecodable.Type { return model.idKey }
        return (type as? any APIIdentifiable.Type)?.idKey
    }

    /// The value shown in an error: its text, cut to `maximumValueLength`, or nil when there is no value or
    /// values are not kept (`redactedIfNeeded` replaces it under a redacted key).
    /// The kind of value at `node` (nil for no node), for `APIDecodeError.foundJSONType`.
    func foundElement(at node: Int) -> JSONElement? {
        node >= 0 ? document.element(node) : nil
    }

    func offendingValue(at node: Int) -> String? {
        guard options.keepsValues, node >= 0 else { return nil }
        return options.shownValue(document.valueText(node))
    }

    /// Whether a value at `path` must not be shown (`redactedKeys`, `redactedPaths`).
    private func isRedacted(_ path: [APICodingKey]) -> Bool {
        options.redacts(path)
    }

    /// Element `index` of the array at `node`, or nil when `node` is not an array or the index is out of
    /// range; continues from where the last look-up in the same array ended (see `ElementCursors.swift`).
    func element(of node: Int, at index: Int) -> Int? {
        elementCursors.element(of: node, at: index, in: document)
    }

    /// The node a path leads to from the root, or -1 when it leads to no value.
    private func node(at path: [APICodingKey]) -> Int {
        var node = rootNode
        for key in path.dropFirst() where node >= 0 {
            if let index = key.arrayIndex {
                node = element(of: node, at: index) ?? -1
            } else {
                node = document.kind(node) == .object ? document.member(of: node, key: key.stringValue) ?? -1 : -1
            }
        }
        return node
    }

    /// The location of the decoder's value, or of the nearest present value above it.
    func location(of decoder: APIDecoder) -> SourceLocation? {
        guard reportsLocations else { return nil }
        let node = decoder.node >= 0 ? decoder.node : decoder.parent
        guard node >= 0 else { return nil }
        return location(ofOffset: document.sourceOffset(node))
    }

    func location(ofOffset offset: Int) -> SourceLocation {
        // Once the decode has ended the locator stays as it was; a record of a stream is located from its start.
        guard isOpen else { return locator.locateFromFloor(offset: offset, in: document.input) }
        return locator.locate(offset: offset, in: document.input)
    }
}
