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

    /// A decoder for the first element of the array here, or nil when it is empty; with
    /// `element(after:)`, `forEachElement` written out as a loop for `Array.init(from:)`. Only for a decoder
    /// at an array (`expectContainer(.array)` said so). Why: in a debug build each element went through
    /// three closures, one of them generic over the element type (about 2,000 instructions an element).
    /// Inlinable, as `forEachElement` is, so that optimised builds keep the loop in the specialised `Array`.
    @inlinable @inline(__always)
    func firstElement() -> APIDecoder? {
        guard let context = handle.liveContext(generation: position.generation) else { return nil }
        let node = position.node
        let end = ContextHandle.borrow(context) { context in Int(context.document.tape[node].extent) }
        return node + 1 < end ? sibling(frame: frame, node: node + 1, parent: node, step: .index(0)) : nil
    }

    /// A decoder for the element after `element` (given by `firstElement()` or by this function) in the
    /// array here, or nil after the last one.
    @inlinable @inline(__always)
    func element(after element: APIDecoder) -> APIDecoder? {
        guard let context = handle.liveContext(generation: position.generation), case .index(let index) = element.step else { return nil }
        let node = position.node, current = element.node
        let next = ContextHandle.borrow(context) { context in
            let next = context.document.next(after: current)
            return next < Int(context.document.tape[node].extent) ? next : -1
        }
        return next >= 0 ? sibling(frame: frame, node: next, parent: node, step: .index(index + 1)) : nil
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
