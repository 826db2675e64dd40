import Salvage

// citm_catalog.json as a Salvage model and as a Codable model.

public struct CitmCatalog: APIDecodable, Codable, Sendable {
    let areaNames: [String: String]
    let audienceSubCategoryNames: [String: String]
    let blockNames: [String: String]
    let seatCategoryNames: [String: String]
    let subTopicNames: [String: String]
    let subjectNames: [String: String]
    let topicNames: [String: String]
    let venueNames: [String: String]
    let events: [String: CitmEvent]
    let performances: [CitmPerformance]
    let topicSubTopics: [String: [Int]]

    public init?(from decoder: APIDecoder) {
        let areaNames = decoder["areaNames"] --> [String: String].self
        let audienceSubCategoryNames = decoder["audienceSubCategoryNames"] --> [String: String].self
        let blockNames = decoder["blockNames"] --> [String: String].self
        let seatCategoryNames = decoder["seatCategoryNames"] --> [String: String].self
        let subTopicNames = decoder["subTopicNames"] --> [String: String].self
        let subjectNames = decoder["subjectNames"] --> [String: String].self
        let topicNames = decoder["topicNames"] --> [String: String].self
        let venueNames = decoder["venueNames"] --> [String: String].self
        let events = decoder["events"] --> [String: CitmEvent].self
        let performances = decoder["performances"] --> [CitmPerformance].self
        let topicSubTopics = decoder["topicSubTopics"] --> [String: [Int]].self
        guard decoder.succeeded else { return nil }
        self.areaNames = areaNames!
        self.audienceSubCategoryNames = audienceSubCategoryNames!
        self.blockNames = blockNames!
        self.seatCategoryNames = seatCategoryNames!
        self.subTopicNames = subTopicNames!
        self.subjectNames = subjectNames!
        self.topicNames = topicNames!
        self.venueNames = venueNames!
        self.events = events!
        self.performances = performances!
        self.topicSubTopics = topicSubTopics!
    }

    public var checksum: Checksum {
        citmChecksum(names: [areaNames, audienceSubCategoryNames, blockNames, seatCategoryNames, subTopicNames, subjectNames, topicNames, venueNames],
                     events: events, performances: performances, topicSubTopics: topicSubTopics)
    }
}

/// The checksum of a decoded catalog, whichever decoder produced it.
func citmChecksum(names: [[String: String]], events: [String: CitmEvent], performances: [CitmPerformance], topicSubTopics: [String: [Int]]) -> Checksum {
    var sum = Checksum()
    for map in names {
        addSorted(map, to: &sum) { $0.add($1) }
    }
    addSorted(events, to: &sum) { sum, event in
        sum.add(event.id); sum.add(event.name); sum.add(event.subTopicIds); sum.add(event.topicIds)
        sum.add(event.description) { $0.add($1) }; sum.add(event.logo) { $0.add($1) }
        sum.add(event.subjectCode) { $0.add($1) }; sum.add(event.subtitle) { $0.add($1) }
    }
    for performance in performances {
        sum.add(performance.id); sum.add(performance.eventId); sum.add(performance.start); sum.add(performance.venueCode)
        for price in performance.prices { sum.add(price.amount); sum.add(price.audienceSubCategoryId); sum.add(price.seatCategoryId) }
        for category in performance.seatCategories {
            sum.add(category.seatCategoryId)
            for area in category.areas { sum.add(area.areaId); sum.add(area.blockIds) }
        }
    }
    addSorted(topicSubTopics, to: &sum) { $0.add($1) }
    return sum
}

/// Adds a dictionary's entries in key order, so the checksum does not depend on hash order.
func addSorted<V>(_ dictionary: [String: V], to sum: inout Checksum, _ body: (inout Checksum, V) -> Void) {
    sum.add(dictionary.count)
    for key in dictionary.keys.sorted() {
        sum.add(key)
        if let value = dictionary[key] { body(&sum, value) }
    }
}

