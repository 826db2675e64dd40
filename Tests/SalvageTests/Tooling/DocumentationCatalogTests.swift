import Foundation
import Testing

/// `Sources/Salvage/Salvage.docc` is the documentation site: its landing page is organised by task, and its
/// articles are symlinks to the guides in `Docs/` (the single source, read on GitHub). This suite fails when
/// a guide has no article, an article's link is broken or points elsewhere, the landing page leaves a guide
/// out, or it names a ``Symbol`` that is not a public declaration of `Sources/Salvage`.
@Suite("Documentation catalog")
struct DocumentationCatalogTests {
    static let catalog = "Sources/Salvage/Salvage.docc"
    static let landingPage = "Salvage.md"

    /// The problems with the articles of the catalog, given the guides of `Docs/` (file names), the
    /// catalog's symlinks (file name → link destination, nil when the entry is not a symlink), whether each
    /// destination resolves to an existing file, and the landing page's text.
    static func articleProblems(guides: [String], links: [String: String?], resolves: (String) -> Bool, landing: String) -> [String] {
        var problems: [String] = []
        for guide in guides.sorted() {
            let name = guide.replacingOccurrences(of: ".md", with: "")
            guard let entry = links[guide] else {
                problems.append("Docs/\(guide) has no article in \(catalog)")
                continue
            }
            let expected = "../../../Docs/\(guide)"
            if entry != expected {
                problems.append("\(catalog)/\(guide) should be a symlink to \(expected), not \(entry.map { "a link to \($0)" } ?? "a copy")")
            } else if !resolves(guide) {
                problems.append("\(catalog)/\(guide) is a broken symlink")
            }
            if !landing.contains("<doc:\(name)>") {
                problems.append("\(landingPage) does not list <doc:\(name)>")
            }
        }
        return problems
    }

    /// The ``symbol links`` of `landing` (the module's own title excepted) whose path components are not all
    /// public declarations in `publicNames`. A component is compared by its base name: `decode(_:default:when:)`
    /// as `decode`, a `-hash` disambiguation dropped. Names starting with `_` are not API, so they never count.
    static func unknownSymbols(in landing: String, publicNames: Set<String>) -> [String] {
        var unknown: [String] = []
        var rest = landing[...]
        while let open = rest.range(of: "``") {
            guard let close = rest[open.upperBound...].range(of: "``") else { break }
            let link = String(rest[open.upperBound..<close.lowerBound])
            rest = rest[close.upperBound...]
            guard link != "Salvage" else { continue }
            let components = link.split(separator: "/").map { component in
                let base = component.prefix { $0 != "(" }
                return String(base.split(separator: "-", maxSplits: 1).first ?? base)
            }
            if components.contains(where: { $0.hasPrefix("_") || !publicNames.contains($0) }) {
                unknown.append(link)
            }
        }
        return unknown
    }

    /// The names declared `public` or `open` in `text` (types, functions, properties, `init`, `subscript`),
    /// plus every enum `case` (the cases of a public enum are public; those of internal enums are counted
    /// too, an imprecision DocC's own build catches).
    static func publicNames(in text: String) -> Set<String> {
        let keywords: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let", "actor", "associatedtype"]
        var names: Set<String> = []
        for line in text.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if words.first == "case" {
                // `case a(x: Int, y: Int), b`: the names at parenthesis depth 0, each after `case` or a comma.
                // A colon at depth 0 makes it a `switch` case (`case .a: …`), which declares nothing.
                var depth = 0
                var found: [String] = []
                var name = ""
                var expectsName = true
                var isSwitchCase = false
                for character in words.dropFirst().joined(separator: " ") {
                    switch character {
                    case "(": depth += 1
                    case ")": depth -= 1
                    case "," where depth == 0: expectsName = true
                    case ":" where depth == 0: isSwitchCase = true
                    case _ where depth == 0 && expectsName && (character.isLetter || character.isNumber || character == "_"):
                        name.append(character)
                        continue
                    default: break
                    }
                    if !name.isEmpty { found.append(name) }
                    name = ""
                    if character != "," && character != " " { expectsName = false }
                }
                if !name.isEmpty { found.append(name) }
                if !isSwitchCase { names.formUnion(found) }
                continue
            }
            guard let visibility = words.firstIndex(where: { $0 == "public" || $0 == "open" }) else { continue }
            for (index, word) in words.enumerated() where index > visibility {
                if word.hasPrefix("init") || word.hasPrefix("subscript") {
                    names.insert(String(word.prefix { $0.isLetter }))
                    break
                }
                if keywords.contains(word), index + 1 < words.count {
                    let name = words[index + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    if !name.isEmpty { names.insert(String(name)) }
                    break
                }
            }
        }
        return names
    }

