// The finished tape, in the memory the parser wrote it into.
//
// The parser's buffer is moved in, not copied into an `Array`: that avoids holding the tape twice at the peak
// of a large decode (on a 100 MB input the tape is over 100 MB). The buffer frees its memory when this object
// goes (see `GrowableBuffer.swift`). Reads are bounds-checked like an `Array`'s, so a wrong index traps
// instead of reading outside the buffer.

/// The nodes of a parsed document, owned and freed by this object.
@usableFromInline
final class TapeStorage {
    @usableFromInline let nodes: GrowableBuffer<TapeNode>

    /// Takes over the parser's nodes, without copying them.
    init(nodes: consuming GrowableBuffer<TapeNode>) {
        self.nodes = nodes
    }

    /// The number of nodes.
    @inlinable
    var count: Int { nodes.count }

    @inlinable @inline(__always)
    subscript(index: Int) -> TapeNode {
        // One unsigned compare covers both ends (a negative index becomes huge).
        precondition(UInt(bitPattern: index) < UInt(bitPattern: nodes.count), "tape index out of range")
        return nodes[index]
    }

    /// The nodes, in order, transformed by `body`.
    func map<T>(_ body: (TapeNode) -> T) -> [T] {
        nodes.map(body)
    }
}
