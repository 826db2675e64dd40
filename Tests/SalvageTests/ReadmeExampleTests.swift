import Foundation
import Salvage
import Testing

struct Person {
    let id: Int
    let firstName: String
    let lastName: String
    let phoneNumber: String?
    let height: Double?
}

extension Person: APIDecodable {
    static var idKey: String? { "person_id" }
    init?(from decoder: APIDecoder) {
        let id          = decoder["person_id"]                    --> Int.self
        let firstName   = decoder["first_name"]                   --> String.self
        let lastName    = decoder["last_name"]                    --> String.self
        let phoneNumber = decoder["contact_info"]["phone_number"] --> String?.self
        let height      = decoder["height"]                       --> Double?.self
        guard decoder.succeeded else { return nil }
        self.init(id: id!, firstName: firstName!, lastName: lastName!, phoneNumber: phoneNumber, height: height)
    }
}

let personJSON = """
{"person_id": 8675309, "first_name": "Mary", "last_name": "Smith",
 "contact_info": {"phone_number": "(312) 555-1212"}, "height": "really tall"}
"""

/// The README's example, run with the same lines as printed there; `print` is captured.
func readmeExampleOutput() -> String {
    var output = ""
    func print(_ line: String) { output += line + "\n" }
    let json = personJSON
    // From here on, the lines are the README's.
    let result = APIDataDecoder().decode(data: json.data(using: .utf8), to: Person.self)
    print("value: \(result.value.map { "\($0)" } ?? "nil")")
    for error in result.errors { print("errors: \(error)") }
    return output
}

@Test func readmeExamplePrintsItsDocumentedOutput() {
    #expect(readmeExampleOutput() == """
    value: Person(id: 8675309, firstName: "Mary", lastName: "Smith", phoneNumber: Optional("(312) 555-1212"), height: nil)
    errors: root(Person person_id=8675309) > "height"(Double) : Unexpectedly found a string

    """)
}

@Test func readmeExampleErrorDetails() throws {
    let result = APIDataDecoder().decode(string: personJSON, to: Person.self)
    try #require(result.errors.count == 1)
    let error = result.errors[0]
    #expect(error.path.jsonPath == #"root["height"]"#)
    #expect(error.path.jsonPointer == "/height")
    #expect(error.reason == .unexpectedJSONType(actual: .string))
    #expect(error.location == SourceLocation(offset: 130, line: 2, column: 64))
}
