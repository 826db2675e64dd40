/// A type that can be decoded from JSON by Salvage, salvaging what it can.
///
/// ```swift
/// struct Person: APIDecodable {
///     static var idKey: String? { "person_id" }
///     let id: Int
///     let name: String
///     init?(from decoder: APIDecoder) {
///         // Both fields are decoded (and both reported when bad) before `all` checks that neither is missing.
///         guard let (id, name) = decoder.all(decoder["person_id"] --> Int.self,
///                                            decoder["name"] --> String.self) else { return nil }
///         self.init(id: id, name: name)
///     }
/// }
/// ```
public protocol APIDecodable {
    /// The key of this type's identifying field, shown with its value in every error path that passes
    /// through a record of this type: `root > [3](Person person_id=8675309)`. Nil (the default) for none.
    /// Declare it as a `String?` (`static var idKey: String? { "id" }`): `static let idKey = "id"` is a
    /// `String`, a different property that Swift, without a warning, does not take for this one — no id is shown.
    static var idKey: String? { get }

    /// Decodes a value from `decoder`, or returns nil when a required value is missing or invalid.
    ///
    /// Read values with `-->` and bind the required ones with ``APIDecoder/all(_:)``, which records every
    /// bad field before it returns nil (a `guard let` chain would stop at the first).
    init?(from decoder: APIDecoder)

    /// True for a type whose ``init(from:)`` runs even where there is no value or the value is `null`, as in
    /// LastMile: its fields then read as absent, and the value it returns is kept. False (the default): a
    /// missing or `null` value is missing (an error when required, nil when optional), and ``init(from:)``
    /// is not called.
    ///
    /// ```swift
    /// struct Paging: APIDecodable {
    ///     static var alwaysSucceeds: Bool { true }    // `"paging"` absent or null: Paging(next: nil)
    ///     let next: String?
    ///     init?(from decoder: APIDecoder) { next = decoder["next"] --> String?.self }
    /// }
    /// ```
    static var alwaysSucceeds: Bool { get }

    /// The number of elements a decoded value holds, checked against the `min:`/`max:` of
    /// ``APIDecoder/decodeRequired(_:min:max:countsAreMandatory:)`` and `CountLimited`, as in LastMile. Nil
    /// (the default) for a value that is not counted. `Array`, `Dictionary` and `Set` give their `count`;
    /// give yours for a collection type of your own.
    var parseableElementCount: Int? { get }

    /// Implementation detail of Salvage's built-in conformances; do not implement or call it.
    /// Decodes a present, non-null value; the default runs ``init(from:)`` with a decoder of its own.
    static func _salvageDecode(at decoder: APIDecoder) -> Self?

    /// Implementation detail of Salvage's built-in conformances; do not implement or call it.
    /// Decodes the value at a field's position as `-->` does: absent, null or invalid gives nil (recording an
    /// error, and failing the enclosing model when `required`). The default goes through
    /// ``_salvageDecode(at:)``; built-in scalars convert without generic layers (see `ScalarFields.swift`).
    static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> Self?

    /// Implementation detail of Salvage's built-in conformances; do not implement or call it.
    /// A JSON array of this type's values, decoded without a frame when every element converts directly (so
    /// nothing would be recorded); nil, the default, to decode it element by element in a frame of its own.
    /// `element` is `Self` (generic rather than `[Self]?`, so that non-final classes can conform).
    static func _salvageDecodeArrayWithoutFrame<Element>(at decoder: APIDecoder, as element: Element.Type) -> [Element]?

    /// Implementation detail of Salvage's built-in conformances; do not implement or call it.
    /// True for types that produce a value even where there is no JSON value (``ResponseData``).
    static var _salvageDecodesAbsence: Bool { get }

    /// Implementation detail of Salvage's built-in conformances; do not implement or call it.
    /// True for types that have a value for JSON `null` (``JSONValue``).
    static var _salvageDecodesNull: Bool { get }
}

extension APIDecodable {
    /// No id key.
    public static var idKey: String? { nil }

    /// False: a missing or `null` value is missing, and ``init(from:)`` is not called for it.
    public static var alwaysSucceeds: Bool { false }

    /// Nil: not a counted collection.
    public var parseableElementCount: Int? { nil }

    /// Runs ``init(from:)`` in a frame of its own, so its fields' errors are tagged with this type and
    /// required failures fail this value only.
    @inlinable
    public static func _salvageDecode(at decoder: APIDecoder) -> Self? {
        decoder.decodeModel(Self.self)
    }

    /// Handles absence and null, decodes with ``_salvageDecode(at:)``, and fails the enclosing model
    /// when a required value gives nil.
    @inlinable
    public static func _salvageDecodeField(at decoder: APIDecoder, required: Bool) -> Self? {
        if let value = decoder.decodePresent(Self.self, required: required) { return value }
        if required { decoder.failRequired() }
        return nil
    }

    /// Nil: arrays of this type are decoded element by element, in a frame (see `Array._salvageDecode`).
    @inlinable
    public static func _salvageDecodeArrayWithoutFrame<Element>(at decoder: APIDecoder, as element: Element.Type) -> [Element]? { nil }

    /// False: a missing value is missing.
    @inlinable
    public static var _salvageDecodesAbsence: Bool { false }

    /// False: `null` is no value.
    @inlinable
    public static var _salvageDecodesNull: Bool { false }
}

/// Built-in types that decode a single JSON value with no nested decoders, so they need no frame of their own.
protocol ScalarDecodable {
    /// The value at `node`, or nil when it cannot be converted.
    static func convert(_ document: JSONDocument, node: Int) -> Self?
    /// Why `convert` returned nil for `node` (asked only after it did).
    static func failure(_ document: JSONDocument, node: Int) -> APIDecodeErrorReason
    /// With lenient conversions: the value of a JSON value of another type (a number in a string, a
    /// boolean as `"true"` or `1`, a number as a string), or nil.
    static func coerce(_ document: JSONDocument, node: Int) -> Self?
    /// With lenient conversions, after `coerce` returned nil: why the value it would have converted cannot
    /// be (`"256"` for a `UInt8` does not fit, as `256` would not), or nil to report `failure`.
    static func coercionFailure(_ document: JSONDocument, node: Int) -> APIDecodeErrorReason?
}

extension ScalarDecodable {
    static func coercionFailure(_ document: JSONDocument, node: Int) -> APIDecodeErrorReason? { nil }
}
