import SalvageBenchmarkKit
import Salvage
import Testing

/// Objects with many members: duplicate keys are still found (last one wins) and parsing stays
/// O(n log n) — an object of 100,000 keys would take minutes if it were quadratic.
struct LargeObjectTests {
    private func object(keys: Int, repeating repeated: Int? = nil) -> String {
        var members = (0..<keys).map { #""key\#($0)": \#($0)"# }
        if let repeated { members.append(#""key\#(repeated)": -1"#) }
        return "{" + members.joined(separator: ", ") + "}"
    }

    @Test(arguments: [33, 1_000, 100_000])
    func aRepeatedKeyInALargeObjectResolvesToTheLastMember(keys: Int) throws {
        let result = APIDataDecoder().decode(string: object(keys: keys, repeating: 7), to: Probe.self)
        #expect(result.errors == [])
        #expect(result.value?.seven == -1)
        #expect(result.value?.first == 0)
    }

    @Test func aLargeObjectWithoutRepeatsFindsEveryKey() throws {
        let result = APIDataDecoder().decode(string: object(keys: 100_000), to: Probe.self)
        #expect(result.value?.seven == 7)
        #expect(result.value?.last == 99_999)
    }
}

private struct Probe: APIDecodable {
    let first: Int
    let seven: Int
    let last: Int?
    init?(from decoder: APIDecoder) {
        guard let first = decoder["key0"] --> Int.self, let seven = decoder["key7"] --> Int.self else { return nil }
        self.first = first
        self.seven = seven
        self.last = decoder["key99999"] --> Int?.self
    }
}

/// The hostile inputs of `salvage-benchmark --worst-cases` all finish with the expected outcome.
@Test func worstCaseInputsFinishWithTheExpectedOutcome() {
    let outcomes = WorstCaseInputs.run().map { "\($0.name): \($0.errors)" }
    #expect(outcomes == [
        "100,000-deep nesting: 1", "10 MB string: 0", "1,000,000-element array: 0",
        "object with 100,000 keys: 0", "a key repeated 100,000 times: 0", "number with 1,000,000 digits: 0",
        "index loop, 1,000,000 elements: 0",
    ])
    let nesting = WorstCaseInputs.all()[0].bytes
    let deep = APIDataDecoder().decode(bytes: nesting, to: JSONValue.self)
    #expect(deep.errors.map(\.description) == ["root(JSONValue) : Invalid JSON at line 1, column 513 (byte 512): Nesting is deeper than maximumDepth (512 levels)"])
}
