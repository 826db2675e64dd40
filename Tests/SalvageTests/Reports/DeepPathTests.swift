import Salvage
import Testing

// Paths through many open frames: past `FrameIndex.threshold` (32) frames, `BreadcrumbBuilder` finds each
// node's innermost frame through an index built once per path instead of scanning the frames per step.
// The paths must read exactly as with few frames.

private final class Link: APIDecodable {
    static var idKey: String? { "id" }
    let next: Link?
    let value: Int?

    required init?(from decoder: APIDecoder) {
        _ = decoder["id"] --> Int?.self
        value = decoder["value"] --> Int?.self
        next = decoder["next"] --> Link?.self
    }
}

@Test(arguments: [3, 31, 33, 40, 120])
func aPathThroughManyNestedModelsNamesEveryLevel(depth: Int) {
    // `depth` links, each with an id, the last with a value of the wrong type.
    var json = #"{"id": \#(depth), "value": "bad"}"#
    for level in (1..<depth).reversed() {
        json = #"{"id": \#(level), "next": \#(json)}"#
    }
    let result = APIDataDecoder().decode(string: json, to: Link.self)
    let links = (2...max(depth, 2)).prefix(depth - 1).map { #"> "next"(Link id=\#($0))"# }
    let expected = (["root(Link id=1)"] + links + [#"> "value"(Int) : Unexpectedly found a string"#]).joined(separator: " ")
    #expect(result.errors.map(\.description) == [expected])
    #expect(result.errors.first?.path.count == depth + 1)
}
