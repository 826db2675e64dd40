/// Builds the breadcrumb path of a decoder, only when an error is recorded (or `path` is asked for).
///
/// Decoders keep just a tape index, the index they came from and one step. The full path is recovered
/// from the frames of the models being decoded (each remembers how it was reached) and, between frames,
/// by walking down the tape. Each step is tagged with the Swift type of the innermost frame decoding
/// that value, and with the record id when that type has an `idKey`.
struct BreadcrumbBuilder {
    let context: DecodingContext
    private var document: JSONDocument { context.document }

    /// With many frames open (deep documents), which frame is innermost for each node, found in one pass;
    /// nil with few frames, where scanning them is cheaper than building it. Without it a path through
    /// d nested models scanned the frames twice per step — d² per path, and a fuzzer input of 250 nested
    /// models that builds a path at every level took over a minute.
    private let frameIndex: FrameIndex?

    init(context: DecodingContext) {
        self.context = context
        frameIndex = context.state.count > FrameIndex.threshold ? FrameIndex(context.state) : nil
    }

    /// The tagged path to `decoder`'s position; the last step is tagged with `type` when given.
    func path(to decoder: APIDecoder, decoding type: Any.Type?) -> [APICodingKey] {
        exactlySized(pathToRecord(to: decoder, decoding: type))
    }

    /// `path(to:decoding:)` for an error about to be recorded, in an array that may have room to spare: the
    /// ledger stores most paths in its `PathTable` and drops the array, and gives the few it keeps as arrays
    /// their exact size itself (`DecodeLedger.append`), so sizing it here was an allocation and a copy of
    /// every key (a retain and a release each) for nothing.
    ///
    /// Built into one array, step by step, because it runs for every recorded error.
    func pathToRecord(to decoder: APIDecoder, decoding type: Any.Type?) -> [APICodingKey] {
        var keys: [APICodingKey] = []
        appendPathToRecord(to: decoder, decoding: type, into: &keys)
        return keys
    }

    /// `pathToRecord(to:decoding:)` appended to `keys` (empty): `DecodingContext.record` passes the same array
    /// for every error, emptied with its room kept, so recording allocates no array for a path the ledger
    /// stores in its table.
    func appendPathToRecord(to decoder: APIDecoder, decoding type: Any.Type?, into keys: inout [APICodingKey]) {
        keys.reserveCapacity(8)
        switch decoder.step {
        case .root:
            appendRoot(to: &keys)
        case .atNode:
            appendPath(toNode: decoder.node, to: &keys)
        default:
            if decoder.parent >= 0 {
                appendPath(toNode: decoder.parent, to: &keys)
            } else {
                appendRoot(to: &keys)
            }
            guard let type else { return appendStepKeys(of: decoder.step, node: decoder.node, to: &keys) }
            // The step's last key is tagged with `type` as it is appended: tagging it from the frames first, then
            // copying it out to tag it again, cost a type-tag search, a copy and the array's uniqueness checks.
            var appended = false
            forEachKey(of: decoder.step, node: decoder.node) { key, isLast in
                if isLast {
                    keys.append(tag(key, with: type, node: decoder.node))
                    appended = true
                } else {
                    append(key, node: -1, to: &keys)
                }
            }
            if appended { return }
        }
        if let type, !keys.isEmpty {
            keys[keys.count - 1] = tag(keys[keys.count - 1], with: type, node: decoder.node)
        }
    }

    /// The tagged path to the present value at tape index `node`.
    func path(toNode node: Int) -> [APICodingKey] {
        var keys: [APICodingKey] = []
        keys.reserveCapacity(8)
        appendPath(toNode: node, to: &keys)
        return exactlySized(keys)
    }

    /// `keys` in an array of exactly their count: an error keeps its path, and the room reserved while
    /// building it would double what a short path costs (see also `DecodeLedger.append`).
    static func exactlySized(_ keys: [APICodingKey]) -> [APICodingKey] {
        guard keys.capacity > keys.count else { return keys }
        return keys.map { $0 }  // `map` allocates room for exactly `count` elements
    }

    private func exactlySized(_ keys: [APICodingKey]) -> [APICodingKey] { Self.exactlySized(keys) }

    /// The innermost frame being decoded that satisfies `predicate` (searched without building an array).
    private func innermostFrame(where predicate: (Frame) -> Bool) -> Frame? {
        var index = context.state.count - 1
        while index >= 0 {
            if let frame = context.state[index], predicate(frame) { return frame }
            index -= 1
        }
        return nil
    }

    /// The innermost frame decoding `node` (and reached from a parent, when `reachedFromParent`).
    private func innermostFrame(decoding node: Int, reachedFromParent: Bool = false) -> Frame? {
        if let frameIndex {
            let index = reachedFromParent ? frameIndex.innermostReached[node] : frameIndex.innermost[node]
            return index.flatMap { context.state[$0] }
        }
        let index = context.state.innermostFrameIndex(decoding: node, reachedFromParent: reachedFromParent)
        return index >= 0 ? context.state[index] : nil
    }

    private func appendRoot(to keys: inout [APICodingKey]) {
        append(APICodingKey(hashKey: context.options.rootName), node: context.rootNode, to: &keys)
    }

    /// Appends `key`, tagged with the innermost frame decoding `node` (if any; -1 for an absent step).
    private func append(_ key: APICodingKey, node: Int, to keys: inout [APICodingKey]) {
        guard node >= 0, let frame = innermostFrame(decoding: node) else {
            keys.append(key)
            return
        }
        keys.append(tag(key, with: frame.type, node: node))
    }

