// The ```swift block of Docs/MigratingFromLastMile.md (the import), followed by LastMile 1.0-style code
// that compiles against Salvage with only that import changed, and the guide's behaviour differences.
// DocBlocksAreMirroredTests checks that the lines are the guide's.
import Foundation
import Testing
import Salvage   // was: import LastMile

/// A model written the LastMile 1.0 way: `decodeRequired`/`decodeOptional` with counts, `--> CountLimited`,
/// `decoder[codingKey]`, `isJSONNull`, `recordError(_:)` and a stored `idKey` (as `static let` in Swift 6).
private struct LastMileTeam: APIDecodable {
    static let idKey: String? = "team_id"

    enum CodingKeys: String, CodingKey { case teamID = "team_id", name }

    let id: Int
    let name: String
    let members: [String]
    let coach: String?
    let tags: [String]?

    init?(from decoder: APIDecoder) {
        let id      = decoder[CodingKeys.teamID] --> Int.self
        let name    = decoder[CodingKeys.name].decodeRequired(String.self)
        let members = decoder["members"].decodeRequired([String].self, min: 1, max: 3, countsAreMandatory: true)
        let coach   = decoder["coach"].decodeOptional(String.self)
        let tags    = decoder["tags"] --> CountLimited<[String]?>(max: 2)
        if decoder["mascot"].isJSONNull {
            decoder["mascot"].recordError(.other(message: "mascot is null"))
        }
        guard decoder.succeeded else { return nil }
        self.id = id!
        self.name = name!
        self.members = members!
        self.coach = coach
        self.tags = tags
    }
}

@Suite("MigratingFromLastMile.md") struct MigratingFromLastMileExamples {
    @Test func lastMileCodeCompilesAgainstSalvage() throws {
        let data = Data(#"{"team_id": 5, "name": "Owls", "members": ["ann", "bo"], "coach": 3, "tags": ["a", "b", "c"], "mascot": null}"#.utf8)
        let result = APIDataDecoder().decode(data: data, to: LastMileTeam.self, options: [APIDecodeOptions.rootNodeNameKey: "team"])
        let team = try #require(result.value)
        #expect(team.id == 5 && team.name == "Owls" && team.members == ["ann", "bo"] && team.coach == nil && team.tags == ["a", "b", "c"])
        #expect(result.errors.map(\.description) == [
            #"team(LastMileTeam team_id=5) > "coach"(String) : Unexpectedly found an integer"#,
            #"team(LastMileTeam team_id=5) > "tags"(Array<String>) : Count above max: max 2, actual 3"#,
            #"team(LastMileTeam team_id=5) > "mascot" : mascot is null"#,
        ])
        // LastMile's error initializers and path renderings.
        #expect(result.errors[0] == APIDecodeError(path: ["team", "coach"], actual: .integer))
        let path: [APICodingKey] = ["team", "members", 1]
        #expect(path.jsonPath == #"team["members"][1]"#)
        // Counts are mandatory here: too many members fails the team.
        let tooMany = APIDataDecoder().decode(data: Data(#"{"team_id": 6, "name": "Ants", "members": ["a", "b", "c", "d"]}"#.utf8),
                                              to: LastMileTeam.self)
        #expect(tooMany.value == nil)
        #expect(tooMany.errors.map(\.reason) == [.countAboveMaximum(maximum: 3, actual: 4)])
        // The JSON-object decoder and its older spelling.
        let object: [String: Any] = ["team_id": 7, "name": "Elks", "members": ["x"]]
        #expect(APIJSONObjectDecoder().decode(json: object, to: LastMileTeam.self).value?.id == 7)
        #expect(APIJSONObjectDecoder().decode(jsonObject: object, to: LastMileTeam.self).errors.isEmpty)
    }

    /// "Invalid JSON is reported as invalid JSON".
    @Test func invalidJSONIsReportedAsInvalidJSON() throws {
        let result = APIDataDecoder().decode(string: #"{"id":8675309 8}"#, to: Person.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            """
            root(Person) : Invalid JSON at line 1, column 15 (byte 14): Unexpected character '8': expected ',' or '}' after an object member
            """,
        ])
    }

    /// "A non-object element in an array of models", "Enums keep their tag and their parent".
    @Test func fixedLastMileBugs() throws {
        struct Item: APIDecodable {
            let identifier: String?
            init?(from decoder: APIDecoder) {
                let identifier = decoder["identifier"] --> String?.self
                guard decoder.succeeded else { return nil }     // as every model should
                self.identifier = identifier
            }
        }
        enum Status: String, APIDecodable { case open, closed }
        struct Box: APIDecodable {
            let items: [Item]
            let status: Status?
            let city: String?
            init?(from decoder: APIDecoder) {
                let items = decoder["items"] --> [Item].self
                status = decoder["status"] --> Status?.self
                city = decoder["address"]["city"] --> String?.self
                guard decoder.succeeded else { return nil }
                self.items = items!
            }
        }
        let result = APIDataDecoder().decode(string: #"{"items": [{}, {"identifier": "b"}, true], "status": "lost", "address": "Main St"}"#,
                                             to: Box.self)
        let box = try #require(result.value)
        #expect(box.items.map(\.identifier) == [nil, "b"])
        #expect(box.status == nil)
        #expect(box.city == nil)
        #expect(result.errors.map(\.description) == [
            #"root(Box) > "items"(Array<Item>) > [2](Item) : Unexpectedly found a boolean"#,
            #"root(Box) > "status"(Status) : Raw value of "lost" for type Status not defined"#,
            #"root(Box) > "address" : Unexpectedly found a string"#,
        ])
    }

    /// "A model that returns nil always says why", "Linux and 64-bit integers".
    @Test func silentNilAndIntegers() {
        struct Picky: APIDecodable {
            init?(from decoder: APIDecoder) { nil }
        }
        let picky = APIDataDecoder().decode(string: "{}", to: Picky.self)
        #expect(picky.errors.map(\.description) == ["root(Picky) : Picky.init(from:) returned nil without recording an error"])
        #expect(APIDataDecoder().decode(string: "[9223372036854775807, -9223372036854775808]", to: [Int64].self).value == [.max, .min])
    }
}
