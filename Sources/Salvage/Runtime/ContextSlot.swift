import CSalvageRuntime
import Foundation

// How a decoder finds its decode context without holding a reference to it.
//
// Why unsafe: decoders are created and dropped for every subscript and `-->`. Holding the context as a strong
// reference made each of those a retain and a release — a fifth of the flaky benchmark's time. A decoder
// holds instead a pointer to a slot plus the slot's generation at the time it was made. Slots are never
// freed (a pool reuses them), so reading one is always safe; the generation changes when a decode ends,
// so a decoder kept past its decode (a misuse the docs warn about) finds a different generation and gets
// no context at all (`withContext` does not run its closure): no value anywhere, nothing recorded, no
// memory of the finished decode read.
// While the generations match, the decode is running, and the decode itself holds the context alive.
//
// Threads: a slot is handed out under a lock and used by one decode at a time, and only that decode writes
// it. A decoder cannot be sent to another thread *during* its decode (it is not `Sendable`, and Swift 6
// keeps function parameters and values derived from them in their task's region), so a matching
// generation, and with it the context pointer, is only ever read on the decode's own thread. But a model
// that kept its decoder is an ordinary value once the decode has returned, and Swift 6 lets it be sent to
// another task (`Task.detached { kept.decoder["x"] --> Int?.self }`, no unsafe code needed): that decoder
// then loads the generation of a slot that a decode on another thread may be leasing, starting or ending
// at that moment. Such a decoder never matches (generations only grow, and a slot is retired before its
// generation would wrap), so it never reads the context; but its load races with the other decode's
// stores unless both are atomic. So the generation is accessed only through `CSalvageRuntime`: stored with
// release after the context pointer is written (`begin()`, `end()`), loaded with acquire before the
// context pointer is read. On x86-64 the acquire load is the same plain load as before (on ARM64 an
// `ldar`/`ldapr`), so the hot path (every subscript and `-->`) costs nothing more.
//
// Why a C target and not the standard library's `Synchronization.Atomic`: Package.swift declares no
// `platforms`, and `Atomic` needs macOS 15 / iOS 18; using it would raise every user's deployment target,
// or put an availability check (and a second slot layout) on the hot path. `CSalvageRuntime` is a target
// of this package, not a dependency: a header of `static inline` functions over clang's `__atomic`
// builtins, which work on every platform Swift does and which ThreadSanitizer understands.

/// Where the context of the decode currently using this slot is, and which decode that is (a C struct, so
/// that its generation can be accessed atomically; see the top of this file).
@usableFromInline
typealias ContextSlot = salvage_context_slot

/// What a decoder holds to find its context: a pointer to a slot that is never freed.
@usableFromInline
struct ContextHandle {
    @usableFromInline let slot: UnsafeMutablePointer<ContextSlot>

    @usableFromInline
    init(slot: UnsafeMutablePointer<ContextSlot>) {
        self.slot = slot
    }

    /// The slot's generation now (an acquire load: on any thread, at any time).
    @inlinable @inline(__always)
    var generation: UInt32 { salvage_slot_generation(slot) }

    /// The context of the decode that made `generation`, unretained, while that decode runs (the decode
    /// keeps it alive while its generation is current); nil after. Decoders reach it through
    /// `APIDecoder.withContext` (`APIDecoder+Context.swift`), which borrows it with `borrow(_:_:)`; the few
    /// hot paths listed there call the two directly.
    ///
    /// Not generic, on purpose: in a debug build (where your tests run) a generic function is not
    /// specialised, and returning its `R?` looks `Optional<R>`'s metadata up at run time on every call.
    @inlinable @inline(__always)
    func liveContext(generation: UInt32) -> UnsafeMutableRawPointer? {
        guard salvage_slot_generation(slot) == generation else { return nil }
        return slot.pointee.context
    }

    /// Calls `body` with the context that `liveContext(generation:)` gave borrowed: no retain, no release.
    /// Generic over a result that is not optional, so a debug build looks no metadata up for it.
    @inlinable @inline(__always)
    static func borrow<R>(_ context: UnsafeMutableRawPointer, _ body: (DecodingContext) -> R) -> R {
        Unmanaged<DecodingContext>.fromOpaque(context)._withUnsafeGuaranteedRef(body)
    }
}

/// The slot and generation one decode hands to its decoders.
@usableFromInline
struct ContextSlotLease {
    @usableFromInline let handle: ContextHandle
    @usableFromInline let generation: UInt32

}

/// The free slots, shared by all threads.
enum ContextSlotPool {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var free: [UnsafeMutablePointer<ContextSlot>] = []

    /// Takes a free slot (or makes one) for the next generation, which `begin()` publishes. (A context that
    /// is never begun keeps its slot out of the pool: only the 16 bytes of the slot are lost.)
    static func lease() -> ContextSlotLease {
        lock.lock()
        let reused = free.popLast()
        lock.unlock()
        let slot = reused ?? {
            let slot = UnsafeMutablePointer<ContextSlot>.allocate(capacity: 1)
            slot.initialize(to: ContextSlot(generation_atomic: 0, context: nil))
            return slot
        }()
        let handle = ContextHandle(slot: slot)
        return ContextSlotLease(handle: handle, generation: handle.generation &+ 1)
    }

    /// Ends the lease: decoders made under it are no longer live. The slot goes back to the pool unless its
    /// generation would wrap around (then an old decoder could match again); such a slot (after four
    /// billion decodes) is retired and never used again.
    static func end(_ lease: ContextSlotLease, keepingSlot: Bool = false) {
        let slot = lease.handle.slot
        let next = lease.generation &+ 1
        slot.pointee.context = nil
        salvage_slot_publish_generation(slot, next)
        if !keepingSlot { release(lease) }
    }

    /// The next lease on the slot of `lease`, which ended keeping its slot (`end(_:keepingSlot:)`): a new
    /// generation, so the decoders made under `lease` stay dead, without taking the pool's lock (a
    /// stream's records, one after another on one thread). Nil when the generation would wrap: the slot
    /// is then retired, as `end` would retire it.
    static func renew(_ lease: ContextSlotLease) -> ContextSlotLease? {
        let next = lease.handle.generation &+ 1
        guard next < UInt32.max - 1, next > lease.generation else { return nil }
        return ContextSlotLease(handle: lease.handle, generation: next)
    }

    /// Gives the slot of `lease`, which has ended, back to the pool, unless its generation would wrap around
    /// (then an old decoder could match again); such a slot (after four billion decodes) is retired.
    static func release(_ lease: ContextSlotLease) {
        let slot = lease.handle.slot
        guard lease.handle.generation < UInt32.max - 1, lease.handle.generation != lease.generation else { return }
        lock.lock()
        free.append(slot)
        lock.unlock()
    }
}

extension DecodingContext {
    /// Makes this context the one its lease's decoders see: stores it, then publishes the lease's
    /// generation. Call `end()` before the context goes away.
    func begin() {
        let slot = lease.handle.slot
        slot.pointee.context = Unmanaged.passUnretained(self).toOpaque()
        salvage_slot_publish_generation(slot, lease.generation)
    }

    /// Ends the decode: decoders made during it get no context from now on, and the borrowed input is no
    /// longer read. A reusable context keeps its slot for its successor (see `successor`).
    func end() {
        state.close()
        ContextSlotPool.end(lease, keepingSlot: isReusable)
    }

    /// `end()`, unless it already happened.
    func endIfRunning() {
        if lease.handle.generation == lease.generation {
            end()
        }
    }
}
