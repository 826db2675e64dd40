import Foundation
import Salvage
import Testing

/// The `record` of JSON lines and metadata names each enclosing record's type (`Event id=… > Actor id=…`),
/// `outermost_record` names the top one, and summary samples show it: ids alone (`id=1 > id=x`) were
/// ambiguous in logs.
struct RecordNamingTests {
    private struct Actor: APIDecodable {
        static var idKey: String? { "id" }
        init?(from decoder: APIDecoder) {
            _ = decoder["id"] --> Int.self
            guard decoder.succeeded else { return nil }
        }
    }

    private struct Event: APIDecodable {
        static var idKey: String? { "id" }
        init?(from decoder: APIDecoder) {
            _ = decoder["id"] --> String.self
            _ = decoder["actor"] --> Actor?.self
            guard decoder.succeeded else { return nil }
        }
    }

    private static let events = """
    [{"id": "1652857701", "actor": {"id": "not-a-number"}},
     {"id": "1652857702", "actor": {"id": 7}},
     {"id": "1652857703", "actor": {"id": "x"}}]
    """

    @Test func jsonLinesAndMetadataNameTheRecordTypes() throws {
        let result = APIDataDecoder().decode(string: Self.events, to: [Event].self)
        let error = try #require(result.errors.first)
        #expect(error.description == #"root(Array<Event>) > [0](Event id=1652857701) > "actor"(Actor id=not-a-number) > "id"(Int) : Unexpectedly found a string"#)
        #expect(error.recordIDs == ["id=1652857701", "id=not-a-number"])
        #expect(error.jsonLine == #"{"code":"type_mismatch","column":39,"expected":"Int","found":"string","json_pointer":"/0/actor/id","line":1,"message":"Unexpectedly found a string","outermost_record":"Event id=1652857701","path":"root[0][\"actor\"][\"id\"]","record":"Event id=1652857701 > Actor id=not-a-number","severity":"failure","value":"not-a-number"}"#)
        #expect(error.metadata["salvage.error.record"] == "Event id=1652857701 > Actor id=not-a-number")
        #expect(error.metadata["salvage.error.outermost_record"] == "Event id=1652857701")
    }

    @Test func summarySamplesShowTheOutermostRecord() throws {
        let summary = APIDataDecoder().decode(string: Self.events, to: [Event].self).summary
        #expect(summary.description == """
        2 errors in 1 group
        2× failure type_mismatch root[*]["actor"]["id"]: Unexpectedly found a string (e.g. Event id=1652857701 > Actor id=not-a-number at line 1, column 39; Event id=1652857703 > Actor id=x at line 3, column 39)
        """)
    }

    @Test func theSummaryEncodesTheOutermostRecordOfEachSample() throws {
        let summary = APIDataDecoder().decode(string: Self.events, to: [Event].self).summary
        #expect(summary.groups.map(\.outermostRecords) == [["Event id=1652857701", "Event id=1652857703"]])
        let json = try #require(String(data: JSONEncoder().encode(summary.groups[0]), encoding: .utf8))
        #expect(json.contains(#""outermostRecords":["Event id=1652857701","Event id=1652857703"]"#))
        let decoded = try JSONDecoder().decode(APIDecodeSummary.self, from: JSONEncoder().encode(summary))
        #expect(decoded.description == summary.description)
        #expect(decoded.groups.map(\.outermostRecords) == summary.groups.map(\.outermostRecords))
    }

    private struct Feed: APIDecodable {
        static var idKey: String? { "feed" }
        init?(from decoder: APIDecoder) {
            _ = decoder["events"] --> [Event].self
        }
    }

    @Test func recordsBetweenTheOutermostAndTheInnermostAreElidedInSamples() throws {
        let json = #"{"feed": "f1", "events": [{"id": "e1", "actor": {"id": "bad"}}]}"#
        let result = APIDataDecoder().decode(string: json, to: Feed.self)
        let error = try #require(result.errors.first)
        #expect(error.records == ["Feed feed=f1", "Event id=e1", "Actor id=bad"])
        #expect(error.outermostRecord == "Feed feed=f1")
        #expect(result.summary.description == "1 error in 1 group\n"
            + #"1× failure type_mismatch root["events"][*]["actor"]["id"]: Unexpectedly found a string (e.g. Feed feed=f1 > … > Actor id=bad at line 1, column 56)"#)
    }

    @Test func errorsOutsideAnyRecordWithAnIdHaveNone() throws {
        let result = APIDataDecoder().decode(string: #"[1, "x"]"#, to: [Int].self)
        let error = try #require(result.errors.first)
        #expect(error.jsonLine == #"{"code":"type_mismatch","column":5,"expected":"Int","found":"string","json_pointer":"/1","line":1,"message":"Unexpectedly found a string","path":"root[1]","severity":"recovered","value":"x"}"#)
        #expect(result.summary.description == "1 error in 1 group\n" + #"1× recovered type_mismatch root[*]: Unexpectedly found a string (e.g. at line 1, column 5)"#)
    }
}
