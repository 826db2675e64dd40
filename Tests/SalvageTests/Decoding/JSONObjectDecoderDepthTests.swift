import Foundation
import Salvage
import Testing

// Review finding (2026-11-25): `APIJSONObjectDecoder` wrapped every tree in an array before handing it to
// `JSONSerialization`, which refuses trees deeper than 512 levels: a 512-level tree — the deepest the default
// `maximumDepth` allows — was refused as "The object tree cannot be represented as JSON (Array<Any>)", and a tree
// over the limit was reported against one level more than the limit the caller set ("maximumDepth (513 levels)").

/// `depth` nested arrays around `[]` as a Foundation object tree.
private func nestedArrays(_ depth: Int) -> Any {
    var tree: Any = [Any]()
    for _ in 1..<depth { tree = [tree] }
    return tree
}

/// `depth` nested objects (`{"c":{"c":…{}…}}`) as a Foundation object tree.
private func nestedObjects(_ depth: Int) -> Any {
    var tree: Any = [String: Any]()
    for _ in 1..<depth { tree = ["c": tree] }
    return tree
}

/// The nesting depth of a decoded value (a scalar is 0).
private func depth(of value: JSONValue?) -> Int {
    var levels = 0
    var current = value
    while true {
        switch current {
        case .array(let elements)?: current = elements.first
        case .object(let members)?: current = members["c"]
        default: return levels
        }
        levels += 1
    }
}

struct JSONObjectDecoderDepthTests {
    /// What a decode of `tree` to `JSONValue` on a 512 KiB thread gave: its depth (nil when it failed) and errors.
    private static func decoded(_ tree: @escaping @Sendable () -> Any, options: APIDecodeOptions = APIDecodeOptions()) -> String {
        onThread(stackSize: 512 * 1024) { () -> String in
            let result = APIJSONObjectDecoder(options: options).decode(jsonObject: tree(), to: JSONValue.self)
            return "\(result.value == nil ? "nil" : "\(depth(of: result.value))") \(result.errors.map(\.description))"
        }
    }

    @Test func theDeepestTreeTheDefaultLimitAllowsDecodes() {
        #expect(Self.decoded { nestedArrays(512) } == "512 []")
        #expect(Self.decoded { nestedObjects(512) } == "512 []")
    }

    @Test func aDeeperTreeIsRefusedNamingTheLimitAsSet() {
        #expect(Self.decoded { nestedArrays(513) } == #"nil ["root(JSONValue) : Nesting is deeper than maximumDepth (512 levels)"]"#)
        #expect(Self.decoded({ nestedObjects(11) }, options: APIDecodeOptions(maximumDepth: 10))
                == #"nil ["root(JSONValue) : Nesting is deeper than maximumDepth (10 levels)"]"#)
        #expect(Self.decoded({ nestedObjects(10) }, options: APIDecodeOptions(maximumDepth: 10)) == "10 []")
    }

    /// Scalars at the root are still wrapped for Foundation (which takes only arrays and objects at the top).
    @Test func scalarsAtTheRootStillDecode() {
        #expect(APIJSONObjectDecoder().decode(jsonObject: 5, to: JSONValue.self).value == .number(JSONNumber(text: "5")))
        #expect(APIJSONObjectDecoder().decode(jsonObject: "x", to: JSONValue.self).value == .string("x"))
        #expect(APIJSONObjectDecoder().decode(jsonObject: NSNull(), to: JSONValue.self).value == .null)
        #expect(APIJSONObjectDecoder(options: APIDecodeOptions(maximumDepth: 0)).decode(jsonObject: 5, to: Int.self).value == 5)
    }

    /// Still open: `JSONSerialization` refuses trees deeper than 512 levels, which a raised `maximumDepth` (up to
    /// `maximumDepthCeiling`, 1,000) allows; the decode from text takes them.
    @Test func aRaisedLimitIsStillCappedByFoundationAt512Levels() {
        withKnownIssue("JSONSerialization refuses trees deeper than 512 levels") {
            #expect(Self.decoded({ nestedArrays(600) }, options: APIDecodeOptions(maximumDepth: 1000)) == "600 []")
        }
    }
}
