import Foundation
import Salvage
import Testing

// Issue #16 item 3 held to its text where the existing suites (UniquingTests, RecordMergingTests) stop: what
// `reportsUnknownKeys` says about the member records are uniqued by. The decode reads that member to tell
// records apart, so it is not a key "never read", even when the model itself never reads its id.
struct Issue16UniquingConformanceTests {
    /// A record whose model never reads its id: the id is only for paths and uniquing.
    private struct Tag: APIDecodable, Equatable {
        static var idKey: String? { "id" }
        let name: String
        init(name: String) { self.name = name }
        init?(from decoder: APIDecoder) {
            guard let name = decoder["name"] --> String.self else { return nil }
            self.name = name
        }
    }

    private static var tracking: APIDataDecoder {
        var options = APIDecodeOptions()
        options.reportsUnknownKeys = true
        return APIDataDecoder(options: options)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let label: String
        let json: String
        let identity: String
        let keeping: RecordOccurrence
        let kept: [String]
        let errors: [String]
        var testDescription: String { label }
    }

    @Test(arguments: [
        Case(label: ".idKey, first", json: #"[{"id": 1, "name": "a", "colour": "red"}, {"id": 1, "name": "b"}, {"id": 2, "name": "c"}]"#,
             identity: "idKey", keeping: .first, kept: ["a", "c"],
             errors: [#"info unknown_key root(Array<Tag>) > [0](Tag id=1) > "colour" : Key "colour" of Tag was never read (in 1 record)"#,
                      "recovered duplicate_record root(Array<Tag>) > [1](Tag id=1) : Duplicate of the record at [0] (id=1); kept [0], dropped [1]"]),
        Case(label: ".idKey, last", json: #"[{"id": 1, "name": "a"}, {"id": 1, "name": "b"}, {"id": 2, "name": "c", "colour": "red"}]"#,
             identity: "idKey", keeping: .last, kept: ["b", "c"],
             errors: [#"info unknown_key root(Array<Tag>) > [2](Tag id=2) > "colour" : Key "colour" of Tag was never read (in 1 record)"#,
                      "recovered duplicate_record root(Array<Tag>) > [0](Tag id=1) : Duplicate of the record at [1] (id=1); kept [1], dropped [0]"]),
        Case(label: ".key(\"sku\")", json: #"[{"sku": "X", "name": "a"}, {"sku": "X", "name": "b"}]"#,
             identity: "sku", keeping: .first, kept: ["a"],
             errors: [#"recovered duplicate_record root(Array<Tag>) > [1](Tag) : Duplicate of the record at [0] (id="X"); kept [0], dropped [1]"#]),
        Case(label: ".path(\"meta.id\")", json: #"[{"meta": {"id": 7}, "name": "a"}, {"meta": {"id": 8}, "name": "b"}]"#,
             identity: "meta.id", keeping: .first, kept: ["a", "b"], errors: []),
    ])
    func theMemberRecordsAreUniquedByIsNotAnUnknownKey(_ test: Case) {
        let identity: RecordIdentity<Tag> = switch test.identity {
        case "idKey": .idKey
        case "sku": .key("sku")
        default: .path(APIQueryPath(stringLiteral: test.identity))
        }
        let result = Self.tracking.decode(string: test.json, to: [Tag].self, uniquingBy: identity, keeping: test.keeping)
        #expect(result.value?.map(\.name) == test.kept)
        #expect(result.errors.map { "\($0.severity) \($0.code) \($0)" } == test.errors)
    }

    /// Without uniquing nothing reads the id, so the model's unread `id` is reported as before.
    @Test func withoutUniquingAnUnreadIDIsStillReported() {
        let result = Self.tracking.decode(string: #"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]"#, to: [Tag].self)
        #expect(result.value?.map(\.name) == ["a", "b"])
        #expect(result.errors.map(\.description) == [#"root(Array<Tag>) > [0](Tag id=1) > "id" : Key "id" of Tag was never read (in 2 records)"#])
    }

    /// The member form, as the issue writes it: `decodeRequired([T].self, uniquingBy: .idKey)` and the optional form.
    @Test func theMemberFormsReportNoUnknownID() {
        struct Feed: APIDecodable {
            let items: [Tag]
            let pinned: [Tag]?
            init?(from decoder: APIDecoder) {
                guard let items = decoder["items"].decodeRequired([Tag].self, uniquingBy: .idKey) else { return nil }
                self.items = items
                pinned = decoder["pinned"].decodeOptional([Tag].self, uniquingBy: .idKey, keeping: .last)
            }
        }
        let json = #"{"items": [{"id": 1, "name": "a"}, {"id": 1, "name": "b"}], "pinned": [{"id": 3, "name": "p"}, {"id": 3, "name": "q"}]}"#
        let result = Self.tracking.decode(string: json, to: Feed.self)
        #expect(result.value?.items == [Tag(name: "a")] && result.value?.pinned == [Tag(name: "q")])
        #expect(result.errors.map(\.description) == [
            #"root(Feed) > "items"(Array<Tag>) > [1](Tag id=1) : Duplicate of the record at [0] (id=1); kept [0], dropped [1]"#,
            #"root(Feed) > "pinned"(Array<Tag>) > [0](Tag id=3) : Duplicate of the record at [1] (id=3); kept [1], dropped [0]"#,
        ])
    }

    /// "and the optional form": null is nil without an error; the required form records the usual one.
    @Test func nullAndAbsentArraysAsEveryOtherArray() throws {
        struct Feed: APIDecodable {
            let items: [Tag]?
            let extra: [Tag]?
            init?(from decoder: APIDecoder) {
                items = decoder["items"].decodeRequired([Tag].self, uniquingBy: .idKey)
                extra = decoder["extra"].decodeOptional([Tag].self, uniquingBy: .key("sku"), keeping: .last)
            }
        }
        let null = APIDataDecoder().decode(string: #"{"items": null, "extra": null}"#, to: Feed.self)
        let absent = APIDataDecoder().decode(string: "{}", to: Feed.self)
        let wrong = APIDataDecoder().decode(string: #"{"items": {"id": 1}, "extra": "x"}"#, to: Feed.self)
        #expect(null.errors.map(\.description) == [#"root(Feed) > "items"(Array<Tag>) : Unexpectedly found null"#])
        #expect(absent.errors.map(\.description) == [#"root(Feed) > "items"(Array<Tag>) : No value is present"#])
        let wrongErrors: [String] = [#"root(Feed) > "items"(Array<Tag>) : Unexpectedly found an object"#,
                                     #"root(Feed) > "extra"(Array<Tag>) : Unexpectedly found a string"#]
        #expect(wrong.errors.map(\.description) == wrongErrors)
        // A required member that fails fails its model, as without uniquing.
        for result in [null, absent, wrong] {
            #expect(result.value == nil)
        }
        let optionalOnly = APIDataDecoder().decode(string: #"{"items": [], "extra": null}"#, to: Feed.self)
        let feed = try #require(optionalOnly.value)
        #expect(feed.items?.isEmpty == true)
        #expect(feed.extra == nil)
        #expect(optionalOnly.errors.isEmpty)
    }

    /// Elements that are not objects have no id member: all are kept, none is a duplicate.
    @Test func elementsWithoutMembersAreAllKept() {
        let result = APIDataDecoder().decode(string: #"[{"id": 1, "name": "a"}, "x", {"id": 1, "name": "b"}, null]"#, to: [Tag].self, uniquingBy: .key("id"))
        #expect(result.value == [Tag(name: "a")])
        #expect(result.errors.map(\.description) == [
            "root(Array<Tag>) > [1](Tag) : Unexpectedly found a string",
            "root(Array<Tag>) > [2](Tag id=1) : Duplicate of the record at [0] (id=1); kept [0], dropped [2]",
            "root(Array<Tag>) > [3](Tag) : Unexpectedly found null",
        ])
    }
}
