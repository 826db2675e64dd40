// Arrays, dictionaries and sets: lossy. An element that fails is dropped, its errors are recorded at its
// index or key, and the collection itself still succeeds. Errors come out in document order.

extension APIDecoder {
    /// Records that the value here is not the container a collection type needs, and returns false.
    @usableFromInline
    func expectContainer(_ kind: NodeKind) -> Bool {
        guard context.isOpen else { return false }
        guard node >= 0, context.document.kind(node) == kind else {
            context.record(.unexpectedJSONType(actual: jsonElement), at: self, decoding: nil)
            return false
        }
        return true
    }

    /// Calls `body` with a decoder for each element of the array here, in order.
    @inlinable
    func forEachElement(_ body: (APIDecoder) -> Void) {
        context.document.forEachElement(of: node) { index, element in
            body(APIDecoder(context: context, frame: frame, node: element, parent: node, step: .index(index)))
        }
    }

    /// Calls `body` with each key and a decoder for its value, for each member of the object here, in order.
    @inlinable
    func forEachMember(_ body: (String, APIDecoder) -> Void) {
        context.document.forEachMember(of: node) { key, value in
            body(context.document.string(key), APIDecoder(context: context, frame: frame, node: value, parent: node, step: .member(keyNode: key)))
        }
    }
}

/// `[Element]`, lossy: elements that fail to decode (including `null`s) are dropped and reported at `[i]`.
extension Array: APIDecodable where Element: APIDecodable {
    /// Decodes a JSON array, dropping (and reporting) elements that fail.
    @inlinable
    public init?(from decoder: APIDecoder) {
        guard decoder.expectContainer(.array) else { return nil }
        decoder.markLossy()
        var elements: [Element] = []
        elements.reserveCapacity(decoder.count ?? 0)
        decoder.forEachElement { element in
            if let value = element.decodeRequired(Element.self) {
                elements.append(value)
            }
        }
        self = elements
    }
}

/// `[String: Value]`, lossy: members that fail to decode are dropped and reported at `["key"]`.
/// When a key repeats, the last member wins.
extension Dictionary: APIDecodable where Key == String, Value: APIDecodable {
    /// Decodes a JSON object, dropping (and reporting) members that fail.
    @inlinable
    public init?(from decoder: APIDecoder) {
        guard decoder.expectContainer(.object) else { return nil }
        decoder.markLossy()
        var members: [String: Value] = [:]
        members.reserveCapacity(decoder.count ?? 0)
        decoder.forEachMember { key, value in
            // Assigning nil when the value fails keeps "the last member wins" for repeated keys.
            members[key] = value.decodeRequired(Value.self)
        }
        self = members
    }
}

/// `Set<Element>`, from a JSON array, lossy like `Array`.
extension Set: APIDecodable where Element: APIDecodable {
    /// Decodes a JSON array into a set, dropping (and reporting) elements that fail.
    @inlinable
    public init?(from decoder: APIDecoder) {
        guard let elements = [Element](from: decoder) else { return nil }
        self.init(elements)
    }
}
