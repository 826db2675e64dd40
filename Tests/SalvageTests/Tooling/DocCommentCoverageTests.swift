import Foundation
import Testing

/// Every public declaration of the libraries users import carries a `///` doc comment: this suite reads
/// the sources and fails, naming file and line, when one does not.
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
