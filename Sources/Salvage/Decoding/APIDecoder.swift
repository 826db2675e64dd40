/// A position in a JSON document, plus the breadcrumb that leads to it.
///
/// You receive one in ``APIDecodable/init(from:)``. Subscript it to move around — it never fails and never
/// records anything — then decode values with `-->`:
///
/// ```swift
/// init?(from decoder: APIDecoder) {
///     guard let (id, phone) = decoder.all(
///         decoder["person_id"] --> Int.self,                                     // required
///         .some(decoder["contact_info"]["phone_number"] --> String?.self)        // optional
///     ) else { return nil }
///     self.init(id: id, phone: phone)
/// }
/// ```
///
/// A decoder is a small value: creating one allocates nothing. Use it only while the `init?(from:)` that
/// received it (or its parent's) is running: once the decode has returned, a decoder you kept sees no
/// value anywhere and records nothing; kept past its model but used in the same decode, it decodes no
/// model any more (one error says so).
public struct APIDecoder {
    // Two stored properties, four machine words in all, so that decoders travel in registers and copying
    // one touches no reference count (see `DecoderPosition.swift` and `ContextSlot.swift`).
    @usableFromInline let handle: ContextHandle
    @usableFromInline let position: DecoderPosition

    /// The frame of the model whose `init?(from:)` this decoder belongs to.
    @usableFromInline @_transparent var frame: Int { position.frame }
    /// The tape index of the value, or -1 when there is no value here.
    @usableFromInline @_transparent var node: Int { position.node }
    /// The tape index this decoder was subscripted from, or -1 for the root.
    @usableFromInline @_transparent var parent: Int { position.parent }
    /// How this decoder was reached from `parent`.
    @inlinable var step: PathStep { position.step }

    @usableFromInline @_transparent
    init(handle: ContextHandle, position: DecoderPosition) {
        self.handle = handle
        self.position = position
    }

    /// A decoder in the same decode as this one, at `frame`/`node`/`parent`/`step`.
    @inlinable
    func sibling(frame: Int, node: Int, parent: Int, step: PathStep) -> APIDecoder {
        APIDecoder(handle: handle, position: position(frame: frame, node: node, parent: parent, step: step))
    }

    /// A position in the same decode as this decoder.
    @inlinable
    func position(frame: Int, node: Int, parent: Int, step: PathStep) -> DecoderPosition {
        DecoderPosition(generation: position.generation, frame: frame, node: node, parent: parent, step: step)
    }

    // MARK: - Moving around

    /// The member named `key` of this object. Absent when there is no such member or this is not an object.
    @inlinable @inline(__always)
    public subscript(key: String) -> APIDecoder {
        // Inlinable so that, in the model's code, the child decoder lives in registers from creation to its
        // last use; the lookup and the absent case stay behind calls.
        let member = memberNode(key)
        let position = member >= 0
            ? DecoderPosition(generation: position.generation, frame: frame, member: member, parent: node)
            : absentPosition(APICodingKey(hashKey: key))
        return APIDecoder(handle: handle, position: position)
    }

    /// The tape index of member `key`'s value, or -1. Lookups in the model's own object remember where the
    /// last match was (see `Frame.lookupHint`).
    @usableFromInline
    func memberNode(_ key: String) -> Int {
        // `withContext` written out, so that debug builds make no generic call (see `APIDecoder+Context.swift`).
        let node = position.node
        guard node >= 0, let context = handle.liveContext(generation: position.generation) else { return -1 }
        let frame = position.frame
        return ContextHandle.borrow(context) { context in
            context.memberNode(of: node, key: key, frame: frame)
        }
    }

    /// Element `index` of this array. Absent when the index is out of range or this is not an array.
    public subscript(index: Int) -> APIDecoder {
        // Through the decode's cursors: an index loop continues where the previous index ended.
        let element = node < 0 ? nil : withContext { context in
            context.element(of: node, at: index)
        } ?? nil
        if let element {
            return sibling(frame: frame, node: element, parent: node, step: .index(index))
        }
        return absentChild(APICodingKey(arrayIndex: index))
    }

    /// The element at `codingKey.intValue` of an array, or the member named `codingKey.stringValue` otherwise.
    public subscript(codingKey: any CodingKey) -> APIDecoder {
        if let index = codingKey.intValue, node >= 0 && withContext({ $0.document.kind(node) == .array }) == true {
            return self[index]
        }
        return self[codingKey.stringValue]
    }

    /// The child of a position with no usable value: keeps the steps so errors can name the full path.
    func absentChild(_ key: APICodingKey) -> APIDecoder {
        APIDecoder(handle: handle, position: absentPosition(key))
    }

