import Foundation

/// One problem met while decoding: where it is (`path`, `location`) and why (`reason`).
///
/// ```swift
/// print(error)
/// // root(Person person_id=8675309) > "height"(Double) : Unexpectedly found a string
/// print(error.path.jsonPath)  // root["height"]
/// print(error.location!)      // line 1, column 104 (byte 103)
/// ```
///
/// Two errors are equal when their paths (keys and indices) and reasons are equal; the location, the
/// severity and the type tags are descriptive and do not take part in `==`, so tests can compare against
/// errors built by hand.
public struct APIDecodeError: LocalizedError, Hashable, Sendable, CustomStringConvertible {
    /// The breadcrumb path from the root to the value, with type and id tags.
    public var path: [APICodingKey] {
        switch storedPath {
        case .keys(let keys): return keys
        case .shared(let table, let node): return table.path(to: node)
        }
    }
    /// Why the value could not be decoded.
    public let reason: APIDecodeErrorReason
    /// Where the value is in the input, or nil when the value is absent or the input was not bytes.
    /// For an absent value, the location of the object or array it was expected in.
    public var location: SourceLocation? { packedLocation.location ?? extras?.location }
    /// How bad it is: whether a model failed, something was recovered, or it is for information.
    public internal(set) var severity: Severity
    /// Whether ``diagnostic(source:)`` leaves out the source excerpt: set on every error of a decode that
    /// redacts values, since the line around any error (on minified JSON, the whole response) may hold one.
    var hidesSource = false
    /// The kind of JSON value found at the error's position, where the decode knew it (see ``foundJSONType``);
    /// next to `severity` and `hidesSource`, in what was their padding, so an error stays 80 bytes.
    var foundElement: JSONElement?
    /// `location` in 16 bytes, when its line and column fit in 32 bits each (else it is in `extras`).
    let packedLocation: PackedLocation
    /// The path as given, or, once the error is recorded by a decode, its last step in the decode's
    /// `PathTable`, where errors share the steps of their common prefix (see `PathTable.swift`).
    var storedPath: StoredPath
    /// What few errors have: a note, a location too large to pack.
    private var extras: Extras?
    /// The offending value as written (strings without quotes; `{…}`/`[…]` for containers), cut to
    /// ``APIDecodeOptions/maximumValueLength``, `<redacted>` under ``APIDecodeOptions/redactedKeys`` or
    /// ``APIDecodeOptions/redactedPaths`` (where the reason is stored without the value too); nil when
    /// there was no value.
    public internal(set) var value: String?
    /// What the decode adds to the reason, shown after it in parentheses: e.g. `a default exists for missing
    /// or null values` when ``APIDecoder/decode(_:default:when:)``'s policy did not cover the failure. Nil
    /// for most errors; not compared by `==`.
    public internal(set) var note: String? {
        get { extras?.note }
        set { extras = Extras.make(note: newValue, location: extras?.location) }
    }
    // The stored properties are declared in this order (the reason's 17 bytes, then the one-byte fields in
    // its padding) so that an error takes 80 bytes; every recorded error is one of them.

    /// How bad a problem is.
    public enum Severity: String, Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
        /// Noted, nothing lost: a coercion was applied, an unknown enum value was kept, a default was used
        /// for a missing value (when asked to report it).
        case info
        /// Something was lost but decoding went on: an optional value became nil, an array element or
        /// dictionary member was dropped, a default replaced an invalid value.
        case recovered
        /// A required value was missing or wrong, so the model it belongs to failed.
        case failure

        /// `info`, `recovered` or `failure`.
        public var description: String { rawValue }

