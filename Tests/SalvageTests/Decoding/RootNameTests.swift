import Foundation
import Salvage
import Testing

// The name at the root of every path (from the options or LastMile's dictionary), also in invalid JSON
// and object trees; the options a decoder exposes.

@Suite struct RootNameTests {
    let badHeight = #"{"person_id": 8675309, "first_name": "Mary", "last_name": "Smith", "height": "really tall"}"#

    @Test func rootNameFromOptions() throws {
        let result = APIDataDecoder(options: APIDecodeOptions(rootName: "response")).decode(string: badHeight, to: Person.self)
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.description == #"response(Person person_id=8675309) > "height"(Double) : Unexpectedly found a string"#)
        #expect(error.path.jsonPath == #"response["height"]"#)
        #expect(error.path.jsonPointer == "/height")
        #expect(error.path.first?.stringValue == "response")
    }

    @Test func rootNameFromLastMileDictionary() throws {
        let result = APIDataDecoder().decode(data: Data(badHeight.utf8), to: Person.self, options: [APIDecodeOptions.rootNodeNameKey: "response"])
        #expect(result.errors.map(\.description) == [#"response(Person person_id=8675309) > "height"(Double) : Unexpectedly found a string"#])
        // The dictionary overrides the decoder's own options.
        let overridden = APIDataDecoder(options: APIDecodeOptions(rootName: "body")).decode(data: Data(badHeight.utf8), to: Person.self, options: [APIDecodeOptions.rootNodeNameKey: "payload"])
        #expect(overridden.errors.map(\.path.jsonPath) == [#"payload["height"]"#])
        let kept = APIDataDecoder(options: APIDecodeOptions(rootName: "body")).decode(data: Data(badHeight.utf8), to: Person.self, options: ["unrelated": 1])
        #expect(kept.errors.map(\.path.jsonPath) == [#"body["height"]"#])
    }

    @Test func rootNameInInvalidJSONAndObjectTrees() {
        let invalid = APIDataDecoder(options: APIDecodeOptions(rootName: "response")).decode(string: "{", to: Person.self)
        #expect(invalid.errors.map(\.path.jsonPath) == ["response"])
        #expect(invalid.errors.first?.description.hasPrefix("response(Person) : Invalid JSON") == true)
        let tree = APIJSONObjectDecoder(options: APIDecodeOptions(rootName: "tree")).decode(jsonObject: ["person_id": 1] as [String: Any], to: Person.self)
        #expect(tree.errors.map(\.description) == [
            #"tree(Person person_id=1) > "first_name"(String) : No value is present"#,
            #"tree(Person person_id=1) > "last_name"(String) : No value is present"#,
        ])
    }

    @Test func decoderExposesItsOptions() throws {
        struct OptionsProbe: APIDecodable {
            let rootName: String
            let depth: Int
            init?(from decoder: APIDecoder) {
                rootName = decoder.options.rootName
                depth = decoder.options.maximumDepth
            }
        }
        let probe = try #require(APIDataDecoder(options: APIDecodeOptions(rootName: "r", maximumDepth: 9)).decode(string: "{}", to: OptionsProbe.self).value)
        #expect(probe.rootName == "r")
        #expect(probe.depth == 9)
        let defaults = APIDecodeOptions()
        #expect(defaults.rootName == "root")
        #expect(defaults.maximumDepth == 512)
        #expect(defaults.dateDecodingStrategy.description == "ISO 8601 date and time")
    }
}
