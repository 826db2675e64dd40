import Foundation

/// `JSONValue` is `Codable` both ways, so it nests in `Codable` models under any coder (`JSONDecoder`,
/// `JSONEncoder`, property lists, Salvage's own bridge).
///
/// Through a generic coder a number travels as `Int64`, `UInt64` or `Double`, so its exact text is kept only
/// for integers and for what `Double` prints back the same (`1.10` becomes `1.1`); decoded with Salvage
/// (`-->`, `decodeRequired`, or inside a `Decodable` model through Salvage's bridge) and written with
/// ``JSONValue/jsonData(options:)``, the text is kept exactly.
extension JSONValue: Codable {
    /// Reads any value the decoder holds: `null`, a Bool, a number, a string, an array or an object.
    public init(from decoder: any Decoder) throws {
        // Salvage's own bridge: copy the subtree from the document, numbers' text included.
        if let bridge = decoder as? DocumentDecoder {
            try bridge.checkOpen()
            if bridge.node >= 0, let value = JSONValue(bridge.document, node: bridge.node) {
                self = value
                return
            }
        }
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() {
                self = .null
                return
            }
            if let value = try? container.decode(Bool.self) {
                self = .bool(value)
                return
            }
            if let value = try? container.decode(Int64.self) {
                self = .number(JSONNumber(text: String(value)))
                return
            }
            if let value = try? container.decode(UInt64.self) {
                self = .number(JSONNumber(text: String(value)))
                return
            }
            if let value = try? container.decode(Double.self), let number = JSONNumber(jsonText: value) {
                self = .number(number)
                return
            }
            if let value = try? container.decode(String.self) {
                self = .string(value)
                return
            }
        }
        let notDecoded = DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath,
                                                                           debugDescription: StackGuard.notDecodedMessage(JSONValue.self)))
        if let container = try? decoder.container(keyedBy: AnyKey.self) {
            self = try JSONValue.nested(orThrow: notDecoded) {
                var members: [String: JSONValue] = [:]
                for key in container.allKeys {
                    members[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
                }
                return .object(members)
            }
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            self = try JSONValue.nested(orThrow: notDecoded) {
                var elements: [JSONValue] = []
                if let count = container.count { elements.reserveCapacity(count) }
                while !container.isAtEnd {
                    elements.append(try container.decode(JSONValue.self))
                }
                return .array(elements)
            }
            return
        }
        throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath,
                                                                debugDescription: "The value is not JSON"))
    }

    /// Writes the value to the encoder: a number as `Int64` or `UInt64` when its text is a plain integer that
    /// fits, as `Double` otherwise; a number whose text is not a finite JSON number throws `EncodingError`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let number):
            var container = encoder.singleValueContainer()
            if let value = Int64(number.text) {
                try container.encode(value)
            } else if let value = UInt64(number.text) {
                try container.encode(value)
            } else if JSONNumberGrammar.isValid(number.text), let value = Double(number.text), value.isFinite {
                try container.encode(value)
            } else {
                throw EncodingError.invalidValue(self, EncodingError.Context(codingPath: encoder.codingPath,
                                                                             debugDescription: "\"\(number.text)\" is not a finite JSON number"))
            }
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            try JSONValue.nested(orThrow: notEncoded(at: encoder.codingPath)) {
                for element in elements { try container.encode(element) }
            }
        case .object(let members):
            var container = encoder.container(keyedBy: AnyKey.self)
            try JSONValue.nested(orThrow: notEncoded(at: encoder.codingPath)) {
                for (key, value) in members { try container.encode(value, forKey: AnyKey(key)) }
            }
        }
    }

    /// What `encode(to:)` throws when a nesting level found no stack to run on (see `nested`).
    private func notEncoded(at codingPath: [any CodingKey]) -> EncodingError {
        let message = "JSONValue was not encoded: the stack is nearly exhausted and no thread with a fresh stack could be started"
        return EncodingError.invalidValue(self, EncodingError.Context(codingPath: codingPath, debugDescription: message))
    }

    /// Runs one nesting level where there is stack for it (see `StackGuard`): a coder (`JSONDecoder`,
    /// `JSONEncoder`, property lists) recurses through `init(from:)` / `encode(to:)` once per level, and a
    /// value of 250 levels crashed a 512 KiB thread through Foundation's JSON coders in a debug build.
    private static func nested<R>(orThrow failure: @autoclosure () -> any Error, _ body: () throws -> R) throws -> R {
        guard let outcome = StackGuard.run({ Result { try body() } }) else { throw failure() }
        return try outcome.get()
    }

    /// Any string key.
    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { stringValue = String(intValue) }
    }
}
