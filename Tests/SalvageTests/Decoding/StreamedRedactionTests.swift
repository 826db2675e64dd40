import Foundation
import Salvage
import Testing

// A streamed array's element is a record whose paths start at the element, but `redactedKeys` and
// `redactedPaths` written for the whole document (`"*.email"`, `"orders.*.email"`, a redacted key `"orders"`)
// must hide in the stream what they hide in memory: switching a decode to streaming must not put secrets in logs.

private struct Contact: APIDecodable, Equatable {
    let id: Int
    let email: Int

    init?(from decoder: APIDecoder) {
        guard let (id, email) = decoder.all(decoder["id"] --> Int.self, decoder["email"] --> Int.self) else { return nil }
        self.id = id
        self.email = email
    }
}

/// A model for the whole envelope, to decode it in memory as the stream's elements are decoded.
private struct ContactPage: APIDecodable {
    let orders: [Contact]

    init?(from decoder: APIDecoder) {
        guard let orders = decoder["orders"] --> [Contact].self else { return nil }
        self.orders = orders
    }
}

@Suite struct StreamedRedactionTests {
    static let array = #"[{"id":1,"email":"secret-1"},{"id":2,"email":"secret-2"},"secret-3"]"#
    static let envelope = #"{"page":1,"orders":[{"id":1,"email":"secret-1"},{"id":2,"email":"secret-2"},"secret-3"]}"#

    /// Every error's value and renderings, as one line each.
    static func rendered(_ errors: [APIDecodeError], source: String) -> [String] {
        errors.map { error in
            "\(error.value ?? "-") | \(error.jsonLine) | \(error.diagnostic(source: source))"
        }
    }

    static func streamed(_ input: String, options: APIDecodeOptions, member: String?) async throws -> [APIDecodeError] {
        let bytes = StreamedRecordTests.ChunkedBytes(bytes: Array(input.utf8), sizes: [7])
        let decoder = APIDataDecoder(options: options)
        var errors: [APIDecodeError] = []
        if let member {
            for try await record in decoder.records(from: bytes, to: Contact.self, at: member, envelope: { _ in }) {
                errors += record.result.errors
            }
        } else {
            for try await record in decoder.records(from: bytes, to: Contact.self) { errors += record.result.errors }
        }
        return errors
    }

    static func options(keys: Set<String> = [], paths: [String] = []) -> APIDecodeOptions {
        var options = APIDecodeOptions()
        options.redactedKeys = keys
        options.redactedPaths = paths
        return options
    }

    /// Patterns written for the whole document, and the values the in-memory decode keeps with them.
    static let wholeDocumentCases: [(name: String, keys: Set<String>, paths: [String], envelope: Bool, values: [String])] = [
        ("*.email", [], ["*.email"], false, ["<redacted>", "<redacted>", "secret-3"]),
        ("*", [], ["*"], false, ["<redacted>", "<redacted>", "<redacted>"]),
        ("orders.*.email", [], ["orders.*.email"], true, ["<redacted>", "<redacted>", "secret-3"]),
        ("*.*.email", [], ["*.*.email"], true, ["<redacted>", "<redacted>", "secret-3"]),
        ("orders.*", [], ["orders.*"], true, ["<redacted>", "<redacted>", "<redacted>"]),
        ("a redacted key above the elements", ["orders"], [], true, ["<redacted>", "<redacted>", "<redacted>"]),
        ("a pattern for another member", [], ["page.*.email"], true, ["secret-1", "secret-2", "secret-3"]),
        ("a pattern relative to the element", [], ["email"], false, ["<redacted>", "<redacted>", "secret-3"]),
    ]

    @Test(arguments: wholeDocumentCases.map(\.name))
    func aPatternForTheWholeDocumentRedactsTheStreamedElements(_ name: String) async throws {
        let testCase = try #require(Self.wholeDocumentCases.first { $0.name == name })
        let options = Self.options(keys: testCase.keys, paths: testCase.paths)
        let input = testCase.envelope ? Self.envelope : Self.array
        let streamed = try await Self.streamed(input, options: options, member: testCase.envelope ? "orders" : nil)
        #expect(streamed.map { $0.value ?? "-" } == testCase.values)
        if name != "a pattern relative to the element" {
            // The same values as the in-memory decode of the whole document.
            let inMemory = testCase.envelope
                ? APIDataDecoder(options: options).decode(string: input, to: ContactPage.self).errors
                : APIDataDecoder(options: options).decode(string: input, to: [Contact].self).errors
            #expect(inMemory.map { $0.value ?? "-" } == testCase.values)
        }
        // No rendering of a redacted error shows its secret (a redacting decode shows no source line either).
        for (error, line) in zip(streamed, Self.rendered(streamed, source: input)) where error.value == "<redacted>" {
            #expect(!line.contains("secret"), "\(line)")
        }
    }

    @Test func aPatternNamingAnIndexRedactsThatMemberInEveryStreamedElement() async throws {
        // In memory `0.email` hides element 0's email only; a stream, which knows no index in the pattern's
        // sense before it decodes, hides it in every element rather than show a secret.
        let options = Self.options(paths: ["0.email"])
        let inMemory = APIDataDecoder(options: options).decode(string: Self.array, to: [Contact].self).errors
        #expect(inMemory.map { $0.value ?? "-" } == ["<redacted>", "secret-2", "secret-3"])
        let streamed = try await Self.streamed(Self.array, options: options, member: nil)
        #expect(streamed.map { $0.value ?? "-" } == ["<redacted>", "<redacted>", "secret-3"])
    }

    @Test func ndjsonRecordsKeepTheirOwnPaths() async throws {
        // Values one after another have no enclosing array: `*.email` does not reach a record's own `email`, as
        // in `decodeRecords`.
        let input = "{\"id\":1,\"email\":\"secret-1\"}\n{\"id\":2,\"email\":\"secret-2\"}\n"
        let options = Self.options(paths: ["*.email"])
        let streamed = try await Self.streamed(input, options: options, member: nil)
        let records = APIDataDecoder(options: options).decodeRecords(data: Data(input.utf8), to: Contact.self)
        #expect(streamed.map { $0.value ?? "-" } == ["secret-1", "secret-2"])
        #expect(records.flatMap(\.result.errors).map { $0.value ?? "-" } == ["secret-1", "secret-2"])
    }
}