public struct CitmEvent: APIDecodable, Codable, Sendable {
    public static var idKey: String? { "id" }
    let id: Int
    let name: String
    let subTopicIds: [Int]
    let topicIds: [Int]
    let description: String?
    let logo: String?
    let subjectCode: String?
    let subtitle: String?

    public init?(from decoder: APIDecoder) {
        let id = decoder["id"] --> Int.self
        let name = decoder["name"] --> String.self
        let subTopicIds = decoder["subTopicIds"] --> [Int].self
        let topicIds = decoder["topicIds"] --> [Int].self
        let description = decoder["description"] --> String?.self
        let logo = decoder["logo"] --> String?.self
        let subjectCode = decoder["subjectCode"] --> String?.self
        let subtitle = decoder["subtitle"] --> String?.self
        guard decoder.succeeded else { return nil }
        self.init(id: id!, name: name!, subTopicIds: subTopicIds!, topicIds: topicIds!, description: description,
                  logo: logo, subjectCode: subjectCode, subtitle: subtitle)
    }

    init(id: Int, name: String, subTopicIds: [Int], topicIds: [Int], description: String?, logo: String?, subjectCode: String?, subtitle: String?) {
        self.id = id; self.name = name; self.subTopicIds = subTopicIds; self.topicIds = topicIds
        self.description = description; self.logo = logo; self.subjectCode = subjectCode; self.subtitle = subtitle
    }
}

public struct CitmPerformance: APIDecodable, Codable, Sendable {
    public static var idKey: String? { "id" }
    let id: Int
    let eventId: Int
    let start: Int64
    let venueCode: String
    let prices: [CitmPrice]
    let seatCategories: [CitmSeatCategory]

    public init?(from decoder: APIDecoder) {
        let id = decoder["id"] --> Int.self
        let eventId = decoder["eventId"] --> Int.self
        let start = decoder["start"] --> Int64.self
        let venueCode = decoder["venueCode"] --> String.self
        let prices = decoder["prices"] --> [CitmPrice].self
        let seatCategories = decoder["seatCategories"] --> [CitmSeatCategory].self
        guard decoder.succeeded else { return nil }
        self.init(id: id!, eventId: eventId!, start: start!, venueCode: venueCode!, prices: prices!, seatCategories: seatCategories!)
    }

    init(id: Int, eventId: Int, start: Int64, venueCode: String, prices: [CitmPrice], seatCategories: [CitmSeatCategory]) {
        self.id = id; self.eventId = eventId; self.start = start; self.venueCode = venueCode
        self.prices = prices; self.seatCategories = seatCategories
    }
}

public struct CitmPrice: APIDecodable, Codable, Sendable {
    let amount: Int
    let audienceSubCategoryId: Int
    let seatCategoryId: Int

    public init?(from decoder: APIDecoder) {
        let amount = decoder["amount"] --> Int.self
        let audienceSubCategoryId = decoder["audienceSubCategoryId"] --> Int.self
        let seatCategoryId = decoder["seatCategoryId"] --> Int.self
        guard decoder.succeeded else { return nil }
        self.amount = amount!; self.audienceSubCategoryId = audienceSubCategoryId!; self.seatCategoryId = seatCategoryId!
    }
}

public struct CitmSeatCategory: APIDecodable, Codable, Sendable {
    let areas: [CitmArea]
    let seatCategoryId: Int

    public init?(from decoder: APIDecoder) {
        let areas = decoder["areas"] --> [CitmArea].self
        let seatCategoryId = decoder["seatCategoryId"] --> Int.self
        guard decoder.succeeded else { return nil }
        self.areas = areas!; self.seatCategoryId = seatCategoryId!
    }
}

public struct CitmArea: APIDecodable, Codable, Sendable {
    let areaId: Int
    let blockIds: [Int]

    public init?(from decoder: APIDecoder) {
        let areaId = decoder["areaId"] --> Int.self
        let blockIds = decoder["blockIds"] --> [Int].self
        guard decoder.succeeded else { return nil }
        self.areaId = areaId!; self.blockIds = blockIds!
    }
}
