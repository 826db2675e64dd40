// Every ```swift block of Docs/Encoding.md, in order, with assertions on what the guide says.
// DocBlocksAreMirroredTests checks that the lines are the guide's.
import Foundation
import Salvage
import Testing

/// The guide's `User`, for the blocks after the first (which declares its own, as the guide shows it).
private struct User: Codable, Equatable {
    let id: Int
    let name: String
    let homePage: URL?
    let joined: Date
}

@Suite("Encoding.md") struct EncodingExamples {
    @Test func encodingAModel() throws {
        struct User: Codable, Equatable {
            let id: Int
            let name: String
            let homePage: URL?
            let joined: Date
        }

        let user = User(id: 7, name: "Ada", homePage: URL(string: "https://ada.example"), joined: Date(timeIntervalSince1970: 0))
        let data = try APIDataEncoder(outputFormatting: .sortedKeys).encode(user)
        // {"homePage":"https:\/\/ada.example","id":7,"joined":-978307200,"name":"Ada"}

        #expect(String(decoding: data, as: UTF8.self) == #"{"homePage":"https:\/\/ada.example","id":7,"joined":-978307200,"name":"Ada"}"#)
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        #expect(try foundation.encode(user) == data)
    }

    @Test func strategiesReadBack() throws {
        let user = User(id: 7, name: "Ada", homePage: URL(string: "https://ada.example"), joined: Date(timeIntervalSince1970: 0))
        var encoder = APIDataEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        encoder.strategies = EncodingStrategies(keys: .convertToSnakeCase, dates: .iso8601)
        let text = String(decoding: try encoder.encode(user), as: UTF8.self)
        // {
        //   "home_page" : "https:\/\/ada.example",
        //   "id" : 7,
        //   "joined" : "1970-01-01T00:00:00Z",
        //   "name" : "Ada"
        // }

        var options = APIDecodeOptions()
        options.codable = CodableStrategies(keys: .convertFromSnakeCase, dates: .iso8601)
        let back = APIDataDecoder(options: options).decode(string: text, toDecodable: User.self)
        // back.value == user, back.errors == []

        #expect(text == "{\n  \"home_page\" : \"https:\\/\\/ada.example\",\n  \"id\" : 7,\n  \"joined\" : \"1970-01-01T00:00:00Z\",\n  \"name\" : \"Ada\"\n}")
        #expect(back.value == user)
        #expect(back.errors.isEmpty)
    }

    @Test func errors() throws {
        struct Reading: Encodable { let values: [Double] }

        do {
            _ = try APIDataEncoder().encode(["sensor": Reading(values: [1.5, .nan])])
        } catch let EncodingError.invalidValue(_, context) {
            print(context.codingPath.map(\.stringValue))   // ["sensor", "values", "Index 1"]
            print(context.debugDescription)
            // Unable to encode Double.nan directly in JSON. Use EncodingStrategies.nonConformingFloats = .convertToString(…) to write it as a string.
        }

        let error = try #require(throws: EncodingError.self) { try APIDataEncoder().encode(["sensor": Reading(values: [1.5, .nan])]) }
        guard case .invalidValue(_, let context) = error else { Issue.record("\(error)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["sensor", "values", "Index 1"])
        #expect(context.debugDescription == "Unable to encode Double.nan directly in JSON. Use EncodingStrategies.nonConformingFloats = .convertToString(…) to write it as a string.")
    }
}
