import Salvage

/// Compares a result with the value and error list a test expects, and describes any difference.
public enum DecodeExpectation {
    /// Nil when `result` has `value` and exactly the errors `errors` (each in ``APIDecodeError/shortForm``,
    /// in order); otherwise a readable description of every difference, with a line diff of the errors.
    public static func mismatch<T: Equatable>(_ result: APIDecodeResult<T>, value: T?, errors: [String]) -> String? {
        var problems: [String] = []
        if result.value != value {
            problems.append("value: expected \(value.map { "\($0)" } ?? "nil"), got \(result.value.map { "\($0)" } ?? "nil")")
        }
        let actual = result.errors.map(\.shortForm)
        if actual != errors {
            problems.append("errors differ (- expected, + actual):\n" + diff(expected: errors, actual: actual))
        }
        return problems.isEmpty ? nil : problems.joined(separator: "\n")
    }

    /// A line diff: lines only expected start with `-`, lines only present with `+`, common lines with two spaces.
    static func diff(expected: [String], actual: [String]) -> String {
        // Longest common subsequence, small inputs: fine for error lists.
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
        return lines.joined(separator: "\n")
    }
}
