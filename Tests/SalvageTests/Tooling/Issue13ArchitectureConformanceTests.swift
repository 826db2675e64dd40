import Foundation
import Testing

// Issue #13 ("make the folder picture true", "redraw Docs/Architecture.md from the code, with the base layer at the
// bottom", "enforce the rule with a test", "tests a newcomer can navigate"), as its text reads: the three places
// that state the layering — the picture in Docs/Architecture.md, its folder table and Docs/Contributing.md's
// style rule — must say what `LayeringTests` enforces, folder for folder and in the same order.

@Suite("Issue 13: the architecture as written is the architecture enforced")
struct Issue13ArchitectureConformanceTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The layers, bottom first, as the picture at the top of Docs/Architecture.md draws them (top first there).
    static func pictureLayers() throws -> [[String]] {
        let architecture = try text("Docs/Architecture.md")
        let picture = try #require(architecture.split(separator: "```").dropFirst().first)
        var layers: [[String]] = []
        for line in picture.split(separator: "\n") {
            // `  Decoding  ┐   …` and `  Runtime   ┘   …` are one layer drawn on two lines.
            // A layer's line starts two spaces in; its description's continuation lines further in.
            guard line.hasPrefix("  "), line.dropFirst(2).first?.isUppercase == true,
                  let name = line.split(separator: " ").first.map(String.init) else { continue }
            if line.contains("┘"), !layers.isEmpty { layers[layers.count - 1].insert(name, at: 0) } else { layers.append([name]) }
        }
        return layers.reversed()
    }

    @Test func thePictureDrawsTheLayersLayeringTestsEnforces() throws {
        let enforced = LayeringTests.layers.map { Set($0) }
        let drawn = try Self.pictureLayers().map { Set($0) }
        #expect(drawn == enforced, "Architecture.md draws (bottom up) \(drawn.map { $0.sorted() }), LayeringTests enforces \(enforced.map { $0.sorted() })")
    }

    @Test func contributingStatesTheSameOrder() throws {
        let contributing = try Self.text("Docs/Contributing.md").replacingOccurrences(of: "\n", with: " ")
        let rule = try #require(contributing.firstRange(of: /from the bottom: ([^;]+);/)?.lowerBound)
        let sentence = contributing[rule...].prefix { $0 != ";" }
        let named = sentence.dropFirst("from the bottom: ".count).split(separator: "→").map {
            Set($0.trimmingCharacters(in: .whitespaces).split(separator: "/").map(String.init))
        }
        #expect(named == LayeringTests.layers.map { Set($0) })
    }

    @Test func theFolderTableNamesEveryFolderInLayerOrder() throws {
        let rows = try Self.text("Docs/Architecture.md").split(separator: "\n").compactMap { line -> String? in
            guard let match = line.firstMatch(of: /^\| `Sources\/Salvage\/(\w+)` \|/) else { return nil }
            return String(match.1)
        }
        #expect(Set(rows) == Set(LayeringTests.layers.joined()))
        // Bottom first, as the rule reads.
        let layerOfRow = rows.compactMap { LayeringTests.layer(of: $0) }
        #expect(layerOfRow == layerOfRow.sorted(), "table order \(rows)")
    }

    @Test func theDeprecatedNameOfAPIQueryPathIsStillThere() throws {
        let source = try Self.text("Sources/Salvage/Decoding/APIQueryPath.swift")
        #expect(source.contains("@available(*, deprecated, renamed: \"APIQueryPath\")\npublic typealias APIPath = APIQueryPath"))
        #expect(try Self.text("Docs/Changelog.md").contains("`APIPath` remains as a deprecated alias"))
    }

    /// "Reaching the decode context … one documented way … everywhere outside the file that implements it":
    /// the two former ways are gone from the sources.
    @Test func decodersReachTheirContextOneWay() throws {
        let root = packageRoot.appendingPathComponent("Sources/Salvage")
        let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
        var offenders: [String] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let code = LayeringTests.codeOnly(try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8))
            if code.contains("withLiveContext") || code.contains("liveReference") { offenders.append(relative) }
        }
        #expect(offenders.isEmpty)
    }

    /// The code of every file of `Sources/Salvage`, by path relative to it.
    static func libraryCode() throws -> [(path: String, code: String)] {
        let root = packageRoot.appendingPathComponent("Sources/Salvage")
        let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
        var files: [(String, String)] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            files.append((relative, LayeringTests.codeOnly(try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8))))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// "Deciding severity (`markFailures`, `explainsFailure`, `upgradeLastError`, `reportWrongContainer`,
    /// `CustomDecoding`) lives in one place": each decision is declared in `Runtime/FailureRules.swift` only.
    @Test func everySeverityDecisionIsDeclaredInFailureRules() throws {
        let decisions = ["markFailures", "explainsFailure", "upgradeLastError", "reportWrongContainer", "keepsModel", "explainRejection", "failRequired"]
        var declaredIn: [String: [String]] = [:]
        for file in try Self.libraryCode() {
            for name in decisions where file.code.contains("func \(name)(") { declaredIn[name, default: []].append(file.path) }
        }
        #expect(declaredIn == Dictionary(uniqueKeysWithValues: decisions.map { ($0, ["Runtime/FailureRules.swift"]) }))
    }

    /// "No code outside [the scoped frame helper] pushes or pops frames": the files that do, each a reviewed
    /// exception — `decodeModel` writes `withFrame` out (no closure per model: measured in its comment), and a
    /// batched root array holds the root's two frames open across batches.
    @Test func framesArePushedAndPoppedOnlyWhereReviewed() throws {
        let allowed = [
            "Decoding/APIDecoder+Frames.swift",     // withFrame and its helpers
            "Decoding/APIDecoder+Decoding.swift",   // decodeModel: withFrame written out
            "Decoding/ArrayBatchDecoding.swift",    // the root's frames, open across batches
            "Runtime/DecodingContext.swift",        // pushFrame/popFrame themselves
        ]
        let users = try Self.libraryCode().filter { $0.code.contains("pushFrame(") || $0.code.contains("popFrame(") || $0.code.contains("state.push(") || $0.code.contains("state.pop(") }
        #expect(users.map { $0.path } == allowed.sorted())
    }

    /// "File-private fixtures instead of two-letter name prefixes": fixtures such as `RedactedModel` or `PathFields` (formerly `RDModel`, `PDPaths`).
    @Test func testFixturesHaveNoTwoLetterPrefixes() throws {
        let root = packageRoot.appendingPathComponent("Tests/SalvageTests")
        let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
        var prefixed: [String] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let code = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
            for match in code.matches(of: /\b(?:struct|enum|class|actor|protocol) ([A-Z]{2}[A-Z][a-z]\w*)/) {
                let name = String(match.1)
                // Initialisms a Swift developer writes as words, not prefixes.
                guard !["API", "URL", "JSON", "UTF", "UUID", "ISO", "NDJ"].contains(where: { name.hasPrefix($0) }) else { continue }
                prefixed.append("\(relative): \(name)")
            }
        }
        #expect(prefixed.isEmpty, "\(prefixed.joined(separator: "\n"))")
    }
}
