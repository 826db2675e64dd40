/// Decoding Swift `Decodable` types inside an ``APIDecodable`` model.
extension APIDecoder {
    /// Decodes a required Swift `Decodable` value here, through a Swift `Decoder` over the same document.
    ///
    /// A thrown `DecodingError` is recorded with the full path (this position plus the path inside the
    /// value) and fails the enclosing model, like any required value. Absent or null is recorded too.
    ///
    /// ```swift
    /// let address = decoder["address"].decodeRequired(swiftDecodable: Address.self)
    /// ```
    public func decodeRequired<T: Decodable>(swiftDecodable type: T.Type) -> T! {
        guard let value = decodeSwift(T.self, required: true) else {
            failRequired()
            return nil
        }
        return value
    }

    /// Decodes an optional Swift `Decodable` value: absent or null gives nil with no error; a thrown
    /// `DecodingError` is recorded and gives nil without failing the enclosing model.
    public func decodeOptional<T: Decodable>(swiftDecodable type: T.Type) -> T? {
        decodeSwift(T.self, required: false)
    }

    /// The root of ``APIDataDecoder/decode(data:toDecodable:)``: as ``decodeRequired(swiftDecodable:)``, except
    /// that a null root is handed to a type of the user's own, whose `init(from:)` decides what null means
    /// (as with `JSONDecoder`: a type with a default for null decodes it).
    func decodeRequiredRoot<T: Decodable>(swiftDecodable type: T.Type) -> T? {
        guard let value = decodeSwift(T.self, required: true, acceptingNull: BridgeTypeKind.of(T.self).isOther) else {
            failRequired()
            return nil
        }
        return value
    }

    private func decodeSwift<T: Decodable>(_ type: T.Type, required: Bool, acceptingNull: Bool = false) -> T? {
        switch presence(acceptingNull: acceptingNull || T.self is any OptionalMarker.Type) {
        case .keptPastItsDecode:
            return nil
        case .missing:
            reportMissing(decoding: T.self, required: required)
            return nil
        case .present:
            break
        }
        // A frame for the Decodable, so that paths recorded inside it (by `Salvaged` values) show its type.
        return withFrame(for: T.self) { swift in
            swift.markReadsEverything()
            return swift.withContext { context in
                // The bridge's settings hold the context for the bridge call, which ends inside this closure.
                let settings = BridgeSettings(document: context.document, strategies: context.options.codable, context: context,
                                              root: self, rootType: T.self, userInfo: context.options.userInfo)
                let bridge = DocumentDecoder(node: node, settings: settings, pathNode: .root)
                // The pool's containers hold the settings: dropped when the bridge call returns (see `KeyedContainerPool`).
                defer { settings.keyedContainers.empty() }
                do {
                    return try bridge.decode(T.self, framed: false)
                } catch let error as DecodingError where !settings.salvages {
                    settings.recordThrown(error, severity: required ? .failure : .recovered)
                } catch {
                    // Under `.salvage` every failure is recorded where it is absorbed; at the root, here.
                    bridge.absorb(error, required: required)
                }
                return nil
            } ?? nil
        }
    }
}

extension BridgeSettings {
    /// Records a `DecodingError` thrown inside a Swift `Decodable` (by the strict bridge, or by the user's
    /// own `init(from:)`), with the path and location of the value it is about and a coding path that starts
    /// at the root.
    func recordThrown(_ error: DecodingError, severity: APIDecodeError.Severity) {
        // Once the decode has returned its input is gone: nothing to locate, nowhere to record.
        guard let context, context.isOpen, let root else { return }
        let inner = error.salvageContext?.codingPath ?? []
        let base = BreadcrumbBuilder(context: context).path(to: root, decoding: rootType)
        let snakeCase = strategies.keys == .convertFromSnakeCase
        let path = base + document.steps(from: root.node, keys: inner, snakeCase: snakeCase)
        let fullError = error.withCodingPath(Array(path.dropFirst()))
        var location = context.location(of: root)
        let target = document.resolve(from: root.node, keys: inner, snakeCase: snakeCase)
        if context.reportsLocations, let target {
            location = context.location(ofOffset: document.sourceOffset(target))
        }
        var recorded = APIDecodeError(path: path, reason: .swiftDecodingError(fullError), location: location, severity: severity)
        // The kind of value the error is about, as every error recorded at a value has (`foundJSONType`, `found`).
        recorded.foundElement = target.map(document.element)
        context.record(recorded)
    }
}

extension DecodingError {
    /// The same error with another coding path.
    func withCodingPath(_ path: [any CodingKey]) -> DecodingError {
        switch self {
        case .dataCorrupted(let c):
            return .dataCorrupted(.init(codingPath: path, debugDescription: c.debugDescription, underlyingError: c.underlyingError))
        case .keyNotFound(let key, let c):
            return .keyNotFound(key, .init(codingPath: path, debugDescription: c.debugDescription, underlyingError: c.underlyingError))
        case .typeMismatch(let type, let c):
            return .typeMismatch(type, .init(codingPath: path, debugDescription: c.debugDescription, underlyingError: c.underlyingError))
        case .valueNotFound(let type, let c):
            return .valueNotFound(type, .init(codingPath: path, debugDescription: c.debugDescription, underlyingError: c.underlyingError))
        @unknown default:
            return self
        }
    }
}

extension JSONDocument {
    /// `keys` as path steps below `node`: an index where the value there is an array and the key has an
    /// `intValue`, a key name otherwise (so `enum CodingKeys: Int` members stay names). With `snakeCase`,
    /// keys are shown as the JSON spells them (`first_name`, not `firstName`).
    func steps(from node: Int, keys: [any CodingKey], snakeCase: Bool = false) -> [APICodingKey] {
        var current: Int? = node
        return keys.map { key in
            let container = current
            let isArray = container.map { kind($0) == .array } ?? false
            if isArray, let index = key.intValue {
                current = container.flatMap { element(of: $0, at: index) }
                return APICodingKey(arrayIndex: index)
            }
            let found = container.flatMap { swiftMember(of: $0, key: key.stringValue, snakeCase: snakeCase) }
            current = found?.value
            return APICodingKey(hashKey: found?.jsonKey ?? key.stringValue)
        }
    }

    /// Follows `keys` from `node` as far as the values are present; returns the deepest node reached.
    func resolve(from node: Int, keys: [any CodingKey], snakeCase: Bool = false) -> Int? {
        var current = node
        for key in keys {
            let next: Int?
            if kind(current) == .array, let index = key.intValue {
                next = element(of: current, at: index)
            } else {
                next = swiftMember(of: current, key: key.stringValue, snakeCase: snakeCase)?.value
            }
            guard let next else { break }
            current = next
        }
        return current
    }

    /// The member a Swift coding key names, with the key as the JSON spells it.
    private func swiftMember(of node: Int, key: String, snakeCase: Bool) -> (value: Int, jsonKey: String)? {
        guard kind(node) == .object else { return nil }
        if !snakeCase {
            return member(of: node, key: key).map { ($0, key) }
        }
        var found: (value: Int, jsonKey: String)? = nil
        forEachMember(of: node) { keyNode, value in
            let jsonKey = string(keyNode)
            if camelCase(fromSnakeCase: jsonKey) == key { found = (value, jsonKey) }
        }
        // A `[String: T]`'s keys are not converted (they are data): its coding path names the key as written.
        return found ?? member(of: node, key: key).map { ($0, key) }
    }
}
