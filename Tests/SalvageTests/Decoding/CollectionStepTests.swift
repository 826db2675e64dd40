import Salvage
import Testing

/// `allValues`, `allKeys`, `keys(where:)`, `values(where:)` and an index after them.
struct CollectionStepTests {
    private struct CountedSteps: APIDecodable {
        let values: [Int]
        let keys: [String]
        let wanted: [Int]
        let third: Int?
        let eighth: Int?
        init?(from decoder: APIDecoder) {
            let counts = decoder["counts"]
            values = counts.allValues.compactMap { $0 --> Int?.self }
            keys = counts.allKeys
            wanted = counts.values(where: { $0.hasPrefix("w") }).compactMap { $0 --> Int.self }
            third = counts.allValues[2] --> Int?.self
            eighth = counts.allValues[7] --> Int?.self
            #expect(counts.keys(where: { $0.count == 1 }) == ["a", "b"])
        }
    }

    @Test func stepsOverEveryMemberReportConcreteKeys() throws {
        let result = APIDataDecoder().decode(string: #"{"counts": {"a": 1, "b": "two", "w1": 3, "w2": 4}}"#, to: CountedSteps.self)
        let value = try #require(result.value)
        #expect(value.values == [1, 3, 4])
        #expect(value.keys == ["a", "b", "w1", "w2"])
        #expect(value.wanted == [3, 4])
        #expect(value.third == 3)
        #expect(value.eighth == nil)
        #expect(result.errors.map(\.description) == [#"root(CountedSteps) > "counts" > "b"(Int) : Unexpectedly found a string"#])
    }

    @Test func aRequiredValuePastTheLastMemberIsReportedAtItsIndexAndFailsTheModel() {
        struct PastTheEndSteps: APIDecodable {
            init?(from decoder: APIDecoder) {
                _ = decoder["counts"].allValues[7] --> Int.self
            }
        }
        let result = APIDataDecoder().decode(string: #"{"counts": {"a": 1}}"#, to: PastTheEndSteps.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [#"root(PastTheEndSteps) > "counts" > [7](Int) : No value is present"#])
        #expect(result.errors.map(\.severity) == [.failure])
    }

    @Test func stepsOnANonObjectAreEmpty() {
        struct NoSteps: APIDecodable {
            let count: Int
            init?(from decoder: APIDecoder) { count = decoder["list"].allValues.count + decoder["missing"].allKeys.count }
        }
        #expect(APIDataDecoder().decode(string: #"{"list": [1, 2]}"#, to: NoSteps.self).value?.count == 0)
    }
}
