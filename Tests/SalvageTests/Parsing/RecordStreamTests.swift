import Salvage
import Testing

/// JSON Lines / NDJSON and concatenated values: one result per record, errors located in the stream.
struct RecordStreamTests {
    static let stream = """
    {"person_id": 1, "first_name": "Ada", "last_name": "Lovelace"}
    {"person_id": 2, "first_name": "Alan", "height": "tall", "last_name": "Turing"}
    {"person_id": 3, "first_name": oops}
    {"person_id": 4,
     "first_name": "Grace", "last_name": "Hopper"}{"person_id": 5, "first_name": "Edsger", "last_name": "Dijkstra"}

    """

    @Test func eachRecordHasItsOwnResultAndLine() {
        let records = APIDataDecoder().decodeRecords(string: Self.stream, to: Person.self)
        #expect(records.map(\.index) == [0, 1, 2, 3, 4])
        #expect(records.map(\.line) == [1, 2, 3, 4, 5])
        #expect(records.map { $0.result.value?.firstName } == ["Ada", "Alan", nil, "Grace", "Edsger"])
        #expect(records[1].result.errors.map(\.description) == [#"root(Person person_id=2) > "height"(Double) : Unexpectedly found a string"#])
        #expect(records[1].result.errors.first?.location == SourceLocation(offset: 112, line: 2, column: 50))
        #expect(records[2].result.errors.map(\.description) == [
            "root(Person) : Invalid JSON at line 3, column 32 (byte 174): Unexpected character 'o': expected a value",
        ])
        #expect(records[0].result.errors == [])
    }

    @Test func emptyAndBlankStreamsHaveNoRecords() {
        #expect(APIDataDecoder().decodeRecords(string: "", to: Person.self).isEmpty)
        #expect(APIDataDecoder().decodeRecords(string: " \n\n\t", to: Person.self).isEmpty)
    }

    @Test func aBadTailEndsInOneInvalidRecord() {
        let records = APIDataDecoder().decodeRecords(string: "[1]\n[2, \n", to: [Int].self)
        #expect(records.map { $0.result.value } == [[1], nil])
        #expect(records.last?.result.errors.map(\.code) == ["invalid_json"])
    }
}
