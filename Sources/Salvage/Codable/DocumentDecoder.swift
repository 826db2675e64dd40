import Foundation

/// A Swift `Decoder` over Salvage's document, so any `Decodable` type can be decoded from the same parse
/// (no `JSONSerialization` round trip). Failures are thrown as `DecodingError`s, like `JSONDecoder`'s.
///
/// Fast paths: scalars are converted straight from the tape by the containers' type-specific methods,
/// without a child decoder; coding paths are linked nodes, turned into arrays only when asked for.
/// `codingPath` is relative to where decoding started; ``APIDecoder/decodeRequired(swiftDecodable:)``
/// prefixes the full breadcrumb when it records an error.
struct DocumentDecoder: Decoder {
    /// The document, strategies and decode of this bridge call, shared by all its decoders. One reference
    /// for all three: decoders and containers are copied for every value (the standard library's
    /// container boxes copy them too), and each reference they hold costs a retain and a release per copy.
    let settings: BridgeSettings
    var document: JSONDocument { settings.document }
    /// The tape index of this value.
    var node: Int { storedNode == .max ? -1 : Int(storedNode) }
    /// The path to this value; see `pathNode`.
    private let parentPath: CodingPathNode
    // `node` and `index` in 32 bits each (tape indices and counts fit, see `TapeNode`): the decoder is then
    // three words, which an `any Decoder` holds inline; at four words, passing it to every `init(from:)`
    // allocated a box for it.
    private let storedNode: UInt32
    /// The index of this value in its parent array, or -1. Kept inline so that decoding an array of
    /// arrays (`[[Double]]`) allocates no path node per element.
    private let storedIndex: Int32
    private var index: Int { Int(storedIndex) }

    init(node: Int, settings: BridgeSettings, pathNode: CodingPathNode, index: Int = -1) {
        self.storedNode = node < 0 ? .max : UInt32(truncatingIfNeeded: node)
        self.settings = settings
        self.parentPath = pathNode
        self.storedIndex = Int32(truncatingIfNeeded: index)
    }

    /// The path to this value as a linked node (allocates one node for an array element).
    var pathNode: CodingPathNode { index >= 0 ? .index(index, parentPath) : parentPath }

