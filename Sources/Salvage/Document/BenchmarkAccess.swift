/// Entry points for the package's own benchmark executable (package access: not public API).
package enum SalvageBenchmarkAccess {
    /// Parses `bytes` into a document and returns its number of values, or nil when the input is invalid.
    package static func parse(_ bytes: [UInt8]) -> Int? {
        (try? JSONDocument.parse(bytes))?.tape.count
    }
}
