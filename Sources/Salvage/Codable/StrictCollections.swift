// `[T]`, `Set<T>` and `[String: T]` under `.strict` recovery, decoded by the bridge itself rather than by the
// standard library's `init(from:)`: the same values, the same first error thrown, with the same coding path.
//
// Why: the standard library's `Array.init(from:)` and `Dictionary.init(from:)` run unspecialized, and every
// `append` and every subscript assignment looks up `Array<Element>`'s (or the dictionary's storage's)
// generic metadata in the runtime's global cache — about a tenth of a strict Codable decode of
// citm_catalog.json — and `Dictionary.init(from:)` also opens a keyed container and builds the `allKeys`
// array first. What they do is mirrored step for step:
//
// - an array: `unkeyedContainer()`'s checks, then each element decoded in order by the decoder the unkeyed
//   container would give it (`DocumentDecoder.child(_:index:)`); the first failure is thrown.
// - a set: the array's elements inserted in order (a repeated element keeps the first, as `insert` does).
// - a `[String: V]`: `container(keyedBy:)`'s checks, then every member in document order (a repeated key
//   visited at each of its members, its value that of its last member, as the keyed container's look-up
//   gives it), the value decoded at the coding key `DictionaryCodingKey` (the standard library's
//   `_DictionaryCodingKey`: `intValue` is `Int(stringValue)`). Its keys are data, not coding keys: as
//   `JSONDecoder` does, `.convertFromSnakeCase` leaves them as written.

extension Array {
    /// The array at `decoder`'s value, as `Array.init(from:)` decodes it (see above).
    static func strictDecode(_ decoder: DocumentDecoder) throws -> [Element] where Element: Decodable {
        try decoder.expect(.array, "an array")
        let document = decoder.document
        let count = document.count(decoder.node)
        if count == 0 { return [] } // see `salvageDecode`
        var elements: [Element] = []
        elements.reserveCapacity(count)
        var node = decoder.node + 1
        let kind = decoder.settings.kind(of: Element.self)
        for index in 0 ..< count {
            elements.append(try decoder.child(node, index: index).decode(Element.self, kind: kind))
            node = document.next(after: node)
        }
        return elements
    }
}

extension Set {
    /// The set at `decoder`'s value, as `Set.init(from:)` decodes it (see above).
    static func strictDecode(_ decoder: DocumentDecoder) throws -> Set<Element> where Element: Decodable {
        Set(try [Element].strictDecode(decoder))
    }
}

extension Dictionary where Key == String, Value: Decodable {
    /// The dictionary at `decoder`'s value, as `Dictionary.init(from:)` decodes it (see above).
    static func strictDecode(_ decoder: DocumentDecoder) throws -> [String: Value] {
        try decoder.expect(.object, "a dictionary", demotable: false)
        if Value.self == String.self {
            return reinterpret(try decoder.stringMembers(), as: [String: Value].self)
        }
        let document = decoder.document
        let object = decoder.node
        var members: [String: Value] = [:]
        members.reserveCapacity(document.count(object))
        let kind = decoder.settings.kind(of: Value.self)
        try decoder.forEachMemberAsVisited { name, value in
            members[name] = try decoder.child(value, key: DictionaryCodingKey(stringValue: name)).decode(Value.self, kind: kind)
        }
        return members
    }
}

extension DocumentDecoder {
    /// Calls `body` with each member of this decoder's object in the order `Dictionary.init(from:)` visits
    /// them — document order, a repeated key at each of its members — with the value its keyed container's
    /// look-up finds for the key: the member's own, or the last member's when the object repeats a key.
    func forEachMemberAsVisited(_ body: (_ name: String, _ value: Int) throws -> Void) throws {
        let document = self.document
        let repeatsAKey = document.tape[node].flag
        var keyNode = node + 1
        for _ in 0 ..< document.count(node) {
            let ownValue = keyNode + 1
            let name = document.string(keyNode)
            try body(name, repeatsAKey ? document.member(of: node, key: name) ?? ownValue : ownValue)
            keyNode = document.next(after: ownValue)
        }
    }

    /// A `[String: String]` at this decoder's object (checked by the caller), its values converted straight
    /// from the tape: no child decoder and no path node per member.
    fileprivate func stringMembers() throws -> [String: String] {
        var members: [String: String] = [:]
        members.reserveCapacity(document.count(node))
        try forEachMemberAsVisited { name, value in
            members[name] = try scalar(String.self, at: value, step: .key(DictionaryCodingKey(stringValue: name)))
        }
        return members
    }
}

/// The coding key of a dictionary member: the standard library's `_DictionaryCodingKey`, whose `intValue` is
/// the key read as an `Int` (`"205705993"` → 205705993, `"name"` → nil), so that the coding paths of errors
/// inside a `[String: V]` (or a dictionary with converted keys) are those `JSONDecoder` reports.
struct DictionaryCodingKey: CodingKey, Sendable {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = Int(stringValue)
    }

    init(intValue: Int) {
        self.stringValue = "\(intValue)"
        self.intValue = intValue
    }
}
