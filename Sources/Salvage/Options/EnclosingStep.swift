// Where a decode's paths start inside the document a user's redactedKeys and redactedPaths were written for.

/// A step above the values a decode's paths start at (``APIDecodeOptions/enclosingSteps``).
enum EnclosingStep: Sendable {
    /// An object member's key.
    case key(String)
    /// The index of an element, whichever it is.
    case anyIndex

    /// Whether a component of a `redactedPaths` pattern accepts this step.
    func matches(_ part: String) -> Bool {
        switch self {
        case .key(let key): return part == "*" || part == key
        case .anyIndex: return part == "*" || Self.isIndex(part)
        }
    }

    /// Whether a key of `redactedKeys` names this step (an index step is named by any index's digits).
    func isOne(of keys: Set<String>) -> Bool {
        switch self {
        case .key(let key): return keys.contains(key)
        case .anyIndex: return keys.contains(where: Self.isIndex)
        }
    }

    private static func isIndex(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}
