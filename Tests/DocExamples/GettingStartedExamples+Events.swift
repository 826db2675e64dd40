// Docs/GettingStarted.md, continued: the discriminator pattern (section 4), on GitHub's events payload from the
// shared corpus (../shared/corpus/github_events.json, beside the package; the test is skipped without it).
import Foundation
import Testing
import Salvage

/// The shared corpus, beside the package.
private let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
private let eventsArePresent = FileManager.default.fileExists(atPath: corpus.appendingPathComponent("github_events.json").path)

extension GettingStartedExamples {
    // MARK: 4. Payloads of several shapes (continued)

    @Test(.enabled(if: eventsArePresent, "needs ../shared/corpus/github_events.json"))
    func discriminatedEventsKeepUnknownTypes() throws {
        let data = try Data(contentsOf: corpus.appendingPathComponent("github_events.json"))

        enum GitHubEvent: APIDecodable {
            case push(branch: String, commits: Int)
            case watch(repository: String)
            case create(refType: String)
            case unknown(type: String, payload: JSONValue)    // kept, not dropped

            init?(from decoder: APIDecoder) {
                guard let type = decoder["type"] --> String.self else { return nil }
                let payload = decoder["payload"]
                switch type {
                case "PushEvent":
                    // `all`, not a `guard let` chain: both fields are decoded, so both are reported when bad
                    guard let (ref, commits) = decoder.all(payload["ref"] --> String.self,
                                                           payload["commits"] --> [JSONValue].self) else { return nil }
                    self = .push(branch: ref, commits: commits.count)
                case "WatchEvent":
                    guard let name = decoder["repo"]["name"] --> String.self else { return nil }
                    self = .watch(repository: name)
                case "CreateEvent":
                    guard let refType = payload["ref_type"] --> String.self else { return nil }
                    self = .create(refType: refType)
                default:
                    self = .unknown(type: type, payload: (payload --> JSONValue?.self) ?? .null)
                }
            }
        }

        let events = APIDataDecoder().decode(data: data, to: [GitHubEvent].self)   // github_events.json: 30 events

        let all = try #require(events.value)
        #expect(events.errors.isEmpty)
        #expect(all.count == 30)
        var pushes = 0, commits = 0, watches = 0, creates: [String] = [], unknown: [String: Int] = [:]
        for event in all {
            switch event {
            case .push(_, let count): pushes += 1; commits += count
            case .watch: watches += 1
            case .create(let refType): creates.append(refType)
            case .unknown(let type, let payload):
                unknown[type, default: 0] += 1
                #expect(payload != .null)
            }
        }
        #expect(pushes == 13 && commits == 16)
        #expect(watches == 6)
        #expect(creates == ["branch", "repository", "repository"])
        #expect(unknown == ["ForkEvent": 3, "IssueCommentEvent": 2, "GollumEvent": 2, "IssuesEvent": 1])
        if case .watch(let repository) = try #require(all.first(where: { if case .watch = $0 { true } else { false } })) {
            #expect(repository.contains("/"))
        }
    }

    @Test func alternativesAndAttempts() throws {
        struct Cat: APIDecodable {
            let meow: String
            init?(from decoder: APIDecoder) {
                guard let meow = decoder["meow"] --> String.self else { return nil }
                self.meow = meow
            }
        }
        struct Dog: APIDecodable {
            let bark: Int
            init?(from decoder: APIDecoder) {
                guard let bark = decoder["bark"] --> Int.self else { return nil }
                self.bark = bark
            }
        }
        let result = decodeInModel(#"{"pet": {"bark": 3}, "id": "7"}"#) { (decoder: APIDecoder) -> Int? in
            enum Pet { case cat(Cat), dog(Dog) }               // Cat and Dog: APIDecodable models

            // inside Owner.init?(from:)
            let pet = decoder["pet"].decodeOneOf(.model(Cat.self, Pet.cat), .model(Dog.self, Pet.dog))
            let id = decoder["id"].attempt { $0 --> Int.self } ?? (decoder["id"] --> String.self).flatMap { Int($0) }
            // {"pet": {"bark": 3}, "id": "7"} → .dog, 7, no errors: the failed Int attempt left none behind
            guard case .dog(let dog)? = pet, let id else { return nil }
            return dog.bark * 100 + id
        }
        #expect(result.value == 307)
        #expect(result.errors == [])
    }
}
