// Arrays, dictionaries and sets: lossy. An element that fails is dropped, its errors are recorded at its
// index or key, and the collection itself still succeeds. Errors come out in document order.

/// `[Element]`, lossy: elements that fail to decode (including `null`s) are dropped and reported at `[i]`.
extension Array: APIDecodable where Element: APIDecodable {
    /// Decodes a JSON array, dropping (and reporting) elements that fail.
    @inlinable
    public init?(from decoder: APIDecoder) {
        guard decoder.expectContainer(.array) else { return nil }
        decoder.markLossy()
        var elements: [Element] = []
        elements.reserveCapacity(decoder.count ?? 0)
        // `forEachElement` as a loop: no closures per element in debug builds (see `ElementWalk`).
        if var walk = decoder.elementWalk() {
            while let element = walk.next(in: decoder) {
                if let value = Element._salvageDecodeField(at: element, required: true) {
                    elements.append(value)
                }
            }
        }
        self = elements
    }

    /// The number of elements kept, as in LastMile.
    public var parseableElementCount: Int? { count }

    /// Implementation detail of Salvage's built-in conformances; do not implement or call it.
    /// An empty JSON array (`"tags": []`, common in API responses) is `[]` without entering a frame: with no
    /// element there is nothing to decode, tag or drop, and the frame would cost more than the rest of the
    /// decode. An array of built-in scalars whose elements all convert (`"tags": ["a", "b"]`) is decoded in
    /// one loop without a frame either (`_salvageDecodeArrayWithoutFrame`, see `ScalarArrayFields.swift`):
    /// nothing is recorded, so the frame, which only tags errors, would cost more than the elements; it takes
    /// empty arrays of scalars too. Everything else (an element that needs an error, a model element, a frame
    /// that would be refused) goes through `decodeModel`.
    @inlinable
    public static func _salvageDecode(at decoder: APIDecoder) -> [Element]? {
        if let elements = Element._salvageDecodeArrayWithoutFrame(at: decoder, as: Element.self) { return elements }
        return decoder.isEmptyArrayNeedingNoFrame ? [] : decoder.decodeModel([Element].self)
    }
}

/// `[Key: Value]` from a JSON object, lossy: members that fail to decode are dropped and reported at
/// `["key"]`. When a key repeats, the last member wins. `Key` is `String`, or a type whose keys are
/// converted from the JSON's strings (`Int`, `UUID`, enums; see ``APIDictionaryKey``); a key that does not
/// convert is reported at its member, which is dropped. Two spellings of one converted key (`"1"` and `"01"`)
/// keep the last member too, with an `invalid_format` error at it naming the member whose value it replaced.
extension Dictionary: APIDecodable where Key: APIDictionaryKey, Value: APIDecodable {
    /// Decodes a JSON object, dropping (and reporting) members that fail.
    @inlinable
    public init?(from decoder: APIDecoder) {
        guard decoder.expectContainer(.object) else { return nil }
        decoder.markLossy()
        var members: [Key: Value] = [:]
        members.reserveCapacity(decoder.count ?? 0)
        // For converted keys: the text of the member each key's value came from.
        var spellings: [Key: String] = [:]
        decoder.forEachMember { text, value in
            guard let key = Key._salvageDictionaryKey(text, at: value) else { return }
            // Assigning nil when the value fails keeps "the last member wins" for repeated keys.
            guard Key.self != String.self else {
                members[key] = Value._salvageDecodeField(at: value, required: true)
                return
            }
            // Two spellings of one converted key (`"1"` and `"01"`, a UUID in both cases): the last member still
            // wins, but the value it replaces is not lost silently.
            if let earlier = spellings[key], earlier != text, members[key] != nil {
                value.recordRespelledKey(text, earlier: earlier, key: key)
            }
            let element = Value._salvageDecodeField(at: value, required: true)
            members[key] = element
            spellings[key] = element == nil ? nil : text
        }
        self = members
    }

    /// The number of members kept, as in LastMile.
    public var parseableElementCount: Int? { count }
}

/// `Set<Element>`, from a JSON array, lossy like `Array`.
extension Set: APIDecodable where Element: APIDecodable {
    /// Decodes a JSON array into a set, dropping (and reporting) elements that fail.
    @inlinable
    public init?(from decoder: APIDecoder) {
        guard let elements = [Element](from: decoder) else { return nil }
        self.init(elements)
    }

    /// The number of elements kept, as in LastMile.
    public var parseableElementCount: Int? { count }
}
