import Foundation

/// Encodes Swift `Encodable` values as JSON, configured like `JSONEncoder` and writing the same bytes
/// (with `.sortedKeys`), several times faster: values are written straight into one byte buffer as the
/// containers are used, without building a tree first.
///
/// ```swift
/// struct User: Codable { let id: Int; let name: String; let joined: Date }
///
/// var encoder = APIDataEncoder()
/// encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
/// encoder.strategies = EncodingStrategies(keys: .convertToSnakeCase, dates: .iso8601)
/// let data = try encoder.encode(User(id: 1, name: "Ada", joined: Date(timeIntervalSince1970: 0)))
/// // {"id":1,"joined":"1970-01-01T00:00:00Z","name":"Ada"}
/// ```
///
/// `Date`, `Data` (base64), `URL` and `Decimal` are written as `JSONEncoder` writes them; a key encoded twice
/// keeps its last value; a value that encodes nothing is `{}`. Errors are `EncodingError`s with the coding
/// path of the value: an infinity or NaN without a ``EncodingStrategies/NonConformingFloats`` strategy, a
/// top-level value that encodes nothing, and a container used after a later value of its parent was written
/// (the one thing `JSONEncoder` allows that this encoder does not: it writes values in the order they come).
public struct APIDataEncoder: Sendable {
    /// Sorting, pretty printing and escaping; `[]` by default (compact, `/` written `\/`), as `JSONEncoder`.
    public var outputFormatting: JSONWritingOptions
    /// Keys, dates and non-finite floats; `JSONEncoder`'s defaults unless set.
    public var strategies: EncodingStrategies
    /// What values' `encode(to:)` find in `encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    /// An encoder with `JSONEncoder`'s defaults unless given.
    public init(outputFormatting: JSONWritingOptions = [], strategies: EncodingStrategies = EncodingStrategies(),
                userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.outputFormatting = outputFormatting
        self.strategies = strategies
        self.userInfo = userInfo
    }

    /// `value` as UTF-8 JSON text. A top-level scalar (`42`, `"text"`) is written as a fragment, as
    /// `JSONEncoder` does.
    ///
    /// - Throws: `EncodingError.invalidValue` with the value's coding path (see ``APIDataEncoder``), or any
    ///   error a value's `encode(to:)` throws.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONStreamEncoder(options: outputFormatting, strategies: strategies, userInfo: userInfo, capacity: 4_096)
        return try encoder.encodeRoot(value)
    }
}
