// The README's `Person` model and its JSON, shared by several suites; the README example itself is
// compiled, run and asserted in Tests/DocExamples/ReadmeExamples.swift.
import Foundation
import Salvage

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
