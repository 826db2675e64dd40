/// Settings for a decode.
///
/// ```swift
/// var options = APIDecodeOptions()
/// options.rootName = "response"
/// let decoder = APIDataDecoder(options: options)
/// ```
public struct APIDecodeOptions: Sendable {
    /// The name of the first step of every path (`root` by default).
    public var rootName: String
    /// The deepest nesting of arrays and objects accepted; deeper input is an `invalidJSON` error with the
    /// code `limit_exceeded`.
    ///
    /// Values above ``maximumDepthCeiling`` are treated as that ceiling. Decoding recurses once per level
    /// (models, ``JSONValue`` and Codable values all do); when the calling thread's stack runs low, deeper
    /// levels continue on a helper thread with a fresh stack, so every depth up to the limit decodes on any
    /// thread (512 KiB secondary threads included). 0 accepts scalars only.
    public var maximumDepth: Int

    /// The largest effective ``maximumDepth``: 1,000 levels, far beyond what real APIs nest, so that hostile
    /// input cannot make a decode run long chains of helper threads.
    public static let maximumDepthCeiling = 1_000

    /// ``maximumDepth`` limited to ``maximumDepthCeiling`` (and to at least 0).
    var effectiveMaximumDepth: Int { Swift.min(Swift.max(0, maximumDepth), APIDecodeOptions.maximumDepthCeiling) }

    /// The most bytes an input may have; a larger input is rejected before parsing with one `invalidJSON`
    /// error (code `limit_exceeded`) at line 1, column 1 whose message gives both sizes. Nil (the default): no
    /// limit but the format's own, just under 4 GiB. Applies to bytes and strings, not to
    /// ``APIJSONObjectDecoder``'s trees.
    ///
    /// ```swift
    /// var options = APIDecodeOptions()
    /// options.maximumInputSize = 10_000_000 // 10 MB
    /// ```
    public var maximumInputSize: Int? = nil

    /// The most bytes a string — key or value — may have between its quotes, counted as written (an escape
    /// such as `\u00e9` counts 6). A longer string rejects the document with one `invalidJSON` error (code
    /// `limit_exceeded`) at the string's opening quote. Nil (the default): no limit. Applies to bytes and
    /// strings, not to ``APIJSONObjectDecoder``'s trees.
    public var maximumStringLength: Int? = nil

    /// How `Date` values are read where a field does not say otherwise (ISO 8601 by default).
    public var dateDecodingStrategy: DateDecodingStrategy

    /// Whether built-in scalars accept JSON values of another type: numbers sent as strings (`"42"`),
    /// booleans as `"true"`/`"false"`/`"1"`/`"0"` or `1`/`0`, and numbers or booleans where a string is
    /// expected. Each conversion is recorded at info level (code `coerced`). Off by default; per field,
    /// use ``APIDecoder/decodeRequired(_:lenient:)`` and ``APIDecoder/decodeOptional(_:lenient:)``.
    public var lenientConversions = false

    /// How Swift `Decodable` values are decoded (keys, dates, non-conforming floats); `JSONDecoder`'s
    /// defaults unless set.
    public var codable = CodableStrategies()

    /// Whether a default that replaced a missing or `null` value (``APIDecoder/decode(_:default:when:)``)
    /// is recorded as a `defaultUsed` entry, so you can see how often an API leaves fields out. Off by default.
    public var reportsUsedDefaults = false

    /// Whether `decoder[firstOf:]` records an info `fallbackUsed` entry (code `fallback_used`) when it finds
    /// the value under an alternative other than the first, so a renamed field shows up in the logs. Off by default.
    public var reportsUsedFallbacks = false

    /// The most errors recorded per decode; further errors are only counted
    /// (``APIDecodeResult/unrecordedErrorCount``). Decoding itself is unaffected. Nil (the default): no cap.
    public var maximumRecordedErrors: Int? = nil

    /// The longest offending value kept in ``APIDecodeError/value``, in characters; longer values are cut
    /// and end with `…`. 100 by default.
    public var maximumValueLength = 100

    /// Keys whose values are never kept in errors (`password`, `email`, …): an error at such a key, or
    /// below one, has `value` `"<redacted>"` and a reason without the value (`Cannot read "<redacted>" as
    /// Date: …`), so no rendering shows it. Compared with each step of the error's path. When any value is
    /// redacted, ``APIDecodeError/diagnostic(source:)`` shows no source line.
    public var redactedKeys: Set<String> = []

    /// Whether to report object keys that no decoder read, once per model type and key, at info level
    /// (``APIDecodeErrorReason/unknownKey(key:type:occurrences:)``, code `unknown_key`) — to learn when an
    /// API renames or adds fields. Off by default, and free when off.
    public var reportsUnknownKeys = false

    /// Paths whose values are never kept in errors, as dotted patterns below the root where `*` matches
    /// any one key or index: `"user.password"`, `"people.*.email"`; `\.` is a dot inside a key, as in
    /// ``APIQueryPath`` (`"contact\\.email"` in Swift source names the key `contact.email`). An error at or below a matching
    /// position has `value` `"<redacted>"` and a reason without the value, as with ``redactedKeys``. The
    /// elements of a streamed array (`records(from:to:)`) are matched both from the element and from the whole
    /// document (`"*.email"`, `"orders.*.email"`); there a pattern naming an index hides that member in every element.
    public var redactedPaths: [String] = []

    /// The steps above the values this decode's paths start at that ``redactedKeys`` and ``redactedPaths``
    /// still see: empty but for the elements of a streamed array, whose paths start at the element
    /// (`ValueRedaction.swift`).
    var enclosingSteps: [EnclosingStep] = []

    /// Whether errors keep the offending value at all. True by default.
    public var keepsValues = true

    /// Your own values for the models of this decode — a locale, a feature flag, the API version — read
    /// as ``APIDecoder/userInfo`` in `init?(from:)` and as `Decoder.userInfo` in Swift `Decodable` types
    /// decoded through Salvage. Empty by default.
    ///
    /// ```swift
    /// let apiVersion = CodingUserInfoKey(rawValue: "apiVersion")!
    /// var options = APIDecodeOptions()
    /// options.userInfo[apiVersion] = 2
    /// ```
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Default options: root name `root`, maximum depth 512, ISO 8601 dates.
    public init(rootName: String = "root", maximumDepth: Int = 512, dateDecodingStrategy: DateDecodingStrategy = .iso8601) {
        self.rootName = rootName
        self.maximumDepth = maximumDepth
        self.dateDecodingStrategy = dateDecodingStrategy
    }

    /// LastMile's options-dictionary key for the root name (a `String`).
    public static let rootNodeNameKey = "APIDecodeOptions.rootNodeNameKey"
    /// LastMile's options-dictionary key for the raw response data. Salvage fills ``ResponseData`` itself;
    /// the key is kept for source compatibility.
    public static let rawDataKey = "APIDecodeOptions.rawDataKey"

    /// These options with the entries of a LastMile-style options dictionary applied.
    func merging(_ dictionary: [String: Any]) -> APIDecodeOptions {
        var options = self
        if let rootName = dictionary[APIDecodeOptions.rootNodeNameKey] as? String {
            options.rootName = rootName
        }
        return options
    }
}