    /// Appends the keys of one step, tagged; the last one leads to `node`, the others to no value.
    private func appendStepKeys(of step: PathStep, node: Int, to keys: inout [APICodingKey]) {
        forEachKey(of: step, node: node) { key, isLast in append(key, node: isLast ? node : -1, to: &keys) }
    }

    /// Calls `body` with each key of one step (the keys of a decoder reached by `step`, at tape index `node`),
    /// and whether it is the last: the one reading of a `PathStep` as coding keys, for paths and for the steps
    /// an absent position's child keeps (`APIDecoder.absentPosition`). Keys are untagged, except `.atNode`'s (read from a path).
    func forEachKey(of step: PathStep, node: Int, _ body: (APICodingKey, _ isLast: Bool) -> Void) {
        let stepKeys: [APICodingKey]
        switch step {
        case .root:
            return
        case .member(let keyNode):
            return body(APICodingKey(hashKey: document.string(keyNode)), true)
        case .index(let index), .pastLastValue(let index):
            return body(APICodingKey(arrayIndex: index), true)
        case .absent(let start, let count), .belowPastLastValue(let start, let count):
            stepKeys = context.state.absentKeys(start, count)
        case .alternatives(let start, _):
            stepKeys = context.state.absentKeys(start, 1)
        case .atNode:
            stepKeys = Array(path(toNode: node).dropFirst().suffix(1))
        }
        for (offset, key) in stepKeys.enumerated() {
            body(key, offset == stepKeys.count - 1)
        }
    }

    /// Appends the steps from the root to the present value at tape index `node`.
    private func appendPath(toNode node: Int, to keys: inout [APICodingKey]) {
        if node == context.rootNode || node < 0 {
            return appendRoot(to: &keys)
        }
        // A frame decoding exactly this node knows how it was reached.
        if let frame = innermostFrame(decoding: node, reachedFromParent: true), frame.step != .root {
            appendPath(toNode: frame.parent, to: &keys)
            return appendStepKeys(of: frame.step, node: node, to: &keys)
        }
        // Otherwise start from the innermost frame that contains the node, or from the root.
        let rootNode = context.rootNode
        let enclosing = innermostFrame { $0.node > rootNode && $0.node != node && document.contains($0.node, node) }
        let ancestor = enclosing?.node ?? rootNode
        appendPath(toNode: ancestor, to: &keys)
        descend(from: ancestor, to: node, appendingTo: &keys)
    }

    /// Appends the steps from container `ancestor` down to its descendant `node`, found by walking the tape.
    private func descend(from ancestor: Int, to node: Int, appendingTo keys: inout [APICodingKey]) {
        var current = ancestor
        while current != node {
            var nextNode = -1
            var key = APICodingKey(hashKey: "")
            if document.kind(current) == .object {
                document.forEachMember(of: current) { keyNode, value in
                    if nextNode < 0 && document.contains(value, node) {
                        nextNode = value
                        key = APICodingKey(hashKey: document.string(keyNode))
                    }
                }
            } else if document.kind(current) == .array {
                document.forEachElement(of: current) { index, element in
                    if nextNode < 0 && document.contains(element, node) {
                        nextNode = element
                        key = APICodingKey(arrayIndex: index)
                    }
                }
            }
            // The node is always inside `ancestor`; if the tape says otherwise, stop rather than loop.
            guard nextNode >= 0 else { break }
            append(key, node: nextNode, to: &keys)
            current = nextNode
        }
    }

    private func tag(_ key: APICodingKey, with type: Any.Type, node: Int) -> APICodingKey {
        let document = self.document
        let (tag, idNode) = context.stepTag(of: type) { idKey in node >= 0 ? document.member(of: node, key: idKey) : nil }
        return key.tagged(with: tag, id: idNode.flatMap(idText))
    }

    /// The text of number node `node` when it has at most fifteen bytes (most ids), made in place as a small
    /// string (`SmallStrings.swift`) like short strings are: `rawText`'s `String(decoding:)` cost about 190
    /// instructions an id, on every recorded error under a model with an `idKey`. Nil otherwise.
    private func shortNumberText(_ node: Int) -> String? {
        let input = document.input
        let entry = document.tape[node]
        let start = Int(entry.start)
        let length = entry.length(in: input)
        // A number's text is ASCII; 16 bytes from its start must lie inside the input.
        guard document.makesSmallStrings, length <= SmallStringLayout.capacity, start >= 0, start &+ 16 <= input.count else { return nil }
        return SmallStringLayout.string(low: input.word(start), high: input.word(start &+ 8), count: length)
    }

    /// The id as shown in paths: strings without quotes, numbers as written, `true`, `false`, `null`.
    private func idText(_ node: Int) -> String? {
        switch document.kind(node) {
        case .string: return document.string(node)
        case .number: return shortNumberText(node) ?? document.rawText(node)
        case .true: return "true"
        case .false: return "false"
        case .null: return "null"
        case .array, .object: return nil
        }
    }
}

/// The innermost open frame of each node, for `BreadcrumbBuilder` in deep documents.
private final class FrameIndex {
    /// Frames open above which the index is built (below, a scan of the frames is cheaper).
    static let threshold = 32

    /// Node → index of the innermost frame decoding it.
    var innermost: [Int: Int] = [:]
    /// Node → index of the innermost frame decoding it that was reached from a parent (`parent >= 0`).
    var innermostReached: [Int: Int] = [:]

    init(_ state: DecodeLedger) {
        // Later frames are inner ones: each overwrites what an outer frame of the same node stored.
        for index in 0..<state.count {
            guard let frame = state[index] else { continue }
            innermost[frame.node] = index
            if frame.parent >= 0 { innermostReached[frame.node] = index }
        }
    }
}
