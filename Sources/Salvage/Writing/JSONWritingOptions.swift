/// How JSON text is written: by ``JSONValue/jsonData(options:)`` and ``JSONValue/jsonString(options:)``.
/// The default (`[]`) is compact, keys in no particular order, `/` escaped as `\/` — as `JSONEncoder` writes.
///
/// ```swift
/// let text = try value.jsonString(options: [.sortedKeys, .prettyPrinted])
/// ```
public struct JSONWritingOptions: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: Int

    /// Options from their bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Object members in the byte order of their UTF-8 keys (`"B"` before `"a"`, `"a10"` before `"a9"`),
    /// as `JSONEncoder`'s `.sortedKeys` orders them; the output is then the same for equal values.
    public static let sortedKeys = JSONWritingOptions(rawValue: 1 << 0)
    /// One member or element per line, indented by two spaces, `"key" : value`, as `JSONEncoder`'s
    /// `.prettyPrinted` writes (an empty container is written `[`, an empty line, `]`).
    public static let prettyPrinted = JSONWritingOptions(rawValue: 1 << 1)
    /// `/` written as is rather than as `\/`. Without this option slashes are escaped, so that `</script>`
    /// cannot appear in the output.
    public static let withoutEscapingSlashes = JSONWritingOptions(rawValue: 1 << 2)
    /// Output safe to embed in HTML and JavaScript source: U+2028 and U+2029 (line terminators inside
    /// JavaScript string literals before ES2019) are written `\u2028` and `\u2029`; with the default `\/`,
    /// `</script>` cannot occur either.
    public static let javaScriptSafe = JSONWritingOptions(rawValue: 1 << 3)
}
