import Foundation

/// An ``APIDecodable`` model inside a Swift `Decodable` type:
///
/// ```swift
/// struct Envelope: Decodable {
///     let requestId: String
///     let people: Salvaged<[Person]>      // Person: APIDecodable — lossy, with every error recorded
/// }
/// let result = APIDataDecoder().decode(data: data, toDecodable: Envelope.self)
/// let people = result.value?.people.value
/// ```
///
/// Decoded through Salvage (``APIDataDecoder/decode(data:toDecodable:)`` or
/// ``APIDecoder/decodeRequired(swiftDecodable:)``), the model's errors join the decode's error list with
/// their full paths. Decoded by another `Decoder` (such as `JSONDecoder`), the value's JSON is decoded by
/// Salvage on its own (numbers as exactly as that decoder gives them: a `Decimal` field keeps the digits
/// the decoder's `Decimal` holds); a failure then throws a `DecodingError` listing the problems, and a
/// partial success keeps its problems in ``errors``:
///
/// ```swift
/// let envelope = try JSONDecoder().decode(Envelope.self, from: data)
/// for error in envelope.people.errors { print(error) }   // root(Array<Person>) > [1](Person) > …
/// ```
public struct Salvaged<Value: APIDecodable>: Decodable {
    /// The decoded model.
    public let value: Value

    /// The problems met decoding ``value`` when another `Decoder` (such as `JSONDecoder`) decoded this
    /// `Salvaged`: dropped elements, invalid optional values and the like. Their paths are relative to this
    /// value — the root (`root`) is the value itself, not the enclosing document — and they have no
    /// ``APIDecodeError/location`` (that decoder does not give Salvage the input). Empty when decoded
    /// through Salvage, where the errors join the decode's own list with their full paths, and for a
    /// value made with ``init(_:)``.
    public let errors: [APIDecodeError]

    /// Wraps a value (with no ``errors``).
    public init(_ value: Value) {
        self.value = value
        self.errors = []
    }

    /// Decodes the model through Salvage; see the type's documentation.
    public init(from decoder: any Decoder) throws {
        // A bridge decoder kept past its decode throws here, rather than taking the other-Decoder path.
        try (decoder as? DocumentDecoder)?.checkOpen()
        if let bridge = decoder as? DocumentDecoder, let context = bridge.settings.context, context.isOpen {
            let frame = context.state.count - 1
            let apiDecoder = APIDecoder(context: context, frame: frame, node: bridge.node, parent: -1, step: .atNode)
            // The Swift `Decodable` around this value decides whether its failure fails the model.
            let succeededBefore = context.succeeded(frame: frame)
            let value = apiDecoder.decodeRequired(Value.self)
            if succeededBefore { context.state.update(frame) { $0.succeeded = true } }
            guard let value else { throw AlreadyRecorded() }
            self.value = value
            self.errors = []
            return
        }
        // Another Decoder: take the value's JSON and decode it with Salvage on its own.
        let json = try AnyJSON(from: decoder)
        var text = ""
        json.write(to: &text)
        let result = APIDataDecoder().decode(string: text, to: Value.self)
        guard let value = result.value else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: result.errors.map(\.description).joined(separator: "; ")))
        }
        self.value = value
        // Without locations: they would point into the JSON rebuilt from the other decoder's values (keys
        // sorted, no whitespace), not into the input.
        self.errors = result.errors.map { error in
            var unlocated = APIDecodeError(path: error.path, reason: error.reason, location: nil, severity: error.severity)
            unlocated.value = error.value
            unlocated.note = error.note
            unlocated.hidesSource = error.hidesSource
            unlocated.foundElement = error.foundElement
            return unlocated
        }
    }
}

extension Salvaged: Sendable where Value: Sendable {}

/// Thrown out of a Swift `Decodable` when a `Salvaged` value failed and already recorded why.
struct AlreadyRecorded: Error {}

/// Any JSON value, read through a foreign Swift `Decoder`, and written back as JSON text.
private enum AnyJSON: Decodable {
    case null, bool(Bool), integer(Int64), unsigned(UInt64), number(Double), decimal(Decimal), string(String), array([AnyJSON]), object([String: AnyJSON])

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { self = .null }
        else if let bool = try? single.decode(Bool.self) { self = .bool(bool) }
        // Whole numbers first, so that ids above 2^53 keep every digit.
        else if let integer = try? single.decode(Int64.self) { self = .integer(integer) }
        else if let unsigned = try? single.decode(UInt64.self) { self = .unsigned(unsigned) }
        else if let number = try? single.decode(Double.self) {
            // The decoder's `Decimal` keeps the digits a `Double` rounds away (for `Decimal` fields); it is
            // used only when it reads back as the same `Double`, so `Double` fields are unaffected.
            if let decimal = try? single.decode(Decimal.self), decimal.isFinite, Double("\(decimal)") == number {
                self = .decimal(decimal)
            } else {
                self = .number(number)
            }
        }
        else if let string = try? single.decode(String.self) { self = .string(string) }
        else {
            // A container recurses once per level through the other decoder: run it where there is stack for
            // it (see `StackGuard`), as `JSONValue`'s `init(from:)` does — 500 levels through `JSONDecoder`
            // crashed a 512 KiB thread in a debug build.
            guard let container = StackGuard.run({ Result { () throws -> AnyJSON in
                if let array = try? single.decode([AnyJSON].self) { return .array(array) }
                return .object(try single.decode([String: AnyJSON].self))
            } }) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: StackGuard.notDecodedMessage(JSONValue.self)))
            }
            self = try container.get()
        }
    }

    func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .integer(let value): text += "\(value)"
        case .unsigned(let value): text += "\(value)"
        case .number(let value): text += value.isFinite ? "\(value)" : "null"
        case .decimal(let value): text += "\(value)"
        case .string(let value): AnyJSON.writeString(value, to: &text)
        case .array(let values):
            text += "["
            // One level deeper where there is stack for it (a nil — no helper thread — leaves text Salvage rejects).
            _ = StackGuard.run {
                for (index, value) in values.enumerated() {
                    if index > 0 { text += "," }
                    value.write(to: &text)
                }
            }
            text += "]"
        case .object(let members):
            text += "{"
            _ = StackGuard.run {
                for (index, key) in members.keys.sorted().enumerated() {
                    if index > 0 { text += "," }
                    AnyJSON.writeString(key, to: &text)
                    text += ":"
                    members[key]?.write(to: &text)
                }
            }
            text += "}"
        }
    }

    private static func writeString(_ value: String, to text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20: text += String(format: "\\u%04X", scalar.value)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
