import Foundation

/// Any JSON value, kept as it is: for pass-through fields and parts of a response you do not model.
///
/// ```swift
/// let extra = decoder["metadata"] --> JSONValue?.self
/// if case .object(let members)? = extra { print(members.keys.sorted()) }
/// ```
///
/// Values as deep as a decode makes (``APIDecodeOptions/maximumDepthCeiling`` levels) are safe on any thread. A
/// value built by hand far deeper is released recursively by Swift and can exhaust the stack (in a debug build
/// beyond about 2,300 levels on a 512 KiB thread).
public enum JSONValue: Hashable, Sendable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as its exact text; see ``JSONNumber``.
    case number(JSONNumber)
    /// A string, unescaped.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object; when a key repeats, the last member wins. Keys are Swift strings, which compare by
    /// canonical equivalence: two keys that differ only in Unicode normalization (`"é"` and `"e\u{301}"`)
    /// become one entry here, the last one. `decoder["é"]` compares bytes and tells them apart.
    case object([String: JSONValue])
}

extension JSONValue {
    /// Whether two values are the same: same kind, equal scalars (numbers compare as written), equal
    /// elements in order, equal members whatever their order. Each nesting level runs where there is stack
    /// for it (see `StackGuard`), so values as deep as a decode allows compare on any thread.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let left), .bool(let right)): return left == right
        case (.number(let left), .number(let right)): return left == right
        case (.string(let left), .string(let right)): return left == right
        case (.array(let left), .array(let right)): return StackGuard.run { left == right } ?? false
        case (.object(let left), .object(let right)): return StackGuard.run { left == right } ?? false
        default: return false
        }
    }

    /// Hashes the kind and the content, consistently with `==`, one nesting level at a time like `==`.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(1); hasher.combine(value)
        case .number(let value): hasher.combine(2); hasher.combine(value)
        case .string(let value): hasher.combine(3); hasher.combine(value)
        case .array(let elements): hasher.combine(4); _ = StackGuard.run { hasher.combine(elements) }
        case .object(let members): hasher.combine(5); _ = StackGuard.run { hasher.combine(members) }
        }
    }
}

/// A JSON number kept as its original text, convertible exactly on demand.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
    /// The number exactly as written in the input, e.g. `-12.50e3`.
    public let text: String

    /// Creates a number from its JSON text. The text is not validated here; the conversions return nil
    /// for text that is not a JSON number.
    public init(text: String) {
        self.text = text
    }

    /// The number as a `Double` (correctly rounded), or nil if it is beyond `Double`'s range — too large, or not
    /// zero but too small (`1e-400`), as a `Double` field reports it — or the text is not a JSON number.
    public var doubleValue: Double? {
        let reading = try? JSONDocument.withParsed(.array(Array(text.utf8))) { document -> Double? in
            document.kind(0) == .number ? document.double(0) : nil
        }.get()
        return reading ?? nil
    }

    /// The number as an `Int64` if it is whole and fits (`3.0` and `3e2` count as whole).
    public var int64Value: Int64? {
        let reading = try? JSONDocument.withParsed(.array(Array(text.utf8))) { document -> Int64? in
            guard document.kind(0) == .number, case .value(let value) = document.integer(0, as: Int64.self) else { return nil }
            return value
        }.get()
        return reading ?? nil
    }

    /// The number as a `Decimal`, exactly from its text, or nil if `Decimal` cannot represent it exactly
    /// (more than 38 significant digits, or beyond its range).
    public var decimalValue: Decimal? {
        let reading = try? JSONDocument.withParsed(.array(Array(text.utf8))) { document -> Decimal? in
            guard document.kind(0) == .number, case .value(let value) = document.decimal(0) else { return nil }
            return value
        }.get()
        return reading ?? nil
    }

    /// The text.
    public var description: String { text }
}

/// `JSONValue` decodes any present value, including `null` (as ``JSONValue/null``, also for an optional field).
extension JSONValue: APIDecodable {
    /// True: `null` is a JSON value like any other.
    public static var _salvageDecodesNull: Bool { true }

    /// Copies the subtree at the decoder's position.
    public init?(from decoder: APIDecoder) {
        let value: JSONValue? = decoder.withContext { context in
            guard decoder.node >= 0 else {
                context.record(.unexpectedJSONType(actual: .absent), at: decoder, decoding: nil)
                return nil
            }
            decoder.markReadsEverything()
            guard let value = JSONValue(context.document, node: decoder.node) else {
                context.record(.other(message: StackGuard.notDecodedMessage(JSONValue.self)), at: decoder, decoding: nil)
                return nil
            }
            return value
        } ?? nil
        guard let value else { return nil }
        self = value
    }

    /// The value at `node`; nil only when a nesting level found no stack to run on (see `StackGuard`).
    init?(_ document: JSONDocument, node: Int) {
        switch document.kind(node) {
        case .null: self = .null
        case .true: self = .bool(true)
        case .false: self = .bool(false)
        case .number: self = .number(JSONNumber(text: document.rawText(node)))
        case .string: self = .string(document.string(node))
        case .array, .object:
            // Containers recurse once per nesting level: each level runs where there is stack for it.
            guard let container = StackGuard.run({ JSONValue(container: document, node: node) }), let container else { return nil }
            self = container
        }
    }

    /// The array or object at `node`; nil when a value inside it could not be built.
    private init?(container document: JSONDocument, node: Int) {
        var complete = true
        if document.kind(node) == .array {
            var elements: [JSONValue] = []
            elements.reserveCapacity(document.count(node))
            document.forEachElement(of: node) { _, element in
                guard complete, let value = JSONValue(document, node: element) else { complete = false; return }
                elements.append(value)
            }
            self = .array(elements)
        } else {
            var members: [String: JSONValue] = [:]
            members.reserveCapacity(document.count(node))
            document.forEachMember(of: node) { key, member in
                guard complete, let value = JSONValue(document, node: member) else { complete = false; return }
                members[document.string(key)] = value
            }
            self = .object(members)
        }
        guard complete else { return nil }
    }
}
