// `[T]`, `Set<T>` and `[String: T]` of `Decodable` elements under `.salvage` recovery: decoded element by
// element, a failing element dropped and its errors recorded, like the native lossy collections
// (`CollectionConversions.swift`). The standard library's own `init(from:)` of these types stops at the
// first element that throws, so the bridge recognises them (one dynamic cast per nested value, only under
// `.salvage`) and decodes them itself.

/// A collection the bridge decodes lossily under `.salvage`.
protocol SalvageableCollection {
    /// Decodes the collection at `decoder`'s value, dropping (and recording) elements that fail.
    static func salvageDecode(_ decoder: DocumentDecoder) throws -> Self
    /// Decodes the collection at `decoder`'s value under `.strict`, as its own `init(from:)` does
    /// (`StrictCollections.swift`).
    static func strictDecode(_ decoder: DocumentDecoder) throws -> Self
    /// Whether an empty JSON array decodes as `emptyValue()` (`[T]` and `Set<T>`; not a dictionary, for which
    /// an array is a type mismatch).
    static var decodesEmptyArrayAsEmpty: Bool { get }
    /// The empty collection (see `KeyedContainer.emptyCollection`).
    static func emptyValue() -> Self
}

extension Array: SalvageableCollection where Element: Decodable {
    static var decodesEmptyArrayAsEmpty: Bool { true }
    static func emptyValue() -> [Element] { [] }

    static func salvageDecode(_ decoder: DocumentDecoder) throws -> [Element] {
        try decoder.expect(.array, "an array")
        let document = decoder.document
        let count = document.count(decoder.node)
        // Empty arrays are common (twitter.json's hashtags, urls, mentions): no capacity to reserve, which
        // looked up `Array<Element>`'s metadata and called into the standard library for nothing.
        if count == 0 { return [] }
        var elements: [Element] = []
        elements.reserveCapacity(count)
        var node = decoder.node + 1
        let kind = decoder.settings.kind(of: Element.self)
        for index in 0 ..< count {
            let element = decoder.child(node, index: index)
            do {
                elements.append(try element.decode(Element.self, kind: kind))
            } catch {
                element.absorb(error)
            }
            node = document.next(after: node)
        }
        return elements
    }
}

extension Set: SalvageableCollection where Element: Decodable {
    static var decodesEmptyArrayAsEmpty: Bool { true }
    static func emptyValue() -> Set<Element> { [] }

    static func salvageDecode(_ decoder: DocumentDecoder) throws -> Set<Element> {
        Set(try [Element].salvageDecode(decoder))
    }
}

extension Dictionary: SalvageableCollection where Key == String, Value: Decodable {
    static var decodesEmptyArrayAsEmpty: Bool { false }
    static func emptyValue() -> [String: Value] { [:] }

    /// When a key repeats, the last member wins (a failing last member removes the key, as natively).
    static func salvageDecode(_ decoder: DocumentDecoder) throws -> [String: Value] {
        try decoder.expect(.object, "a dictionary")
        let document = decoder.document
        // The keys are data, not coding keys: `.convertFromSnakeCase` leaves them as written, as `JSONDecoder`
        // does (and as `APIDataEncoder` writes them).
        var members: [String: Value] = [:]
        members.reserveCapacity(document.count(decoder.node))
        let kind = decoder.settings.kind(of: Value.self)
        document.forEachMember(of: decoder.node) { keyNode, node in
            let name = document.string(keyNode)
            let key = name
            let member = decoder.child(node, key: DictionaryCodingKey(stringValue: key))
            do {
                members[key] = try member.decode(Value.self, kind: kind)
            } catch {
                members[key] = nil
                member.absorb(error)
            }
        }
        return members
    }
}
