// Checks that every ```swift block of README.md and Docs/*.md — and every ```text block of printed output
// right after one — is mirrored, line for line, in this target's file for that Markdown file, where the
// lines are compiled, run and asserted on. A doc edit that is not mirrored fails here, naming the block.
import Foundation
import Testing

/// One fenced code block of a Markdown file.
struct DocBlock: Sendable, CustomTestStringConvertible {
    /// The Markdown file, relative to the package root: `README.md`, `Docs/GettingStarted.md`.
    let file: String
    /// The line of the opening fence, from 1.
    let line: Int
    /// The fence's info string: `swift`, `text`, `sh`, or empty.
    let info: String
    /// The block's non-empty lines, trimmed of leading and trailing whitespace.
    let lines: [String]
    /// The info string of the block before this one in the same file (nil for the first block).
    let previousInfo: String?

    var testDescription: String { "\(file):\(line) (\(info))" }

    /// The file in this target that mirrors `file`: `README.md` → `ReadmeExamples.swift`,
    /// `Docs/GettingStarted.md` → `GettingStartedExamples.swift`. A long guide's mirror may continue in
    /// files named `GettingStartedExamples+Part.swift`; a block must lie whole in one of them.
    var mirrorFile: String {
        let name = (file as NSString).lastPathComponent.replacingOccurrences(of: ".md", with: "")
        return (name == "README" ? "Readme" : name) + "Examples.swift"
    }

    /// Whether the block must be mirrored: Swift code, or the printed output right after Swift code.
    var mustBeMirrored: Bool { info == "swift" || (info == "text" && previousInfo == "swift") }
}

enum DocBlocks {
    /// This target's directory.
    static let mirrorDirectory = packageRoot.appendingPathComponent("Tests/DocExamples")

    /// README.md and every Markdown file in Docs/, relative to the package root.
    static let markdownFiles: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
    }()

    /// Every fenced block of every Markdown file (none when the files cannot be read).
    static let all: [DocBlock] = markdownFiles.flatMap { file in
        guard let text = try? String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8) else { return [DocBlock]() }
        return blocks(in: text, file: file)
    }

    /// The blocks that must be mirrored.
    static let mirrored: [DocBlock] = all.filter(\.mustBeMirrored)

    /// The fenced blocks of a Markdown text. Fences may be indented (inside list items); a block ends at
    /// the next line that is only ```.
    static func blocks(in text: String, file: String) -> [DocBlock] {
        var blocks: [DocBlock] = []
        var open: (line: Int, info: String, lines: [String])?
        for (index, rawLine) in text.components(separatedBy: "\n").enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if var current = open {
                if line == "```" {
                    blocks.append(DocBlock(file: file, line: current.line, info: current.info, lines: current.lines,
                                           previousInfo: blocks.last?.info))
                    open = nil
                } else {
                    if !line.isEmpty { current.lines.append(line) }
                    open = current
                }
            } else if line.hasPrefix("```") {
                open = (index + 1, String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), [])
            }
        }
        return blocks
    }

    /// The trimmed non-empty lines of each file of mirror `name` (`X.swift` and any `X+Part.swift`), or
    /// nil when `X.swift` cannot be read.
    static func mirrorLines(_ name: String) -> [[String]]? {
        let stem = String(name.dropLast(".swift".count))
        let files = (try? FileManager.default.contentsOfDirectory(atPath: mirrorDirectory.path)) ?? []
        guard files.contains(name) else { return nil }
        return files.filter { $0 == name || ($0.hasPrefix(stem + "+") && $0.hasSuffix(".swift")) }.sorted().compactMap { file in
            guard let text = try? String(contentsOf: mirrorDirectory.appendingPathComponent(file), encoding: .utf8) else { return nil }
            return text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }

    /// Nil when `block` occurs as a contiguous run in `mirror`; otherwise the position (in `block`) of the
    /// first line not found: the line after the longest run of the block's first lines that does occur.
    static func firstMissingLine(of block: [String], in mirror: [String]) -> Int? {
        guard !block.isEmpty else { return nil }
        var longest = 0
        for start in mirror.indices where mirror[start] == block[0] {
            var matched = 0
            while matched < block.count, start + matched < mirror.count, mirror[start + matched] == block[matched] {
                matched += 1
            }
            if matched == block.count { return nil }
            longest = max(longest, matched)
        }
        return longest
    }
}

