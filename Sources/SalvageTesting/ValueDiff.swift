import Foundation

/// The differences between two values, one pair of lines per differing field or element, found with `Mirror`:
/// `- value.items[2].price: 3.5` (expected) then `+ value.items[2].price: nil` (actual). A model with many
/// fields that differs in one gives two short lines, not its whole description on one line.
enum ValueDiff {
    /// How deep `lines` follows nested values before it compares what is left as text (guards against cycles).
    static let maximumDepth = 32

    /// The `-`/`+` lines for every leaf where `expected` and `actual` differ; `value` names the root.
    static func lines(expected: Any?, actual: Any?) -> [String] {
        var lines: [String] = []
        compare(expected, actual, at: "value", depth: 0, into: &lines)
        if lines.isEmpty {
            // Equal descriptions of unequal values (a custom `==`, NaN): show them whole.
            lines = ["- value: \(describe(expected))", "+ value: \(describe(actual))"]
        }
        return lines
    }

    private static func compare(_ expected: Any?, _ actual: Any?, at path: String, depth: Int, into lines: inout [String]) {
        let expected = expected.flatMap(unwrapped), actual = actual.flatMap(unwrapped)
        let expectedText = describe(expected), actualText = describe(actual)
        guard let expected, let actual, depth < maximumDepth,
              let expectedParts = parts(of: expected), let actualParts = parts(of: actual),
              type(of: expected) == type(of: actual) else {
            if (expected == nil) != (actual == nil), let present = expected ?? actual, depth < maximumDepth,
               max(expectedText.count, actualText.count) > longLine, parts(of: present) != nil {
                // A model expected and nil decoded (or the reverse): its leaves one per line, not its whole
                // description on one line of hundreds of characters.
                let sign = expected == nil ? "+" : "-"
                var leaves: [String] = []
                collectLeaves(of: present, at: path, depth: depth, into: &leaves)
                let shown = leaves.prefix(maximumLeafLines).map { "\(sign) \($0)" }
                let more = leaves.count - shown.count
                let nilLine = "\(expected == nil ? "-" : "+") \(path): nil"
                let rest = more > 0 ? ["\(sign) \(path): … and \(more) more"] : []
                lines.append(contentsOf: expected == nil ? [nilLine] + shown + rest : shown + rest + [nilLine])
            } else if expectedText != actualText {
                lines.append("- \(path): \(expectedText)")
                lines.append("+ \(path): \(actualText)")
                if let expectedString = expected as? String, let actualString = actual as? String,
                   max(expectedString.count, actualString.count) > longLine {
                    // Two long texts: say where they part, which two lines of hundreds of characters hide.
                    let common = zip(expectedString, actualString).prefix { $0 == $1 }.count
                    lines.append("  \(path): the texts differ from character \(common + 1)")
                }
            } else if let expectedDate = expected as? Date, let actualDate = actual as? Date, expectedDate != actualDate {
                // A date prints whole seconds: show the instants.
                lines.append("- \(path): \(expectedText) (timeIntervalSince1970: \(expectedDate.timeIntervalSince1970))")
                lines.append("+ \(path): \(actualText) (timeIntervalSince1970: \(actualDate.timeIntervalSince1970))")
            }
            return
        }
        // Equal texts can hide a difference below (a `Date` field prints whole seconds), so a struct, tuple or
        // collection is compared part by part anyway; a class only when its text differs (it may be cyclic).
        if expectedText == actualText && Mirror(reflecting: expected).displayStyle == .class { return }
        var seen = Set<String>()
        let actualByStep = Dictionary(actualParts.map { ($0.step, $0.value) }, uniquingKeysWith: { first, _ in first })
        for (step, value) in expectedParts {
            seen.insert(step)
            compare(value, actualByStep[step] ?? nil, at: path + step, depth: depth + 1, into: &lines)
        }
        for (step, value) in actualParts where !seen.contains(step) {
            compare(nil, value, at: path + step, depth: depth + 1, into: &lines)
        }
    }

    /// A value's text longer than this many characters is shown leaf by leaf when the other side is nil.
    static let longLine = 100

    /// At most this many leaf lines for a value whose other side is nil; then one `… and N more` line.
    static let maximumLeafLines = 40

    /// `path: text` for every leaf of `value` (a part that has no parts of its own, or is at the depth limit).
    private static func collectLeaves(of value: Any?, at path: String, depth: Int, into leaves: inout [String]) {
        // Bounded, for classes that refer to each other (each path is followed to the depth limit).
        guard leaves.count < 10_000 else { return }
        guard let value = value.flatMap(unwrapped), depth < maximumDepth, let children = parts(of: value), !children.isEmpty else {
            leaves.append("\(path): \(describe(value))")
            return
        }
        for (step, child) in children {
            collectLeaves(of: child, at: path + step, depth: depth + 1, into: &leaves)
        }
    }

    /// The labelled parts of a struct, class, tuple, array or dictionary, or nil for a value compared as text
    /// (numbers, strings, enums, sets, Foundation values such as `Date` and `URL`).
    private static func parts(of value: Any) -> [(step: String, value: Any?)]? {
        if value is Date || value is URL || value is UUID || value is Decimal || value is Data || value is String {
            return nil
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct?, .class?, .tuple?:
            guard !mirror.children.isEmpty else { return nil }
            return mirror.children.enumerated().map { index, child in
                (step: "." + (child.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? "\(index)"), value: child.value)
            }
        case .collection?:
            return mirror.children.enumerated().map { index, child in (step: "[\(index)]", value: child.value) }
        case .dictionary?:
            return mirror.children.map { member in
                let pair = Array(Mirror(reflecting: member.value).children)
                let key = pair.first.map { String(reflecting: $0.value) } ?? "?"
                return (step: "[\(key)]", value: pair.count > 1 ? pair[1].value : nil)
            }.sorted { $0.step < $1.step }
        default:
            return nil
        }
    }

    /// `value` without any levels of `Optional` around it; nil for nil.
    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        guard let wrapped = mirror.children.first else { return nil }
        return unwrapped(wrapped.value)
    }

    /// How a value is printed in a diff line: `nil`, strings quoted, sets in a stable order.
    private static func describe(_ value: Any?) -> String {
        guard let value = value.flatMap(unwrapped) else { return "nil" }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .set {
            return "[" + mirror.children.map { describe($0.value) }.sorted().joined(separator: ", ") + "]"
        }
        return value is String ? String(reflecting: value) : String(describing: value)
    }
}
