import Foundation
import Salvage
import Testing

// The Codable bridge's `Decoder` and containers read a document that borrows the input bytes only until
// the decode returns. Swift lets a `Decodable` keep them past its `init(from:)`; every use that reads the
// input must then throw `DecodingError.dataCorrupted` (at the kept decoder's or container's coding path)
// instead of reading memory the decode no longer owns — after `decode(data:toDecodable:)`,
// `decode(string:toDecodable:)`, a native model's `decodeRequired(swiftDecodable:)`, and during and after a
// later record of a stream (whose decode is open, but is not the kept decoder's).

/// What a `Root` kept from the first decode that made one (passed through `userInfo`, so parallel tests
/// stay apart), and what a later streamed record saw through it.
private final class Keepings: @unchecked Sendable {
    var decoder: (any Decoder)?
    var keyed: KeyedDecodingContainer<Key>?
    var unkeyed: (any UnkeyedDecodingContainer)?
    var single: (any SingleValueDecodingContainer)?
    /// The probes' answers, run inside the second record of a stream.
    var seenByLaterRecord: [KeptBridgeDecoderTests.Kind: [String]] = [:]

    static let key = CodingUserInfoKey(rawValue: "kept-bridge-decoder")!

    var options: APIDecodeOptions {
        var options = APIDecodeOptions()
        options.userInfo[Self.key] = self
        return options
    }
}

private enum Key: String, CodingKey { case name, tags, missing }

/// A name read through a single-value container, which it keeps.
private struct Name: Decodable, Equatable {
    let text: String
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        text = try container.decode(String.self)
        let keepings = decoder.userInfo[Keepings.key] as? Keepings
        if keepings?.single == nil { keepings?.single = container }
    }
}

/// Keeps its `Decoder`, its keyed container and the unkeyed container of `tags` (before reading it).
private struct Root: Decodable, Equatable {
    let name: Name
    let tags: [String]
    init(from decoder: any Decoder) throws {
        let keyed = try decoder.container(keyedBy: Key.self)
        name = try keyed.decode(Name.self, forKey: .name)
        var tagsContainer = try keyed.nestedUnkeyedContainer(forKey: .tags)
        let unread = tagsContainer
        var tags: [String] = []
        while !tagsContainer.isAtEnd { tags.append(try tagsContainer.decode(String.self)) }
        self.tags = tags
        if let keepings = decoder.userInfo[Keepings.key] as? Keepings, keepings.decoder == nil {
            keepings.decoder = decoder
            keepings.keyed = keyed
            keepings.unkeyed = unread
        }
    }
}

/// A native model around a `Root`; from the second one on (a stream's later record), it runs every
/// probe on what the first one kept.
private struct Model: APIDecodable {
    let root: Root
    init?(from decoder: APIDecoder) {
        let keepings = decoder.userInfo[Keepings.key] as? Keepings
        let isLater = keepings?.decoder != nil
        guard let root = decoder["root"].decodeRequired(swiftDecodable: Root.self) else { return nil }
        self.root = root
        if isLater, let keepings, keepings.seenByLaterRecord.isEmpty {
            for kind in KeptBridgeDecoderTests.Kind.allCases { keepings.seenByLaterRecord[kind] = kind.probe(keepings) }
        }
    }
}

/// A native model for `Salvaged`.
private struct Native: APIDecodable {
    init?(from decoder: APIDecoder) {}
}

/// The answer of a probe that threw what a kept decoder must throw, at `path`.
private func keptAnswer(_ path: [String]) -> String {
    "dataCorrupted \(path): This decoder was kept past the end of its decode; decode everything inside init(from:)."
}

/// What `body` threw, as text: a `dataCorrupted` error's coding path and description, or else the error.
private func outcome(_ body: () throws -> Any) -> String {
    do {
        return "returned \(try body())"
    } catch DecodingError.dataCorrupted(let context) {
        return "dataCorrupted \(context.codingPath.map(\.stringValue)): \(context.debugDescription)"
    } catch {
        return "threw \(error)"
    }
}

struct KeptBridgeDecoderTests {
    /// Which kept value a test probes.
    enum Kind: String, CaseIterable, Sendable {
        case decoder, keyed, unkeyed, single
    }

    static let rootJSON = #"{"name": "Ada", "tags": ["a", "b"]}"#
    static let expectedRoot = "Ada [\"a\", \"b\"]"

    private static func rendered(_ root: Root?) -> String {
        root.map { "\($0.name.text) \($0.tags)" } ?? "nil"
    }

    @Test(arguments: Kind.allCases)
    func keptPastDecodeData(kind: Kind) {
        let keepings = Keepings()
        let result = APIDataDecoder(options: keepings.options).decode(data: Data(Self.rootJSON.utf8), toDecodable: Root.self)
        #expect(Self.rendered(result.value) == Self.expectedRoot)
        #expect(result.errors.isEmpty)
        #expect(kind.probe(keepings) == kind.expected)
    }

    @Test(arguments: Kind.allCases)
    func keptPastDecodeString(kind: Kind) {
        let keepings = Keepings()
        // The string's UTF-8 is a temporary of the call: reading it afterwards would read freed memory.
        let result = APIDataDecoder(options: keepings.options).decode(string: Self.rootJSON, toDecodable: Root.self)
        #expect(Self.rendered(result.value) == Self.expectedRoot)
        #expect(result.errors.isEmpty)
        #expect(kind.probe(keepings) == kind.expected)
    }

