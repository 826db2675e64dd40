import Foundation
import Salvage
import Testing

// The parser flags objects that repeat a key, so member lookups stop at the first match everywhere else
// and find the last match in flagged objects. Objects of up to 48 members check each key against a filter
// kept per nesting level; these cases repeat a key at every level of a deep nest (deeper than the filters'
// first allocation), after the level's child objects have used the next level's filter, and next to
// sibling objects that use the same keys once.

/// One level of a nest: reads "a" (the last "a" when the object repeats it) and its child levels.
private struct Level: APIDecodable {
    let a: Int
    let children: [Level]
    init?(from decoder: APIDecoder) {
        guard let a = decoder["a"] --> Int.self else { return nil }
        self.a = a
        self.children = decoder["children"] --> [Level]?.self ?? []
    }
}

@Suite struct DuplicateKeyFilterTests {
    /// A nest `depth` levels deep. At each level: "a": 1, a sibling object with the same keys once, the child
    /// level, then (where `repeats(level)`) "a" again with the value 100 + level.
    static func nest(depth: Int, repeats: (Int) -> Bool) -> String {
        var json = ""
        for level in 0 ..< depth {
            json += #"{"a": 1, "b": 2, "children": [{"a": 3, "b": 4, "children": []}"#
            if level < depth - 1 { json += ", " }
        }
        for level in (0 ..< depth).reversed() {
            json += "]"
            if repeats(level) { json += #", "a": \#(100 + level)"# }
            json += "}"
        }
        return json
    }

    /// The values of "a" along the nest: each level's own, then its first child's (the sibling).
    private static func values(_ level: Level) -> [Int] {
        guard let sibling = level.children.first else { return [level.a] }
        return [level.a, sibling.a] + (level.children.count > 1 ? values(level.children[1]) : [])
    }

    @Test(arguments: [1, 2, 15, 16, 17, 40])
    func aRepeatedKeyIsFoundAtEveryLevel(_ depth: Int) throws {
        for pattern in 0 ..< 3 {
            let repeats: (Int) -> Bool = { level in pattern == 0 ? true : (level % 2 == pattern - 1) }
            let result = APIDataDecoder().decode(string: Self.nest(depth: depth, repeats: repeats), to: Level.self)
            #expect(result.errors.isEmpty)
            let root = try #require(result.value)
            var expected: [Int] = []
            for level in 0 ..< depth {
                expected += [repeats(level) ? 100 + level : 1, 3]
            }
            #expect(Self.values(root) == expected)
        }
    }

    /// Forty-eight members are checked by the filter, more when the object closes: a repeat as the 48th and
    /// the 49th member, of a key seen first or last.
    @Test(arguments: [47, 48, 49, 50])
    func aRepeatAroundTheFiltersLastMember(_ members: Int) throws {
        for repeated in [0, members - 2] {
            var fields = (0 ..< members - 1).map { #""k\#($0)": \#($0)"# }
            fields.append(#""k\#(repeated)": 999"#)
            let json = "{" + fields.joined(separator: ", ") + "}"
            let result = APIDataDecoder().decode(string: json, to: [String: Int].self)
            #expect(result.value?["k\(repeated)"] == 999)
            let position = APIDataDecoder().decode(string: json, to: Level.self)
            #expect(position.value == nil)
        }
    }
}