        /// `info` < `recovered` < `failure`.
        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            let order: [Severity] = [.info, .recovered, .failure]
            return (order.firstIndex(of: lhs) ?? 0) < (order.firstIndex(of: rhs) ?? 0)
        }
    }

    /// Creates an error (a `failure` unless said otherwise).
    public init(path: [APICodingKey], reason: APIDecodeErrorReason, location: SourceLocation? = nil, severity: Severity = .failure) {
        self.init(storedPath: .keys(path), reason: reason, location: location, severity: severity)
    }

    /// An error whose path is stored already (a recording decode puts it in its `PathTable` first, so the error is
    /// made once, in its final form, instead of being made with an array and copied to swap it for a table node).
    /// `value` is the offending value's text, when known.
    init(storedPath: StoredPath, reason: APIDecodeErrorReason, location: SourceLocation?, severity: Severity, value: String? = nil,
         found: JSONElement? = nil) {
        self.storedPath = storedPath
        self.foundElement = found
        self.reason = reason
        self.packedLocation = PackedLocation(location)
        self.extras = packedLocation.location == nil ? Extras.make(note: nil, location: location) : nil
        self.severity = severity
        self.value = value
    }

    /// The stable, machine-readable code of the reason, e.g. `type_mismatch`; see ``APIDecodeErrorReason/code``.
    public var code: String { reason.code }

    /// `<tagged path> : <reason>`, e.g. `root(Person person_id=8675309) > "height"(Double) : Unexpectedly found a string`,
    /// followed by ` (<note>)` when there is a ``note``.
    public var description: String {
        guard let note else { return "\(path.taggedJSONPath) : \(reason)" }
        return "\(path.taggedJSONPath) : \(reason) (\(note))"
    }

    /// Same as `description`.
    public var localizedDescription: String { description }

    /// Same as `description`, so `error.localizedDescription` shows it also through `any Error`.
    public var errorDescription: String? { description }

    /// The path without its root, as Swift `CodingKey`s.
    public var codingPath: [any CodingKey] { Array(path.dropFirst()) }

    /// The last step of the path.
    public var codingKey: any CodingKey { path.last ?? APICodingKey(hashKey: "root") }

    /// Equal paths (keys and indices) and equal reasons; locations and type tags are not compared.
    public static func == (lhs: APIDecodeError, rhs: APIDecodeError) -> Bool {
        guard lhs.reason == rhs.reason else { return false }
        if case .shared(let lhsTable, let lhsNode) = lhs.storedPath, case .shared(let rhsTable, let rhsNode) = rhs.storedPath,
           lhsTable === rhsTable && lhsNode == rhsNode {
            return true
        }
        return lhs.path == rhs.path
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(reason)
    }
}

// LastMile 1.0 convenience initializers, kept for source compatibility.
extension APIDecodeError {
    /// An ``APIDecodeErrorReason/unexpectedJSONType(actual:)`` error.
    public init(path: [APICodingKey], actual: JSONElement) {
        self.init(path: path, reason: .unexpectedJSONType(actual: actual))
    }

    /// A ``APIDecodeErrorReason/countNotExact(expected:actual:)`` error.
    public init(path: [APICodingKey], expected: Int, actual: Int) {
        self.init(path: path, reason: .countNotExact(expected: expected, actual: actual))
    }

    /// A ``APIDecodeErrorReason/countBelowMinimum(minimum:actual:)`` error.
    public init(path: [APICodingKey], minimum: Int, actual: Int) {
        self.init(path: path, reason: .countBelowMinimum(minimum: minimum, actual: actual))
    }

    /// A ``APIDecodeErrorReason/countAboveMaximum(maximum:actual:)`` error.
    public init(path: [APICodingKey], maximum: Int, actual: Int) {
        self.init(path: path, reason: .countAboveMaximum(maximum: maximum, actual: actual))
    }

    /// A ``APIDecodeErrorReason/unexpectedRawValue(value:type:)`` error.
    public init(path: [APICodingKey], rawValue: String, type: String) {
        self.init(path: path, reason: .unexpectedRawValue(value: rawValue, type: type))
    }

    /// A ``APIDecodeErrorReason/numericOverflow(value:type:)`` error.
    public init(path: [APICodingKey], value: Decimal, overflowedType: String) {
        self.init(path: path, reason: .numericOverflow(value: value, type: overflowedType))
    }

    /// A ``APIDecodeErrorReason/lossOfPrecision(value:type:)`` error.
    public init(path: [APICodingKey], value: Decimal, impreciseType: String) {
        self.init(path: path, reason: .lossOfPrecision(value: value, type: impreciseType))
    }

    /// A ``APIDecodeErrorReason/swiftDecodingError(_:)`` error.
    public init(path: [APICodingKey], swiftDecodingError: DecodingError) {
        self.init(path: path, reason: .swiftDecodingError(swiftDecodingError))
    }

    /// An ``APIDecodeErrorReason/other(message:)`` error.
    public init(path: [APICodingKey], message: String) {
        self.init(path: path, reason: .other(message: message))
    }
}
