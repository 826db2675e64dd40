/// The coding path inside a Swift `Decodable`, as a linked list: one node per nested container or value
/// decoder, none per scalar. The `[CodingKey]` array is built only when somebody asks for `codingPath`
/// (usually an error being thrown).
indirect enum CodingPathNode: Sendable {
    case root
    case key(any CodingKey, CodingPathNode)
    case index(Int, CodingPathNode)
    /// `key` of the object that is element `index` of the array at `parent`: `.key(key, .index(index, parent))`
    /// in one node. A member of an array element (`statuses[3].user`) used to allocate the element's
    /// `.index` node again for each of its nested members.
    case keyInElement(any CodingKey, Int, CodingPathNode)

    /// The path from the root, as Swift coding keys.
    var path: [any CodingKey] {
        var keys: [any CodingKey] = []
        var current = self
        while true {
            switch current {
            case .root:
                return keys.reversed()
            case .key(let key, let parent):
                keys.append(key)
                current = parent
            case .index(let index, let parent):
                keys.append(APICodingKey(arrayIndex: index))
                current = parent
            case .keyInElement(let key, let index, let parent):
                keys.append(key)
                keys.append(APICodingKey(arrayIndex: index))
                current = parent
            }
        }
    }

    /// The path with `key` appended.
    func path(appending key: any CodingKey) -> [any CodingKey] {
        path + [key]
    }
}
