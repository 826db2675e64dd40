import Salvage
import Testing

// The duplicate-key filter hashes a key from its length and its first and last eight bytes (a masked word
// for keys under eight bytes, byte by byte when fewer than eight bytes of input are left), and walks the
// object's earlier keys only when the filter answers "maybe". These cases put keys of every length around
// those boundaries in objects that repeat them (the last value must win) and in objects whose distinct keys
// share a hash on purpose (same length, first and last eight bytes: every key must keep its own value).

/// Reads the keys listed in the object's first member, "lookups", through member lookup (which stops at
/// the first match unless the parser flagged the object as repeating a key).
private struct LookUps: APIDecodable {
    let values: [Int?]
    init?(from decoder: APIDecoder) {
        guard let keys = decoder["lookups"] --> [String].self else { return nil }
        values = keys.map { decoder[$0] --> Int?.self ?? nil }
    }
}

@Suite struct KeyFilterHashTests {
    /// The values member lookup finds for `keys` in the object of `members` (each `"key": value` text).
    static func lookUp(_ keys: [String], in members: [String], separator: String = ", ", padding: String = "") throws -> [Int?] {
        let list = #""lookups":["# + keys.map { #""\#($0)""# }.joined(separator: ",") + "]"
        let json = "{" + ([list] + members).joined(separator: separator) + "}" + padding
        let result = APIDataDecoder().decode(string: json, to: LookUps.self)
        #expect(result.errors.isEmpty)
        return try #require(result.value).values
    }

    static let lengths = [0, 1, 2, 7, 8, 9, 15, 16, 17, 24, 31, 32, 33]

    /// A key of `length` bytes ending in `tag`, so keys of one length differ in their last byte.
    static func key(length: Int, tag: Character = "z") -> String {
        length == 0 ? "" : String(repeating: "k", count: length - 1) + String(tag)
    }

    /// A repeated key as the last member, with the input ending right after the object (compact, so short
    /// keys start within the input's last eight bytes) and again followed by padding.
    @Test(arguments: lengths)
    func aRepeatedKeyOfEveryLengthKeepsTheLastValue(_ length: Int) throws {
        let repeated = Self.key(length: length)
        let others = (0 ..< 5).map { "o\($0)" }
        for (spacing, padding) in [("", ""), (" ", "   \n"), ("\n  ", String(repeating: " ", count: 20))] {
            let members = others.enumerated().map { #""\#($1)":\#(spacing)\#($0)"# }
                + [#""\#(repeated)":\#(spacing)7"#, #""\#(repeated)":\#(spacing)8"#]
            #expect(try Self.lookUp([repeated, "o4"], in: members, separator: ",\(spacing)", padding: padding) == [8, 4])
        }
    }

    /// The repeat is the second member, the last member, and a member in the middle of forty distinct keys.
    @Test(arguments: lengths)
    func aRepeatAtAnyPlaceKeepsTheLastValue(_ length: Int) throws {
        let repeated = Self.key(length: length, tag: "r")
        for place in [1, 20, 40] {
            var members = (0 ..< 40).map { #""m\#($0)": \#($0)"# }
            members.insert(#""\#(repeated)": -1"#, at: 0)
            members.insert(#""\#(repeated)": \#(100 + place)"#, at: place)
            #expect(try Self.lookUp([repeated, "m39"], in: members) == [100 + place, 39])
        }
    }

    /// Keys of one length that share their first and last eight bytes (so their hashes are equal) and differ
    /// only in a middle byte: all distinct, each keeps its value; then one of them repeated.
    @Test(arguments: [17, 18, 24, 40])
    func keysSharingAHashAreToldApartByTheirBytes(_ length: Int) throws {
        let head = "abcdefgh", tail = "stuvwxyz"
        let middle = length - 16
        let keys = (0 ..< 12).map { index in
            head + String(repeating: "m", count: middle - 1) + String(UnicodeScalar(UInt8(65 + index))) + tail
        }
        let members = keys.enumerated().map { #""\#($1)": \#($0)"# }
        #expect(try Self.lookUp(keys.reversed(), in: members) == (0 ..< 12).reversed().map { $0 })
        #expect(try Self.lookUp([keys[5], keys[4]], in: members + [#""\#(keys[5])": 500"#]) == [500, 4])
    }

    /// Keys under eight bytes that differ only in their length (a prefix of each other, or "" and a key):
    /// distinct, so every value is its own.
    @Test func keysThatArePrefixesOfEachOtherAreDistinct() throws {
        let keys = (0 ..< 8).map { String(repeating: "p", count: $0) }
        let members = keys.enumerated().map { #""\#($1)":\#($0)"# }
        #expect(try Self.lookUp(keys.reversed(), in: members, separator: ",") == (0 ..< 8).reversed().map { $0 })
        #expect(try Self.lookUp(["ppp", ""], in: members + [#""":80"#, #""ppp":83"#], separator: ",") == [83, 80])
    }
}
