// How a value is quoted in error messages.
extension JSONDocument {
    /// The value as shown in error messages: a string's text, a number or literal as written, and
    /// `{…}` or `[…]` for containers.
    func valueText(_ node: Int) -> String {
        switch kind(node) {
        case .string: return string(node)
        case .number: return rawText(node)
        case .true: return "true"
        case .false: return "false"
        case .null: return "null"
        case .array: return "[…]"
        case .object: return "{…}"
        }
    }
}
