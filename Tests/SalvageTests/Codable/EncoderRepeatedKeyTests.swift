import Foundation
import Salvage
import Testing

// A key written twice in one object keeps its last value, at its last place. The encoder spots repeats with
// key signatures (length, first and last 8 bytes) while members are written; these keys probe the edges of
// that: long keys alike at both ends, canonically equivalent non-ASCII keys, objects past the filter's 64 bits.

/// Writes `keys[i]` with the value `i`, in order, into one keyed container.
private struct KeyedInts: Encodable, Sendable {
    let keys: [String]

    struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (index, key) in keys.enumerated() { try container.encode(index, forKey: Key(stringValue: key)) }
    }
}

private let forty = (0..<40).map { "key\($0)" }

@Suite struct EncoderRepeatedKeyTests {
    @Test(arguments: [
        (["a", "b", "a"], #"{"b":1,"a":2}"#),
        (["ab", "ba", "b", "a"], #"{"ab":0,"ba":1,"b":2,"a":3}"#),
        (["abcdefgh_X_ijklmnop", "abcdefgh_Y_ijklmnop"], #"{"abcdefgh_X_ijklmnop":0,"abcdefgh_Y_ijklmnop":1}"#),
        (["abcdefgh_X_ijklmnop", "k", "abcdefgh_X_ijklmnop"], #"{"k":1,"abcdefgh_X_ijklmnop":2}"#),
        (["in_reply_to_status_id", "in_reply_to_status_id_str"], #"{"in_reply_to_status_id":0,"in_reply_to_status_id_str":1}"#),
        (["\u{E9}", "x", "e\u{301}"], "{\"x\":1,\"e\u{301}\":2}"),
        (forty, "{" + forty.enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}"),
        (forty + ["key3"], "{" + forty.enumerated().filter { $0.offset != 3 }.map { "\"\($1)\":\($0)" }.joined(separator: ",") + ",\"key3\":40}"),
    ])
    func aRepeatedKeyKeepsItsLastValue(keys: [String], expected: String) throws {
        let bytes = try APIDataEncoder().encode(KeyedInts(keys: keys))
        // Bytes, not `String ==`: canonically equivalent keys must show which one was kept.
        #expect(Array(bytes) == Array(expected.utf8))
    }

    @Test func sortedKeysAgreeWithJSONEncoder() throws {
        let value = KeyedInts(keys: ["abcdefgh_X_ijklmnop", "b", "abcdefgh_Y_ijklmnop", "b"])
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        let bytes = try APIDataEncoder(outputFormatting: .sortedKeys).encode(value)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"abcdefgh_X_ijklmnop":0,"abcdefgh_Y_ijklmnop":2,"b":3}"#)
        #expect(bytes == (try foundation.encode(value)))
    }
}