    var codingPath: [any CodingKey] { pathNode.path }
    var userInfo: [CodingUserInfoKey: Any] { settings.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try checkOpen()
        // A model's own value of the wrong type fails the model, also where it is optional (as natively).
        try expect(.object, "a dictionary", demotable: false)
        return settings.keyedContainers.container(for: self, keyedBy: Key.self)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try checkOpen()
        try expect(.array, "an array")
        return UnkeyedContainer(decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try checkOpen()
        return SingleValueContainer(decoder: self)
    }

    /// A decoder for a member: one path node, also when this value is an array element.
    func child(_ node: Int, key: any CodingKey) -> DocumentDecoder {
        DocumentDecoder(node: node, settings: settings, pathNode: index >= 0 ? .keyInElement(key, index, parentPath) : .key(key, parentPath))
    }

    /// A decoder for an element.
    func child(_ node: Int, index: Int) -> DocumentDecoder {
        DocumentDecoder(node: node, settings: settings, pathNode: pathNode, index: index)
    }

    /// Throws unless the value is a container of `kind`; see `SalvageSiteError` for `demotable`.
    /// One compare when the value is of `kind`; the error is made out of line, so that the check does not
    /// look up `DecodingError`'s metadata for every container (measured).
    @inline(__always)
    func expect(_ kind: NodeKind, _ what: String, demotable: Bool = true) throws {
        if document.kind(node) != kind { throw notOfKind(kind, what, demotable: demotable) }
    }

    /// The error of `expect` for a value that is not of `kind`: `valueNotFound` for null, else `typeMismatch`.
    @inline(never)
    private func notOfKind(_ kind: NodeKind, _ what: String, demotable: Bool) -> DecodingError {
        if document.kind(node) == .null {
            return site(DecodingError.valueNotFound([String: Any].self, .init(codingPath: codingPath, debugDescription: "Expected \(what) but found null instead.")),
                        .unexpectedJSONType(actual: .null), node: node, decoding: nil, demotable: demotable)
        }
        return site(DecodingError.typeMismatch(kind == .object ? [String: Any].self : [Any].self,
                                               .init(codingPath: codingPath, debugDescription: "Expected to decode \(what) but found \(document.element(node)) instead.")),
                    .unexpectedJSONType(actual: document.element(node)), node: node, decoding: nil, demotable: demotable)
    }

    /// Decodes any `Decodable` at this decoder's node. Built-in scalars, `Decimal`, `URL`, `UUID`, `Date` (seconds
    /// since 2001, like `JSONDecoder`'s default) and `Data` (base64) are converted directly. Under
    /// `.salvage`, other values are decoded in a Salvage frame of their own (unless `framed` is false: the
    /// root, whose frame `decodeSwift` pushed), and collections lossily; under `.strict`, collections as the standard
    /// library decodes them, by the bridge's own loops (`StrictCollections.swift`).
    func decode<T: Decodable>(_ type: T.Type, framed: Bool = true) throws -> T {
        try decode(T.self, framed: framed, kind: settings.kind(of: T.self))
    }

    /// `decode(_:framed:)` with `T`'s kind already looked up (`settings.kind(of: T.self)`): a keyed member
    /// looks it up anyway, and a collection once for all its elements.
    func decode<T: Decodable>(_ type: T.Type, framed: Bool = true, kind: BridgeTypeKind) throws -> T {
        try checkOpen()
        // A type of the user's own (`.other`) decides about null in its `init(from:)`, as with `JSONDecoder`:
        // a property wrapper or a type with a default for null accepts it; a synthesized model's keyed
        // container throws the same `valueNotFound`.
        if document.kind(node) == .null, !(T.self is any OptionalMarker.Type), !kind.isOther { throw foundNull(T.self) }
        switch kind {
        case .scalar(let scalar):
            return try convertOpened(scalar, as: T.self)
        case .url:
            let text = try foundationString(decoding: URL.self)
            guard let url = URL(string: text) else {
                throw site(DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Invalid URL string.")),
                           .invalidFormat(value: text, type: "URL", expected: "a URL"), node: node, decoding: URL.self)
            }
            return reinterpret(url, as: T.self)
        case .uuid:
            // `JSONDecoder`'s error under `.strict`; under `.salvage` the native path's `invalid_format`.
            let text = try foundationString(decoding: UUID.self)
            guard let uuid = UUID(uuidString: text) else {
                throw site(DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Attempted to decode UUID from invalid UUID string.")),
                           .invalidFormat(value: text, type: "UUID", expected: "a UUID like 123E4567-E89B-12D3-A456-426614174000"),
                           node: node, decoding: UUID.self)
            }
            return reinterpret(uuid, as: T.self)
        case .date:
            switch document.date(node, strategy: settings.strategies.dates) {
            case .success(let date):
                return reinterpret(date, as: T.self)
            case .failure(let failure):
                if case .unexpectedJSONType(let actual) = failure.reason {
                    throw site(DecodingError.typeMismatch(Date.self, .init(codingPath: codingPath, debugDescription: "Expected to decode Date but found \(actual) instead.")),
                               failure.reason, node: node, decoding: Date.self)
                }
                throw site(DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(failure.reason).")),
                           failure.reason, node: node, decoding: Date.self)
            }
        case .data:
            let text = try foundationString(decoding: Data.self)
            guard let data = Data(base64Encoded: text) else {
                throw site(DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Encountered Data is not valid Base64.")),
                           .invalidFormat(value: text, type: "Data", expected: "base64"), node: node, decoding: Data.self)
            }
            return reinterpret(data, as: T.self)
        case .scalarArray:
            return try scalarArray(T.self, framed: framed)
        case .collection(let collection) where settings.salvages:
            return try framed ? inFrame(T.self) { try decodeCollection(collection, as: T.self) } : decodeCollection(collection, as: T.self)
        case .collection(let collection):
            return try decodeStrictCollection(collection, as: T.self)
        case .convertingDictionary(let dictionary) where document.kind(node) == .object:
            return try settings.salvages && framed ? inFrame(T.self) { try decodeConvertingKeys(dictionary, as: T.self) }
                : decodeConvertingKeys(dictionary, as: T.self)
        case .convertingDictionary, .other:
            break
        }
        if settings.salvages {
            return try framed ? inFrame(T.self) { try decodeSalvaging(T.self) } : decodeSalvaging(T.self)
        }
        // A nested value is a nesting level: it runs where there is stack for it (see `StackGuard`). The
        // common case calls `init(from:)` directly: wrapping it in a closure and a `Result` of the
        // unspecialized `T` would look up generic metadata on every value.
        if StackGuard.hasRoom() {
            return try T(from: self)
        }
        return try decodeOnFreshStack(T.self)
    }

    /// The `valueNotFound` error of `decode` for a null where a `T` was expected (out of line, like `notOfKind`).
    @inline(never)
    private func foundNull<T>(_ type: T.Type) -> DecodingError {
        site(DecodingError.valueNotFound(T.self, .init(codingPath: codingPath, debugDescription: "Expected \(T.self) value but found null instead.")),
             .unexpectedJSONType(actual: .null), node: node, decoding: T.self)
    }

    /// The string of a `URL`, `UUID` or `Data` value; a value of another type is a mismatch tagged with `type`.
    private func foundationString(decoding type: Any.Type) throws -> String {
        do {
            return try scalar(String.self, at: node)
        } catch let error as DecodingError {
            throw site(error, String.failure(document, node: node), node: node, decoding: type)
        }
    }

    /// Under `.salvage`, runs `body` in a Salvage frame for a value of `type` at this node, so that errors
    /// below it are tagged with the type (and record id). A frame that cannot be entered records why.
    func inFrame<R>(_ type: Any.Type, _ body: () throws -> R) throws -> R {
        guard let context = settings.context else { return try body() }
        let position = APIDecoder(context: context, frame: context.state.count - 1, node: node, parent: -1, step: .atNode)
        return try position.withThrowingFrame(for: type, refused: { throw AlreadyRecorded() }) { frame in
            if context.state.tracksReadKeys { frame.markReadsEverything() }
            return try body()
        }
    }

    /// A nested value under `.salvage`: collections lossily, enums with unknown raw values reported as such.
    /// Collections and dictionaries with converted keys are decoded by `decode` before it comes here.
    private func decodeSalvaging<T: Decodable>(_ type: T.Type) throws -> T {
        do {
            return try T(from: self)
        } catch {
            throw thrownBySalvaging(error, decoding: T.self)
        }
    }

    /// What `decodeSalvaging` rethrows: a `DecodingError` of a `RawRepresentable` type through
    /// `rawValueFailure`, anything else as it is. Out of line: as a `catch` pattern, the cast looked up
    /// `DecodingError`'s metadata for every value, thrown or not.
    @inline(never)
    private func thrownBySalvaging<T>(_ error: any Error, decoding type: T.Type) -> any Error {
        guard T.self is any RawRepresentable.Type, let decodingError = error as? DecodingError else { return error }
        return rawValueFailure(decodingError, decoding: T.self)
    }

    /// `collection` is `T` (it is `T.self` cast).
    private func decodeCollection<C: SalvageableCollection, T>(_ collection: C.Type, as type: T.Type) throws -> T {
        reinterpret(try C.salvageDecode(self), as: T.self)
    }

    /// `collection` is `T`; under `.strict` (see `StrictCollections.swift`).
    private func decodeStrictCollection<C: SalvageableCollection, T>(_ collection: C.Type, as type: T.Type) throws -> T {
        reinterpret(try C.strictDecode(self), as: T.self)
    }

    /// What a `RawRepresentable` type's `init(from:)` threw, as the native path reports it: an unknown raw
    /// value is `unknown_raw_value`, and a raw value of the wrong type is tagged with the enum's type.
    private func rawValueFailure<T>(_ error: DecodingError, decoding type: T.Type) -> DecodingError {
        if let attached = error.salvageSite {
            guard attached.node == node, let reason = attached.error?.reason else { return error }
            return site(error, reason, node: node, decoding: nil)
        }
        guard case .dataCorrupted(let context) = error, context.codingPath.count == codingPath.count,
              context.debugDescription.hasPrefix("Cannot initialize \(T.self) from invalid") else { return error }
        let raw = document.kind(node) == .string ? document.string(node) : document.valueText(node)
        return site(error, .unexpectedRawValue(value: raw, type: "\(T.self)"), node: node, decoding: nil)
    }

    /// `T(from: self)` on a helper thread's fresh stack (see `StackGuard`).
    @inline(never)
    private func decodeOnFreshStack<T: Decodable>(_ type: T.Type) throws -> T {
        guard let outcome = StackGuard.runOnFreshStack({ Result { try T(from: self) } }) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: StackGuard.notDecodedMessage(T.self) + "."))
        }
        return try outcome.get()
    }

    private func convertOpened<S: ScalarDecodable, T>(_ scalarType: S.Type, as type: T.Type) throws -> T {
        // `scalarConversion(for: T.self)` returned `S`, so `S` is `T`.
        reinterpret(try scalar(S.self, at: node), as: T.self)
    }

    /// Converts the scalar at `node` — this decoder's value, or its member or element named by `step` —
    /// throwing the `DecodingError` `JSONDecoder` would: `valueNotFound` for null, `typeMismatch` for the
    /// wrong JSON type, `dataCorrupted` for numbers that do not fit. The path is built only on failure.
    /// Callers check that the decode is still open first (`checkOpen`; the containers' look-ups and
    /// `decode` do), once per value rather than again here.
    @inline(__always)
    func scalar<S: ScalarDecodable>(_ type: S.Type, at node: Int, step: PathAppendix = .none) throws -> S {
        if let value = S.convert(document, node: node) { return value }
        return try unconverted(S.self, at: node, step: step)
    }

    /// `scalar`'s slow path, out of line so that the inlined fast path stays small: a non-conforming float
    /// given as an agreed string, or the error.
    @inline(never)
    func unconverted<S: ScalarDecodable>(_ type: S.Type, at node: Int, step: PathAppendix) throws -> S {
        if let special = nonConformingFloat(S.self, at: node) { return special }
        let path: [any CodingKey]
        switch step {
        case .none: path = codingPath
        case .key(let key): path = pathNode.path(appending: key)
        case .index(let index): path = pathNode.path(appending: APICodingKey(arrayIndex: index))
        }
        throw site(scalarError(S.self, at: node, codingPath: path),
                   document.kind(node) == .null ? .unexpectedJSONType(actual: .null) : S.failure(document, node: node), node: node, decoding: S.self)
    }

    /// With `.convertFromString`, the agreed strings for infinities and NaN, as a `Double` or `Float`.
    private func nonConformingFloat<S>(_ type: S.Type, at node: Int) -> S? {
        guard case .convertFromString(let positive, let negative, let nan) = settings.strategies.nonConformingFloats,
              S.self == Double.self || S.self == Float.self, document.kind(node) == .string else { return nil }
        let text = document.string(node)
        let value: Double
        switch text {
        case positive: value = .infinity
        case negative: value = -.infinity
        case nan: value = .nan
        default: return nil
        }
        return (value as? S) ?? (Float(value) as? S)
    }

    func scalarError<S: ScalarDecodable>(_ type: S.Type, at node: Int, codingPath: [any CodingKey]) -> DecodingError {
        if document.kind(node) == .null {
            return DecodingError.valueNotFound(S.self, .init(codingPath: codingPath, debugDescription: "Expected \(S.self) value but found null instead."))
        }
        let reason = S.failure(document, node: node)
        if case .unexpectedJSONType(let actual) = reason {
            return DecodingError.typeMismatch(S.self, .init(codingPath: codingPath, debugDescription: "Expected to decode \(S.self) but found \(actual) instead."))
        }
        return DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(reason)."))
    }
}

