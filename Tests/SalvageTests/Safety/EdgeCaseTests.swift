import Foundation
import Salvage
import Testing

/// Behaviours found in review: each pins a fix.
struct EdgeCaseTests {
    private class EdgeBase: Decodable {
        let id: Int
        private enum CodingKeys: String, CodingKey { case id }
        required init(from decoder: any Decoder) throws {
            id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
        }
    }

    private final class EdgeChild: EdgeBase {
        let name: String
        private enum CodingKeys: String, CodingKey { case name }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            // `CodingKeys` has no `super` case: the container's superDecoder() must still find "super".
            try super.init(from: container.superDecoder())
        }
    }

    private struct EdgeChildHolder: APIDecodable {
        let child: EdgeChild
        init?(from decoder: APIDecoder) {
            guard let child = decoder.decodeRequired(swiftDecodable: EdgeChild.self) else { return nil }
            self.child = child
        }
    }

    @Test func superDecoderFindsTheSuperMemberWithoutASuperKeyCase() throws {
        let result = APIDataDecoder().decode(string: #"{"name": "kid", "super": {"id": 7}}"#, to: EdgeChildHolder.self)
        #expect(result.errors == [])
        #expect(result.value?.child.id == 7)
        #expect(result.value?.child.name == "kid")
    }

    @Test func aRepeatedKeyWhoseLastValueFailsLeavesNoEarlierValue() {
        let result = APIDataDecoder().decode(string: #"{"a": 1, "b": 2, "a": "x"}"#, to: [String: Int].self)
        #expect(result.value == ["b": 2])
        #expect(result.errors.map(\.description) == [#"root(Dictionary<String, Int>) > "a"(Int) : Unexpectedly found a string"#])
    }

    @Test func jsonPointerEscapesSlashesFollowedByCombiningMarks() {
        let path: [APICodingKey] = ["root", APICodingKey(hashKey: "a/\u{301}b~")]
        #expect(path.jsonPointer == "/a~1\u{301}b~0")
    }

    private struct IntKeyedModel: Decodable {
        let name: String
        enum CodingKeys: Int, CodingKey { case name = 3 }
    }

    private struct IntKeyedHolder: APIDecodable {
        init?(from decoder: APIDecoder) {
            guard decoder["payload"].decodeRequired(swiftDecodable: IntKeyedModel.self) != nil else { return nil }
        }
    }

    @Test func integerCodingKeysOfObjectsAreNamesInPaths() throws {
        // `name` has intValue 3 but is looked up (and must be reported) by its name.
        let result = APIDataDecoder().decode(string: #"{"payload": {"name": 42}}"#, to: IntKeyedHolder.self)
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.path.jsonPath == #"root["payload"]["name"]"#)
        #expect(error.path.jsonPointer == "/payload/name")
    }

    @Test func anObjectTreeDeeperThanTheLimitSaysSo() {
        var tree: Any = 1
        for _ in 0..<5 { tree = [tree] }
        let decoder = APIJSONObjectDecoder(options: APIDecodeOptions(maximumDepth: 3))
        let result = decoder.decode(jsonObject: tree, to: JSONValue.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == ["root(JSONValue) : Nesting is deeper than maximumDepth (3 levels)"])
    }

    @Test func localizedDescriptionIsTheDescriptionAlsoThroughAnyError() {
        let error: any Error = APIDecodeError(path: ["root", "height"], reason: .unexpectedJSONType(actual: .string))
        #expect(error.localizedDescription == #"root > "height" : Unexpectedly found a string"#)
    }
}

/// Fixes from the review of the decoding features.
struct FeatureReviewTests {
    @Test func anOptionalDecodableThatThrowsIsRecovered() throws {
        struct RuleHolder: APIDecodable {
            init?(from decoder: APIDecoder) { _ = decoder["x"].decodeOptional(swiftDecodable: [Int].self) }
        }
        let result = APIDataDecoder().decode(string: #"{"x": "no"}"#, to: RuleHolder.self)
        #expect(result.value != nil)
        #expect(result.errors.map(\.severity) == [.recovered])
    }

    @Test func aModelThatGivesUpAfterARecoveredErrorGetsAFailureEntry() {
        struct RuleGivesUp: APIDecodable {
            init?(from decoder: APIDecoder) {
                guard decoder["x"] --> Int?.self != nil else { return nil }
            }
        }
        let result = APIDataDecoder().decode(string: #"{"x": "no"}"#, to: RuleGivesUp.self)
        #expect(result.errors.map { "\($0.severity) \($0)" } == [
            #"recovered root(RuleGivesUp) > "x"(Int) : Unexpectedly found a string"#,
            "failure root(RuleGivesUp) : RuleGivesUp.init(from:) returned nil",
        ])
    }

    @Test func leapSecondsAndIncompleteOffsets() throws {
        let leap = APIDataDecoder().decode(string: #"["2016-12-31T23:59:60Z", "2024-01-01T00:00:00+05:"]"#, to: [Date].self)
        #expect(leap.value?.map(\.timeIntervalSince1970) == [1_483_228_800])
        #expect(leap.errors.map(\.code) == ["invalid_format"])
    }

    @Test func lenientFalseOverridesTheOptionAndNumbersMustStandAlone() {
        struct RuleLenient: APIDecodable {
            let strict: Int?
            let padded: Int?
            init?(from decoder: APIDecoder) {
                strict = decoder["a"].decodeOptional(Int.self, lenient: false)
                padded = decoder["b"] --> Int?.self
            }
        }
        var options = APIDecodeOptions()
        options.lenientConversions = true
        let result = APIDataDecoder(options: options).decode(string: #"{"a": "1", "b": " 42 "}"#, to: RuleLenient.self)
        #expect(result.value?.strict == nil)
        #expect(result.value?.padded == nil)
        #expect(result.errors.map(\.code) == ["type_mismatch", "type_mismatch"])
    }

    @Test func aCountViolationThatKeepsTheValueIsInfo() {
        struct RuleCounted: APIDecodable {
            init?(from decoder: APIDecoder) { _ = decoder["xs"] --> CountLimited<[Int]>(exactly: 3) }
        }
        let result = APIDataDecoder().decode(string: #"{"xs": [1]}"#, to: RuleCounted.self)
        #expect(result.value != nil)
        #expect(result.errors.map { "\($0.severity) \($0.code)" } == ["info count"])
    }

    @Test func salvagedThroughJSONDecoderKeepsLargeIntegers() throws {
        struct RuleWrapper: Decodable { let person: Salvaged<Person> }
        let json = #"{"person": {"person_id": 9007199254740993, "first_name": "A", "last_name": "B"}}"#
        let decoded = try JSONDecoder().decode(RuleWrapper.self, from: Data(json.utf8))
        #expect(decoded.person.value.id == 9_007_199_254_740_993)
    }
}
