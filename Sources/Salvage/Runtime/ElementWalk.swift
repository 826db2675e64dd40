// Walking an array's elements without a closure per element, for `Array.init(from:)`.
//
// Why unsafe: the walk keeps the decode context's pointer (see `ContextSlot.swift`) for the duration of the
// loop, checked once when it starts, as `APIDecoder.forEachElement` borrows it once for its whole loop.

/// `forEachElement` written as a loop, for `Array.init(from:)`: `while let element = walk.next(in: decoder)`.
/// Why: in a debug build each element went through three closures, one of them generic over the element
/// type (about 2,000 instructions an element). The context is taken once, as `forEachElement` takes it:
/// the decode that owns it runs until `Array.init(from:)` returns, so it stays alive for the whole walk.
@usableFromInline
struct ElementWalk {
    @usableFromInline let context: UnsafeMutableRawPointer
    /// The tape index after the array's last element.
    @usableFromInline let end: Int
    /// The tape index of the next element, and its position in the array.
    @usableFromInline var next: Int
    @usableFromInline var index = 0

    @inlinable
    init(context: UnsafeMutableRawPointer, end: Int, next: Int) {
        self.context = context
        self.end = end
        self.next = next
    }

    /// A decoder for the next element of `array` (the decoder that made this walk), or nil after the last.
    @inlinable @inline(__always)
    mutating func next(in array: APIDecoder) -> APIDecoder? {
        guard next < end else { return nil }
        let element = next
        next = ContextHandle.borrow(context) { context in context.document.next(after: element) }
        index += 1
        return array.sibling(frame: array.frame, node: element, parent: array.node, step: .index(index - 1))
    }
}
