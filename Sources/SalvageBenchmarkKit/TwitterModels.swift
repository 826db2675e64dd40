import Salvage

// twitter.json: {statuses: [Status], search_metadata: {count}}, as a Salvage model and as a Codable model.

public struct TwitterFeed: APIDecodable {
    public let statuses: [TwitterStatus]
    public let count: Int

    public init?(from decoder: APIDecoder) {
        let statuses = decoder["statuses"] --> [TwitterStatus].self
        let count = decoder["search_metadata"]["count"] --> Int.self
        guard decoder.succeeded else { return nil }
        self.statuses = statuses!
        self.count = count!
    }

    public var checksum: Checksum {
        var sum = Checksum()
        sum.add(count)
        for status in statuses { status.addTo(&sum) }
        return sum
    }
}

public final class TwitterStatus: APIDecodable, Codable, Sendable {
    public static var idKey: String? { "id_str" }
    enum CodingKeys: String, CodingKey {
        case id, idStr = "id_str", text, createdAt = "created_at", retweetCount = "retweet_count"
        case favoriteCount = "favorite_count", favorited, lang, user, entities
        case inReplyToStatusId = "in_reply_to_status_id", retweetedStatus = "retweeted_status"
    }
    let id: Int64
    let idStr: String
    let text: String
    let createdAt: String
    let retweetCount: Int
    let favoriteCount: Int
    let favorited: Bool
    let lang: String
    let user: TwitterUser
    let entities: TwitterEntities
    let inReplyToStatusId: Int64?
    let retweetedStatus: TwitterStatus?

    public init?(from decoder: APIDecoder) {
        let id = decoder["id"] --> Int64.self
        let idStr = decoder["id_str"] --> String.self
        let text = decoder["text"] --> String.self
        let createdAt = decoder["created_at"] --> String.self
        let retweetCount = decoder["retweet_count"] --> Int.self
        let favoriteCount = decoder["favorite_count"] --> Int.self
        let favorited = decoder["favorited"] --> Bool.self
        let lang = decoder["lang"] --> String.self
        let user = decoder["user"] --> TwitterUser.self
        let entities = decoder["entities"] --> TwitterEntities.self
        let inReplyToStatusId = decoder["in_reply_to_status_id"] --> Int64?.self
        let retweetedStatus = decoder["retweeted_status"] --> TwitterStatus?.self
        guard decoder.succeeded else { return nil }
        self.id = id!
        self.idStr = idStr!
        self.text = text!
        self.createdAt = createdAt!
        self.retweetCount = retweetCount!
        self.favoriteCount = favoriteCount!
        self.favorited = favorited!
        self.lang = lang!
        self.user = user!
        self.entities = entities!
        self.inReplyToStatusId = inReplyToStatusId
        self.retweetedStatus = retweetedStatus
    }

    func addTo(_ sum: inout Checksum) {
        sum.add(id); sum.add(idStr); sum.add(text); sum.add(createdAt); sum.add(retweetCount)
        sum.add(favoriteCount); sum.add(favorited); sum.add(lang)
        user.addTo(&sum)
        entities.addTo(&sum)
        sum.add(inReplyToStatusId) { $0.add($1) }
        sum.add(retweetedStatus) { status, value in value.addTo(&status) }
    }
}

public struct TwitterUser: APIDecodable, Codable, Sendable {
    public static var idKey: String? { "id_str" }
    enum CodingKeys: String, CodingKey {
        case id, idStr = "id_str", name, screenName = "screen_name", location, description
        case followersCount = "followers_count", friendsCount = "friends_count", verified, createdAt = "created_at"
    }
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

    public init?(from decoder: APIDecoder) {
        let id = decoder["id"] --> Int64.self
        let idStr = decoder["id_str"] --> String.self
        let name = decoder["name"] --> String.self
        let screenName = decoder["screen_name"] --> String.self
        let location = decoder["location"] --> String.self
        let description = decoder["description"] --> String.self
        let followersCount = decoder["followers_count"] --> Int.self
        let friendsCount = decoder["friends_count"] --> Int.self
        let verified = decoder["verified"] --> Bool.self
        let createdAt = decoder["created_at"] --> String.self
        guard decoder.succeeded else { return nil }
        self.init(id: id!, idStr: idStr!, name: name!, screenName: screenName!, location: location!, description: description!,
                  followersCount: followersCount!, friendsCount: friendsCount!, verified: verified!, createdAt: createdAt!)
    }

