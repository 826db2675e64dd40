import CSalvageRuntime
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// Keeps a deep decode from overflowing the stack of the thread it runs on.
//
// Decoding recurses once per nesting level of the JSON (a model's `init?(from:)` decodes its children),
// and a level costs from about 250 bytes of stack (native models, release build) to several kilobytes
// (the Codable path through the standard library's generic containers in a debug build; see
// Docs/Architecture.md for the measured table). Threads other than the main one may have as little as
// 512 KiB (secondary threads and dispatch queues on Apple platforms), so at the default `maximumDepth`
// of 512 some paths would overflow such a stack. Lowering the limit would reject valid documents; instead,
// before each nesting level, `StackGuard.run` compares the stack pointer with the lowest safe address of
// the current thread, and when less than `reserve` bytes are left it runs that level — and so everything
// below it — on a helper thread with a fresh `helperStackSize`-byte stack while the calling thread waits
// for it (Rust's `stacker` crate grows stacks the same way). A decode is synchronous and the caller blocks
// until the helper has finished, so the decode's state is never touched by two threads at once;
// `pthread_join` orders the helper's writes before the caller's next reads. Only decodes deeper than the
// calling thread's stack allows ever start a helper.
//
// Why unsafe: the stack's bounds come from pthread calls, and handing the level's closure to the helper
// thread goes through a raw pointer, as `pthread_create` takes one.

/// Runs nesting levels of a decode where there is enough stack for them.
@usableFromInline
enum StackGuard {
    /// Stack that must be left when a nesting level starts: a level of the costliest path in a debug build
    /// (a few kilobytes) plus recording an error (formatting, Foundation calls), many times over.
    static let reserve = 128 * 1024
    /// The stack of a helper thread: ample for the deepest document (`maximumDepthCeiling` levels) on every
    /// path in a debug build; a decode deeper than that simply starts another helper.
    static let helperStackSize = 16 * 1024 * 1024
    /// What an error says of a value of `type` left undecoded because `runOnFreshStack` could not start a
    /// helper thread (one wording for every path).
    static func notDecodedMessage(_ type: Any.Type) -> String {
        "\(type) was not decoded: the stack is nearly exhausted and no thread with a fresh stack could be started"
    }

    /// Assumed stack below the first check when a thread's bounds cannot be found.
    static let assumedStackWhenUnknown = 256 * 1024

    /// Runs `body` on this thread when at least `reserve` bytes of stack are left below the caller, else on
    /// a helper thread with a fresh stack, waiting for it. Returns nil, without running `body`, only when no
    /// helper thread could be started (the caller records that the value was not decoded). Hot paths call
    /// `hasRoom()` themselves and `runOnFreshStack` only when it says no, to keep the common case free of
    /// closures.
    @inlinable @inline(__always)
    static func run<R>(_ body: () -> R) -> R? {
        if hasRoom() { return body() }
        return runOnFreshStack(body)
    }

    /// Whether at least `reserve` bytes of stack are left below the caller.
    @usableFromInline
    static func hasRoom() -> Bool {
        currentAddress() > lowestSafeAddress()
    }

    /// An address in the caller's frame: the stack pointer, give or take a few bytes (the real stack even
    /// where AddressSanitizer keeps Swift locals on a heap-allocated fake stack).
    @inline(never)
    static func currentAddress() -> UInt {
        UInt(salvage_frame_address())
    }

    /// The lowest address the current thread's stack may reach before a level must move to a helper:
    /// the stack's low end plus `reserve`. Found once per thread and kept in a thread-specific value.
    static func lowestSafeAddress() -> UInt {
        if let known = pthread_getspecific(limitKey) {
            return UInt(bitPattern: known)
        }
        let here = currentAddress()
        var low = stackLowEnd() ?? 0
        if low == 0 || low >= here || here - low > 1 << 40 {
            low = here - UInt(assumedStackWhenUnknown)
        }
        let limit = low + UInt(reserve)
        pthread_setspecific(limitKey, UnsafeRawPointer(bitPattern: limit))
        return limit
    }

    /// The key of the per-thread lowest safe address (no destructor: the value is a plain number).
    private static let limitKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The lowest address of the current thread's stack, or nil when the system does not say.
    private static func stackLowEnd() -> UInt? {
        #if canImport(Darwin)
        let thread = pthread_self()
        let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
        let size = UInt(pthread_get_stacksize_np(thread))
        return top > size ? top - size : nil
        #elseif canImport(Glibc) || canImport(Musl)
        var attributes = pthread_attr_t()
        guard let getAttributes = threadAttributesFunction, getAttributes(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer? = nil
        var size = 0
        guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
        return UInt(bitPattern: address)
        #else
        return nil
        #endif
    }

    #if canImport(Glibc) || canImport(Musl)
    /// `pthread_getattr_np`, which reports a running thread's stack; a GNU extension the C library module
    /// does not import, so it is looked up by name.
    private typealias ThreadAttributesFunction = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
    private static let threadAttributesFunction: ThreadAttributesFunction? = {
        // A null handle is RTLD_DEFAULT: search the libraries the process has loaded.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return nil }
        return unsafeBitCast(symbol, to: ThreadAttributesFunction.self)
    }()
    #endif

    /// Runs `body` on a new thread with a `helperStackSize` stack and waits for it to finish.
    @usableFromInline @inline(never)
    static func runOnFreshStack<R>(_ body: () -> R) -> R? {
        var result: R? = nil
        let ran = withoutActuallyEscaping(body) { body -> Bool in
            let level = HelperLevel { result = body() }
            var attributes = pthread_attr_t()
            guard pthread_attr_init(&attributes) == 0 else { return false }
            defer { pthread_attr_destroy(&attributes) }
            guard pthread_attr_setstacksize(&attributes, helperStackSize) == 0 else { return false }
            let argument = Unmanaged.passRetained(level).toOpaque()
            #if canImport(Darwin)
            var thread: pthread_t? = nil
            #else
            var thread = pthread_t()
            #endif
            guard pthread_create(&thread, &attributes, { argument in
                StackGuard.runHelperLevel(argument)
                return nil
            }, argument) == 0 else {
                Unmanaged<HelperLevel>.fromOpaque(argument).release()
                return false
            }
            #if canImport(Darwin)
            guard let thread else { return false }
            #endif
            pthread_join(thread, nil)
            return true
        }
        return ran ? result : nil
    }

    /// The helper thread's entry: runs the level handed over by `runOnFreshStack` and releases it.
    private static func runHelperLevel(_ argument: UnsafeMutableRawPointer?) {
        guard let argument else { return }
        let level = Unmanaged<HelperLevel>.fromOpaque(argument).takeRetainedValue()
        level.body()
    }
}

/// The work a helper thread runs: one nesting level of a decode and everything below it.
private final class HelperLevel {
    let body: () -> Void

    init(_ body: @escaping () -> Void) {
        self.body = body
    }
}
