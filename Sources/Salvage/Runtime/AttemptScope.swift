// A tentative scope of a decode: what `APIDecoder.attempt` records is kept when its body returns a value and
// removed when it returns nil, as if the body had never run.

/// The state of a decode's ledger when an attempt started: the errors recorded and counted then, the
/// unknown-key bookkeeping, and the failure flags of the frames open then (an attempt's failed required
/// values clear `succeeded` of the model around it, which a discarded attempt must undo).
struct AttemptMark {
    struct FrameFlags {
        let succeeded: Bool
        let reportedShape: Bool
    }

    let errors: Int
    let unrecorded: Int
    let unknownKeys: [String: (error: Int, occurrences: Int)]
    let frames: [FrameFlags]
}

extension DecodingContext {
    /// Runs `body` tentatively: when it returns nil, everything it recorded is removed from the ledger (and
    /// returned as `setAside`), the frames open before it get their failure flags back, and the unknown-key
    /// counts are those of before. Keys read inside stay read (see `APIDecoder.attempt`). Nests: an inner
    /// attempt that fails removes only its own errors.
    func attempt<T>(_ body: () -> T?) -> (value: T?, setAside: [APIDecodeError]) {
        guard isOpen else { return (nil, []) }
        let mark = state.attemptMark()
        if let value = body() { return (value, []) }
        return (nil, state.rollBack(to: mark))
    }
}
