import Foundation

extension JSONValue {
    /// The value as UTF-8 JSON text. Numbers are written as their exact text (a number read as `1.10` is
    /// written `1.10`); strings are escaped as RFC 8259 requires (see ``JSONWritingOptions``).
    ///
    /// ```swift
    /// let value: JSONValue = ["b": [1, 2], "a": "x/y"]
    /// try value.jsonString(options: .sortedKeys)   // {"a":"x\/y","b":[1,2]}
    /// ```
    ///
    /// - Throws: ``JSONValueError`` naming the path of a number whose text is not a JSON number (possible
    ///   only for a ``JSONNumber`` made with `init(text:)`), or of a value nested too deeply to write.
    public func jsonData(options: JSONWritingOptions = []) throws(JSONValueError) -> Data {
        var writer = try written(options: options)
        return writer.text.takeData()
    }

    /// The value as JSON text; see ``jsonData(options:)``.
    public func jsonString(options: JSONWritingOptions = []) throws(JSONValueError) -> String {
        try written(options: options).text.string()
    }

    /// The UTF-8 JSON text of the value.
    func jsonBytes(options: JSONWritingOptions) throws(JSONValueError) -> [UInt8] {
        try written(options: options).text.bytes()
    }

    /// A writer holding the JSON text of the value.
    private func written(options: JSONWritingOptions) throws(JSONValueError) -> JSONTextWriter {
        var writer = JSONTextWriter(options: options)
        do throws(WritingFailure) {
            try write(to: &writer)
        } catch {
            throw JSONValueError(path: APIQueryPath(error.reversedPath.reversed()), problem: error.problem)
        }
        return writer
    }

    /// A failure while writing, with the path built as it unwinds (innermost step first), so that a
    /// successful write tracks no path at all.
    private struct WritingFailure: Error {
        var reversedPath: [APIQueryPath.Component]
        let problem: String
    }

    private func write(to writer: inout JSONTextWriter) throws(WritingFailure) {
        switch self {
        case .null: writer.appendLiteral("null")
        case .bool(let value): writer.appendBool(value)
        case .number(let number):
            guard JSONNumberGrammar.isValid(number.text) else {
                throw WritingFailure(reversedPath: [], problem: "is not a JSON number: \"\(number.text)\"")
            }
            writer.appendRaw(number.text)
        case .string(let value): writer.appendString(value)
        case .array, .object:
            // One nesting level runs where there is stack for it (see `StackGuard`).
            let outcome = StackGuard.run { () -> WritingFailure? in
                do throws(WritingFailure) {
                    try writeContainer(to: &writer)
                    return nil
                } catch {
                    return error
                }
            }
            guard let outcome else { throw WritingFailure(reversedPath: [], problem: "is nested too deeply to write") }
            if let failure = outcome { throw failure }
        }
    }

    private func writeContainer(to writer: inout JSONTextWriter) throws(WritingFailure) {
        if case .array(let elements) = self {
            writer.open(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                writer.beforeItem(index)
                do throws(WritingFailure) {
                    try element.write(to: &writer)
                } catch {
                    var failure = error
                    failure.reversedPath.append(.index(index))
                    throw failure
                }
            }
            writer.close(UInt8(ascii: "]"), count: elements.count)
        } else if case .object(let members) = self {
            writer.open(UInt8(ascii: "{"))
            let ordered: [(key: String, value: JSONValue)]
            if writer.options.contains(.sortedKeys) {
                ordered = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            } else {
                ordered = Array(members)
            }
            for (index, member) in ordered.enumerated() {
                writer.beforeItem(index)
                writer.appendString(member.key)
                writer.afterKey()
                do throws(WritingFailure) {
                    try member.value.write(to: &writer)
                } catch {
                    var failure = error
                    failure.reversedPath.append(.key(member.key))
                    throw failure
                }
            }
            writer.close(UInt8(ascii: "}"), count: members.count)
        }
    }
}
