// The finished tape, in the memory the parser wrote it into.
//
// Why unsafe: handing the parser's buffer over, instead of copying it into an `Array`, avoids holding the
// tape twice at the peak of a large decode (on a 100 MB input the tape is over 100 MB). Reads are
// bounds-checked like an `Array`'s, so a wrong index traps instead of reading outside the buffer.

/// The nodes of a parsed document, owned and freed by this object.
@usableFromInline
final class TapeStorage {
    @usableFromInline let base: UnsafeMutablePointer<TapeNode>
    @usableFromInline let count: Int

    /// Takes ownership of `count` initialized nodes at `base`.
    init(base: UnsafeMutablePointer<TapeNode>, count: Int) {
        self.base = base
        self.count = count
    }

    deinit {
        base.deallocate()
    }

    @inlinable @inline(__always)
    subscript(index: Int) -> TapeNode {
        // One unsigned compare covers both ends (a negative index becomes huge).
        precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "tape index out of range")
        return base[index]
    }

    /// The nodes, in order, transformed by `body`.
    func map<T>(_ body: (TapeNode) -> T) -> [T] {
        UnsafeBufferPointer(start: base, count: count).map(body)
    }
}