    @Test func everyGuideIsAnArticleOfTheCatalog() throws {
        let files = FileManager.default
        let docs = packageRoot.appendingPathComponent("Docs")
        let catalog = packageRoot.appendingPathComponent(Self.catalog)
        let guides = try files.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
        var links: [String: String?] = [:]
        for entry in try files.contentsOfDirectory(atPath: catalog.path) where entry != Self.landingPage {
            links[entry] = .some(try? files.destinationOfSymbolicLink(atPath: catalog.appendingPathComponent(entry).path))
        }
        let landing = try String(contentsOf: catalog.appendingPathComponent(Self.landingPage), encoding: .utf8)
        #expect(guides.count >= 6, "found only \(guides.count) guides in \(docs.path)")
        let resolves = { (guide: String) in
            catalog.appendingPathComponent(guide).resolvingSymlinksInPath().path == docs.appendingPathComponent(guide).resolvingSymlinksInPath().path
                && files.fileExists(atPath: catalog.appendingPathComponent(guide).path)
        }
        #expect(Self.articleProblems(guides: guides, links: links, resolves: resolves, landing: landing) == [])
        #expect(links.keys.sorted() == guides.sorted(), "every article of the catalog is a guide of Docs/")
    }

    @Test func theLandingPageNamesOnlyPublicSymbols() throws {
        let sources = packageRoot.appendingPathComponent("Sources/Salvage")
        var names: Set<String> = []
        for file in try FileManager.default.subpathsOfDirectory(atPath: sources.path) where file.hasSuffix(".swift") {
            names.formUnion(Self.publicNames(in: try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)))
        }
        let landing = try String(contentsOf: packageRoot.appendingPathComponent("\(Self.catalog)/\(Self.landingPage)"), encoding: .utf8)
        #expect(names.isSuperset(of: ["APIDecoder", "APIDecodable", "succeeded", "decode", "countNotExact"]))
        #expect(landing.components(separatedBy: "``").count > 40, "the landing page lists fewer symbols than expected")
        #expect(Self.unknownSymbols(in: landing, publicNames: names) == [])
    }

    @Test func theArticleCheckFindsEachProblem() {
        let links: [String: String?] = [
            "A.md": "../../../Docs/A.md", "B.md": "../../../Docs/B.md", "C.md": "../Docs/C.md", "D.md": String?.none,
        ]
        let problems = Self.articleProblems(guides: ["A.md", "B.md", "C.md", "D.md", "E.md"], links: links,
                                            resolves: { $0 != "B.md" }, landing: "- <doc:A>\n- <doc:B>\n- <doc:C>\n- <doc:D>")
        #expect(problems == [
            "Sources/Salvage/Salvage.docc/B.md is a broken symlink",
            "Sources/Salvage/Salvage.docc/C.md should be a symlink to ../../../Docs/C.md, not a link to ../Docs/C.md",
            "Sources/Salvage/Salvage.docc/D.md should be a symlink to ../../../Docs/D.md, not a copy",
            "Docs/E.md has no article in Sources/Salvage/Salvage.docc",
        ])
    }

    @Test func theSymbolCheckFindsEachUnknownSymbol() {
        let source = """
        /// A type.
        public struct Known {
            /// A property.
            public var value: Int { 1 }
            /// A method.
            @inlinable public func decode<T>(_ type: T.Type, default: T) -> T { `default` }
            /// An initializer.
            public init() {}
            var hidden = 0
            /// Not API.
            public static func _salvageHook() {}
        }
        /// Reasons.
        public enum Reason {
            /// Two cases, one with a payload.
            case wrong(value: String, count: Int), other
        }
        func f(_ reason: Reason) -> Int {
            switch reason {
            case .wrong: 1
            case Internal.other: 2
            }
        }
        """
        let names = Self.publicNames(in: source)
        #expect(names == ["Known", "value", "decode", "init", "_salvageHook", "Reason", "wrong", "other"])
        let landing = """
        # ``Salvage``
        - ``Known``, ``Known/value``, ``Known/decode(_:default:)``, ``Known/init()``, ``Reason/wrong(value:)-1x2y3``
        - ``Known/hidden``, ``Unknown``, ``Known/_salvageHook()``, ``Internal``
        """
        #expect(Self.unknownSymbols(in: landing, publicNames: names) == ["Known/hidden", "Unknown", "Known/_salvageHook()", "Internal"])
    }
}
