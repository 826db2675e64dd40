import Salvage

// The flaky suite: a generated `{"people": [...]}` where 5% of the persons have one bad field.

/// Generates the flaky document deterministically.
public enum FlakyPeopleGenerator {
    /// `count` persons; when `flaky`, every 20th person has one bad field, cycling through: height sent as
    /// `"really tall"` (person kept), `first_name` null and `last_name` missing (person dropped).
    /// With 20,000 persons: 334 bad heights, 333 null first names, 333 missing last names.
    /// When `everyHeightBad`, every person's height is `"really tall"` instead (every person kept, one
    /// error each: the memory section's many errors sharing a path).
    public static func document(count: Int, flaky: Bool, everyHeightBad: Bool = false) -> [UInt8] {
        var text = "{\"people\": [\n"
        text.reserveCapacity(count * 170)
        for index in 0..<count {
            let badKind = everyHeightBad ? 0 : flaky && index % 20 == 0 ? (index / 20) % 3 : -1
            let firstName = badKind == 1 ? "null" : "\"First\(index % 997)\""
            let lastName = badKind == 2 ? "" : "\"last_name\": \"Last\(index % 1009)\", "
            let height = badKind == 0 ? "\"really tall\"" : "\(150 + index % 50).\(index % 10)5"
            if index > 0 { text += ",\n" }
            text += "  {\"person_id\": \(1_000_000 + index), \"first_name\": \(firstName), \(lastName)"
            text += "\"contact_info\": {\"phone_number\": \"(312) 555-\(1000 + index % 9000)\"}, "
            text += "\"height\": \(height), \"tags\": [\"tag\(index % 7)\", \"group\(index % 13)\"]}"
        }
        text += "\n]}\n"
        return Array(text.utf8)
    }

    /// The persons a correct salvaging decoder keeps from the flaky document of `count` persons.
    public static func expectedSurvivors(count: Int) -> Int {
        let bad = (count + 19) / 20
        let dropped = (0..<bad).filter { $0 % 3 != 0 }.count
        return count - dropped
    }
}

public struct FlakyPeople: APIDecodable {
    let people: [FlakyPerson]

    public init?(from decoder: APIDecoder) {
        guard let people = decoder["people"] --> [FlakyPerson].self else { return nil }
        self.people = people
    }

    public var count: Int { people.count }

    public var checksum: Checksum {
        var sum = Checksum()
        for person in people {
            addPerson(&sum, id: person.id, firstName: person.firstName, lastName: person.lastName,
                      phoneNumber: person.phoneNumber, height: person.height, tags: person.tags)
        }
        return sum
    }
}

func addPerson(_ sum: inout Checksum, id: Int, firstName: String, lastName: String, phoneNumber: String?, height: Double?, tags: [String]?) {
    sum.add(id); sum.add(firstName); sum.add(lastName)
    sum.add(phoneNumber) { $0.add($1) }
    sum.add(height) { $0.add($1) }
    sum.add(tags) { sum, tags in for tag in tags { sum.add(tag) } }
}

public struct FlakyPerson: APIDecodable {
    public static var idKey: String? { "person_id" }
    let id: Int
    let firstName: String
    let lastName: String
    let phoneNumber: String?
    let height: Double?
    let tags: [String]?

    public init?(from decoder: APIDecoder) {
        let id = decoder["person_id"] --> Int.self
        let firstName = decoder["first_name"] --> String.self
        let lastName = decoder["last_name"] --> String.self
        let phoneNumber = decoder["contact_info"]["phone_number"] --> String?.self
        let height = decoder["height"] --> Double?.self
        let tags = decoder["tags"] --> [String]?.self
        guard decoder.succeeded else { return nil }
        self.id = id!
        self.firstName = firstName!
        self.lastName = lastName!
        self.phoneNumber = phoneNumber
        self.height = height
        self.tags = tags
    }
}

/// The only way Codable keeps the good records: every field optional, `try?` per field, then drop the
/// persons missing required fields. It reports nothing about what it skipped.
public struct CodableFlakyPeople: Decodable {
    struct Person: Decodable {
        struct Contact: Decodable {
            let phoneNumber: String?
            enum CodingKeys: String, CodingKey { case phoneNumber = "phone_number" }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                phoneNumber = try? container.decodeIfPresent(String.self, forKey: .phoneNumber)
            }
        }
        let id: Int?
        let firstName: String?
        let lastName: String?
        let contactInfo: Contact?
        let height: Double?
        let tags: [String]?
        enum CodingKeys: String, CodingKey {
            case id = "person_id", firstName = "first_name", lastName = "last_name", contactInfo = "contact_info", height, tags
        }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try? container.decodeIfPresent(Int.self, forKey: .id)
            firstName = try? container.decodeIfPresent(String.self, forKey: .firstName)
            lastName = try? container.decodeIfPresent(String.self, forKey: .lastName)
            contactInfo = try? container.decodeIfPresent(Contact.self, forKey: .contactInfo)
            height = try? container.decodeIfPresent(Double.self, forKey: .height)
            tags = try? container.decodeIfPresent([String].self, forKey: .tags)
        }
    }
    let people: [Person]

    /// The persons that have every required field.
    public var survivors: Int { people.filter { $0.id != nil && $0.firstName != nil && $0.lastName != nil }.count }

    public var checksum: Checksum {
        var sum = Checksum()
        for person in people {
            guard let id = person.id, let firstName = person.firstName, let lastName = person.lastName else { continue }
            addPerson(&sum, id: id, firstName: firstName, lastName: lastName, phoneNumber: person.contactInfo?.phoneNumber,
                      height: person.height, tags: person.tags)
        }
        return sum
    }
}
