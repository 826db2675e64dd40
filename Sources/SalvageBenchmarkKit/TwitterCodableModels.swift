// twitter.json for Foundation's JSONDecoder and Salvage's Codable bridge: the same status, user and entity
// types as the Salvage models, decoded by their synthesized `Decodable` conformances.

public struct CodableTwitterFeed: Codable, Sendable {
    struct Metadata: Codable { let count: Int }
    let statuses: [TwitterStatus]
    let searchMetadata: Metadata
    enum CodingKeys: String, CodingKey { case statuses, searchMetadata = "search_metadata" }

    public var checksum: Checksum {
        var sum = Checksum()
        sum.add(searchMetadata.count)
        for status in statuses { status.addTo(&sum) }
        return sum
    }
}
