// The decode's rules for what an error may show of a value: redaction (`redactedKeys`, `redactedPaths`) and the
// cut to `maximumValueLength`. Shared by the decoding context, which records errors at values, and the stream
// engine, which makes an envelope's error itself.

extension APIDecodeOptions {
    /// Whether the decode redacts any value (``redactedKeys`` or ``redactedPaths`` set): then no error shows a
    /// source excerpt, and input that is not JSON is described without its bytes.
    var redactsValues: Bool { !redactedKeys.isEmpty || !redactedPaths.isEmpty }

    /// Whether a value at `path` (root first) must not be shown: a step is one of ``redactedKeys``, or a
    /// pattern of ``redactedPaths`` matches the path or a prefix of it.
    func redacts(_ path: [APICodingKey]) -> Bool {
        let steps = path.dropFirst().map(\.stringValue)
        if !redactedKeys.isEmpty, steps.contains(where: { redactedKeys.contains($0) }) {
            return true
        }
        for pattern in redactedPaths {
            // Split like an `APIQueryPath` (`\.` is a dot inside a key), so a key such as "user.email" can be named.
            let parts = APIQueryPath(pattern).components.map { component -> String in
                switch component {
                case .key(let text), .keyOrIndex(let text): return text
                case .index(let index): return String(index)
                }
            }
            if parts.count <= steps.count, zip(parts, steps).allSatisfy({ $0 == "*" || $0 == $1 }) {
                return true
            }
        }
        return false
    }

    /// A value's text as an error keeps it (``APIDecodeError/value``): cut to ``maximumValueLength`` characters
    /// and then ending with `…`.
    func shownValue(_ text: String) -> String {
        // A text of at most `maximumValueLength` UTF-8 bytes has at most as many characters: most values are
        // short, and `utf8.count` is read in place where `count` walks the grapheme clusters (~280 instructions).
        guard text.utf8.count > maximumValueLength, text.count > maximumValueLength else { return text }
        return String(text.prefix(max(0, maximumValueLength))) + "…"
    }
}
