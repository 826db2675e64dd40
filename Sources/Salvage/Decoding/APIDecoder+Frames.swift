// Entering and leaving frames: the one place that pushes and pops them (with `decodeModel`, which writes
// `withFrame` out for debug builds), and the policy when a frame cannot be entered.
//
// A frame is pushed for every model, transform, custom decoding and Codable value decoded (see `Frame` in
// `Frame.swift`). `withFrame` pairs each push with exactly one pop, runs the frame's work where there
// is enough stack for it (`StackGuard`), and records one error when the frame cannot be entered — at the
// frame limit (see `DecodeLedger.setFrameLimit`), for a value already being decoded as the same type, for a
// decoder kept past its model, or when no stack can be found — instead of running the work without a
// frame of its own.

extension APIDecoder {
    /// Runs `body` with a decoder for this position in a new frame decoding a value of `type`, then pops
    /// the frame. Returns nil without running `body` when the frame cannot be entered (see
    /// `UnenteredFrame`; one error recorded), or for a decoder kept past its decode (nothing recorded).
    @inlinable @inline(__always)
    func withFrame<R>(for type: Any.Type, _ body: (APIDecoder) -> R?) -> R? {
        let frameIndex = pushFrame(for: type)
        // Negative: refused (-1 also when there is no context: a decoder kept past its decode records nothing).
        guard frameIndex >= 0 else {
            reportRefusedFrame(decoding: type, pushResult: frameIndex)
            return nil
        }
        // The stack is checked at every fourth frame: four levels of the costliest path fit many times in
        // `StackGuard.reserve`, and most models then pay no check at all.
        if frameIndex & 3 != 0 || StackGuard.hasRoom() {
            let value = body(APIDecoder(handle: handle, position: position.inFrame(frameIndex)))
            popFrame(frameIndex)
            return value
        }
        return onFreshStack(inFrame: frameIndex, for: type, body)
    }

    /// Runs `body` with the root decoder of `context`, just begun, inside the frame the root value is decoded from
    /// (its node is -1: it decodes no value of its own; the root value's model gets a frame of its own inside it):
    /// `DecodeDriver.runRoot`'s `withFrame`, on the context itself. Through an outside decoder, its liveness check,
    /// its position's fields and the borrow of the context to pop the frame cost a stream's every record about
    /// 90 instructions for nothing: the context was just begun.
    static func withRootFrame(in context: DecodingContext, _ body: (APIDecoder) -> Void) {
        let rootNode = context.rootNode
        let frame = context.pushFrame(node: -1, parent: -1, step: .root, type: Void.self, owner: -1)
        if frame >= 0 && (frame & 3 != 0 || StackGuard.hasRoom()) {
            body(APIDecoder(context: context, frame: frame, node: rootNode, parent: -1, step: .root))
            context.popFrame(frame)
            return
        }
        // A short stack (a helper thread's) or a refused frame (its error): `withFrame`'s own paths.
        let outside = APIDecoder(context: context, frame: -1, node: -1, parent: -1, step: .root)
        guard frame >= 0 else { return outside.reportRefusedFrame(decoding: Void.self, pushResult: frame) }
        _ = outside.onFreshStack(inFrame: frame, for: Void.self) { frame -> Void? in
            body(frame.sibling(frame: frame.frame, node: rootNode, parent: -1, step: .root))
        }
    }

    /// The rest of `withFrame` (and `decodeModel`) once frame `frameIndex` is pushed, when the stack is short:
    /// `body` on a helper thread's fresh stack, then the pop.
    @inlinable
    func onFreshStack<R>(inFrame frameIndex: Int, for type: Any.Type, _ body: (APIDecoder) -> R?) -> R? {
        let inner = sibling(frame: frameIndex, node: node, parent: parent, step: step)
        let outcome = StackGuard.runOnFreshStack { body(inner) }
        if outcome == nil {
            inner.reportUnenteredFrame(decoding: type, because: .noStack)
        }
        withContext { $0.popFrame(frameIndex) }
        return outcome ?? nil
    }

    /// Pushes the frame of `withFrame`: its index, or a negative `DecodeLedger` refusal (-1 also for a
    /// decoder kept past its decode). Not generic, with `withContext` written out, so that debug builds
    /// look no generic metadata up here (see `APIDecoder+Context.swift`).
    @usableFromInline
    func pushFrame(for type: Any.Type) -> Int {
        guard let context = handle.liveContext(generation: position.generation) else { return -1 }
        let node = position.node, parent = position.parent, step = position.step, frame = position.frame
        return ContextHandle.borrow(context) { context in
            context.pushFrame(node: node, parent: parent, step: step, type: type, owner: frame)
        }
    }

