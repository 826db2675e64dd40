import Salvage

/// Compares a result with the value and error list a test expects, and describes any difference.
public enum DecodeExpectation {
    /// Nil when `result` has `value` and exactly the errors `errors` (each in ``APIDecodeError/shortForm``,
    /// in order); otherwise a readable description of every difference: one `-`/`+` pair of lines per field
    /// or element of the value that differs, and a line diff of the errors. When one side is nil and the
    /// other's one-line form is over 100 characters (a model expected, nil decoded), the other is listed
    /// leaf by leaf (`- value.items[0].sku: "A-1"`, at most 40 lines, then `… and N more`) above `+ value: nil`;
    /// two strings of which one is over 100 characters get a third line, `  value.bio: the texts differ from
    /// character 601`.
    ///
    /// ```text
    /// value differs (- expected, + actual):
    /// - value.items[2].price: 3.5
    /// + value.items[2].price: nil
    /// errors differ (- expected, + actual):
    /// + root["items"][2]["price"]: type_mismatch
    /// ```
    public static func mismatch<T: Equatable>(_ result: APIDecodeResult<T>, value: T?, errors: [String]) -> String? {
        var problems: [String] = []
        if result.value != value {
            problems.append("value differs (- expected, + actual):\n"
                            + ValueDiff.lines(expected: value, actual: result.value).joined(separator: "\n"))
        }
        if let errorMismatch = mismatch(result, errors: errors) {
            problems.append(errorMismatch)
        }
        return problems.isEmpty ? nil : problems.joined(separator: "\n")
    }

    /// Nil when `result` has exactly the errors `errors` (each in ``APIDecodeError/shortForm``, in order),
    /// whatever its value; otherwise `errors differ (- expected, + actual):` and a line diff of the errors.
    public static func mismatch<T>(_ result: APIDecodeResult<T>, errors: [String]) -> String? {
        let actual = result.errors.map(\.shortForm)
        guard actual != errors else { return nil }
        return "errors differ (- expected, + actual):\n" + diff(expected: errors, actual: actual)
    }

    /// A line diff: lines only expected start with `-`, lines only present with `+`, common lines with two spaces.
    static func diff(expected: [String], actual: [String]) -> String {
        // The lines both lists begin and end with are matched directly, and only those between go through the
        // table: a list endpoint's thousands of errors with one difference would need a table of millions of
        // cells (20,000 errors: 3.2 GB).
        var prefix = 0
        while prefix < expected.count && prefix < actual.count && expected[prefix] == actual[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < expected.count - prefix && suffix < actual.count - prefix
                && expected[expected.count - 1 - suffix] == actual[actual.count - 1 - suffix] { suffix += 1 }
        let middle = tableDiff(expected: Array(expected[prefix ..< expected.count - suffix]),
                               actual: Array(actual[prefix ..< actual.count - suffix]))
        let lines = expected[..<prefix].map { "  " + $0 } + middle + expected[(expected.count - suffix)...].map { "  " + $0 }
        return lines.joined(separator: "\n")
    }

    /// The diff lines of two lists, from a longest-common-subsequence table (quadratic: for what is left
    /// between the common first and last lines).
    private static func tableDiff(expected: [String], actual: [String]) -> [String] {
        let n = expected.count, m = actual.count
        var table = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = expected[i] == actual[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var lines: [String] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n && j < m && expected[i] == actual[j] {
                lines.append("  " + expected[i]); i += 1; j += 1
            } else if j < m && (i == n || table[i][j + 1] >= table[i + 1][j]) {
                lines.append("+ " + actual[j]); j += 1
            } else {
                lines.append("- " + expected[i]); i += 1
            }
        }
        return lines
    }
}
