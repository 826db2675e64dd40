import Foundation
import Salvage
import SalvageDemoKit
import Testing

// Issue #7's `salvage-demo` promises at their edges: what a user's own file can be (empty, a directory,
// not UTF-8, CRLF line endings, the wrong shape), every flag combination, and the carets of the golden
// text pointing at the values they name.

@Suite("Issue #7 salvage-demo edges")
struct Issue7DemoConformanceTests {
    private static func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("salvage-demo-audit-\(UUID().uuidString).json").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aDirectoryIsAnUnreadableFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("salvage-demo-dir-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = DemoCommand.run(arguments: [directory])
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput == "")
        #expect(outcome.standardError == "salvage-demo: cannot read '\(directory)': no such file or not readable\n")
    }

    @Test func anEmptyFileIsInvalidJSONWithADiagnostic() throws {
        let path = try Self.temporaryFile([])
        let outcome = DemoCommand.run(arguments: [path])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput == "")
        #expect(outcome.standardError.hasPrefix("error: Invalid JSON at line 1, column 1 (byte 0): "))
        #expect(outcome.standardError.contains("\n --> line 1, column 1: root(OrderPage)\n"))
    }

    /// Invalid UTF-8 is invalid JSON (issue #2): the demo must not hide it by repairing the bytes first.
    @Test func invalidUTF8InTheUsersFileIsReportedAsInvalidJSON() throws {
        let path = try Self.temporaryFile(Array(#"{"orders": [], "next_cursor": ""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8))
        let outcome = DemoCommand.run(arguments: [path])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput == "")
        #expect(outcome.standardError.hasPrefix("error: Invalid JSON at line 1, column 32 (byte 31): "))
        let lines = DemoCommand.run(arguments: [path, "--format", "jsonl"])
        #expect(lines.status == 1)
        #expect(lines.standardOutput.hasPrefix(#"{"code":"invalid_json","column":32,"#))
    }

    @Test func crlfLineEndingsDoNotLeakIntoTheDiagnostic() throws {
        let path = try Self.temporaryFile(Array("{\"orders\": [\r\n  {\"order_id\": 1,}\r\n]}".utf8))
        let outcome = DemoCommand.run(arguments: [path])
        #expect(outcome.status == 1)
        #expect(outcome.standardError == """
            error: Invalid JSON at line 2, column 18 (byte 31): Trailing comma: expected a key after ',' [invalid_json]
             --> line 2, column 18: root(OrderPage)
              |
            2 |   {"order_id": 1,}
              |                  ^

            """)
    }

    @Test func valueOfTheWrongShapeSalvagesNothingAndFails() throws {
        let path = try Self.temporaryFile(Array(#"{"orders": {}}"#.utf8))
        let outcome = DemoCommand.run(arguments: [path])
        #expect(outcome.status == 1)
        #expect(outcome.standardError == "")
        #expect(outcome.standardOutput.hasPrefix("Nothing could be salvaged from \(path).\n\n1 error in 1 group\n"))
        #expect(outcome.standardOutput.contains("error: Unexpectedly found an object [type_mismatch]\n --> line 1, column 12: root(OrderPage) > \"orders\"(Array<Order>)\n"))
    }

    @Test(arguments: [
        (["--format", "text"], Int32(0)),
        (["--strict", "--format", "jsonl"], Int32(1)),
        (["--format", "jsonl", "--strict"], Int32(1)),
        (["-h"], Int32(0)),
        (["--format"], Int32(2)),
        (["--format", "--strict"], Int32(2)),
    ])
    func flagCombinations(arguments: [String], status: Int32) {
        #expect(DemoCommand.run(arguments: arguments).status == status)
    }

    @Test func strictJSONLinesPrintsTheSameLinesAsWithoutStrict() {
        #expect(DemoCommand.run(arguments: ["--strict", "--format", "jsonl"]).standardOutput == DemoCommand.run(arguments: ["--format", "jsonl"]).standardOutput)
        #expect(DemoCommand.run(arguments: ["--format", "text"]).standardOutput == DemoCommand.run(arguments: []).standardOutput)
    }

    /// Every caret of the bundled report sits under the first character of the value its diagnostic names.
    @Test func everyCaretPointsAtTheStartOfItsValue() throws {
        let lines = DemoCommand.run(arguments: []).standardOutput.components(separatedBy: "\n")
        var found: [Character] = []
        for (index, line) in lines.enumerated() where line.hasPrefix("  |") && line.hasSuffix("^") {
            let source = lines[index - 1]
            let caretColumn = line.count - 1
            let sourceCharacters = Array(source)
            try #require(caretColumn < sourceCharacters.count, "caret beyond its line: \(line)")
            found.append(sourceCharacters[caretColumn])
        }
        // "49.90", null, "on_hold", "ORDER-1004-REDACTED", "04/11/2026", 99999999999999999999
        #expect(found == ["\"", "n", "\"", "\"", "\"", "9"])
    }

    /// "Every public symbol has a `///` doc comment": the cases of a public enum are public symbols too, and
    /// `DocCommentCoverageTests` looks only at lines that start with `public`.
    @Test func everyCaseOfAPublicEnumIsDocumented() throws {
        var missing: [String] = []
        var checked = 0
        for folder in ["Sources/Salvage", "Sources/SalvageTesting", "Sources/SalvageDemoKit"] {
            let root = packageRoot.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            for file in files {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                let lines = text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                var publicEnumDepth: Int?
                var depth = 0
                for (index, line) in lines.enumerated() {
                    let code = line.hasPrefix("//") ? "" : line
                    if publicEnumDepth == nil, code.hasPrefix("public enum ") || code.hasPrefix("public indirect enum ") {
                        publicEnumDepth = depth + 1
                    }
                    if depth == publicEnumDepth, code.hasPrefix("case ") || code.hasPrefix("indirect case ") {
                        checked += 1
                        var previous = index - 1
                        while previous >= 0, lines[previous].hasPrefix("@") { previous -= 1 }
                        if previous < 0 || !lines[previous].hasPrefix("///") { missing.append("\(folder)/\(file):\(index + 1): \(line)") }
                    }
                    depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
                    if let enumDepth = publicEnumDepth, depth < enumDepth { publicEnumDepth = nil }
                }
            }
        }
        #expect(checked > 50)
        #expect(missing == [])
    }
}
