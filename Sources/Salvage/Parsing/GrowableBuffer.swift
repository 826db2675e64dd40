// The one growable buffer in manually managed memory: the parser's tape (handed over to `TapeStorage` when
// the parse ends), the parser's stack of open containers and a decode's frames (`DecodeLedger`).
//
// Why unsafe: the parser appends a node for every value and pushes and pops a container for every object and
// array; a decode pushes and pops a frame for every model. In a Swift `Array` each of those pays a uniqueness
// check and, inside the callers' mutating methods, retain/release and capacity bookkeeping through the
// array's header; here an append is a capacity check and a store. Reads and writes assert their bounds in
// debug builds; the users check indices that do not come from themselves (`TapeStorage`'s subscript always,
// `DecodeLedger` before every frame access).
//
// Why `realloc` for plain elements: the tape of a large input is the biggest allocation of a decode. Growing it
// by allocating new memory and moving the nodes over holds the old and the new block at once — a 200 MB input's
// tape going from 16M to 32M nodes briefly needs 576 MB for it alone. glibc (and Darwin's malloc) grow a large
// block in place or by remapping its pages, so the peak is the new size and no node is copied. Elements that are
// not plain data (a decode's frames hold references) keep the allocate-move-free path.
//
// Why noncopyable: the buffer owns its memory and frees it in `deinit`, exactly once — a copy would be a second
// owner freeing it again. Moving the buffer (`consume`, or returning it from a `consuming` method) moves only
// its three words, so the finished tape passes from the parser to `TapeStorage` without copying a node, and a
// parse that throws frees its buffers without any code of its own.

import Foundation

/// A growable array of `Element`s that owns its memory, for the parser and the decode's frame stack.
@usableFromInline
struct GrowableBuffer<Element>: ~Copyable {
    @usableFromInline private(set) var base: UnsafeMutablePointer<Element>
    /// The number of initialized elements, at `base ..< base + count`.
    @usableFromInline private(set) var count = 0
    /// The number of elements the memory at `base` holds.
    private(set) var capacity: Int

    /// Whether elements are plain data, so the memory is managed with `malloc`/`realloc`/`free`.
    @usableFromInline static var isPlainData: Bool { _isPOD(Element.self) }

