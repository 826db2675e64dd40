import Foundation
import Testing

/// Docs/ErrorReporting.md lists every reason (the "Reasons" table) and every stable code (the sentence
/// "Codes are made for log queries … never renamed: …"). Both lists are checked against the sources: the
/// cases of `APIDecodeErrorReason` and the code table in `APIDecodeErrorReason+Codes.swift`.
@Suite("Error reporting guide's tables")
struct ErrorReportingTablesTests {
    private static func text(_ path: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every `` `name` `` or `` `name(` `` at the start of a table row: the row's first cell.
    private static func firstCells(_ lines: [Substring]) -> [String] {
        lines.compactMap { line in
            guard line.hasPrefix("| `") else { return nil }
            let cell = line.dropFirst(3).prefix { $0 != "`" }
            return String(cell.prefix { $0 != "(" })
        }
    }

    @Test func reasonsTableNamesEveryCase() throws {
        let source = try Self.text("Sources/Salvage/Shared/APIDecodeErrorReason.swift")
        let cases = Set(source.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let declaration = trimmed.hasPrefix("indirect case ") ? trimmed.dropFirst(14)
                : trimmed.hasPrefix("case ") && !trimmed.hasPrefix("case .") && !trimmed.hasPrefix("case let") && !trimmed.hasPrefix("case (")
                    ? trimmed.dropFirst(5) : nil
            return declaration.map { String($0.prefix { $0.isLetter || $0.isNumber }) }
        })
        #expect(cases.count >= 20)
        let guide = try Self.text("Docs/ErrorReporting.md")
        let section = try #require(guide.components(separatedBy: "## Reasons").dropFirst().first?
            .components(separatedBy: "\n## ").first)
        let documented = Set(Self.firstCells(section.split(separator: "\n")))
        #expect(cases.subtracting(documented).sorted() == [])
        #expect(documented.subtracting(cases).sorted() == [])
    }

    @Test func stableCodeListNamesEveryCode() throws {
        let source = try Self.text("Sources/Salvage/Shared/APIDecodeErrorReason+Codes.swift")
        let codes = Set(Self.firstCells(source.split(separator: "\n").map { $0.hasPrefix("/// ") ? $0.dropFirst(4) : $0 })
            .filter { $0 != "code" })
        #expect(codes.count >= 19)
        let guide = try Self.text("Docs/ErrorReporting.md")
        let sentence = try #require(guide.components(separatedBy: "are never renamed:").dropFirst().first?
            .components(separatedBy: ".").first)
        let listed = Set(sentence.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element))
        #expect(codes.subtracting(listed).sorted() == [])
        #expect(listed.subtracting(codes).sorted() == [])
    }
}
