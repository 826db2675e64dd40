import Foundation
import Salvage
import Testing

// Black-box tests of streamed envelopes (`records(from:to:at:envelope:)`) and of iterating one stream
// value several times and from other tasks (issue #17 item 4).

/// What the envelope closure received, and how often.
final class Reviewer17Envelope {
    var calls: [JSONValue] = []
}

@Suite struct Issue17ReviewerEnvelopeTests {
    struct Case: Sendable {
        let input: String
        let ids: [Int]
        let errors: [String]
        /// The JSON the closure gets, or nil when it must not be called.
        let envelope: String?
    }

    static let cases: [(String, Case)] = [
        ("member then cursor", Case(input: #"{"orders":[{"id":1,"name":"a"},{"id":2,"name":"b"}],"next_cursor":"abc"}"#,
                                    ids: [1, 2], errors: [], envelope: #"{"next_cursor":"abc"}"#)),
        ("members before and after, nested, the key inside them",
         Case(input: #"{"meta":{"orders":[{"id":9,"name":"z"}],"deep":[1,{"orders":[]}]},"total":2,"orders":[{"id":1,"name":"a"}],"# +
                #""tail":{"x":[null,true,"]"]},"s":"\"orders\":[{\"id\":8}]"}"#,
              ids: [1], errors: [],
              envelope: #"{"meta":{"orders":[{"id":9,"name":"z"}],"deep":[1,{"orders":[]}]},"total":2,"tail":{"x":[null,true,"]"]},"s":"\"orders\":[{\"id\":8}]"}"#)),
        ("escaped keys around it", Case(input: #"{"a\"b":"orders","orders\"":[{"id":7,"name":"q"}],"orders":[{"id":1,"name":"a"}]}"#,
                                        ids: [1], errors: [], envelope: #"{"a\"b":"orders","orders\"":[{"id":7,"name":"q"}]}"#)),
        ("a string value equal to the key", Case(input: #"{"kind":"orders", "orders" : [ {"id":1,"name":"a"} ] }"#,
                                                 ids: [1], errors: [], envelope: #"{"kind":"orders"}"#)),
        ("whitespace and a byte order mark", Case(input: "\u{FEFF} \r\n{ \"orders\" :\r\n [ {\"id\":1,\"name\":\"a\"} ,\r\n{\"id\":2,\"name\":\"b\"}] , \"a\" : [ ] }\r\n",
                                                  ids: [1, 2], errors: [], envelope: #"{"a":[]}"#)),
        ("empty array", Case(input: #"{"orders":[],"a":1}"#, ids: [], errors: [], envelope: #"{"a":1}"#)),
        ("missing member", Case(input: #"{"a":1}"#, ids: [],
                                errors: [#"root > "orders"(Array<Reviewer17Item>) : No value is present @ line 1, column 7 (byte 6)"#],
                                envelope: #"{"a":1}"#)),
        ("null member", Case(input: #"{"orders":null,"a":1}"#, ids: [],
                             errors: [#"root > "orders"(Array<Reviewer17Item>) : Unexpectedly found null @ line 1, column 11 (byte 10)"#],
                             envelope: #"{"orders":null,"a":1}"#)),
        ("member not an array", Case(input: #"{"a":1,"orders":{"id":1,"name":"a"}}"#, ids: [],
                                     errors: [#"root > "orders"(Array<Reviewer17Item>) : Unexpectedly found an object @ line 1, column 17 (byte 16)"#],
                                     envelope: #"{"a":1,"orders":{"id":1,"name":"a"}}"#)),
        ("escaped member name is not the member", Case(input: #"{"ord\u0065rs":[{"id":1,"name":"a"}]}"#, ids: [],
                                                       errors: [#"root > "orders"(Array<Reviewer17Item>) : No value is present @ line 1, column 37 (byte 36)"#],
                                                       envelope: #"{"orders":[{"id":1,"name":"a"}]}"#)),
        ("a broken element", Case(input: #"{"orders":[{"id":1,"name":"a"},{"id":,},{"id":3,"name":"c"}],"n":1}"#,
                                  ids: [1, 3], errors: ["invalid_json"], envelope: #"{"n":1}"#)),
        ("the member twice", Case(input: #"{"orders":[{"id":1,"name":"a"}],"x":0,"orders":[{"id":2,"name":"b"}]}"#,
                                  ids: [1, 2], errors: [], envelope: #"{"x":0}"#)),
        ("a syntax error after the array", Case(input: #"{"n":0,"orders":[{"id":1,"name":"a"}],"x":tru,"y":1}"#,
                                                ids: [1], errors: ["invalid_json"], envelope: #"{"n":0}"#)),
        ("a syntax error before the array", Case(input: #"{"x":1,"y":nul,"orders":[{"id":1,"name":"a"}]}"#,
                                                 ids: [], errors: ["invalid_json"], envelope: #"{"x":1}"#)),
        ("not an object", Case(input: #"[{"id":1,"name":"a"}]"#, ids: [1], errors: [], envelope: nil)),
    ]

    /// The ids, errors (description and location, or only the code where the case gives a code) and envelope
    /// calls of one case, from a file and from a sequence.
    static func run(_ testCase: Case) async throws -> [(ids: [Int], errors: [String], envelope: [JSONValue])] {
        let bytes = Reviewer17.bytes(testCase.input)
        let url = try Reviewer17.file(bytes)
        defer { try? FileManager.default.removeItem(at: url) }
        var outcomes: [(ids: [Int], errors: [String], envelope: [JSONValue])] = []
        for source in ["file", "sequence"] {
            let box = Reviewer17Envelope()
            let stream = source == "file"
                ? APIDataDecoder().records(from: url, to: Reviewer17Item.self, at: "orders", envelope: { box.calls.append($0) })
                : APIDataDecoder().records(from: Reviewer17Bytes(bytes: bytes, yieldEvery: 7), to: Reviewer17Item.self, at: "orders",
                                           envelope: { box.calls.append($0) })
            var ids: [Int] = []
            var errors: [String] = []
            for try await record in stream {
                if let value = record.result.value { ids.append(value.id) }
                errors += record.result.errors.map { error in
                    testCase.errors.contains(error.code) ? error.code : "\(error) @ \(error.location.map(String.init(describing:)) ?? "-")"
                }
            }
            outcomes.append((ids, errors, box.calls))
        }
        return outcomes
    }

    @Test(arguments: cases.map(\.0))
    func envelope(_ name: String) async throws {
        let testCase = try #require(Self.cases.first { $0.0 == name }).1
        let expectedEnvelope = testCase.envelope.map { APIDataDecoder().decode(string: $0, to: JSONValue.self).value }
        for outcome in try await Self.run(testCase) {
            #expect(outcome.ids == testCase.ids)
            #expect(outcome.errors == testCase.errors)
            if let expectedEnvelope {
                #expect(outcome.envelope == [try #require(expectedEnvelope)])
            } else {
                #expect(outcome.envelope.isEmpty)
            }
        }
    }

    @Test func aLargeEnvelope() async throws {
        // A 200 KB member before the array and one after it; the array crosses many chunks.
        let before = "\"big\":\"" + String(repeating: "é", count: 100_000) + "\""
        let elements = (0..<30_000).map { "{\"id\":\($0),\"name\":\($0 % 1000 == 0 ? "0" : "\"n\($0)\"")}" }
        let array = "[\n" + elements.joined(separator: ",\n") + "\n]"
        let input = "{" + before + ",\"orders\":" + array + ",\"next\":{\"cursor\":[1,2]}}"
        let whole = APIDataDecoder().decode(string: array, to: [Reviewer17Item].self)
        // Lines are the same (the array starts on line 1); columns and offsets of line 1 are not.
        let expectedErrors = whole.errors.map { "\(Reviewer17.elementPath($0.description)) line \($0.location?.line ?? 0)" }
        #expect(expectedErrors.count == 30)
        let members: [String: JSONValue] = ["big": .string(String(repeating: "é", count: 100_000)),
                                            "next": .object(["cursor": .array([1, 2])])]
        let expectedEnvelope = JSONValue.object(members)
        let outcomes = try await Self.run(Case(input: input, ids: [], errors: [], envelope: nil))
        for outcome in outcomes {
            #expect(outcome.ids == whole.value?.map(\.id))
            let errors: [String] = outcome.errors.map {
                $0.replacingOccurrences(of: #" @ line (\d+), column \d+ \(byte \d+\)$"#, with: " line $1", options: .regularExpression)
            }
            #expect(errors == expectedErrors)
            #expect(outcome.envelope == [expectedEnvelope])
        }
    }

    /// Options that limit in-memory input, and the deepest members a stream accepts with them.
    static let limitedOptions: [(String, APIDecodeOptions, String)] = {
        var small = APIDecodeOptions()
        small.maximumInputSize = 40
        var shallow = APIDecodeOptions()
        shallow.maximumDepth = 3
        return [("maximumInputSize (in-memory only)", small, #""next":"0123456789012345678901234567890123456789""#),
                ("a member as deep as maximumDepth", shallow, #""next":[[[1]]]"#)]
    }()

    @Test(arguments: limitedOptions.map(\.0))
    func aMemberTheStreamAcceptedReachesTheClosure(_ name: String) async throws {
        // The stream accepts the member (no error record), so the closure must get it, not an empty object.
        let (_, options, member) = try #require(Self.limitedOptions.first { $0.0 == name })
        let input = #"{"orders":[{"id":1,"name":"a"}],"# + member + "}"
        let box = Reviewer17Envelope()
        var ids: [Int?] = []
        var errors: [APIDecodeError] = []
        let stream = APIDataDecoder(options: options).records(from: Reviewer17Bytes(bytes: Reviewer17.bytes(input)), to: Reviewer17Item.self,
                                                                at: "orders", envelope: { box.calls.append($0) })
        for try await record in stream {
            ids.append(record.result.value?.id)
            errors += record.result.errors
        }
        #expect(ids == [1])
        #expect(errors.isEmpty)
        let expected = APIDataDecoder().decode(string: "{" + member + "}", to: JSONValue.self).value
        #expect(box.calls == [try #require(expected)])
    }

    @Test func deepNestingInAnotherMemberIsAnError() async throws {
        let input = "{\"orders\":[{\"id\":1,\"name\":\"a\"}],\"deep\":" + String(repeating: "[", count: 100_000) + "}"
        for outcome in try await Self.run(Case(input: input, ids: [], errors: [], envelope: nil)) {
            #expect(outcome.ids == [1])
            #expect(outcome.errors.count == 1)
            #expect(outcome.envelope == [.object([:])])
        }
    }

    @Test func theClosureIsNotCalledWhenTheStreamEndsBeforeItsInputWasRead() async throws {
        // Members after the array were never read: neither a failing read nor a cancelled task hands over a
        // partial envelope (a pager would take a missing `next` for the last page).
        let elements = (0..<100_000).map { "{\"id\":\($0),\"name\":\"n\"}" }.joined(separator: ",")
        let bytes = Reviewer17.bytes(#"{"page":1,"orders":["# + elements + #"],"next":"abc"}"#)
        let failing = Reviewer17Envelope()
        var received = 0
        await #expect(throws: Reviewer17Bytes.ReadFailure.self) {
            for try await _ in APIDataDecoder().records(from: Reviewer17Bytes(bytes: bytes, failAt: 200_000), to: Reviewer17Item.self,
                                                        at: "orders", envelope: { failing.calls.append($0) }) { received += 1 }
        }
        #expect(received > 0 && received < 100_000)
        #expect(failing.calls.isEmpty)

        let task = Task { () async throws -> (received: Int, cancelled: Bool, calls: Int) in
            let cancelled = Reviewer17Envelope()
            var received = 0
            do {
                for try await _ in APIDataDecoder().records(from: Reviewer17Bytes(bytes: bytes), to: Reviewer17Item.self,
                                                            at: "orders", envelope: { cancelled.calls.append($0) }) {
                    received += 1
                    if received == 10 { withUnsafeCurrentTask { $0?.cancel() } }
                }
                return (received, false, cancelled.calls.count)
            } catch is CancellationError {
                return (received, true, cancelled.calls.count)
            }
        }
        let outcome = try await task.value
        #expect(outcome.cancelled)
        #expect(outcome.received >= 10 && outcome.received < 100_000)
        #expect(outcome.calls == 0)
        // Read to the end, the same bytes give the closure the members around the array.
        let whole = Reviewer17Envelope()
        for try await _ in APIDataDecoder().records(from: Reviewer17Bytes(bytes: bytes), to: Reviewer17Item.self,
                                                    at: "orders", envelope: { whole.calls.append($0) }) {}
        #expect(whole.calls == [.object(["page": 1, "next": "abc"])])
    }

    // MARK: Iterating a stream value

    @Test func breakingOutThenIteratingAgainStartsOver() async throws {
        let bytes = Reviewer17.bytes("[" + (0..<50).map { "{\"id\":\($0),\"name\":\"n\"}" }.joined(separator: ",") + "]")
        let url = try Reviewer17.file(bytes)
        defer { try? FileManager.default.removeItem(at: url) }
        let streams = [APIDataDecoder().records(from: url, to: Reviewer17Item.self),
                       APIDataDecoder().records(from: Reviewer17Bytes(bytes: bytes), to: Reviewer17Item.self)]
        for stream in streams {
            var first: [Int] = []
            for try await record in stream {
                first.append(record.result.value?.id ?? -1)
                if first.count == 3 { break }
            }
            #expect(first == [0, 1, 2])
            var again: [Int] = []
            for try await record in stream { again.append(record.result.value?.id ?? -1) }
            #expect(again == Array(0..<50))
        }
    }

    @Test func twoIteratorsOfOneStreamAreIndependent() async throws {
        let bytes = Reviewer17.bytes((0..<40).map { "{\"id\":\($0),\"name\":\"n\"}\n" }.joined())
        let url = try Reviewer17.file(bytes)
        defer { try? FileManager.default.removeItem(at: url) }
        for stream in [APIDataDecoder().records(from: url, to: Reviewer17Item.self),
                       APIDataDecoder().records(from: Reviewer17Bytes(bytes: bytes), to: Reviewer17Item.self)] {
            var a = stream.makeAsyncIterator()
            var b = stream.makeAsyncIterator()
            var idsA: [Int] = []
            var idsB: [Int] = []
            // `b` runs two records ahead per round of `a`, each over its own reading of the source.
            var aDone = false
            var bDone = false
            while !aDone || !bDone {
                if let record = try await a.next() { idsA.append(record.result.value?.id ?? -1) } else { aDone = true }
                for _ in 0..<2 {
                    if let record = try await b.next() { idsB.append(record.result.value?.id ?? -1) } else { bDone = true }
                }
            }
            #expect(idsA == Array(0..<40))
            #expect(idsB == Array(0..<40))
        }
    }

}
