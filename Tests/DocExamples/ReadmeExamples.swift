// Every ```swift block of README.md, in order, run with assertions on what it does and prints.
// DocBlocksAreMirroredTests checks that the lines are the README's.
import Foundation
import Testing
import Salvage

struct Person { let id: Int; let firstName: String; let lastName: String; let phoneNumber: String?; let height: Double? }

extension Person: APIDecodable {
    static var idKey: String? { "person_id" }
    init?(from decoder: APIDecoder) {
        // Every field is decoded (and every bad one reported) before `all` checks that none is missing.
        guard let (id, firstName, lastName, phoneNumber, height) = decoder.all(
            decoder["person_id"]                          --> Int.self,
            decoder["first_name"]                         --> String.self,
            decoder["last_name"]                          --> String.self,
            .some(decoder["contact_info"]["phone_number"] --> String?.self),   // optional: nil is fine
            .some(decoder["height"]                       --> Double?.self)
        ) else { return nil }
        self.init(id: id, firstName: firstName, lastName: lastName, phoneNumber: phoneNumber, height: height)
    }
}

/// The error-reporting guide compares `Person` values (`expectDecoded` needs `Equatable`); the
/// conformance is synthesized, so it must be declared in this file.
extension Person: Equatable {}

/// The README's second block, run with `print` captured; returns what it printed.
func readmeExampleOutput() -> String {
    var output = ""
    func print(_ line: String) { output += line + "\n" }
    let json = """
    {"person_id": 8675309, "first_name": "Mary", "last_name": "Smith",
     "contact_info": {"phone_number": "(312) 555-1212"}, "height": "really tall"}
    """
    let result = APIDataDecoder().decode(data: json.data(using: .utf8), to: Person.self)
    print("value: \(result.value.map { "\($0)" } ?? "nil")")
    for error in result.errors { print("errors: \(error)") }
    return output
}

/// Stand-ins for the PackageDescription functions the README's manifest fragment calls, with the same
/// argument labels, so the fragment type-checks here; `installFragment` checks the names it uses against
/// this package's own Package.swift. `.ci/consumer` builds the fragment for real.
private struct ManifestFragment {
    struct Dependency {
        let path: String
        static func package(path: String) -> Dependency { Dependency(path: path) }
    }

    struct Product {
        let name: String
        let package: String
        static func product(name: String, package: String) -> Product { Product(name: name, package: package) }
    }

    struct Target {
        let name: String
        let dependencies: [Product]
        static func target(name: String, dependencies: [Product]) -> Target { Target(name: name, dependencies: dependencies) }
    }

    let dependencies: [Dependency]
    let targets: [Target]
}

@Suite("README.md") struct ReadmeExamples {
    @Test func firstExamplePrintsItsDocumentedOutput() {
        #expect(readmeExampleOutput() == """
        value: Person(id: 8675309, firstName: "Mary", lastName: "Smith", phoneNumber: Optional("(312) 555-1212"), height: nil)
        errors: root(Person person_id=8675309) > "height"(Double) : Unexpectedly found a string

        """)
    }

    @Test func firstExampleErrorDetails() throws {
        let result = APIDataDecoder().decode(string: json, to: Person.self)
        try #require(result.errors.count == 1)
        let error = result.errors[0]
        #expect(error.path.jsonPath == #"root["height"]"#)
        #expect(error.path.jsonPointer == "/height")
        #expect(error.reason == .unexpectedJSONType(actual: .string))
        #expect(error.location == SourceLocation(offset: 130, line: 2, column: 64))
        #expect(result.value == expectedPerson)
    }

    /// "Had `first_name` been missing, the person would have been `nil` and the error would say so".
    @Test func missingFirstNameFailsThePerson() {
        let result = APIDataDecoder().decode(string: #"{"person_id": 8675309, "last_name": "Smith"}"#, to: Person.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [#"root(Person person_id=8675309) > "first_name"(String) : No value is present"#])
    }

    @Test func installFragment() throws {
        let manifest = ManifestFragment(
            // Package.swift
            dependencies: [
                .package(path: "../Salvage"),
            ],
            targets: [
                .target(name: "MyApp", dependencies: [.product(name: "Salvage", package: "salvage")]),
            ]
        )
        // The identity SwiftPM derives from a path: its last component, lowercased.
        #expect(manifest.dependencies.map { ($0.path as NSString).lastPathComponent.lowercased() } == ["salvage"])
        #expect(manifest.targets.flatMap(\.dependencies).map(\.package) == ["salvage"])
        #expect(manifest.targets.flatMap(\.dependencies).map(\.name) == ["Salvage"])
        // The product the fragment depends on exists, and the package itself has no dependencies.
        let packageSwift = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(packageSwift.contains(#".library(name: "Salvage", targets: ["Salvage"])"#))
        #expect(packageSwift.contains(#".library(name: "SalvageTesting", targets: ["SalvageTesting"])"#))
        #expect(!packageSwift.contains(".package("))
        #expect(packageSwift.hasPrefix("// swift-tools-version:6."))
    }

    /// "Nesting is limited (512 by default, at most 1,000)", "`Int64.max` and `UInt64.max` decode exactly;
    /// `3.5` into an `Int` is a `lossOfPrecision` error, `300` into an `Int8` a `numericOverflow`".
    @Test func whatYouGet() throws {
        #expect(APIDecodeOptions().maximumDepth == 512 && APIDecodeOptions.maximumDepthCeiling == 1_000)
        #expect(APIDataDecoder().decode(string: "9223372036854775807", to: Int64.self).value == .max)
        #expect(APIDataDecoder().decode(string: "18446744073709551615", to: UInt64.self).value == .max)
        #expect(APIDataDecoder().decode(string: "3.5", to: Int.self).errors.map(\.reason) == [.lossOfPrecision(value: 3.5, type: "Int")])
        #expect(APIDataDecoder().decode(string: "300", to: Int8.self).errors.map(\.reason) == [.numericOverflow(value: 300, type: "Int8")])
        // Invalid input: one invalidJSON error; ResponseData succeeds on any input.
        let invalid = APIDataDecoder().decode(string: "[1,", to: [Int].self)
        #expect(invalid.value == nil && invalid.errors.map(\.code) == ["invalid_json"])
        #expect(APIDataDecoder().decode(string: "[1,", to: ResponseData.self).value?.data == Data("[1,".utf8))
    }
}
