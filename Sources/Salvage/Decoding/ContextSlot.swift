import Foundation

// How a decoder finds its decode context without holding a reference to it.
//
// Why unsafe: decoders are created and dropped for every subscript and `-->`. Holding the context as a strong
// reference made each of those a retain and a release — a fifth of the flaky benchmark's time. A decoder
// holds instead a pointer to a slot plus the slot's generation at the time it was made. Slots are never
// freed (a pool reuses them), so reading one is always safe; the generation changes when a decode ends,
// so a decoder kept past its decode (a misuse the docs warn about) finds a different generation and sees
// the closed context below: no value anywhere, nothing recorded, no memory of the finished decode read.
// While the generations match, the decode is running, and the decode itself holds the context alive.
//
// Threads: a slot is handed out under a lock and used by one decode at a time. A decoder cannot be sent to
// another thread during its decode (it is not `Sendable`, and Swift 6 keeps function parameters and
// values derived from them in their task's region), so only the decode's own thread compares generations
// while they can match.

/// Where the context of the decode currently using this slot is, and which decode that is.
@usableFromInline
struct ContextSlot {
    /// Changes when a decode starts or ends; a decoder is live while it equals the decoder's own.
    @usableFromInline var generation: UInt32 = 0
    /// The context of the running decode; nil while the slot is free.
    @usableFromInline var context: Unmanaged<DecodingContext>? = nil
}

/// What a decoder holds to find its context: a pointer to a slot that is never freed.
@usableFromInline
struct ContextHandle {
    @usableFromInline let slot: UnsafeMutablePointer<ContextSlot>

    @usableFromInline
    init(slot: UnsafeMutablePointer<ContextSlot>) {
        self.slot = slot
    }

    /// The context of the decode that made `generation`, unretained, while that decode runs; else the closed
    /// context.
    @inlinable @inline(__always)
    func reference(generation: UInt32) -> Unmanaged<DecodingContext> {
        if slot.pointee.generation == generation, let context = slot.pointee.context {
            return context
        }
        return DecodingContext.closedReference
    }

    /// `reference(generation:)` as a strong reference.
    @inlinable
    func context(generation: UInt32) -> DecodingContext {
        reference(generation: generation).takeUnretainedValue()
    }

    /// Calls `body` with `reference(generation:)` borrowed: no retain, no release. The decode keeps the
    /// context alive while its generation is current, and the closed context lives forever.
    @inlinable @inline(__always)
    func withContext<R>(generation: UInt32, _ body: (DecodingContext) -> R) -> R {
        reference(generation: generation)._withUnsafeGuaranteedRef(body)
    }
}

extension ContextHandle {
    /// Calls `body` with the context borrowed while the decode that made `generation` runs; returns nil
    /// without calling it for a decoder kept past its decode. A live context is always open (the decode
    /// closes its state and changes the generation together, in `end()`).
    @inlinable @inline(__always)
    func withLiveContext<R>(generation: UInt32, _ body: (DecodingContext) -> R) -> R? {
        guard slot.pointee.generation == generation, let context = slot.pointee.context else { return nil }
        return context._withUnsafeGuaranteedRef(body)
    }
}

/// The slot and generation one decode hands to its decoders.
@usableFromInline
struct ContextSlotLease {
    @usableFromInline let handle: ContextHandle
    @usableFromInline let generation: UInt32

    /// A lease no decoder is ever live under: its slot's generation stays 0.
    nonisolated(unsafe) static let closed: ContextSlotLease = {
        let slot = UnsafeMutablePointer<ContextSlot>.allocate(capacity: 1)
        slot.initialize(to: ContextSlot(generation: 0, context: nil))
        return ContextSlotLease(handle: ContextHandle(slot: slot), generation: 1)
    }()
}

/// The free slots, shared by all threads.
enum ContextSlotPool {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var free: [UnsafeMutablePointer<ContextSlot>] = []

    /// Takes a free slot (or makes one) and starts a new generation in it.
    static func lease() -> ContextSlotLease {
        lock.lock()
        let reused = free.popLast()
        lock.unlock()
        let slot = reused ?? {
            let slot = UnsafeMutablePointer<ContextSlot>.allocate(capacity: 1)
            slot.initialize(to: ContextSlot())
            return slot
        }()
        slot.pointee.generation &+= 1
        return ContextSlotLease(handle: ContextHandle(slot: slot), generation: slot.pointee.generation)
    }

    /// Ends the lease: decoders made under it are no longer live. The slot goes back to the pool unless its
    /// generation would wrap around (then an old decoder could match again); such a slot (after four
    /// billion decodes) is retired and never used again.
    static func end(_ lease: ContextSlotLease) {
        let slot = lease.handle.slot
        slot.pointee.context = nil
        slot.pointee.generation &+= 1
        guard slot.pointee.generation < UInt32.max - 1 else { return }
        lock.lock()
        free.append(slot)
        lock.unlock()
    }
}

extension DecodingContext {
    /// Makes this context the one its lease's decoders see. Call `end()` before the context goes away.
    func begin() {
        lease.handle.slot.pointee.context = Unmanaged.passUnretained(self)
    }

    /// Ends the decode: decoders made during it see the closed context from now on, and the borrowed input
    /// is no longer read.
    func end() {
        state.close()
        ContextSlotPool.end(lease)
    }

    /// `end()`, unless it already happened (the closed context's lease never matches).
    func endIfRunning() {
        if lease.handle.slot.pointee.generation == lease.generation {
            end()
        }
    }

    /// What decoders kept past their decode see: a document of one `null` that reads no input, and a
    /// closed state, so they find no value and record nothing.
    nonisolated(unsafe) static let closed: DecodingContext = {
        let context = DecodingContext(document: JSONDocument.emptyDocument(input: ByteReader.empty), rootNode: -1,
                                      options: APIDecodeOptions(), rawInput: nil, reportsLocations: false, lease: .closed)
        context.state.close()
        return context
    }()

    /// `closed`, as an unretained reference for decoders.
    @usableFromInline nonisolated(unsafe) static let closedReference = Unmanaged.passUnretained(closed)
}
