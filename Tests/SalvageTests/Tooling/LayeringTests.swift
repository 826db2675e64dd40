import Foundation
import Testing

/// The folders of `Sources/Salvage` are layers (Docs/Architecture.md draws them): a file may use its own layer
/// and the layers below it, never one above. This suite reads the sources and fails, naming the file, the name
/// it uses and the folder that declares it, on every use that points up the picture.
@Suite("Layering of Sources/Salvage")
struct LayeringTests {
    /// The layers from the bottom up. Folders on one line form one layer and may use each other: `Decoding`
    /// (what users call) and `Runtime` (how it runs) are two halves of the decoder tree — a decoder *is* a
    /// runtime handle plus a position, and the runtime records errors at decoders.
    static let layers: [[String]] = [
        ["Shared"],
        ["Options"],
        ["Parsing"],
        ["Document"],
        ["Runtime", "Decoding"],
        ["Conversions"],
        ["Writing"],
        ["Reports"],
        ["Codable"],
    ]

    /// Member names the standard library or Foundation also declare: a use of `.max` or `.map` says nothing
    /// about which of our folders it reaches.
    static let commonMemberNames: Set<String> = [
        "true", "false", "max", "min", "map", "get", "encode", "decode", "decodeIfPresent", "firstIndex", "nan",
        "entry", "count", "description", "debugDescription", "value", "first", "last", "isEmpty", "contains", "append",
        "deallocate", "removeLast",
    ]

    struct SourceFile {
        let path: String
        let folder: String
        let code: String
    }

    struct Violation: CustomStringConvertible {
        let file: String
        let name: String
        let declaredIn: String
        var description: String { "\(file) uses \(name), declared in \(declaredIn)/, a layer above it" }
    }

    static func sources() throws -> [SourceFile] {
        let root = packageRoot.appendingPathComponent("Sources/Salvage")
        let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
        var files: [SourceFile] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
            let folder = String(relative.split(separator: "/").first ?? "")
            files.append(SourceFile(path: relative, folder: folder, code: codeOnly(text)))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// `text` without comments and without the contents of string literals.
    static func codeOnly(_ text: String) -> String {
        text.replacing(/\/\/[^\n]*/, with: "").replacing(/"(?:[^"\\\n]|\\.)*"/, with: "\"\"")
    }

    static func layer(of folder: String) -> Int? {
        layers.firstIndex { $0.contains(folder) }
    }

    /// The uses in `files` of a type, or of a member declared in one folder only, from a lower layer.
    static func violations(in files: [SourceFile]) -> [Violation] {
        var typeFolders: [String: Set<String>] = [:]
        var memberFolders: [String: Set<String>] = [:]
        for file in files {
            for match in file.code.matches(of: /\b(?:struct|enum|class|protocol|typealias|actor)\s+([A-Za-z_]\w*)/) {
                typeFolders[String(match.1), default: []].insert(file.folder)
            }
            for match in file.code.matches(of: /\b(?:func|var|let|case)\s+([A-Za-z_]\w*)/) {
                memberFolders[String(match.1), default: []].insert(file.folder)
            }
        }
        var found: [Violation] = []
        for file in files {
            guard let layer = layer(of: file.folder) else { continue }
            let words = Set(file.code.matches(of: /[A-Za-z_]\w*/).map { String($0.output) })
            let members = Set(file.code.matches(of: /\.([A-Za-z_]\w*)/).map { String($0.1) })
            for (name, folders) in typeFolders where folders.count == 1 && words.contains(name) {
                if let owner = folders.first, let ownerLayer = self.layer(of: owner), ownerLayer > layer {
                    found.append(Violation(file: file.path, name: name, declaredIn: owner))
                }
            }
            for (name, folders) in memberFolders where folders.count == 1 && members.contains(name) && !commonMemberNames.contains(name) {
                if let owner = folders.first, let ownerLayer = self.layer(of: owner), ownerLayer > layer {
                    found.append(Violation(file: file.path, name: "." + name, declaredIn: owner))
                }
            }
        }
        return found.sorted { ($0.file, $0.name) < ($1.file, $1.name) }
    }

    @Test func everyFolderOfTheLibraryIsALayer() throws {
        let folders = Set(try Self.sources().map(\.folder))
        let unplaced = folders.filter { Self.layer(of: $0) == nil }.sorted()
        #expect(unplaced.isEmpty, "folders missing from LayeringTests.layers: \(unplaced)")
        #expect(folders == Set(Self.layers.joined()), "layers naming no folder: \(Set(Self.layers.joined()).subtracting(folders).sorted())")
    }

    @Test func noFileUsesALayerAboveItsOwn() throws {
        let violations = Self.violations(in: try Self.sources())
        #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
    }

    /// The scan finds what it is meant to find: the back-edges this layering once had.
    @Test(arguments: [
        // A report extending a result, placed below it.
        ("Shared/Exports.swift", "extension APIDecodeResult { var x: Int { 0 } }", "Decoding/APIDecodeResult.swift",
         "public struct APIDecodeResult<Value> {}", "Shared/Exports.swift uses APIDecodeResult, declared in Decoding/, a layer above it"),
        // A document helper defined by the decoder layer and used by the document.
        ("Document/Values.swift", "func text() -> String { document.valueText(0) }", "Decoding/Transforms.swift",
         "extension JSONDocument { func valueText(_ node: Int) -> String { \"\" } }",
         "Document/Values.swift uses .valueText, declared in Decoding/, a layer above it"),
    ])
    func theScanNamesABackEdge(lowerPath: String, lowerCode: String, upperPath: String, upperCode: String, expected: String) {
        let files = [(lowerPath, lowerCode), (upperPath, upperCode)].map { path, code in
            SourceFile(path: path, folder: String(path.split(separator: "/")[0]), code: Self.codeOnly(code))
        }
        #expect(Self.violations(in: files).map(\.description) == [expected])
    }
}