    /// The position of ``absentChild(_:)``.
    @usableFromInline
    func absentPosition(_ key: APICodingKey) -> DecoderPosition {
        // A decoder kept past its decode: no steps to keep, and the document must not be read.
        withContext { context in
            if node >= 0 {
                return position(frame: frame, node: -1, parent: node, step: context.absentStep(CollectionOfOne(key)))
            }
            // Below an absent position: its own step's keys (as its error paths read them), then `key`.
            var keys: [APICodingKey] = []
            BreadcrumbBuilder(context: context).forEachKey(of: step, node: node) { stepKey, _ in keys.append(stepKey) }
            keys.append(key)
            let absent = context.absentStep(keys)
            switch (step, absent) {
            case (.pastLastValue, .absent(let start, let count)), (.belowPastLastValue, .absent(let start, let count)):
                // The first key is an index past the last member of the object at `parent`, not into it.
                return position(frame: frame, node: -1, parent: parent, step: .belowPastLastValue(start: start, count: count))
            default:
                return position(frame: frame, node: -1, parent: parent, step: absent)
            }
        } ?? position(frame: frame, node: -1, parent: -1, step: .absent(start: 0, count: 0))
    }

    /// The absent child standing for alternatives `keys`, none of which is present.
    func alternativesChild(_ keys: [String]) -> APIDecoder {
        let step = node < 0 ? nil : withContext { context in
            context.absentStep(keys.map { APICodingKey(hashKey: $0) })
        }
        guard case .absent(let start, let count)? = step else {
            return absentChild(APICodingKey(hashKey: keys.first ?? ""))
        }
        return sibling(frame: frame, node: -1, parent: node, step: .alternatives(start: start, count: count))
    }

    // MARK: - Looking at the value

    /// Whether there is a value here (possibly `null`). False for a missing key or an index out of range.
    public var isPresent: Bool { node >= 0 && withContext { _ in true } == true }

    /// Whether the value here is JSON `null`.
    public var isJSONNull: Bool { node >= 0 && withContext { $0.document.kind(node) == .null } == true }

    /// The JSON type of the value here; `.absent` when there is none.
    public var jsonElement: JSONElement { node >= 0 ? withContext { $0.document.element(node) } ?? .absent : .absent }

    /// The number of elements of an array or members of an object here, or nil for anything else.
    public var count: Int? {
        // `withContext` written out (see `succeeded`).
        let node = position.node
        guard node >= 0, let context = handle.liveContext(generation: position.generation) else { return nil }
        return ContextHandle.borrow(context) { context in
            context.document.tape[node].isContainer ? context.document.count(node) : nil
        }
    }

    /// The keys of the object here, in document order (empty for anything else).
    public var keys: [String] {
        guard node >= 0 else { return [] }
        return withContext { context in
            guard context.document.kind(node) == .object else { return [] }
            var keys: [String] = []
            keys.reserveCapacity(context.document.count(node))
            context.document.forEachMember(of: node) { key, _ in keys.append(context.document.string(key)) }
            return keys
        } ?? []
    }

    /// Where the value is in the input, or nil when there is no value here or the input was not bytes.
    public var location: SourceLocation? {
        guard node >= 0 else { return nil }
        return withContext { context in
            context.reportsLocations ? context.location(ofOffset: context.document.sourceOffset(node)) : nil
        } ?? nil
    }

    // MARK: - Success of the enclosing model

    /// Whether every required value of the model being decoded has decoded so far.
    ///
    /// Becomes false when a required value (`--> T.self`) is missing, null or invalid. Check it before
    /// force-unwrapping required values. You may set it to false yourself to fail the model; setting it
    /// back to true has no effect (a failed required value cannot be forgiven: decode it as optional).
    public var succeeded: Bool {
        get {
            // `withContext` written out: in a debug build its `R?` is a metadata look-up in the runtime per call
            // (see `APIDecoder+Context.swift`), and every model reads this.
            guard let context = handle.liveContext(generation: position.generation) else { return true }
            let frame = position.frame
            return ContextHandle.borrow(context) { $0.succeeded(frame: frame) }
        }
        nonmutating set {
            if !newValue { withContext { $0.fail(frame: frame) } }
        }
    }

    // MARK: - Paths

    /// The breadcrumb path from the root to this position, tagged with the types being decoded.
    public var path: [APICodingKey] {
        withContext { context in
            return BreadcrumbBuilder(context: context).path(to: self, decoding: nil)
        } ?? []
    }

    /// The path without its root, as Swift `CodingKey`s.
    public var codingPath: [any CodingKey] { Array(path.dropFirst()) }

    /// The options this decode runs with.
    public var options: APIDecodeOptions { withContext { $0.options } ?? APIDecodeOptions() }
}
