// The mutable state of one decode — the stack of models being decoded, the errors, the keys of absent
// positions — kept behind a pointer.
//
// Why unsafe: a frame is pushed and popped for every model and read or written on every `-->` (success
// flag, key-lookup hint), and the error count is read for every model. As stored properties of a class,
// each of those accesses pays for a dynamic exclusivity check (and writes to an `Array` for a uniqueness
// check); behind a pointer they are plain loads and stores. The frames are a `GrowableBuffer` in the header,
// freed with it. `Frame` (`Frame.swift`) is a trivial type (integers and a metatype). Every frame access is bounds-checked
// and an out-of-range index is ignored, so a decoder kept past its model's decode can never read or write
// outside the stack.

/// The decoder position an error was recorded at.
struct ErrorSite: Equatable, Sendable {
    let node: Int
    let parent: Int
    let step: PathStep

    init(_ decoder: APIDecoder) {
        node = decoder.node
        parent = decoder.parent
        step = decoder.step
    }

    private init(node: Int, parent: Int, step: PathStep) {
        self.node = node
        self.parent = parent
        self.step = step
    }

    /// For errors recorded without a decoder (given whole by user code).
    static let unknown = ErrorSite(node: -2, parent: -2, step: .root)
}

/// The frames, errors and absent keys of one decode, owned by one `DecodingContext`, which deallocates it.
struct DecodeLedger {
    private struct Header: ~Copyable {
        /// The open frames, innermost last.
        var frames: GrowableBuffer<Frame>
        var errors: [APIDecodeError] = []
        /// Where each error was recorded (parallel to `errors`), to find a failed decode's own errors
        /// without building paths.
        var sites: [ErrorSite] = []
        /// Where the recorded errors' paths are stored, sharing common prefixes (see `PathTable.swift`).
        var paths = PathTableBuilder()
        /// Whether a path went to `paths` since it was made or sealed (when not, sealing it changes nothing).
        var pathsAdded = false
        var absentKeys: [APICodingKey] = []
        var isOpen = true
        var errorCap: Int? = nil
        /// The most frames at once (see `setFrameLimit`).
        var frameLimit = Int.max
        /// With `reportsUnknownKeys`: which key nodes a decoder read (indexed by tape index).
        var readKeys: [Bool]? = nil
        /// `readKeys != nil`, as a plain flag: it is checked on every key lookup.
        var tracksReadKeys = false
        /// With `reportsUnknownKeys`: the error reporting each (model type, key), and how often it occurred.
        var unknownKeys: [String: (error: Int, occurrences: Int)] = [:]
        var unrecorded = 0
        /// While a field decoded with an explicit `lenient:` is being decoded: that choice (overriding the
        /// option); nil otherwise.
        var lenient: Bool? = nil
    }

    private let header: UnsafeMutablePointer<Header>

    init(capacity: Int = 32) {
        header = .allocate(capacity: 1)
        header.initialize(to: Header(frames: GrowableBuffer(capacity: capacity)))
    }

    /// Empties the ledger for its next owner's decode (`DecodingContext.successor`): as new, keeping the memory
    /// of the frames, of which none may be open. The new owner sets the cap, the frame limit and key tracking;
    /// with `keepingLimits`, the cap and the frame limit stay (the same context decodes again: `restart`).
    func reopen(keepingLimits: Bool = false) {
        // Field by field, and only what the ended decode changed: rebuilding the whole header destroyed and made
        // every array and the path builder anew (about 200 instructions a record of a stream). Keep this in step
        // with `Header`'s initial values.
        let ended = header
        if !ended.pointee.errors.isEmpty { ended.pointee.errors = [] }
        if !ended.pointee.sites.isEmpty { ended.pointee.sites = [] }
        if ended.pointee.pathsAdded {
            ended.pointee.paths = PathTableBuilder()
            ended.pointee.pathsAdded = false
        }
        if !ended.pointee.absentKeys.isEmpty { ended.pointee.absentKeys = [] }
        ended.pointee.isOpen = true
        if !keepingLimits {
            ended.pointee.errorCap = nil
            ended.pointee.frameLimit = .max
        }
        if ended.pointee.readKeys != nil { ended.pointee.readKeys = nil }
        ended.pointee.tracksReadKeys = false
        if !ended.pointee.unknownKeys.isEmpty { ended.pointee.unknownKeys = [:] }
        ended.pointee.unrecorded = 0
        ended.pointee.lenient = nil
    }

