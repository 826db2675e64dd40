import Foundation
import Salvage
import Testing

// Issue #12 item 2, as its text reads: "a redacted value appears in no rendering and no stored field". RedactionTests
// covers every reason × every rendering through `decode(data:to:)`; this suite takes the issue's own example
// (`"dob": "31/12/1999-private"` under `redactedKeys = ["dob"]`) through the library's other entry points and
// the reports that combine errors (records, Codable roots, object trees, JSON values, root arrays, uniquing by a
// redacted id, defaults and fallbacks), and checks every rendering of every error they give.

private struct Patient: APIDecodable, Sendable {
    let name: String
    let dob: Date?
    init?(from decoder: APIDecoder) {
        guard let name = decoder["name"] --> String.self else { return nil }
        self.name = name
        dob = decoder["dob"] --> Date?.self
    }
}

private struct CodablePerson: Decodable, Sendable {
    let name: String
    let dob: Date?
}

/// A record uniqued by a redacted id.
private struct Account: APIDecodable, Sendable {
    static var idKey: String? { "dob" }
    let dob: String
    init?(from decoder: APIDecoder) {
        guard let dob = decoder["dob"] --> String.self else { return nil }
        self.dob = dob
    }
}

/// Reads `dob` with a default and with fallbacks, reporting both.
private struct Defaulted: APIDecodable, Sendable {
    init?(from decoder: APIDecoder) {
        _ = decoder["dob"].decode(Int.self, default: 0, when: .missingNullOrInvalid)
        _ = decoder[firstOf: "dob", "birth"] --> Int?.self
    }
}

private let secret = "31/12/1999-private"
private let leaks = ["31/12", "1999", "private"]
private let person = #"{"name": "Mary", "dob": "\#(secret)"}"#

private func redacting() -> APIDecodeOptions {
    var options = APIDecodeOptions()
    options.redactedKeys = ["dob"]
    options.reportsUsedDefaults = true
    options.reportsUsedFallbacks = true
    return options
}

/// Every rendering of `errors` (and of what they store) that could show a value.
private func renderings(of errors: [APIDecodeError], source: String) throws -> [String] {
    var texts: [String] = []
    for error in errors {
        var stored = ""
        dump(error, to: &stored)
        texts += [
            error.description, error.localizedDescription, String(reflecting: error), "\(error.reason)", stored,
            error.value ?? "", error.jsonLine, error.diagnostic(source: source), error.diagnostic(source: Data(source.utf8)),
            error.diagnostic(), error.metadata.description, error.shortForm,
            String(decoding: try JSONEncoder().encode(error), as: UTF8.self),
        ]
    }
    let summary = APIDecodeSummary(errors: errors)
    texts += [summary.description, String(decoding: try JSONEncoder().encode(summary), as: UTF8.self)]
    texts.append(APIDecodeFailure(errors: errors).description)
    return texts
}

private func expectNoLeak(_ errors: [APIDecodeError], source: String, codes: [String],
                          sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    #expect(errors.map(\.code) == codes, sourceLocation: sourceLocation)
    for text in try renderings(of: errors, source: source) {
        for leak in leaks {
            #expect(!text.contains(leak), "shows the redacted value: \(text)", sourceLocation: sourceLocation)
        }
    }
}

@Suite("Issue 12: a redacted value leaks from no entry point")
struct Issue12RedactionEntryPointTests {
    @Test func theIssuesExampleIsRedactedInTheExactDescription() throws {
        let result = APIDataDecoder(options: redacting()).decode(string: person, to: Patient.self)
        #expect(result.value?.name == "Mary")
        #expect(result.errors.map(\.description) == [#"root(Patient) > "dob"(Date) : Cannot read "<redacted>" as Date: expected ISO 8601 date and time"#])
        #expect(result.errors.map(\.value) == ["<redacted>"])
        try expectNoLeak(result.errors, source: person, codes: ["invalid_format"])
        #expect(!result.jsonLines.contains("private"))
        #expect(!result.summary.description.contains("private"))
    }

    @Test func recordsOfAStream() throws {
        let stream = person + "\n" + person + "\n"
        let records = APIDataDecoder(options: redacting()).decodeRecords(string: stream, to: Patient.self)
        #expect(records.map { $0.result.value?.name } == ["Mary", "Mary"])
        try expectNoLeak(records.flatMap(\.result.errors), source: stream, codes: ["invalid_format", "invalid_format"])
    }

