import Foundation
import SalvageDemoKit
import Testing

/// The README shows an excerpt of `swift run salvage-demo`'s output under "The two commands": every line it
/// shows (other than the `…` that stands for lines left out) is a line the demo prints, in the same order.
@Suite("README's demo excerpt")
struct ReadmeDemoOutputTests {
    @Test func everyShownLineIsPrintedByTheDemoInOrder() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## The two commands").dropFirst().first)
        // The block of the section that starts with the demo's first line is its output.
        let opening = try #require(section.range(of: "\n```\nSalvaged "))
        let rest = section[section.index(opening.upperBound, offsetBy: -"Salvaged ".count)...]
        let closing = try #require(rest.range(of: "\n```\n"))
        let excerpt = rest[..<closing.lowerBound]
        let shown = excerpt.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(shown.first?.hasPrefix("Salvaged 5 of 7 orders") == true)

        let printed = DemoCommand.run(arguments: []).standardOutput
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var next = printed.startIndex
        var missing: [String] = []
        for line in shown where line.trimmingCharacters(in: .whitespaces) != "…" {
            if let found = printed[next...].firstIndex(of: line) {
                next = found + 1
            } else {
                missing.append(line)
            }
        }
        #expect(missing == [])
    }
}
