import Foundation

// Dictionaries whose keys are not strings (`[Int: V]`, `[Color: V]` for a `String` enum, `[UUID: V]`),
// decoded from JSON objects on the Codable path.
//
// Why: the standard library's `Dictionary.init(from:)` reads a JSON object only for `String`, `Int` and
// `CodingKeyRepresentable` keys, throws away the whole dictionary at the first key that does not convert,
// and expects an array of alternating keys and values for every other key type (a `[Color: Int]` with
// `enum Color: String, Decodable`). Here every such dictionary reads the object, as on the native path:
// a key that does not convert is recorded at its member, which is dropped, and the rest decodes.

/// `Dictionary` with `Decodable` keys and values, seen by the bridge without knowing `Key` and `Value`.
protocol KeyConvertingDictionary {
    /// Whether the bridge converts the keys: false for `String` keys (left to the standard library, or to
    /// `SalvageableCollection` under `.salvage`).
    static var convertsKeys: Bool { get }

    /// The dictionary of the JSON object at `decoder`'s node (only called when `convertsKeys`).
    static func decodeConvertingKeys(from decoder: DocumentDecoder) throws -> Self
}

extension Dictionary: KeyConvertingDictionary where Key: Decodable, Value: Decodable {
    static var convertsKeys: Bool { Key.self != String.self }

    static func decodeConvertingKeys(from decoder: DocumentDecoder) throws -> Self {
        let document = decoder.document
        var members: [Key: Value] = [:]
        members.reserveCapacity(document.count(decoder.node))
        // These keys are coding keys (`Dictionary.init(from:)` reads them through a keyed container), so
        // `.convertFromSnakeCase` converts them before they become `Key`s, as with `JSONDecoder`: a `[Kind: V]`
        // that `APIDataEncoder` wrote with `.convertToSnakeCase` (`"alpha_beta"`) reads back (`.alphaBeta`).
        let snakeCase = decoder.settings.strategies.keys == .convertFromSnakeCase
        var keyNode = decoder.node + 1
        // Under `.salvage`, the text of the member each key's value came from (see `respelledKeyReason`).
        var spellings: [Key: String] = [:]
        for _ in 0 ..< document.count(decoder.node) {
            let valueNode = keyNode + 1
            let text = document.string(keyNode)
            switch decoder.dictionaryKey(Key.self, text: snakeCase ? camelCase(fromSnakeCase: text) : text, keyNode: keyNode) {
            case .success(let key):
                // Assigning keeps "the last member wins" for repeated keys; under `.salvage` a failing member is
                // dropped (and a repeated key's earlier value with it), as for `[String: V]`, and a key spelled
                // two ways (`"1"`, `"01"`) is an error at the later member, as on the native path (`.strict`
                // replaces the value silently, as `JSONDecoder` does).
                let member = decoder.child(valueNode, key: DictionaryCodingKey(stringValue: text))
                if decoder.settings.salvages {
                    if let earlier = spellings[key], earlier != text, members[key] != nil {
                        try decoder.recordKeyFailure(respelledKeyReason(text, earlier: earlier, key: key), keyNode: keyNode, text: text)
                    }
                    do {
                        members[key] = try member.decode(Value.self)
                        spellings[key] = text
                    } catch {
                        members[key] = nil
                        spellings[key] = nil
                        member.absorb(error)
                    }
                } else {
                    members[key] = try member.decode(Value.self)
                }
            case .failure(let failure):
                try decoder.recordKeyFailure(failure.reason, keyNode: keyNode, text: text)
            }
            keyNode = document.next(after: valueNode)
        }
        return members
    }
}

/// Why a JSON object key did not convert to a dictionary's key type.
struct KeyConversionFailure: Error {
    let reason: APIDecodeErrorReason
}

extension DocumentDecoder {
    /// The value as `T`, which is `dictionary` (the bridge's type kinds found it; see `BridgeTypeKinds.swift`).
    func decodeConvertingKeys<D: KeyConvertingDictionary, T>(_ dictionary: D.Type, as type: T.Type) throws -> T {
        reinterpret(try D.decodeConvertingKeys(from: self), as: T.self)
    }

    /// `text` as a `Key`: the case of a `String` enum, a `LosslessStringConvertible` value (`Int`, `Int64`…),
    /// a `CodingKeyRepresentable` value, or else what `Key.init(from:)` makes of the key as a JSON string
    /// (`UUID`). The failure names the same reason as the native path's `APIDictionaryKey`.
    func dictionaryKey<Key: Decodable>(_ type: Key.Type, text: String, keyNode: Int) -> Result<Key, KeyConversionFailure> {
        if let enumType = Key.self as? any RawRepresentable.Type, let converted = DocumentDecoder.rawValueKey(enumType, text) {
            if let key = converted as? Key { return .success(key) }
            return .failure(KeyConversionFailure(reason: .unexpectedRawValue(value: text, type: "\(Key.self)")))
        }
        let invalid = KeyConversionFailure(reason: .invalidFormat(value: text, type: "\(Key.self)", expected: "a key that converts to \(Key.self)"))
        if let convertible = Key.self as? any LosslessStringConvertible.Type {
            return (DocumentDecoder.losslessKey(convertible, text) as? Key).map { .success($0) } ?? .failure(invalid)
        }
        if let representable = Key.self as? any CodingKeyRepresentable.Type {
            return (DocumentDecoder.codingKeyRepresentableKey(representable, text) as? Key).map { .success($0) } ?? .failure(invalid)
        }
        guard let key = try? child(keyNode, key: APICodingKey(hashKey: text)).decode(Key.self) else { return .failure(invalid) }
        return .success(key)
    }

    /// `R(rawValue: text)` as `Any?`, or nil when `R`'s raw values are not strings.
    private static func rawValueKey<R: RawRepresentable>(_ type: R.Type, _ text: String) -> Any?? {
        guard let raw = text as? R.RawValue else { return nil }
        return .some(R(rawValue: raw))
    }

    private static func losslessKey<L: LosslessStringConvertible>(_ type: L.Type, _ text: String) -> Any? {
        L(text)
    }

    private static func codingKeyRepresentableKey<C: CodingKeyRepresentable>(_ type: C.Type, _ text: String) -> Any? {
        C(codingKey: APICodingKey(hashKey: text))
    }

    /// Records a key that did not convert at its member (the key's value and location) under `.salvage`, or
    /// throws it as a `DecodingError` under `.strict` and outside a Salvage decode, as `JSONDecoder` does.
    func recordKeyFailure(_ reason: APIDecodeErrorReason, keyNode: Int, text: String) throws {
        guard settings.salvages, let context = settings.context, context.isOpen else {
            throw DecodingError.dataCorrupted(.init(codingPath: pathNode.path(appending: APICodingKey(hashKey: text)), debugDescription: "\(reason)."))
        }
        let member = APIDecoder(context: context, frame: context.state.count - 1, node: keyNode, parent: node, step: .member(keyNode: keyNode))
        context.record(reason, at: member, decoding: nil)
    }
}