    /// Frees the memory (the frames' with the header's). Called once, by the owner's `deinit`.
    func deallocate() {
        header.deinitialize(count: 1)
        header.deallocate()
    }

    /// False once the decode has returned: the borrowed input bytes are gone, so decoders kept past the
    /// decode (a misuse) must not read the document any more.
    var isOpen: Bool {
        @inline(__always) get { header.pointee.isOpen }
    }

    /// Closes the state when the decode returns. Once closed, the state changes no more: every write is
    /// ignored (the Codable bridge's settings may still hold the context of a decode that has returned).
    func close() {
        header.pointee.isOpen = false
    }

    /// The explicit leniency of the field being decoded, if any (see `Header.lenient`).
    var lenient: Bool? {
        get { header.pointee.lenient }
        nonmutating set { if header.pointee.isOpen { header.pointee.lenient = newValue } }
    }

    // MARK: - Errors

    /// Every error recorded so far, in order. Taking them seals the table their paths are in (errors
    /// recorded later go to a new one), so they can be sent to other threads while the decode goes on.
    var errors: [APIDecodeError] {
        if header.pointee.pathsAdded {
            header.pointee.paths.seal()
            header.pointee.pathsAdded = false
        }
        return header.pointee.errors
    }

    /// Errors met so far, recorded or not (see the cap).
    var errorCount: Int { header.pointee.errors.count + header.pointee.unrecorded }

    var lastError: APIDecodeError? { header.pointee.errors.last }

    /// Whether the cap on recorded errors is reached: further errors are only counted (see `countUnrecorded`),
    /// so the decoder need not build their paths.
    var isFull: Bool {
        guard let cap = header.pointee.errorCap else { return false }
        return header.pointee.errors.count >= cap
    }

    /// Counts an error met past the cap.
    func countUnrecorded() {
        if header.pointee.isOpen { header.pointee.unrecorded += 1 }
    }

    /// Records `error`, storing its path first unless `pathIsStored` (it went through `storedPath(of:)`).
    /// Takes `error` (`consuming`: the caller's last use of it, so it is moved into the array, not copied
    /// with a retain and a release of each of its references).
    func append(_ error: consuming APIDecodeError, site: ErrorSite = .unknown, pathIsStored: Bool = false) {
        guard header.pointee.isOpen else { return }
        if isFull {
            header.pointee.unrecorded += 1
            return
        }
        if !pathIsStored, case .keys(let keys) = error.storedPath {
            error.storedPath = storedPath(of: keys)
        }
        header.pointee.errors.append(error)
        header.pointee.sites.append(site)
    }

    /// How an error about to be recorded keeps `keys`: in the decode's table, or, for the first few paths, as an
    /// array of exactly their count (`keys` may come with room to spare: `BreadcrumbBuilder.appendPathToRecord`).
    /// `DecodingContext.record` calls it before making the error (and tells `append` that the path is stored);
    /// `append` calls it for errors given whole. Call it once per recorded error: it counts the paths.
    func storedPath(of keys: [APICodingKey]) -> APIDecodeError.StoredPath {
        if let shared = addPath(keys) {
            return .shared(shared.table, node: shared.node)
        }
        return .keys(keys.capacity > keys.count ? BreadcrumbBuilder.exactlySized(keys) : keys)
    }

    /// Adds `path` to the path builder (see `PathTableBuilder.add`).
    private func addPath(_ path: [APICodingKey]) -> (table: PathTable, node: Int32)? {
        header.pointee.pathsAdded = true
        return header.pointee.paths.add(path)
    }

    // MARK: - Unknown keys

