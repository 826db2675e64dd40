// twitter.json as plain Codable models, for Foundation's JSONDecoder and for Salvage's Codable bridge.

public struct CodableTwitterFeed: Decodable {
    struct Metadata: Decodable { let count: Int }
    let statuses: [CodableTwitterStatus]
    let searchMetadata: Metadata
    enum CodingKeys: String, CodingKey { case statuses, searchMetadata = "search_metadata" }

    public var checksum: Checksum {
        var sum = Checksum()
        sum.add(searchMetadata.count)
        for status in statuses { status.addTo(&sum) }
        return sum
    }
}

final class CodableTwitterStatus: Decodable {
    let id: Int64
    let idStr: String
    let text: String
    let createdAt: String
    let retweetCount: Int
    let favoriteCount: Int
    let favorited: Bool
    let lang: String
    let user: CodableTwitterUser
    let entities: CodableTwitterEntities
    let inReplyToStatusId: Int64?
    let retweetedStatus: CodableTwitterStatus?

    enum CodingKeys: String, CodingKey {
        case id, idStr = "id_str", text, createdAt = "created_at", retweetCount = "retweet_count"
        case favoriteCount = "favorite_count", favorited, lang, user, entities
        case inReplyToStatusId = "in_reply_to_status_id", retweetedStatus = "retweeted_status"
    }

    func addTo(_ sum: inout Checksum) {
        sum.add(id); sum.add(idStr); sum.add(text); sum.add(createdAt); sum.add(retweetCount)
        sum.add(favoriteCount); sum.add(favorited); sum.add(lang)
        sum.add(user.id); sum.add(user.idStr); sum.add(user.name); sum.add(user.screenName); sum.add(user.location)
        sum.add(user.description); sum.add(user.followersCount); sum.add(user.friendsCount); sum.add(user.verified); sum.add(user.createdAt)
        sum.add(entities.hashtags.count)
        for tag in entities.hashtags { sum.add(tag.text); sum.add(tag.indices) }
        sum.add(entities.urls.count)
        for url in entities.urls { sum.add(url.url); sum.add(url.expandedURL); sum.add(url.indices) }
        sum.add(entities.userMentions.count)
        for mention in entities.userMentions { sum.add(mention.screenName); sum.add(mention.name); sum.add(mention.id); sum.add(mention.indices) }
        sum.add(inReplyToStatusId) { $0.add($1) }
        sum.add(retweetedStatus) { status, value in value.addTo(&status) }
    }
}

struct CodableTwitterUser: Decodable {
    let id: Int64
    let idStr: String
    let name: String
    let screenName: String
    let location: String
    let description: String
    let followersCount: Int
    let friendsCount: Int
    let verified: Bool
    let createdAt: String
    enum CodingKeys: String, CodingKey {
        case id, idStr = "id_str", name, screenName = "screen_name", location, description
        case followersCount = "followers_count", friendsCount = "friends_count", verified, createdAt = "created_at"
    }
}

struct CodableTwitterEntities: Decodable {
    struct Hashtag: Decodable { let text: String; let indices: [Int] }
    struct URLEntity: Decodable {
        let url: String
        let expandedURL: String
        let indices: [Int]
        enum CodingKeys: String, CodingKey { case url, expandedURL = "expanded_url", indices }
    }
    struct Mention: Decodable {
        let screenName: String
        let name: String
        let id: Int64
        let indices: [Int]
        enum CodingKeys: String, CodingKey { case screenName = "screen_name", name, id, indices }
    }
    let hashtags: [Hashtag]
    let urls: [URLEntity]
    let userMentions: [Mention]
    enum CodingKeys: String, CodingKey { case hashtags, urls, userMentions = "user_mentions" }
}