    @Test(arguments: Kind.allCases)
    func keptPastDecodeInsideANativeModel(kind: Kind) {
        let keepings = Keepings()
        let result = APIDataDecoder(options: keepings.options).decode(string: #"{"root": \#(Self.rootJSON)}"#, to: Model.self)
        #expect(Self.rendered(result.value?.root) == Self.expectedRoot)
        #expect(result.errors.isEmpty)
        #expect(kind.probe(keepings) == kind.expected)
    }

    /// Kept from the first record: dead while the second record's decode runs (the stream does not hand the
    /// first record's ledger on while the kept decoder holds its context), and after the stream.
    @Test(arguments: Kind.allCases)
    func keptPastAStreamedRecord(kind: Kind) {
        let keepings = Keepings()
        let input = #"{"root": \#(Self.rootJSON)}"# + "\n" + #"{"root": {"name": "Bo", "tags": []}}"# + "\n"
        let records = APIDataDecoder(options: keepings.options).decodeRecords(string: input, to: Model.self)
        #expect(records.map { Self.rendered($0.result.value?.root) } == [Self.expectedRoot, "Bo []"])
        #expect(records.map(\.result.errors.count) == [0, 0])
        #expect(keepings.seenByLaterRecord[kind] == kind.expected)
        #expect(kind.probe(keepings) == kind.expected)
    }

    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    @Test func keptPastAStreamedRecordFromAnAsyncSequence() async throws {
        let keepings = Keepings()
        let input = #"{"root": \#(Self.rootJSON)}"# + "\n" + #"{"root": {"name": "Bo", "tags": []}}"# + "\n"
        let bytes = StreamedRecordTests.ChunkedBytes(bytes: Array(input.utf8), sizes: [7])
        var lines: [String] = []
        for try await record in APIDataDecoder(options: keepings.options).records(from: bytes, to: Model.self) {
            lines.append("\(Self.rendered(record.result.value?.root)) \(record.result.errors.count)")
        }
        #expect(lines == [Self.expectedRoot + " 0", "Bo [] 0"])
        for kind in Kind.allCases {
            #expect(keepings.seenByLaterRecord[kind] == kind.expected)
            #expect(kind.probe(keepings) == kind.expected)
        }
    }
}

/// The probes of each kind and their answers.
private extension KeptBridgeDecoderTests.Kind {
    /// Every use of the kept value, each as what it threw (or returned).
    func probe(_ kept: Keepings) -> [String] {
        switch self {
        case .decoder:
            guard let decoder = kept.decoder else { return ["nothing kept"] }
            return [
                outcome { try decoder.container(keyedBy: Key.self) },
                outcome { try decoder.unkeyedContainer() },
                outcome { try decoder.singleValueContainer() },
                outcome { try Root(from: decoder) },
                outcome { try JSONValue(from: decoder) },
                outcome { try Salvaged<Native>(from: decoder) },
                outcome { try [String: String](from: decoder) },
            ]
        case .keyed:
            guard let keyed = kept.keyed else { return ["nothing kept"] }
            return [
                outcome { try keyed.decode(String.self, forKey: .name) },
                outcome { try keyed.decode(Int.self, forKey: .name) },
                outcome { try keyed.decodeIfPresent(String.self, forKey: .name) as Any },
                outcome { try keyed.decode(Name.self, forKey: .name) },
                outcome { try keyed.decode([String].self, forKey: .tags) },
                outcome { try keyed.decodeNil(forKey: .name) },
                outcome { try keyed.decode(String.self, forKey: .missing) },
                outcome { try keyed.nestedUnkeyedContainer(forKey: .tags) },
                outcome { try keyed.nestedContainer(keyedBy: Key.self, forKey: .name) },
                outcome { try keyed.superDecoder() },
                outcome { try keyed.superDecoder(forKey: .name) },
                "allKeys \(keyed.allKeys) contains \(keyed.contains(.name))",
            ]
        case .unkeyed:
            guard let unkeyed = kept.unkeyed else { return ["nothing kept"] }
            return [
                outcome { var copy = unkeyed; return try copy.decode(String.self) },
                outcome { var copy = unkeyed; return try copy.decode(Double.self) },
                outcome { var copy = unkeyed; return try copy.decodeIfPresent(String.self) as Any },
                outcome { var copy = unkeyed; return try copy.decode(Name.self) },
                outcome { var copy = unkeyed; return try copy.decodeNil() },
                outcome { var copy = unkeyed; return try copy.nestedUnkeyedContainer() },
                outcome { var copy = unkeyed; return try copy.superDecoder() },
                "count \(unkeyed.count as Any) at end \(unkeyed.isAtEnd)",
            ]
        case .single:
            guard let single = kept.single else { return ["nothing kept"] }
            return [
                outcome { try single.decode(String.self) },
                outcome { try single.decode(Int64.self) },
                outcome { try single.decode(Name.self) },
                outcome { try single.decode(URL.self) },
                "nil \(single.decodeNil())",
            ]
        }
    }

    /// What every probe of the kind answers once the decode it was kept from has returned.
    var expected: [String] {
        switch self {
        case .decoder: return Array(repeating: keptAnswer([]), count: 7)
        case .keyed: return Array(repeating: keptAnswer([]), count: 11) + ["allKeys [] contains false"]
        case .unkeyed: return Array(repeating: keptAnswer(["tags"]), count: 7) + ["count Optional(2) at end false"]
        case .single: return Array(repeating: keptAnswer(["name"]), count: 4) + ["nil false"]
        }
    }
}
