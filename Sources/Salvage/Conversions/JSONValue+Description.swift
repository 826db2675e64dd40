// How a `JSONValue` prints. Swift's reflection printer (what `print` used before) recurses once per nesting
// level with no stack check: printing a 200-level value crashed a 512 KiB thread in a debug build, and a
// decode returns values up to `maximumDepthCeiling` levels deep. The same text is written here, each
// nesting level where there is stack for it (see `StackGuard`).
extension JSONValue: CustomStringConvertible, CustomDebugStringConvertible {
    /// The value as Swift prints an enum case, with the values inside it qualified:
    /// `object(["tags": Salvage.JSONValue.array([Salvage.JSONValue.string("a")])])`. For JSON text use
    /// ``jsonString(options:)``.
    ///
    /// ```swift
    /// let value: JSONValue = ["id": 7]
    /// print(value)    // object(["id": Salvage.JSONValue.number(7)])
    /// ```
    public var description: String {
        var text = ""
        write(to: &text, qualified: false)
        return text
    }

    /// The value as Swift debug-prints an enum case: ``description`` preceded by `Salvage.JSONValue.`.
    public var debugDescription: String {
        var text = ""
        write(to: &text, qualified: true)
        return text
    }

    /// Appends the value's text; `qualified` starts it with the type's name, as nested values are printed.
    private func write(to text: inout String, qualified: Bool) {
        if qualified { text += "Salvage.JSONValue." }
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "bool(true)" : "bool(false)"
        case .number(let number): text += "number(" + number.text + ")"
        case .string(let value): text += "string(" + value.debugDescription + ")"
        case .array(let elements):
            text += "array(["
            JSONValue.nested(&text) { text in
                for (index, element) in elements.enumerated() {
                    if index > 0 { text += ", " }
                    element.write(to: &text, qualified: true)
                }
            }
            text += "])"
        case .object(let members):
            text += members.isEmpty ? "object([:" : "object(["
            JSONValue.nested(&text) { text in
                for (index, member) in members.enumerated() {
                    if index > 0 { text += ", " }
                    text += member.key.debugDescription + ": "
                    member.value.write(to: &text, qualified: true)
                }
            }
            text += "])"
        }
    }

    /// Writes one nesting level where there is stack for it; `…` when no helper thread could be started.
    private static func nested(_ text: inout String, _ body: (inout String) -> Void) {
        if StackGuard.run({ body(&text) }) == nil { text += "…" }
    }
}
