/// Rendering one error like a compiler diagnostic, with the source line and a caret.
extension APIDecodeError {
    /// The error as a compiler-style diagnostic. With the input it was decoded from, the offending line is
    /// shown with a caret under the value:
    ///
    /// ```
    /// warning: Unexpectedly found a string [type_mismatch]
    ///  --> line 2, column 64: root(Person person_id=8675309) > "height"(Double)
    ///   |
    /// 2 |  "contact_info": {"phone_number": "(312) 555-1212"}, "height": "really tall"}
    ///   |                                                                ^
    /// ```
    ///
    /// `failure` renders as `error:`, `recovered` as `warning:` and `info` as `note:`. Lines longer than
    /// 120 characters are cut around the caret (`…` where cut); a tab before the value is repeated in the
    /// caret's line, and a wide character (CJK, emoji) gets two spaces, a combining mark none, so the caret
    /// stays under the value in a terminal. Errors of a decode that redacts values
    /// (``APIDecodeOptions/redactedKeys``, ``APIDecodeOptions/redactedPaths``) show no source line, since it
    /// could hold a redacted value; instead:
    ///
    /// ```
    /// warning: Cannot read "<redacted>" as Date: expected ISO 8601 date and time [invalid_format]
    ///  --> line 2, column 9: root(Profile) > "dob"(Date)
    ///   = source not shown: values are redacted
    /// ```
    public func diagnostic(source: String? = nil) -> String {
        let label: String
        switch severity {
        case .failure: label = "error"
        case .recovered: label = "warning"
        case .info: label = "note"
        }
        var lines = ["\(label): \(reason)\(note.map { " (\($0))" } ?? "") [\(code)]"]
        let place = location.map { "line \($0.line), column \($0.column): " } ?? ""
        lines.append(" --> \(place)\(path.taggedJSONPath)")
        if let location, source != nil, hidesSource {
            // The line could hold a redacted value (this one's, or another's: minified JSON is one line).
            lines.append("\(String(repeating: " ", count: String(location.line).count)) = source not shown: values are redacted")
        } else if let location, let source, let text = Self.line(location.line, of: source) {
            let number = String(location.line)
            let gutter = String(repeating: " ", count: number.count)
            // A location read back from an export may be anything: the caret goes at most one past the line's end
            // (a column of Int.min trapped, and a huge one built a line of that many spaces).
            let column = min(max(location.column, 1), text.unicodeScalars.count + 1)
            let (shown, caretColumn) = Self.window(Self.printable(text), around: column)
            lines.append("\(gutter) |")
            lines.append("\(number) | \(shown)")
            lines.append("\(gutter) | \(Self.padding(under: shown, before: caretColumn))^")
        }
        return lines.joined(separator: "\n")
    }

    /// The diagnostic with the source given as the bytes it was decoded from (`Data`, `[UInt8]`, …, or the
    /// `Data?` that ``APIDataDecoder/decode(data:to:options:)`` took), so the response need not be turned into
    /// a `String` first; see ``diagnostic(source:)``. Bytes that are not UTF-8 show as U+FFFD; nil shows no
    /// source line.
    ///
    /// ```swift
    /// let data = try? Data(contentsOf: responseFile)          // Data?
    /// let result = APIDataDecoder().decode(data: data, to: Person.self)
    /// for error in result.errors { print(error.diagnostic(source: data)) }
    /// ```
    public func diagnostic(source: (some Collection<UInt8>)?) -> String {
        diagnostic(source: source.map { String(decoding: $0, as: UTF8.self) })
    }

    /// Line `number` (1-based) of `source`, splitting at `\n`, `\r\n` or `\r` like ``SourceLocation``; a byte
    /// order mark that starts the source is left out, as it is of line 1's columns.
    private static func line(_ number: Int, of source: String) -> String? {
        var current = 1
        var text = ""
        var previousWasReturn = false
        let scalars = source.unicodeScalars
        for scalar in scalars.first == "\u{FEFF}" ? scalars.dropFirst() : scalars[...] {
            if scalar == "\n" && previousWasReturn {
                previousWasReturn = false
                continue
            }
            previousWasReturn = scalar == "\r"
            if scalar == "\n" || scalar == "\r" {
                if current == number { return text }
                current += 1
                continue
            }
            if current == number { text.unicodeScalars.append(scalar) }
        }
        return current == number ? text : nil
    }

    /// `text` with every control character but a tab, and the line and paragraph separators U+2028 and U+2029,
    /// as U+FFFD, one scalar for one so the caret stays aligned: only input that is not JSON has controls raw,
    /// and a terminal would act on one (`ESC [2J` clears it); JSON strings may hold the separators raw, and
    /// Unicode-aware readers break the excerpt's line at them (paths escape them for the same reason).
    private static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isReplaced) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(isReplaced(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(result)
    }

    /// Whether `printable` shows `scalar` as U+FFFD.
    private static func isReplaced(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.properties.generalCategory == .control && scalar != "\t") || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// At most 120 scalars of `text` around `column`, with `…` on each side that was cut, and the caret's
    /// column within them.
    private static func window(_ text: String, around column: Int) -> (String, Int) {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count > 120 else { return (text, column) }
        let start = max(0, min(column - 60, scalars.count - 120))
        let end = min(scalars.count, start + 120)
        var shown = String.UnicodeScalarView()
        if start > 0 { shown.append("…") }
        shown.append(contentsOf: scalars[start ..< end])
        if end < scalars.count { shown.append("…") }
        return (String(shown), column - start + (start > 0 ? 1 : 0))
    }

    /// The blank space before the caret at `column` (in scalars) of `shown`: a tab under each tab of the line
    /// (which a terminal widens to its next tab stop), and under every other character as many spaces as the
    /// columns it takes (``TerminalColumns``: two for CJK and emoji, none for a combining mark), so the caret
    /// stays under the value.
    private static func padding(under shown: String, before column: Int) -> String {
        let before = String(String.UnicodeScalarView(shown.unicodeScalars.prefix(max(0, column - 1))))
        var padding = ""
        for character in before {
            padding += character == "\t" ? "\t" : String(repeating: " ", count: TerminalColumns.of(character))
        }
        return padding
    }
}