    /// Starts tracking which keys are read, for a tape of `nodeCount` nodes.
    func trackReadKeys(nodeCount: Int) {
        header.pointee.readKeys = Array(repeating: false, count: nodeCount)
        header.pointee.tracksReadKeys = true
    }

    var tracksReadKeys: Bool { header.pointee.tracksReadKeys }

    func markRead(_ keyNode: Int) {
        if let count = header.pointee.readKeys?.count, keyNode >= 0 && keyNode < count {
            header.pointee.readKeys?[keyNode] = true
        }
    }

    func wasRead(_ keyNode: Int) -> Bool {
        guard let count = header.pointee.readKeys?.count, keyNode >= 0 && keyNode < count else { return true }
        return header.pointee.readKeys?[keyNode] ?? true
    }

    /// Counts one more record with unread `key` of `type`; returns true the first time (record it then).
    func countUnknownKey(_ key: String, of type: String) -> Bool {
        guard header.pointee.isOpen else { return false }
        let id = type + "\u{0}" + key
        if let seen = header.pointee.unknownKeys[id] {
            header.pointee.unknownKeys[id] = (seen.error, seen.occurrences + 1)
            return false
        }
        header.pointee.unknownKeys[id] = (header.pointee.errors.count, 1)
        return true
    }

    /// Writes the final occurrence counts into the unknown-key errors.
    func finishUnknownKeys() {
        // Most decodes report no unknown key: iterating the empty dictionary cost every stream's record ~50 instructions.
        guard !header.pointee.unknownKeys.isEmpty else { return }
        for (_, entry) in header.pointee.unknownKeys where entry.error < header.pointee.errors.count {
            let error = header.pointee.errors[entry.error]
            if case .unknownKey(let key, let type, _) = error.reason {
                var updated = APIDecodeError(path: error.path, reason: .unknownKey(key: key, type: type, occurrences: entry.occurrences),
                                             location: error.location, severity: error.severity)
                updated.storedPath = error.storedPath
                updated.value = error.value
                updated.note = error.note
                updated.hidesSource = error.hidesSource
                updated.foundElement = error.foundElement
                header.pointee.errors[entry.error] = updated
            }
        }
    }

    /// Errors not recorded because of the cap.
    var unrecordedCount: Int { header.pointee.unrecorded }

    /// Bounds the frames open at once. A well-formed decode never gets near it; a decoder kept by a model
    /// and used to decode an enclosing value again inside it would otherwise recurse until the stack overflows.
    func setFrameLimit(_ limit: Int) {
        header.pointee.frameLimit = limit
    }

    /// Sets the cap on recorded errors (nil: none).
    func setErrorCap(_ cap: Int?) {
        header.pointee.errorCap = cap.map { max(0, $0) }
    }

    /// How many errors are recorded (without those only counted past the cap).
    var recordedCount: Int { header.pointee.errors.count }

    /// The severity of recorded error `index` (`0..<recordedCount`).
    func severity(ofError index: Int) -> APIDecodeError.Severity { header.pointee.errors[index].severity }

    /// Sets the severity of recorded error `index` (see `FailureRules.swift`, which decides it).
    func setSeverity(_ severity: APIDecodeError.Severity, ofError index: Int) {
        header.pointee.errors[index].severity = severity
    }

    /// Where recorded error `index` was recorded.
    func site(ofError index: Int) -> ErrorSite { header.pointee.sites[index] }

    // MARK: - Absent keys

    /// Stores `keys` for a `PathStep.absent` and returns where they start.
    func appendAbsentKeys(_ keys: some Collection<APICodingKey>) -> Int {
        guard header.pointee.isOpen else { return 0 }
        let start = header.pointee.absentKeys.count
        header.pointee.absentKeys.append(contentsOf: keys)
        return start
    }

    /// The absent keys `start ..< start + count` (empty when out of range).
    func absentKeys(_ start: Int, _ count: Int) -> [APICodingKey] {
        guard start >= 0, count >= 0, start + count <= header.pointee.absentKeys.count else { return [] }
        return Array(header.pointee.absentKeys[start ..< start + count])
    }

    // MARK: - Frames

