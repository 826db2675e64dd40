import Foundation
import Salvage
import Testing

// Decoders reach their decode's context only through `withContext`, which hands a decoder kept past its
// decode the closed context; every path that reads the document checks `context.isOpen` first. These tests
// pin that, path by path, for a kept root decoder (node 0: the closed document's only node is a `null` there,
// so a missing check answers "null" instead of "nothing") and a kept member decoder (a node the closed
// document does not have: a missing check reads past its tape). Each probe runs while a later decode is
// running, and must record nothing into it nor fail its model.

/// Keeps the decoders of its first decode (root and a member) for the probes.
final class KDEPKeeper: APIDecodable {
    let root: APIDecoder
    let member: APIDecoder
    init?(from decoder: APIDecoder) {
        root = decoder
        member = decoder["nested"]
    }
}

enum KDEPColor: String, APIDecodable { case red }

/// What a probe reads through a kept decoder, as text.
typealias KDEPProbe = @Sendable (APIDecoder) -> String

/// A model of a later decode that runs the current probe on a kept decoder. (A static, not a task-local:
/// `TaskLocal.withValue` crashed in release builds here; the suite is serialized instead.)
struct KDEPRunner: APIDecodable {
    nonisolated(unsafe) static var probe: (() -> String)?
    let answer: String
    init?(from decoder: APIDecoder) {
        guard let probe = KDEPRunner.probe, (decoder["later"] --> Int.self) == 1 else { return nil }
        answer = probe()
    }
}

private struct KDEPKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) { self.stringValue = "\(intValue)"; self.intValue = intValue }
}

private let keptDocument = #"{"n": 7, "list": [1, 2], "map": {"a": 1}, "when": "2020-01-01T00:00:00Z", "url": "https://x.org", "#
    + #""color": "blue", "text": "x", "nested": {"n": 7, "list": [1, 2], "map": {"a": 1}, "color": "blue", "text": "x"}}"#

/// Each probe with what a kept decoder answers: nothing, everywhere. Most probes read the kept decoder itself
/// (its node is the finished decode's), some a child of it (absent: kept decoders find no member).
private let probes: [(name: String, probe: KDEPProbe, answer: String)] = [
    ("isPresent", { "\($0.isPresent)" }, "false"),
    ("isJSONNull", { "\($0.isJSONNull)" }, "false"),
    ("jsonElement", { "\($0.jsonElement == .absent)" }, "true"),
    ("count", { "\($0.count as Any)" }, "nil"),
    ("keys", { "\($0.keys)" }, "[]"),
    ("location", { "\($0.location as Any)" }, "nil"),
    ("path", { "\($0.path)" }, "[]"),
    ("member", { "\($0["n"].isPresent) \($0["n"].path)" }, "false []"),
    ("index", { "\($0[0].isPresent) \($0["list"][0].path)" }, "false []"),
    ("coding key", { "\($0[KDEPKey(intValue: 0)].isPresent) \($0[KDEPKey(stringValue: "n")].isPresent)" }, "false false"),
    ("first of", { "\($0[firstOf: "missing", "n"].isPresent) \($0[firstOf: "missing", "other"].path)" }, "false []"),
    ("absent path", { "\($0["missing"]["deeper"].path)" }, "[]"),
    ("Int", { "\(($0 --> Int?.self) as Any) \(($0 --> Int.self) as Any) \(($0["n"] --> Int?.self) as Any)" }, "nil nil nil"),
    ("String", { "\(($0 --> String?.self) as Any) \(($0 --> String.self) as Any)" }, "nil nil"),
    ("lenient", { "\(($0.decodeRequired(Int.self, lenient: true)) as Any)" }, "nil"),
    ("default", { "\($0.decode(Int.self, default: 3)) \($0.decode(JSONValue.self, default: .string("d")))" }, "3 string(\"d\")"),
    ("JSONValue", { "\(($0 --> JSONValue?.self) as Any) \(($0 --> JSONValue.self) as Any)" }, "nil nil"),
    ("array", { "\(($0 --> [Int]?.self) as Any) \(($0 --> [Int].self) as Any)" }, "nil nil"),
    ("dictionary", { "\(($0 --> [String: Int]?.self) as Any) \(($0 --> [String: Int].self) as Any)" }, "nil nil"),
    ("model", { "\(($0 --> KDEPKeeper?.self) as Any)" }, "nil"),
    ("all values", { "\($0.allValues.count) \($0.allValues[3].path) \($0.values(where: { _ in true }).count)" }, "0 [] 0"),
    ("loss budget", { "\(($0.decodeOptional([Int].self, maxDropped: 0)) as Any)" }, "nil"),
    ("replacing failures", { "\(($0.decodeOptional([Int].self, replacingFailuresWith: 0)) as Any)" }, "nil"),
    ("count limits", { "\(($0.decodeOptional([Int].self, min: 5, countsAreMandatory: true)) as Any)" }, "nil"),
    ("date", { "\(($0 --> Date?.self) as Any) \(($0.decodeOptional(Date.self, strategy: .secondsSince1970)) as Any)" }, "nil nil"),
    ("URL", { "\(($0 --> URL?.self) as Any) \(($0 --> UUID?.self) as Any)" }, "nil nil"),
    ("raw enum", { "\(($0 --> KDEPColor?.self) as Any)" }, "nil"),
    ("open enum", { "\(($0 --> OpenEnum<KDEPColor>?.self) as Any)" }, "nil"),
    ("transform", { "\(($0.decodeOptional(Int.self) { $0 * 2 }) as Any)" }, "nil"),
    ("custom decoding", { "\(($0.decodeOptional(using: CustomDecoding("seven") { _ in 7 })) as Any)" }, "nil"),
    ("Codable", { "\(($0.decodeOptional(swiftDecodable: [String: Int].self)) as Any)" }, "nil"),
    ("records", { kept in
        kept.recordError(message: "too late", failsModel: true)
        kept["n"].recordError(message: "too late")
        kept.recordError(APIDecodeError(path: [], reason: .other(message: "too late")))
        kept.succeeded = false
        return "\(kept.succeeded)"
    }, "true"),
]

@Suite(.serialized) struct KeptDecoderEveryPathTests {
    @Test(arguments: probes.map(\.name))
    func aKeptDecoderFindsAndRecordsNothing(probe name: String) throws {
        let kept = try #require(APIDataDecoder().decode(string: keptDocument, to: KDEPKeeper.self).value)
        let entry = try #require(probes.first { $0.name == name })
        for decoder in [kept.root, kept.member] {
            // During a later decode (which may lease the very slot the kept decoder points at).
            KDEPRunner.probe = { entry.probe(decoder) }
            let later = APIDataDecoder().decode(string: #"{"later": 1}"#, to: KDEPRunner.self)
            KDEPRunner.probe = nil
            #expect(later.value?.answer == entry.answer)
            #expect(later.errors == [])
            // And with no decode running.
            #expect(entry.probe(decoder) == entry.answer)
        }
    }
}