    /// Whether the value here is an empty JSON array whose frame `decodeModel` would enter without a search
    /// or a refusal (see `DecodeLedger.push`): decoding it as an array then needs no frame (see
    /// `Array._salvageDecode`). False for a decoder kept past its model or its decode, which must take
    /// `decodeModel`'s path and its error.
    @usableFromInline
    var isEmptyArrayNeedingNoFrame: Bool {
        let node = position.node
        guard node >= 0, let context = handle.liveContext(generation: position.generation) else { return false }
        let frame = position.frame
        return ContextHandle.borrow(context) { context in
            let entry = context.document.tape[node]
            return entry.kind == .array && entry.count == 0 && context.wouldEnterFrame(node: node, owner: frame)
        }
    }

    /// Pops frame `index` pushed by `pushFrame(for:)` (nothing for a decoder kept past its decode).
    @usableFromInline
    func popFrame(_ index: Int) {
        guard let context = handle.liveContext(generation: position.generation) else { return }
        ContextHandle.borrow(context) { context in
            context.popFrame(index)
        }
    }

    /// `withFrame` for work that throws (the Codable bridge's `.salvage` recovery): the frame is popped
    /// whether `body` returns or throws. When the frame cannot be entered, one error is recorded, as for
    /// `withFrame`, and `refused` gives the outcome instead (a generic result, not an optional: unspecialized
    /// callers would look up `Optional<R>`'s metadata on every call).
    func withThrowingFrame<R>(for type: Any.Type, refused: () throws -> R, _ body: (APIDecoder) throws -> R) throws -> R {
        let frameIndex = withContext { $0.pushFrame(node: node, parent: parent, step: step, type: type, owner: frame) } ?? -1
        guard frameIndex >= 0 else {
            reportRefusedFrame(decoding: type, pushResult: frameIndex)
            return try refused()
        }
        defer { withContext { $0.popFrame(frameIndex) } }
        let inner = sibling(frame: frameIndex, node: node, parent: parent, step: step)
        if frameIndex & 3 != 0 || StackGuard.hasRoom() {
            return try body(inner)
        }
        return try inner.onFreshStack(for: type, refused: refused, body)
    }

    /// The rest of `withThrowingFrame` when the stack is short: `body(self)` on a helper thread's fresh stack.
    /// Out of line because its `Result<R, Error>` and `Optional` of it would otherwise be looked up (in the
    /// runtime's metadata cache) on every call of an unspecialized `withThrowingFrame`, fresh stack or not.
    @inline(never)
    private func onFreshStack<R>(for type: Any.Type, refused: () throws -> R, _ body: (APIDecoder) throws -> R) throws -> R {
        guard let outcome = StackGuard.runOnFreshStack({ Result { try body(self) } }) else {
            reportUnenteredFrame(decoding: type, because: .noStack)
            return try refused()
        }
        return try outcome.get()
    }

    /// Records why `DecodeLedger.push` refused the frame of a value of `type` (`pushResult`, negative).
    @usableFromInline
    func reportRefusedFrame(decoding type: Any.Type, pushResult: Int) {
        let cause: UnenteredFrame
        switch pushResult {
        case DecodeLedger.refusedAsReentry: cause = .reentry
        case DecodeLedger.refusedAsStale: cause = .staleDecoder
        default: cause = .frameLimit
        }
        reportUnenteredFrame(decoding: type, because: cause)
    }

    /// Records that a value of `type` was not decoded because its frame could not be entered (see
    /// `UnenteredFrame`). Nothing for a decoder kept past its decode.
    @usableFromInline
    func reportUnenteredFrame(decoding type: Any.Type, because cause: UnenteredFrame) {
        let message: String
        switch cause {
        case .frameLimit:
            message = "\(type) was not decoded: models are nested deeper than the document allows (was a decoder kept and used again inside its own decode?)"
        case .reentry:
            message = "\(type) was not decoded: the same value is already being decoded as \(type) here (was a decoder kept and used again inside its own decode?)"
        case .staleDecoder:
            message = "\(type) was not decoded: its decoder was kept after the init(from:) it was given to had returned"
        case .noStack:
            message = StackGuard.notDecodedMessage(type)
        }
        withContext { context in
            context.record(.other(message: message), at: self, decoding: type)
        }
    }

}

/// Why a frame could not be entered.
@usableFromInline
enum UnenteredFrame {
    /// `DecodeLedger.setFrameLimit`'s bound was reached.
    case frameLimit
    /// A frame for the same node and type is open already (see `DecodeLedger.push`).
    case reentry
    /// The decoder pushing the frame was kept past its model (see `DecodingContext.pushFrame`).
    case staleDecoder
    /// The stack was nearly exhausted and no helper thread could be started (see `StackGuard`).
    case noStack
}