    var count: Int { header.pointee.frames.count }

    /// What `push` returns when the state is closed or `frameLimit` frames are open.
    static let refusedAtLimit = -1
    /// What `push` returns for a value of a type already being decoded at the same node (see `push`).
    static let refusedAsReentry = -2
    /// What `DecodingContext.pushFrame` returns for a push through a decoder kept past its model.
    static let refusedAsStale = -3

    /// Pushes a frame and returns its index, or a negative value when it is refused: `refusedAtLimit` when
    /// the state is closed or `frameLimit` frames are open, `refusedAsReentry` when a frame for the same node
    /// and type is open already. That frame would decode the same value inside itself again — forever,
    /// with a branching cost, until the frame limit — which only a decoder kept and used again inside its
    /// own decode can cause. A correct decode only descends: a new frame's node is greater than the innermost
    /// one's, or equal to it (a custom decoding or Codable value read at the model's own position, of
    /// another type), so the open frames are searched only in those rare cases.
    /// Always inlined (into `DecodingContext.pushFrame`, itself inlined into `APIDecoder.pushFrame`): the
    /// frame, twelve words, is then built where it is stored instead of being passed and copied twice.
    @inline(__always)
    func push(_ frame: Frame) -> Int {
        let count = header.pointee.frames.count
        guard header.pointee.isOpen, count < header.pointee.frameLimit else { return Self.refusedAtLimit }
        if count > 0, frame.node >= 0, frame.node <= (header.pointee.frames.base + count - 1).pointee.node, hasOpenFrame(node: frame.node, type: frame.type) {
            return Self.refusedAsReentry
        }
        var frame = frame
        frame.absentKeysMark = header.pointee.absentKeys.count
        frame.errorsBefore = header.pointee.errors.count + header.pointee.unrecorded
        header.pointee.frames.append(frame)
        return count
    }

    /// Whether a frame decoding `type` at `node` is open.
    private func hasOpenFrame(node: Int, type: Any.Type) -> Bool {
        let type = ObjectIdentifier(type)
        var index = header.pointee.frames.count - 1
        while index >= 0 {
            let frame = header.pointee.frames.base + index
            if frame.pointee.node == node && ObjectIdentifier(frame.pointee.type) == type { return true }
            index -= 1
        }
        return false
    }

    /// Whether `push` would take a frame at `node` without searching the open frames: open, below the limit,
    /// and `node` past the innermost frame's node.
    func acceptsFrameWithoutSearch(node: Int) -> Bool {
        let count = header.pointee.frames.count
        guard header.pointee.isOpen, count < header.pointee.frameLimit else { return false }
        return count == 0 || node > (header.pointee.frames.base + count - 1).pointee.node
    }

    /// Pops frame `index`, which must be the innermost one: frames are entered and left only through
    /// `APIDecoder.withFrame` and `decodeModel`, which pair every push with one pop. A violation traps in debug builds (the
    /// tests run in them) and is ignored in release builds, where popping a frame that is not the innermost
    /// would make another model lose its state.
    func pop(_ index: Int) {
        assert(index == header.pointee.frames.count - 1, "frame \(index) popped while \(header.pointee.frames.count) frames are open")
        guard index >= 0, index == header.pointee.frames.count - 1 else { return }
        let mark = header.pointee.frames.removeLast().absentKeysMark
        if mark < header.pointee.absentKeys.count {
            header.pointee.absentKeys.removeSubrange(mark...)
        }
    }

    /// Frame `index` in place, or nil when there is none. The accessors below touch only the field they need:
    /// in a debug build `GrowableBuffer`'s generic subscript copies the whole frame out (and back in to write
    /// a field) through value witnesses, 300-400 instructions per lookup hint read or set, two per subscript.
    @_transparent
    private func frame(_ index: Int) -> UnsafeMutablePointer<Frame>? {
        guard index >= 0 && index < header.pointee.frames.count else { return nil }
        return header.pointee.frames.base + index
    }