@Suite("Doc blocks are mirrored") struct DocBlocksAreMirroredTests {
    /// So that a wrong path cannot make the parameterized test pass with no cases; update the counts when
    /// a guide gains or loses a block (and mirror the new block).
    @Test func blocksAreFound() {
        #expect(DocBlocks.markdownFiles.contains("Docs/GettingStarted.md"))
        let swift = DocBlocks.all.filter { $0.info == "swift" }
        #expect(!swift.isEmpty)
        // Typed constants, compared in `#expect`: written inside it, these expressions took over 100 ms to type-check.
        let blocksPerFile: [String: Int] = Dictionary(grouping: swift, by: \.file).mapValues(\.count)
        let expectedBlocksPerFile: [String: Int] = [
            "README.md": 3,
            "Docs/GettingStarted.md": 30,
            "Docs/ErrorReporting.md": 8,
            "Docs/MigratingFromCodable.md": 5,
            "Docs/MigratingFromLastMile.md": 1,
            "Docs/WorkingWithJSONValues.md": 4,
            "Docs/Encoding.md": 3,
        ]
        #expect(blocksPerFile == expectedBlocksPerFile)
        #expect(swift.count == 54)
        // Printed output right after a Swift block: README's first example, the testing guide's mismatch
        // report, LastMile's invalid JSON error.
        let filesWithOutput: [String] = DocBlocks.mirrored.filter { $0.info == "text" }.map(\.file)
        #expect(filesWithOutput == ["README.md", "Docs/ErrorReporting.md", "Docs/MigratingFromLastMile.md"])
    }

    @Test(arguments: DocBlocks.mirrored) func blockIsMirrored(_ block: DocBlock) throws {
        #expect(!block.lines.isEmpty, "\(block.file):\(block.line): the block is empty")
        let mirrors = try #require(DocBlocks.mirrorLines(block.mirrorFile),
                                   "\(block.file):\(block.line): no mirror file Tests/DocExamples/\(block.mirrorFile)")
        let misses = mirrors.map { DocBlocks.firstMissingLine(of: block.lines, in: $0) }
        if !misses.contains(where: { $0 == nil }), let missing = misses.compactMap({ $0 }).max() {
            let position = missing == 0 ? "its first line" : "line \(missing + 1) of the block, after the \(missing) before it,"
            Issue.record("""
            \(block.file):\(block.line): the ```\(block.info) block is not mirrored in Tests/DocExamples/\(block.mirrorFile): \
            \(position) is not found there: \(block.lines[missing])
            """)
        }
    }

    /// The matcher itself: contiguous runs, blank lines ignored, the first line not found reported.
    @Test func matcherFindsRunsAndTheFirstMissingLine() {
        let mirror = ["a", "b", "c", "x", "a", "b", "d"]
        #expect(DocBlocks.firstMissingLine(of: ["a", "b", "d"], in: mirror) == nil)
        #expect(DocBlocks.firstMissingLine(of: ["b", "c", "x"], in: mirror) == nil)
        #expect(DocBlocks.firstMissingLine(of: ["a", "b", "e"], in: mirror) == 2)
        #expect(DocBlocks.firstMissingLine(of: ["a", "c"], in: mirror) == 1)
        #expect(DocBlocks.firstMissingLine(of: ["z"], in: mirror) == 0)
        let parsed = DocBlocks.blocks(in: "x\n```swift\n  let a = 1\n\n  let b = 2\n```\n\n  ```text\n  out\n  ```\n```sh\nls\n```\n", file: "T.md")
        #expect(parsed.map(\.testDescription) == ["T.md:2 (swift)", "T.md:8 (text)", "T.md:11 (sh)"])
        #expect(parsed.map(\.lines) == [["let a = 1", "let b = 2"], ["out"], ["ls"]])
        #expect(parsed.map(\.mustBeMirrored) == [true, true, false])
        #expect(parsed[0].mirrorFile == "TExamples.swift")
    }
}
