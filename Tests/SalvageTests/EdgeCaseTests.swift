import Foundation
import Salvage
import Testing

/// Behaviours found in review: each pins a fix.
struct EdgeCaseTests {
    class ECBase: Decodable {
        let id: Int
        private enum CodingKeys: String, CodingKey { case id }
        required init(from decoder: any Decoder) throws {
            id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
        }
    }

    final class ECChild: ECBase {
        let name: String
        private enum CodingKeys: String, CodingKey { case name }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            // `CodingKeys` has no `super` case: the container's superDecoder() must still find "super".
            try super.init(from: container.superDecoder())
        }
    }

    struct ECChildHolder: APIDecodable {
        let child: ECChild
        init?(from decoder: APIDecoder) {
            guard let child = decoder.decodeRequired(swiftDecodable: ECChild.self) else { return nil }
            self.child = child
        }
    }

    @Test func superDecoderFindsTheSuperMemberWithoutASuperKeyCase() throws {
        let result = APIDataDecoder().decode(string: #"{"name": "kid", "super": {"id": 7}}"#, to: ECChildHolder.self)
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

    struct ECIntKeyed: Decodable {
        let name: String
        enum CodingKeys: Int, CodingKey { case name = 3 }
    }

    struct ECIntKeyedHolder: APIDecodable {
        init?(from decoder: APIDecoder) {
            guard decoder["payload"].decodeRequired(swiftDecodable: ECIntKeyed.self) != nil else { return nil }
        }
    }

    @Test func integerCodingKeysOfObjectsAreNamesInPaths() throws {
        // `name` has intValue 3 but is looked up (and must be reported) by its name.
        let result = APIDataDecoder().decode(string: #"{"payload": {"name": 42}}"#, to: ECIntKeyedHolder.self)
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
        #expect(result.errors.map(\.description) == ["root(JSONValue) : Nesting is deeper than the limit of 4"])
    }

    @Test func localizedDescriptionIsTheDescriptionAlsoThroughAnyError() {
        let error: any Error = APIDecodeError(path: ["root", "height"], reason: .unexpectedJSONType(actual: .string))
        #expect(error.localizedDescription == #"root > "height" : Unexpectedly found a string"#)
    }
}
