import Foundation
import Salvage
import Testing

/// `diagnostic(source:)` takes the bytes a result was decoded from (`Data`, `[UInt8]`) as well as a `String`.
struct DiagnosticSourceBytesTests {
    @Test func dataAndBytesGiveTheSameDiagnosticAsAString() throws {
        let data = Data(personJSON.utf8)
        let error = try #require(APIDataDecoder().decode(data: data, to: Person.self).errors.first)
        let expected = """
        warning: Unexpectedly found a string [type_mismatch]
         --> line 2, column 64: root(Person person_id=8675309) > "height"(Double)
          |
        2 |  "contact_info": {"phone_number": "(312) 555-1212"}, "height": "really tall"}
          |                                                                ^
        """
        #expect(error.diagnostic(source: data) == expected)
        #expect(error.diagnostic(source: Array(data)) == expected)
        #expect(error.diagnostic(source: data[...]) == expected)
        #expect(error.diagnostic(source: personJSON) == expected)
    }

    @Test func invalidUTF8InTheSourceDoesNotCrash() throws {
        let bytes: [UInt8] = Array(#"{"a": ""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8)
        let error = try #require(APIDataDecoder().decode(bytes: bytes, to: JSONValue.self).errors.first)
        #expect(error.diagnostic(source: bytes) == """
        error: Invalid JSON at line 1, column 8 (byte 7): Invalid UTF-8: byte 0xFF cannot appear in UTF-8 [invalid_json]
         --> line 1, column 8: root(JSONValue)
          |
        1 | {"a": "\u{FFFD}\u{FFFD}"}
          |        ^
        """)
    }
}
