// The growing tape while parsing, in manually managed memory.
//
// Why unsafe: the parser appends one node per value and patches each container's node when it closes.
// In a Swift `Array` every append pays a uniqueness check and, inside the parser's mutating methods,
// retain/release traffic; here an append is a capacity check and a store. `TapeNode` is a trivial type.
// Reads and patches assert their bounds in debug builds; indices come only from the parser itself.

/// A growable buffer of tape nodes, owned by the parser until `finish()` hands the nodes over.
struct TapeBuilder {
    private var base: UnsafeMutablePointer<TapeNode>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        self.base = .allocate(capacity: self.capacity)
    }

    @inline(__always)
    mutating func append(_ node: TapeNode) {
        if count == capacity {
            grow()
        }
        (base + count).initialize(to: node)
        count += 1
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<TapeNode>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    subscript(index: Int) -> TapeNode {
        get {
            assert(index >= 0 && index < count, "TapeBuilder: index \(index) out of bounds 0..<\(count)")
            return base[index]
        }
        nonmutating set {
            assert(index >= 0 && index < count, "TapeBuilder: index \(index) out of bounds 0..<\(count)")
            base[index] = newValue
        }
    }

    /// Hands the nodes over, without copying them. The builder must not be used afterwards.
    func finish() -> TapeStorage {
        TapeStorage(base: base, count: count)
    }

    /// Frees the buffer without producing a tape (after a parse error).
    func discard() {
        base.deallocate()
    }
}