    @Test func aCodableRootInBothRecoveryModes() throws {
        for options in [redacting(), { var strict = redacting(); strict.codable.recovery = .strict; return strict }()] {
            let result = APIDataDecoder(options: options).decode(string: person, toDecodable: CodablePerson.self)
            #expect(result.errors.count == 1)
            try expectNoLeak(result.errors, source: person, codes: result.errors.map(\.code))
        }
    }

    @Test func anObjectTree() throws {
        let tree: [String: Any] = ["name": "Mary", "dob": secret]
        let result = APIJSONObjectDecoder(options: redacting()).decode(jsonObject: tree, to: Patient.self)
        #expect(result.value?.name == "Mary")
        try expectNoLeak(result.errors, source: "", codes: ["invalid_format"])
    }

    @Test func aJSONValue() throws {
        let value: JSONValue = ["name": "Mary", "dob": .string(secret)]
        let result = APIDataDecoder(options: redacting()).decode(jsonValue: value, to: Patient.self)
        #expect(result.value?.name == "Mary")
        try expectNoLeak(result.errors, source: "", codes: ["invalid_format"])
    }

    @Test func aRootArrayOverItsLossBudget() throws {
        let json = #"[{"dob": "\#(secret)"}, {"name": "Ann"}]"#
        let result = APIDataDecoder(options: redacting()).decode(string: json, to: [Patient].self, maxDropped: 0)
        #expect(result.value == nil)
        try expectNoLeak(result.errors, source: json, codes: ["missing", "loss_budget"])
    }

    @Test func uniquingByARedactedId() throws {
        let json = #"[{"dob": "\#(secret)"}, {"dob": "\#(secret)"}]"#
        let result = APIDataDecoder(options: redacting()).decode(string: json, to: [Account].self, uniquingBy: .key("dob"))
        #expect(result.value?.count == 1)
        try expectNoLeak(result.errors, source: json, codes: ["duplicate_record"])
    }

    @Test func defaultsAndFallbacksThatReport() throws {
        let json = #"{"dob": "\#(secret)"}"#
        let result = APIDataDecoder(options: redacting()).decode(string: json, to: Defaulted.self)
        try expectNoLeak(result.errors, source: json, codes: result.errors.map(\.code))
        #expect(result.errors.count >= 2)
    }

    @Test func aStrictDecodingErrorOfTheBridge() throws {
        var options = redacting()
        options.codable.recovery = .strict
        let json = #"{"name": "Mary", "dob": "\#(secret)"}"#
        let result = APIDataDecoder(options: options).decode(string: json, to: BridgedPersonRoot.self)
        try expectNoLeak(result.errors, source: json, codes: result.errors.map(\.code))
    }
}

/// A map keyed by data (user names) under a redacted key, and an object with a member no model reads.
private struct Vault: APIDecodable {
    init?(from decoder: APIDecoder) {
        _ = decoder["secrets"] --> [String: Int]?.self
        _ = decoder["profile"] --> Profile?.self
    }
}

private struct Profile: APIDecodable {
    init?(from decoder: APIDecoder) {
        _ = decoder["note"] --> String?.self
    }
}

extension Issue12RedactionEntryPointTests {
    /// Keys below a redacted key are shown: in paths (`root["secrets"]["alice-pw-123"]`, its JSON Pointer) and in
    /// `unknown_key` messages. A model's member names are schema, but a dictionary's keys can be data; hiding
    /// them would hide the schema too (every step below a redacted key), a product decision left open.
    @Test func keysBelowARedactedKeyAreShown() throws {
        var options = APIDecodeOptions()
        options.redactedKeys = ["secrets", "profile"]
        options.reportsUnknownKeys = true
        let json = #"{"secrets": {"alice-pw-123": "x"}, "profile": {"note": "n", "bob-pw-456": 1}}"#
        let errors = APIDataDecoder(options: options).decode(string: json, to: Vault.self).errors
        #expect(errors.map(\.code) == ["type_mismatch", "unknown_key"])
        #expect(errors.map(\.value) == ["<redacted>", "<redacted>"])
        let showing = try renderings(of: errors, source: json).filter { $0.contains("alice-pw-123") || $0.contains("bob-pw-456") }
        #expect(errors.first?.description == #"root(Vault) > "secrets"(Dictionary<String, Int>) > "alice-pw-123"(Int) : Unexpectedly found a string"#)
        withKnownIssue("a dictionary key or unknown key below a redacted key is shown in paths and messages") {
            #expect(showing.isEmpty, "\(showing)")
        }
    }
}

private struct BridgedPersonRoot: APIDecodable {
    init?(from decoder: APIDecoder) {
        guard decoder.decodeRequired(swiftDecodable: CodablePerson.self) != nil else { return nil }
    }
}
