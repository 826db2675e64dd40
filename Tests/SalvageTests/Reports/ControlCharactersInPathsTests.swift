import Foundation
import Salvage
import Testing

/// Keys, record ids and values with control characters are written with JSON escapes in descriptions, so an
/// error's description stays on one line: a payload cannot split or forge a line of a text log.
@Suite struct ControlCharactersInPathsTests {
    private struct Row: APIDecodable {
        static var idKey: String? { "id" }
        let value: Int?
        init?(from decoder: APIDecoder) { value = decoder["v\nw"] --> Int?.self }
    }

    @Test func keysAndIDsAreEscaped() {
        let json = #"[{"id": "a\nb\u0007", "v\nw": "x\ty"}]"#
        let errors = APIDataDecoder().decode(data: Data(json.utf8), to: [Row].self).errors
        #expect(errors.map(\.description) == [
            #"root(Array<Row>) > [0](Row id=a\nb\u0007) > "v\nw"(Int) : Unexpectedly found a string"#,
        ])
        #expect(errors.first?.description.contains("\n") == false)
        // The values themselves are kept as they are; only their rendering is escaped.
        #expect(errors.first?.path[1].id == "a\nb\u{07}")
        #expect(errors.first?.path[2].stringValue == "v\nw")
        #expect(errors.first?.value == "x\ty")
    }

    @Test func duplicateRecordMessagesEscapeTheID() {
        let json = #"[{"id": "a\rb"}, {"id": "a\rb"}]"#
        let errors = APIDataDecoder().decode(data: Data(json.utf8), to: [Row].self, uniquingBy: .idKey).errors
        #expect(errors.map(\.description) == [
            #"root(Array<Row>) > [1](Row id=a\rb) : Duplicate of the record at [0] (id="a\rb"); kept [0], dropped [1]"#,
        ])
    }

    @Test func quotesAndBackslashesStayEscapedAsBefore() {
        let json = #"{"q\"\\": "x"}"#
        struct Quoted: APIDecodable {
            init?(from decoder: APIDecoder) { _ = decoder["q\"\\"] --> Int?.self }
        }
        let errors = APIDataDecoder().decode(data: Data(json.utf8), to: Quoted.self).errors
        #expect(errors.map(\.description) == [#"root(Quoted) > "q\"\\"(Int) : Unexpectedly found a string"#])
    }
}
