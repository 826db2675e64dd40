/// The shortest rendering of an error: where and what, for test expectations and compact logs.
extension APIDecodeError {
    /// `<jsonPath>: <code>`: the path without type tags and the stable code, e.g. `root["height"]: type_mismatch`.
    ///
    /// Equal for two errors with the same path and the same kind of problem, whatever the value, location or
    /// wording, so it suits test expectations (SalvageTesting's `expectDecoded` compares error lists in this
    /// form) and log lines that must not change when a message is reworded:
    ///
    /// ```swift
    /// let result = APIDataDecoder().decode(string: json, to: Person.self)
    /// print(result.errors.map(\.shortForm))  // [#"root["height"]: type_mismatch"#]
    /// ```
    public var shortForm: String { "\(path.jsonPath): \(code)" }
}