    init(id: Int64, idStr: String, name: String, screenName: String, location: String, description: String,
         followersCount: Int, friendsCount: Int, verified: Bool, createdAt: String) {
        self.id = id; self.idStr = idStr; self.name = name; self.screenName = screenName; self.location = location
        self.description = description; self.followersCount = followersCount; self.friendsCount = friendsCount
        self.verified = verified; self.createdAt = createdAt
    }

    func addTo(_ sum: inout Checksum) {
        sum.add(id); sum.add(idStr); sum.add(name); sum.add(screenName); sum.add(location); sum.add(description)
        sum.add(followersCount); sum.add(friendsCount); sum.add(verified); sum.add(createdAt)
    }
}

public struct TwitterEntities: APIDecodable, Codable, Sendable {
    enum CodingKeys: String, CodingKey { case hashtags, urls, userMentions = "user_mentions" }
    let hashtags: [TwitterHashtag]
    let urls: [TwitterURL]
    let userMentions: [TwitterMention]

    public init?(from decoder: APIDecoder) {
        let hashtags = decoder["hashtags"] --> [TwitterHashtag].self
        let urls = decoder["urls"] --> [TwitterURL].self
        let userMentions = decoder["user_mentions"] --> [TwitterMention].self
        guard decoder.succeeded else { return nil }
        self.init(hashtags: hashtags!, urls: urls!, userMentions: userMentions!)
    }

    init(hashtags: [TwitterHashtag], urls: [TwitterURL], userMentions: [TwitterMention]) {
        self.hashtags = hashtags; self.urls = urls; self.userMentions = userMentions
    }

    func addTo(_ sum: inout Checksum) {
        sum.add(hashtags.count)
        for tag in hashtags { sum.add(tag.text); sum.add(tag.indices) }
        sum.add(urls.count)
        for url in urls { sum.add(url.url); sum.add(url.expandedURL); sum.add(url.indices) }
        sum.add(userMentions.count)
        for mention in userMentions { sum.add(mention.screenName); sum.add(mention.name); sum.add(mention.id); sum.add(mention.indices) }
    }
}

public struct TwitterHashtag: APIDecodable, Codable, Sendable {
    let text: String
    let indices: [Int]
    public init?(from decoder: APIDecoder) {
        let text = decoder["text"] --> String.self
        let indices = decoder["indices"] --> [Int].self
        guard decoder.succeeded else { return nil }
        self.text = text!; self.indices = indices!
    }
    init(text: String, indices: [Int]) { self.text = text; self.indices = indices }
}

public struct TwitterURL: APIDecodable, Codable, Sendable {
    enum CodingKeys: String, CodingKey { case url, expandedURL = "expanded_url", indices }
    let url: String
    let expandedURL: String
    let indices: [Int]
    public init?(from decoder: APIDecoder) {
        let url = decoder["url"] --> String.self
        let expandedURL = decoder["expanded_url"] --> String.self
        let indices = decoder["indices"] --> [Int].self
        guard decoder.succeeded else { return nil }
        self.url = url!; self.expandedURL = expandedURL!; self.indices = indices!
    }
    init(url: String, expandedURL: String, indices: [Int]) { self.url = url; self.expandedURL = expandedURL; self.indices = indices }
}

public struct TwitterMention: APIDecodable, Codable, Sendable {
    enum CodingKeys: String, CodingKey { case screenName = "screen_name", name, id, indices }
    let screenName: String
    let name: String
    let id: Int64
    let indices: [Int]
    public init?(from decoder: APIDecoder) {
        let screenName = decoder["screen_name"] --> String.self
        let name = decoder["name"] --> String.self
        let id = decoder["id"] --> Int64.self
        let indices = decoder["indices"] --> [Int].self
        guard decoder.succeeded else { return nil }
        self.screenName = screenName!; self.name = name!; self.id = id!; self.indices = indices!
    }
    init(screenName: String, name: String, id: Int64, indices: [Int]) {
        self.screenName = screenName; self.name = name; self.id = id; self.indices = indices
    }
}
