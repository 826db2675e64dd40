// The decode's rules for what an error may show of a value: redaction (`redactedKeys`, `redactedPaths`) and the
// cut to `maximumValueLength`. Shared by the decoding context, which records errors at values, and the stream
// engine, which makes an envelope's error itself.

extension APIDecodeOptions {
    /// Whether the decode redacts any value (``redactedKeys`` or ``redactedPaths`` set): then no error shows a
    /// source excerpt, and input that is not JSON is described without its bytes.
    var redactsValues: Bool { !redactedKeys.isEmpty || !redactedPaths.isEmpty }

    /// Whether a value at `path` (root first) must not be shown: a step is one of ``redactedKeys``, or a
    /// pattern of ``redactedPaths`` matches the path or a prefix of it — the path as it is, or, for a streamed
    /// array's element, also as it is in the whole document (``enclosingSteps`` first).
    func redacts(_ path: [APICodingKey]) -> Bool {
        let steps = path.dropFirst().map(\.stringValue)
        if !redactedKeys.isEmpty, steps.contains(where: { redactedKeys.contains($0) })
            || enclosingSteps.contains(where: { $0.isOne(of: redactedKeys) }) {
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
            if !enclosingSteps.isEmpty, parts.count <= enclosingSteps.count + steps.count,
               parts.indices.allSatisfy({ index in
                   index < enclosingSteps.count ? enclosingSteps[index].matches(parts[index])
                       : parts[index] == "*" || parts[index] == steps[index - enclosingSteps.count]
               }) {
                return true
            }
        }
        return false
    }

    /// These options for the elements of a streamed array, each decoded as a record of its own with paths that
    /// start at the element: redaction still sees the steps above it — the element's index, after the
    /// envelope's member `member` — so `"*.email"` (or `"orders.*.email"`) and a redacted key `"orders"` hide
    /// what they hide in the in-memory decode of the whole document. The index is any index: a pattern naming
    /// one (`"3.email"`) redacts that member in every element.
    func forStreamedElements(under member: String?) -> APIDecodeOptions {
        guard redactsValues else { return self }
        var options = self
        options.enclosingSteps = (member.map { [EnclosingStep.key($0)] } ?? []) + [.anyIndex]
        return options
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
