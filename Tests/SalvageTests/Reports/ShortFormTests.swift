import Foundation
import Salvage
import Testing

/// `APIDecodeError.shortForm` (`root["height"]: type_mismatch`) belongs to Salvage, so services can log it
/// without linking SalvageTesting; SalvageTesting's assertions compare error lists in this form.
struct ShortFormTests {
    @Test func theShortFormIsThePathAndTheCode() {
        let result = APIDataDecoder().decode(string: #"{"person_id": 1, "first_name": null, "height": "tall"}"#, to: Person.self)
        #expect(result.errors.map(\.shortForm) == [
            #"root["first_name"]: null"#,
            #"root["last_name"]: missing"#,
            #"root["height"]: type_mismatch"#,
        ])
        #expect(APIDecodeError(path: ["root", "items", 2], reason: .other(message: "m")).shortForm == #"root["items"][2]: custom"#)
    }

    /// A consumer that imports only Salvage must find it: it is declared in `Sources/Salvage`, not in
    /// `Sources/SalvageTesting` (inside this test target both are imported, so only the sources can tell).
    @Test func itIsDeclaredInSalvageNotInSalvageTesting() throws {
        func declares(_ folder: String) throws -> [String] {
            let root = packageRoot.appendingPathComponent(folder)
            let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
            return try files.filter { $0.hasSuffix(".swift") }.sorted().filter { file in
                try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8).contains("public var shortForm: String")
            }
        }
        #expect(try declares("Sources/Salvage") == ["Reports/ErrorShortForm.swift"])
        #expect(try declares("Sources/SalvageTesting") == [])
    }
}