    /// An empty buffer with room for `capacity` elements (at least one).
    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        if Self.isPlainData {
            self.base = Self.reallocate(nil, capacity: self.capacity)
        } else {
            self.base = .allocate(capacity: self.capacity)
        }
    }

    // Inlinable because `TapeStorage.nodes` is a `var`: its setter, which destroys the old buffer here, is made
    // available to inlinable code, and with a deinit that is not, Swift 6.3's optimizer crashed ("should never be
    // inlining a resilient function into a fragile function").
    @inlinable
    deinit {
        if Self.isPlainData {
            free(base)
        } else {
            base.deinitialize(count: count)
            base.deallocate()
        }
    }

    /// `realloc` for `capacity` plain elements; traps when the system has no memory left, as `allocate` does.
    private static func reallocate(_ pointer: UnsafeMutablePointer<Element>?, capacity: Int) -> UnsafeMutablePointer<Element> {
        let bytes = capacity * MemoryLayout<Element>.stride
        guard let raw = realloc(pointer, max(bytes, 1)) else { fatalError("GrowableBuffer: out of memory for \(bytes) bytes") }
        return raw.bindMemory(to: Element.self, capacity: capacity)
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity {
            // A static call on the three words, not a mutating one: a call given the buffer's address would keep
            // the parser's whole state (whose field the tape is) in memory instead of registers (JSONParser.swift).
            let grown = Self.moved(base, count: count, capacity: capacity, toCapacity: capacity * 2)
            base = grown.base
            capacity = grown.capacity
        }
        (base + count).initialize(to: element)
        count &+= 1
    }

    /// Removes and returns the last element, which must exist.
    @inline(__always)
    mutating func removeLast() -> Element {
        precondition(count > 0, "GrowableBuffer: removeLast() on an empty buffer")
        count -= 1
        return (base + count).move()
    }

    /// Removes and returns the last element; nil when the buffer is empty.
    @inline(__always)
    mutating func popLast() -> Element? {
        guard count > 0 else { return nil }
        count -= 1
        return (base + count).move()
    }

    /// Removes every element and keeps the memory (a stream's next record is parsed into its previous tape's).
    mutating func removeAll() {
        if !Self.isPlainData { base.deinitialize(count: count) }
        count = 0
    }

    /// Makes room for at least `minimumCapacity` elements, moving them (not copying) into new memory.
    mutating func reserveCapacity(_ minimumCapacity: Int) {
        guard minimumCapacity > capacity else { return }
        let grown = Self.moved(base, count: count, capacity: capacity, toCapacity: minimumCapacity)
        base = grown.base
        capacity = grown.capacity
    }

    /// The memory for `newCapacity` elements holding the `count` elements at `base`, whose memory (for
    /// `capacity`) is then given up: grown in place or remapped for plain data, moved otherwise.
    @inline(never)
    static func moved(_ base: UnsafeMutablePointer<Element>, count: Int, capacity: Int,
                      toCapacity newCapacity: Int) -> (base: UnsafeMutablePointer<Element>, capacity: Int) {
        if isPlainData {
            return (reallocate(base, capacity: newCapacity), newCapacity)
        }
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        return (newBase, newCapacity)
    }

    @inlinable @inline(__always)
    subscript(index: Int) -> Element {
        get {
            assert(index >= 0 && index < count, "GrowableBuffer: index \(index) out of bounds 0..<\(count)")
            return base[index]
        }
        set {
            assert(index >= 0 && index < count, "GrowableBuffer: index \(index) out of bounds 0..<\(count)")
            base[index] = newValue
        }
    }

    /// Calls `body` with the elements' memory and their number, for a loop that checks its range against the
    /// number once instead of at every read (`JSONDocument.searchMember`: a model reading its fields out of
    /// document order walks many keys per lookup, and `TapeStorage`'s subscript reloaded the buffer and
    /// checked the index twice per key). `body` must read only below the number it is given.
    @inline(__always)
    func withElements<R>(_ body: (UnsafePointer<Element>, Int) -> R) -> R {
        body(UnsafePointer(base), count)
    }

    /// The elements, in order, transformed by `body`.
    func map<T>(_ body: (Element) -> T) -> [T] {
        UnsafeBufferPointer(start: base, count: count).map(body)
    }

    /// The elements as they are now, for a static helper that reads them (the parser's duplicate-key checks):
    /// passing the view instead of the buffer keeps the buffer's owner out of memory (JSONParser.swift).
    @inline(__always)
    var elements: BufferElements<Element> { BufferElements(base: UnsafePointer(base), count: count) }

    /// The elements from `start` on, writable, for a static helper that updates some of them in place (the
    /// parser's key filters and templates), for the reason `elements` gives.
    @inline(__always)
    func writableElements(from start: Int) -> WritableBufferElements<Element> {
        assert(start >= 0 && start <= count, "GrowableBuffer: start \(start) out of bounds 0...\(count)")
        return WritableBufferElements(base: base + start, count: count - start)
    }
}

/// A read-only view of a `GrowableBuffer`'s elements, valid only until the buffer is changed or freed: taken
/// and used within one step of the parser, while nothing appends.
struct BufferElements<Element> {
    private let base: UnsafePointer<Element>
    /// The number of elements.
    let count: Int

    fileprivate init(base: UnsafePointer<Element>, count: Int) {
        self.base = base
        self.count = count
    }

    /// The element at `index`, which the caller keeps below `count` (asserted in debug builds).
    @inline(__always)
    subscript(index: Int) -> Element {
        assert(index >= 0 && index < count, "BufferElements: index \(index) out of bounds 0..<\(count)")
        return base[index]
    }
}

/// A writable view of some of a `GrowableBuffer`'s elements, valid only until the buffer is changed or freed:
/// taken and used within one step of the parser, while nothing appends.
struct WritableBufferElements<Element> {
    private let base: UnsafeMutablePointer<Element>
    /// The number of elements.
    let count: Int

    fileprivate init(base: UnsafeMutablePointer<Element>, count: Int) {
        self.base = base
        self.count = count
    }

    /// The element at `index`, which the caller keeps below `count` (asserted in debug builds). Writing
    /// changes the buffer's element; the view itself stays as it is, so a `let` view can be written through.
    @inline(__always)
    subscript(index: Int) -> Element {
        get {
            assert(index >= 0 && index < count, "WritableBufferElements: index \(index) out of bounds 0..<\(count)")
            return base[index]
        }
        nonmutating set {
            assert(index >= 0 && index < count, "WritableBufferElements: index \(index) out of bounds 0..<\(count)")
            base[index] = newValue
        }
    }
}
