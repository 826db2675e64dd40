import Foundation
@testable import Salvage
import Testing

/// The member lookup's comparison of short keys (`JSONDocument.keyBytesEqual`: overlapping two- and four-byte
/// loads under eight bytes) must agree with a byte-by-byte comparison for every length and every differing byte.
struct ShortKeyComparingTests {
    /// `key` compared with `text` placed in the middle of a larger buffer (so the loads' bounds are the key's).
    private func keyEquals(_ text: [UInt8], _ key: [UInt8]) -> Bool {
        let input: [UInt8] = Array("xx\"".utf8) + text + Array("\"yy".utf8)
        return ByteReader.withBytes(of: input) { reader in
            ByteReader.withBytes(of: key) { JSONDocument.keyBytesEqual(reader, at: 3, length: text.count, to: $0) }
        }
    }

    @Test(arguments: 0...17)
    func equalKeysMatch(length: Int) {
        let key = (0..<length).map { UInt8(ascii: "a") + UInt8($0) }
        #expect(keyEquals(key, key))
    }

    @Test(arguments: 1...17)
    func aKeyDifferingInOneByteDoesNotMatch(length: Int) {
        let key = (0..<length).map { UInt8(ascii: "a") + UInt8($0) }
        for position in 0..<length {
            var text = key
            text[position] ^= 0x20
            #expect(!keyEquals(text, key), "length \(length), byte \(position)")
        }
    }

    @Test(arguments: 0...9)
    func keysOfOtherLengthsDoNotMatch(length: Int) {
        let key = (0..<length).map { UInt8(ascii: "a") + UInt8($0) }
        #expect(!keyEquals(key + [UInt8(ascii: "z")], key))
        if length > 0 { #expect(!keyEquals(Array(key.dropLast()), key)) }
    }

    private struct ShortKeys: APIDecodable {
        let values: [Int?]
        init?(from decoder: APIDecoder) {
            values = ["a", "ab", "abc", "abcd", "abcde", "abcdf", "abcdef", "abcdeg", "abcdefg"].map { decoder[$0] --> Int?.self }
        }
    }

    /// Through a model: each key at the hint differs from the one asked for only in its last byte or length.
    @Test func aModelReadsEveryShortKey() throws {
        let json = #"{"abcdeg": 8, "abcdefg": 9, "abcdef": 7, "abcdf": 6, "abcde": 5, "abcd": 4, "abc": 3, "ab": 2, "a": 1}"#
        let result = APIDataDecoder().decode(string: json, to: ShortKeys.self)
        #expect(result.errors == [])
        #expect(try #require(result.value).values == [1, 2, 3, 4, 5, 6, 7, 8, 9])
    }
}