/// What one bridge call shares: the document, the strategies and the Salvage decode it belongs to, by one
/// reference so that child decoders stay small and cheap to copy.
final class BridgeSettings {
    let document: JSONDocument
    let strategies: CodableStrategies
    /// The Salvage decode this bridge call belongs to, so `Salvaged` values can re-enter it.
    let context: DecodingContext?
    /// Whether the decode this bridge call belongs to is still running (see `DocumentDecoder.checkOpen`).
    var isOpen: Bool {
        @inline(__always) get { ledger?.isOpen ?? false }
    }
    /// What the bridge does with each type met so far (see `BridgeTypeKindCache`). Unchecked exclusivity:
    /// the dynamic check cost more than the look-up it guards (measured), and no access to it can overlap
    /// another (the look-up calls nothing that reaches back into the settings).
    @exclusivity(unchecked) private var kinds = BridgeTypeKindCache()
    /// Keyed containers for reuse. Unchecked exclusivity, as for `kinds`: handing one out reaches nothing
    /// that comes back here.
    @exclusivity(unchecked) var keyedContainers = KeyedContainerPool()
    /// The context's ledger, held here too so that `isOpen` is one load less on the bridge's hot paths
    /// (it lives as long as `context`, which this holds).
    private let ledger: DecodeLedger?
    /// Whether failures are recovered (`CodableRecovery.salvage`, with a decode to record them in).
    let salvages: Bool
    /// The decoder of the bridge's root value and its type, for errors the user's code throws.
    let root: APIDecoder?
    let rootType: Any.Type
    /// The decode's `APIDecodeOptions.userInfo`, converted to `Decoder.userInfo`'s type only when asked for.
    private let sendableUserInfo: [CodingUserInfoKey: any Sendable]
    var userInfo: [CodingUserInfoKey: Any] { sendableUserInfo }

