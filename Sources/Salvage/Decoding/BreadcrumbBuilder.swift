/// Builds the breadcrumb path of a decoder, only when an error is recorded (or `path` is asked for).
///
/// Decoders keep just a tape index, the index they came from and one step. The full path is recovered
/// from the frames of the models being decoded (each remembers how it was reached) and, between frames,
/// by walking down the tape. Each step is tagged with the Swift type of the innermost frame decoding
/// that value, and with the record id when that type has an `idKey`.
struct BreadcrumbBuilder {
    let context: DecodingContext
    private var document: JSONDocument { context.document }

    /// One step of a path under construction, with the tape index it leads to (-1 when absent).
    private struct Step {
        var key: APICodingKey
        var node: Int
    }

    /// The tagged path to `decoder`'s position; the last step is tagged with `type` when given.
    func path(to decoder: APIDecoder, decoding type: Any.Type?) -> [APICodingKey] {
        var steps: [Step]
        switch decoder.step {
        case .root:
            steps = [rootStep()]
        case .atNode:
            steps = pathToNode(decoder.node)
        default:
            steps = decoder.parent >= 0 ? pathToNode(decoder.parent) : [rootStep()]
            let keys = decoder.stepKeys()
            for (offset, key) in keys.enumerated() {
                steps.append(Step(key: key, node: offset == keys.count - 1 ? decoder.node : -1))
            }
        }
        var keys = steps.map { tagged($0) }
        if let type, !keys.isEmpty {
            keys[keys.count - 1] = tag(keys[keys.count - 1], with: type, node: decoder.node)
        }
        return keys
    }

    /// The tagged path to the present value at tape index `node`.
    func path(toNode node: Int) -> [APICodingKey] {
        pathToNode(node).map { tagged($0) }
    }

    /// The innermost frame being decoded that satisfies `predicate` (searched without building an array:
    /// paths are built for every recorded error).
    private func innermostFrame(where predicate: (Frame) -> Bool) -> Frame? {
        var index = context.state.count - 1
        while index >= 0 {
            if let frame = context.state[index], predicate(frame) { return frame }
            index -= 1
        }
        return nil
    }

    private func rootStep() -> Step {
        Step(key: APICodingKey(hashKey: context.options.rootName), node: context.rootNode)
    }

    /// The steps from the root to the present value at tape index `node`.
    private func pathToNode(_ node: Int) -> [Step] {
        if node == context.rootNode || node < 0 {
            return [rootStep()]
        }
        // A frame decoding exactly this node knows how it was reached.
        if let frame = innermostFrame(where: { $0.node == node && $0.parent >= 0 }), frame.step != .root {
            var steps = pathToNode(frame.parent)
            let keys = APIDecoder(context: context, frame: -1, node: node, parent: frame.parent, step: frame.step).stepKeys()
            for (offset, key) in keys.enumerated() {
                steps.append(Step(key: key, node: offset == keys.count - 1 ? node : -1))
            }
            return steps
        }
        // Otherwise start from the innermost frame that contains the node, or from the root.
        let rootNode = context.rootNode
        let enclosing = innermostFrame { $0.node > rootNode && $0.node != node && document.contains($0.node, node) }
        let ancestor = enclosing?.node ?? rootNode
        return pathToNode(ancestor) + descend(from: ancestor, to: node)
    }

    /// The steps from container `ancestor` down to its descendant `node`, found by walking the tape.
    private func descend(from ancestor: Int, to node: Int) -> [Step] {
        var steps: [Step] = []
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
            steps.append(Step(key: key, node: nextNode))
            current = nextNode
        }
        return steps
    }

    /// The step's key tagged with the innermost frame decoding its value, if any.
    private func tagged(_ step: Step) -> APICodingKey {
        guard step.node >= 0, let frame = innermostFrame(where: { $0.node == step.node }) else { return step.key }
        return tag(step.key, with: frame.type, node: step.node)
    }

    private func tag(_ key: APICodingKey, with type: Any.Type, node: Int) -> APICodingKey {
        var key = key
        key.swiftType = type
        key.idKey = nil
        key.id = nil
        if let idKey = (type as? any APIDecodable.Type)?.idKey, node >= 0, let value = document.member(of: node, key: idKey) {
            key.idKey = idKey
            key.id = idText(value)
        }
        return key
    }

    /// The id as shown in paths: strings without quotes, numbers as written, `true`, `false`, `null`.
    private func idText(_ node: Int) -> String? {
        switch document.kind(node) {
        case .string: return document.string(node)
        case .number: return document.rawText(node)
        case .true: return "true"
        case .false: return "false"
        case .null: return "null"
        case .array, .object: return nil
        }
    }
}