    /// The frame at `index`, or nil when there is none (e.g. a decoder used after its model was decoded).
    subscript(index: Int) -> Frame? {
        frame(index)?.pointee
    }

    /// The index of the innermost open frame decoding `node` (and reached from a parent, when
    /// `reachedFromParent`), or -1: compared in place, for `BreadcrumbBuilder`, which asks once per step of
    /// every recorded path (copying each frame out to test it cost a twelve-word copy per frame looked at).
    func innermostFrameIndex(decoding node: Int, reachedFromParent: Bool) -> Int {
        let base = header.pointee.frames.base
        var index = header.pointee.frames.count - 1
        while index >= 0 {
            let frame = base + index
            if frame.pointee.node == node && (!reachedFromParent || frame.pointee.parent >= 0) { return index }
            index -= 1
        }
        return -1
    }

    /// Whether frame `index` is open and `node` lies inside its value (see `Frame.end`).
    func contains(frame index: Int, node: Int) -> Bool {
        guard let frame = frame(index) else { return false }
        return node < 0 || frame.pointee.node < 0 || (node >= frame.pointee.node && node < frame.pointee.end)
    }

    /// Whether frame `index` has not failed; nil when there is no such frame.
    func succeeded(_ index: Int) -> Bool? {
        frame(index)?.pointee.succeeded
    }

    /// The lookup hint of frame `index` when that frame decodes `node`, or -1 (no hint to use or keep).
    func lookupHint(_ index: Int, node: Int) -> Int {
        guard let frame = frame(index), frame.pointee.node == node else { return -1 }
        return frame.pointee.lookupHint
    }

    func setLookupHint(_ index: Int, _ hint: Int) {
        frame(index)?.pointee.lookupHint = hint
    }

    /// Changes the frame at `index` in place; does nothing when there is no such frame.
    func update(_ index: Int, _ body: (inout Frame) -> Void) {
        guard let frame = frame(index) else { return }
        body(&frame.pointee)
    }
}

// MARK: - Notes and attempts (see `AttemptScope.swift`)

extension DecodeLedger {
    /// Adds `note` to the errors recorded from index `start` on at `site`, or, when none was recorded there,
    /// to the last error recorded since `start`.
    func annotateErrors(since start: Int, at site: ErrorSite, note: String) {
        guard header.pointee.isOpen, start >= 0, start < header.pointee.errors.count else { return }
        var annotated = false
        for index in start ..< header.pointee.errors.count where header.pointee.sites[index] == site {
            header.pointee.errors[index].note = note
            annotated = true
        }
        if !annotated { header.pointee.errors[header.pointee.errors.count - 1].note = note }
    }

    /// What an attempt restores when it gives up (see `AttemptMark`).
    func attemptMark() -> AttemptMark {
        var flags: [AttemptMark.FrameFlags] = []
        flags.reserveCapacity(header.pointee.frames.count)
        for index in 0 ..< header.pointee.frames.count {
            let frame = header.pointee.frames[index]
            flags.append(AttemptMark.FrameFlags(succeeded: frame.succeeded, reportedShape: frame.reportedShape))
        }
        return AttemptMark(errors: header.pointee.errors.count, unrecorded: header.pointee.unrecorded,
                           unknownKeys: header.pointee.unknownKeys, frames: flags)
    }

    /// Removes what was recorded since `mark` and restores the flags of the frames open then; returns the
    /// errors removed, in order.
    func rollBack(to mark: AttemptMark) -> [APIDecodeError] {
        guard header.pointee.isOpen, mark.errors <= header.pointee.errors.count else { return [] }
        let removed = Array(header.pointee.errors[mark.errors...])
        header.pointee.errors.removeSubrange(mark.errors...)
        header.pointee.sites.removeSubrange(mark.errors...)
        header.pointee.unrecorded = mark.unrecorded
        header.pointee.unknownKeys = mark.unknownKeys
        for (index, flags) in mark.frames.enumerated() where index < header.pointee.frames.count {
            header.pointee.frames[index].succeeded = flags.succeeded
            header.pointee.frames[index].reportedShape = flags.reportedShape
        }
        return removed
    }
}
