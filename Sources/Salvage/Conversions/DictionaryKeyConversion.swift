import Foundation

// Keys of dictionaries decoded from JSON objects: `String` itself, whole numbers, `UUID`, and any enum
// (or other type) that opts in. A key that does not convert is recorded at its member, whose value is
// dropped without being decoded; the dictionary still succeeds. A key spelled two ways (`"1"`, `"01"`)
// keeps the last member, with an error at it naming the earlier one.

/// A type that can key a dictionary decoded from a JSON object (`[K: V]`, lossy like `[String: V]`).
///
/// `String`, the integer types and `UUID` conform. An enum with `String` raw values, or any
/// `LosslessStringConvertible` type, conforms with an empty declaration:
///
/// ```swift
/// enum Color: String, APIDecodable, APIDictionaryKey { case red, green }
/// let stock = decoder["stock"] --> [Color: Int].self        // {"red": 3, "purple": 1} → [.red: 3]
/// ```
///
/// A key with no matching case is an ``APIDecodeErrorReason/unexpectedRawValue(value:type:)`` error at
/// that member (`root > "stock" > "purple"`); a key that is not a valid number (or UUID) is an
/// ``APIDecodeErrorReason/invalidFormat(value:type:expected:)`` error there. Either way the member is
/// dropped and the rest of the dictionary decodes.
public protocol APIDictionaryKey: Hashable {
    /// The key for the JSON object key `text`, or nil after recording why at `member` (the decoder of
    /// the member's value). Not API: conform with the default implementations.
    static func _salvageDictionaryKey(_ text: String, at member: APIDecoder) -> Self?
}

extension APIDictionaryKey where Self: RawRepresentable, Self.RawValue == String {
    /// The case whose raw value is `text`; an `unexpectedRawValue` error at the member otherwise.
    public static func _salvageDictionaryKey(_ text: String, at member: APIDecoder) -> Self? {
        if let key = Self(rawValue: text) { return key }
        member.recordKeyFailure(.unexpectedRawValue(value: text, type: "\(Self.self)"))
        return nil
    }
}

extension APIDictionaryKey where Self: LosslessStringConvertible {
    /// `Self(text)`; an `invalidFormat` error at the member when it is nil.
    public static func _salvageDictionaryKey(_ text: String, at member: APIDecoder) -> Self? {
        if let key = Self(text) { return key }
        member.recordKeyFailure(.invalidFormat(value: text, type: "\(Self.self)", expected: "a key that converts to \(Self.self)"))
        return nil
    }
}

/// `String` keys: the key as written (the `[String: V]` dictionaries of every decode).
extension String: APIDictionaryKey {
    /// The key itself; never fails.
    @inlinable @inline(__always)
    public static func _salvageDictionaryKey(_ text: String, at member: APIDecoder) -> String? { text }
}

/// `Int` keys: `{"1": …}` → `[1: …]`.
extension Int: APIDictionaryKey {}
/// `Int8` keys.
extension Int8: APIDictionaryKey {}
/// `Int16` keys.
extension Int16: APIDictionaryKey {}
/// `Int32` keys.
extension Int32: APIDictionaryKey {}
/// `Int64` keys.
extension Int64: APIDictionaryKey {}
/// `UInt` keys.
extension UInt: APIDictionaryKey {}
/// `UInt8` keys.
extension UInt8: APIDictionaryKey {}
/// `UInt16` keys.
extension UInt16: APIDictionaryKey {}
/// `UInt32` keys.
extension UInt32: APIDictionaryKey {}
/// `UInt64` keys.
extension UInt64: APIDictionaryKey {}

/// `UUID` keys, in the canonical `8-4-4-4-12` form.
extension UUID: APIDictionaryKey {
    /// The UUID `text` spells; an `invalidFormat` error at the member otherwise.
    public static func _salvageDictionaryKey(_ text: String, at member: APIDecoder) -> UUID? {
        if let key = UUID(uuidString: text) { return key }
        member.recordKeyFailure(.invalidFormat(value: text, type: "UUID", expected: "a key that converts to UUID"))
        return nil
    }
}

/// The reason recorded at a member whose key `text` converts to the same `key` as the earlier member's
/// `earlier` (`"01"` after `"1"` for `Int`): the last member wins, as for any repeated key, but not silently
/// (`JSONDecoder` keeps one of them, by its hash order, and says nothing).
func respelledKeyReason(_ text: String, earlier: String, key: some Hashable) -> APIDecodeErrorReason {
    .invalidFormat(value: text, type: "\(type(of: key))",
                   expected: "a key no earlier member has (\(quoted(earlier)) is also \(key); the last member wins)")
}

extension APIDecoder {
    /// Records at this member that its key `text` is another spelling of the earlier member's `earlier`.
    @usableFromInline
    func recordRespelledKey<Key: Hashable>(_ text: String, earlier: String, key: Key) {
        recordKeyFailure(respelledKeyReason(text, earlier: earlier, key: key))
    }

    /// Records `reason` about the key of the member this decoder is the value of: the path ends at the
    /// member, and the error's value and location are the key's.
    func recordKeyFailure(_ reason: APIDecodeErrorReason) {
        guard case .member(let keyNode) = step else { return }
        let key = sibling(frame: frame, node: keyNode, parent: parent, step: step)
        withContext { $0.record(reason, at: key, decoding: nil) }
    }
}