    /// How values of `T` are decoded (see `BridgeTypeKind`).
    @inline(__always)
    func kind<T>(of type: T.Type) -> BridgeTypeKind { kinds.kind(of: T.self) }

    init(document: JSONDocument, strategies: CodableStrategies, context: DecodingContext? = nil, root: APIDecoder? = nil,
         rootType: Any.Type = Any.self, userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.document = document
        self.strategies = strategies
        self.context = context
        self.ledger = context?.state
        self.salvages = context != nil && strategies.recovery == .salvage
        self.root = root
        self.rootType = rootType
        self.sendableUserInfo = userInfo
    }
}

/// A member or element step below a decoder's value, kept unmaterialized until an error needs it.
enum PathAppendix {
    case none
    case key(any CodingKey)
    case index(Int)
}

/// Lets the bridge recognise `Optional` types, which accept `null`.
protocol OptionalMarker {}
extension Optional: OptionalMarker {}

/// `singleValueContainer()`: the decoder's own value.
struct SingleValueContainer: SingleValueDecodingContainer {
    let decoder: DocumentDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.document.kind(decoder.node) == .null }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(T.self) }

    // Inlined into each type-specific method, so that `S` is concrete there (see `KeyedContainer.scalar`).
    @inline(__always)
    private func scalar<S: ScalarDecodable>(_ type: S.Type) throws -> S {
        try decoder.checkOpen()
        return try decoder.scalar(S.self, at: decoder.node)
    }

    // Scalars straight from the tape.
    func decode(_ type: Bool.Type) throws -> Bool { try scalar(Bool.self) }
    func decode(_ type: String.Type) throws -> String { try scalar(String.self) }
    func decode(_ type: Double.Type) throws -> Double { try scalar(Double.self) }
    func decode(_ type: Float.Type) throws -> Float { try scalar(Float.self) }
    func decode(_ type: Int.Type) throws -> Int { try scalar(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try scalar(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try scalar(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try scalar(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try scalar(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try scalar(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar(UInt64.self) }
}
