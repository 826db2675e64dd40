// Walking the elements of an array or the members of an object with child decoders; used by the
// collection conversions and by collection steps, loss budgets and element replacement.

extension APIDecoder {
    /// Records that the value here is not the container a collection type needs, and returns false.
    @usableFromInline
    func expectContainer(_ kind: NodeKind) -> Bool {
        // `withContext` written out, as on the other paths every value takes (see `APIDecoder+Context.swift`).
        let node = position.node
        guard let context = handle.liveContext(generation: position.generation) else { return false }
        return ContextHandle.borrow(context) { context in
            guard node >= 0 && context.document.kind(node) == kind else {
                context.record(.unexpectedJSONType(actual: jsonElement), at: self, decoding: nil)
                return false
            }
            return true
        }
    }

    /// Calls `body` with a decoder for each element of the array here, in order.
    @inlinable
    func forEachElement(_ body: (APIDecoder) -> Void) {
        withContext { context in
            context.document.forEachElement(of: node) { index, element in
                body(sibling(frame: frame, node: element, parent: node, step: .index(index)))
            }
        }
    }

    /// A walk over the elements of the array here (see `ElementWalk`), or nil for a decoder kept past its
    /// decode. Only for a decoder at an array (`expectContainer(.array)` said so).
    @inlinable @inline(__always)
    func elementWalk() -> ElementWalk? {
        guard let context = handle.liveContext(generation: position.generation) else { return nil }
        let node = position.node
        let end = ContextHandle.borrow(context) { context in context.document.tape[node].closeIndex }
        return ElementWalk(context: context, end: end, next: node + 1)
    }

    /// Calls `body` with each key and a decoder for its value, for each member of the object here, in order.
    @usableFromInline
    func forEachMember(_ body: (String, APIDecoder) -> Void) {
        withContext { context in
            let tracks = context.state.tracksReadKeys
            context.document.forEachMember(of: node) { key, value in
                if tracks { context.state.markRead(key) }
                body(context.document.string(key), sibling(frame: frame, node: value, parent: node, step: .member(keyNode: key)))
            }
        }
    }
}
