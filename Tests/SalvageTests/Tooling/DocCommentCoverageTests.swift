import Foundation
import Testing

/// Every public declaration of the libraries users import carries a `///` doc comment, and every `///` in
/// `Sources` sits directly above the declaration it documents: this suite reads the sources and fails,
/// naming file and line, when one does not.
@Suite("Doc comments on public symbols")
struct DocCommentCoverageTests {
    /// The source folders whose public symbols users see.
    private static let checkedFolders = ["Sources/Salvage", "Sources/SalvageTesting", "Sources/SalvageDemoKit"]

    /// The public declarations in `text` that no `///` comment precedes, as `file:line: declaration`.
    /// Attributes (`@inlinable`, `@discardableResult`, …) and plain `//` comments between the doc comment
    /// and the declaration are allowed; `extension` lines need no comment of their own.
    static func undocumentedPublicDeclarations(in text: String, file: String) -> (checked: Int, missing: [String]) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var checked = 0
        var missing: [String] = []
        for (index, line) in lines.enumerated() where isPublicDeclaration(line) {
            checked += 1
            var previous = index - 1
            while previous >= 0, lines[previous].hasPrefix("@") || (lines[previous].hasPrefix("//") && !lines[previous].hasPrefix("///")) {
                previous -= 1
            }
            if previous < 0 || !(lines[previous].hasPrefix("///") || lines[previous].hasSuffix("*/")) {
                missing.append("\(file):\(index + 1): \(line)")
            }
        }
        return (checked, missing)
    }

    /// `public …` or `open …`, possibly after attributes on the same line, but not `public extension`.
    private static func isPublicDeclaration(_ line: String) -> Bool {
        var words = line.split(separator: " ")[...]
        while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
        guard let first = words.first, first == "public" || first == "open" else { return false }
        return words.dropFirst().first != "extension"
    }

    /// Every folder of `Sources`, for the placement check (internal symbols and every target included).
    private static let allSourceFolders = ["Sources"]

    /// The misplaced doc comments in `text`, as `file:line: what is wrong`, the line being the first of the
    /// `///` block. A `///` block must be followed directly by the declaration it documents: attributes on
    /// their own lines may sit between them, but not a blank line, a `//` comment (`// MARK:` included) or
    /// any other statement, since those make the comment document nothing (or the wrong thing). And a `///`
    /// block must not follow an attribute line: attributes go between the doc comment and the declaration.
    static func misplacedDocComments(in text: String, file: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var findings: [String] = []
        var index = 0
        while index < lines.count {
            guard lines[index].hasPrefix("///") else {
                index += 1
                continue
            }
            let start = index
            while index < lines.count, lines[index].hasPrefix("///") { index += 1 }
            if start > 0, isAttributeLine(lines[start - 1]) {
                findings.append("\(file):\(start + 1): doc comment after the attribute line `\(lines[start - 1])`")
            }
            var next = index
            while next < lines.count, isAttributeLine(lines[next]) { next += 1 }
            if next == lines.count {
                findings.append("\(file):\(start + 1): doc comment followed by no declaration (end of file)")
            } else if !isDeclaration(lines[next]) {
                let what = lines[next].isEmpty ? "a blank line" : "`\(lines[next])`"
                findings.append("\(file):\(start + 1): doc comment followed by \(what), not a declaration")
            }
        }
        return findings
    }

    /// The words that may precede a declaration's keyword (`private(set)`, `nonisolated(unsafe)`: the
    /// parenthesised part is dropped before the lookup; `class` is a keyword either way).
    private static let modifiers: Set<Substring> = [
        "public", "package", "internal", "fileprivate", "private", "open", "static", "final",
        "override", "mutating", "nonmutating", "convenience", "required", "lazy", "weak", "unowned",
        "indirect", "dynamic", "nonisolated", "isolated", "consuming", "borrowing", "prefix", "postfix",
        "infix", "optional",
    ]

    /// The keywords that start a declaration.
    private static let declarationKeywords: Set<Substring> = [
        "func", "init", "init?", "init!", "deinit", "subscript", "var", "let", "struct", "class", "enum",
        "protocol", "extension", "typealias", "associatedtype", "case", "actor", "macro", "operator",
        "precedencegroup", "import",
    ]

    /// `line` without the attributes it starts with (`@inlinable`, `@inline(__always)`, …).
    private static func droppingAttributes(_ line: String) -> Substring {
        var rest = Substring(line)
        while rest.first == "@" {
            rest = rest.dropFirst().drop { $0.isLetter || $0.isNumber || $0 == "_" }
            if rest.first == "(" {
                var depth = 0
                rest = rest.drop {
                    if $0 == "(" { depth += 1 } else if $0 == ")" { depth -= 1 }
                    return depth > 0 || $0 == "("
                }.dropFirst()
            }
            rest = rest.drop { $0 == " " }
        }
        return rest
    }

    /// A line holding only attributes (`@inlinable`, `@inline(__always) @usableFromInline`).
    private static func isAttributeLine(_ line: String) -> Bool {
        line.hasPrefix("@") && droppingAttributes(line).isEmpty
    }

    /// Whether `line` starts a declaration: attributes, modifiers, then a declaration keyword.
    private static func isDeclaration(_ line: String) -> Bool {
        for word in droppingAttributes(line).split(separator: " ") {
            if declarationKeywords.contains(word.prefix { $0 != "<" && $0 != "(" }) { return true }
            if !modifiers.contains(word.prefix { $0 != "(" }) { return false }
        }
        return false
    }

    @Test func everyDocCommentSitsDirectlyAboveItsDeclaration() throws {
        var files = 0
        var findings: [String] = []
        for folder in Self.allSourceFolders {
            let directory = packageRoot.appendingPathComponent(folder)
            for file in try FileManager.default.subpathsOfDirectory(atPath: directory.path).sorted() where file.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                files += 1
                findings += Self.misplacedDocComments(in: text, file: "\(folder)/\(file)")
            }
        }
        #expect(files > 80, "the scan read only \(files) files; are the sources where this test looks?")
        #expect(findings == [])
    }

    @Test func thePlacementCheckFindsEachMisplacedComment() {
        let source = """
        /// Fine: an attribute on its own line in between.
        @inlinable
        @inline(__always) @usableFromInline
        public static func a() {}
        /// Fine: modifiers and a generic parameter.
        private(set) nonisolated(unsafe) var b = 1
        /// Fine.
        init?(c: Int) { nil }
        /// Fine.
        case d

        /// Orphan: a blank line follows.

        func e() {}
        /// The wrong declaration's comment: a `//` comment follows.
        // MARK: - F
        func f() {}
        @discardableResult
        /// After the attribute.
        func g() -> Int { 1 }
        /// A statement follows.
        x += 1
        /// Last line.
        """
        #expect(Self.misplacedDocComments(in: source, file: "A.swift") == [
            "A.swift:12: doc comment followed by a blank line, not a declaration",
            "A.swift:15: doc comment followed by `// MARK: - F`, not a declaration",
            "A.swift:19: doc comment after the attribute line `@discardableResult`",
            "A.swift:21: doc comment followed by `x += 1`, not a declaration",
            "A.swift:23: doc comment followed by no declaration (end of file)",
        ])
    }

    @Test func everyPublicDeclarationHasADocComment() throws {
        var checked = 0
        var missing: [String] = []
        for folder in Self.checkedFolders {
            let directory = packageRoot.appendingPathComponent(folder)
            let files = try FileManager.default.subpathsOfDirectory(atPath: directory.path)
            for file in files.sorted() where file.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                let result = Self.undocumentedPublicDeclarations(in: text, file: "\(folder)/\(file)")
                checked += result.checked
                missing += result.missing
            }
        }
        #expect(checked > 300, "the scan found only \(checked) public declarations; are the sources where this test looks?")
        #expect(missing == [])
    }

    @Test func theCheckFindsAMissingComment() {
        let source = """
        /// Documented.
        public struct A {
            /// Documented, with an attribute in between.
            @inlinable
            public var x: Int { 1 }
            public var y: Int { 2 }
        }
        public extension A {}
        @usableFromInline internal var z = 3
        """
        let result = Self.undocumentedPublicDeclarations(in: source, file: "A.swift")
        #expect(result.checked == 3)
        #expect(result.missing == ["A.swift:6: public var y: Int { 2 }"])
    }
}
