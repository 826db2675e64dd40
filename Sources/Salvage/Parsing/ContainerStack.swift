// The parser's stack of open containers, in manually managed memory.
//
// Why unsafe: a container is pushed and popped for every object and array of the input. In a Swift `Array`
// each push and pop pays a uniqueness check and, inside the parser's mutating methods, bounds and capacity
// bookkeeping through the array's header; here they are a compare and a store. `OpenContainer` is a
// trivial type. The parser frees the memory when it finishes, with or without an error.

/// A growable stack of open containers, owned by one parser.
struct ContainerStack {
    private var base: UnsafeMutablePointer<JSONParser.OpenContainer>
    private var capacity: Int
    private(set) var count = 0

    init() {
        capacity = 16
        base = .allocate(capacity: capacity)
    }

    @inline(__always)
    mutating func push(_ container: JSONParser.OpenContainer) {
        if count == capacity {
            grow()
        }
        (base + count).initialize(to: container)
        count += 1
    }

    /// The innermost container, removed; nil when the stack is empty.
    @inline(__always)
    mutating func pop() -> JSONParser.OpenContainer? {
        guard count > 0 else { return nil }
        count -= 1
        return (base + count).move()
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<JSONParser.OpenContainer>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Frees the memory. The stack must not be used afterwards.
    func deallocate() {
        base.deallocate()
    }
}
