import Foundation
import Salvage
import Testing

// A deep tree of models decodes, and an error at its bottom carries the whole path.

private struct TreeNode: APIDecodable {
    static var idKey: String? { "name" }
    let name: String
    let weight: Int
    let children: [TreeNode]
    init?(from decoder: APIDecoder) {
        let name = decoder["name"] --> String.self
        let weight = decoder["weight"] --> Int.self
        let children = decoder["children"] --> [TreeNode].self
        guard decoder.succeeded, let name, let weight, let children else { return nil }
        self.name = name
        self.weight = weight
        self.children = children
    }
}

@Suite struct DeepNestingTests {
    static let depth = 40

    /// Level `d` has a leaf at [0] and level `d + 1` at [1]; the deepest level has a bad weight.
    static func tree(_ level: Int) -> String {
        let leaf = #"{"name": "leaf\#(level)", "weight": 0, "children": []}"#
        if level == depth {
            return #"{"name": "n\#(level)", "weight": "heavy", "children": [\#(leaf)]}"#
        }
        return #"{"name": "n\#(level)", "weight": \#(level), "children": [\#(leaf), \#(tree(level + 1))]}"#
    }

    @Test func errorAtTheBottomOfADeepTree() throws {
        let json = Self.tree(0)
        let result = decodeJSON(json, as: TreeNode.self)
        var node = try #require(result.value)
        var levels = 0
        while node.children.count == 2 {
            #expect(node.name == "n\(levels)")
            #expect(node.children[0].name == "leaf\(levels)")
            node = node.children[1]
            levels += 1
        }
        #expect(node.name == "n\(Self.depth - 1)")
        #expect(node.children.map(\.name) == ["leaf\(Self.depth - 1)"])
        #expect(levels == Self.depth - 1)

        try #require(result.errors.count == 1)
        var expected = "root(TreeNode name=n0)"
        for level in 1 ... Self.depth {
            expected += #" > "children"(Array<TreeNode>) > [1](TreeNode name=n\#(level))"#
        }
        expected += #" > "weight"(Int) : Unexpectedly found a string"#
        #expect(result.errors[0].description == expected)
        #expect(result.errors[0].path.count == 2 * Self.depth + 2)
        #expect(result.errors[0].path.jsonPointer == String(repeating: "/children/1", count: Self.depth) + "/weight")
        #expect(sourceText(json, at: result.errors[0].location, length: 7) == "\"heavy\"")
    }
}
