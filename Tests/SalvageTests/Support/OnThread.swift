import Foundation

// Runs a closure on a thread with a chosen stack size: used by SmallStackTests and ReviewFindingsTests.

/// Runs `body` on a new thread with a stack of `stackSize` bytes and returns its result.
func onThread<R: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> R) -> R {
    let outcome = ThreadResult<R>()
    let thread = Thread {
        outcome.set(body())
    }
    thread.stackSize = stackSize
    thread.start()
    return outcome.wait()
}

/// The result of a thread, handed over under a condition lock.
private final class ThreadResult<R: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: R?

    func set(_ newValue: R) {
        condition.lock()
        value = newValue
        condition.signal()
        condition.unlock()
    }

    func wait() -> R {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value { return value }
            condition.wait()
        }
    }
}
