import Foundation
import Salvage
import Testing

// Secondary threads and dispatch queues on Apple platforms get 512 KiB of stack. Every decoding path must
// decode the deepest document the default options allow on such a thread, in debug and release builds (CI
// runs this suite in both), and deeper input must end in one recorded error — never a crash.

/// `{"c":{"c":…{}…}}`: `depth` nested objects.
private func objectChain(_ depth: Int) -> String {
    String(repeating: #"{"c":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
}

/// `{"c":[{"c":[…{"c":[]}…]}]}`: `levels` models, each holding an array of its children (two JSON levels
/// per model).
private func arrayChain(_ levels: Int) -> String {
    String(repeating: #"{"c":["#, count: levels - 1) + #"{"c":[]}"# + String(repeating: "]}", count: levels - 1)
}

/// A native model holding an array of its children: collections of models nest.
private final class ArrayChain: APIDecodable, Sendable {
    let children: [ArrayChain]
    init?(from decoder: APIDecoder) {
        guard let children = decoder["c"] --> [ArrayChain].self else { return nil }
        self.children = children
    }
    var depth: Int { 1 + (children.first?.depth ?? 0) }
}

/// The same shape as a Swift `Decodable`.
private final class CodableArrayChain: Decodable, Sendable {
    let c: [CodableArrayChain]
    var depth: Int { 1 + (c.first?.depth ?? 0) }
}

/// A chain decoded by a `CustomDecoding` that calls itself for the child.
private struct CustomNode: Sendable {
    let child: [CustomNode]
    var depth: Int { 1 + (child.first?.depth ?? 0) }
}

extension CustomDecoding where Value == CustomNode {
    fileprivate static let node: CustomDecoding<CustomNode> = CustomDecoding("a node") { (decoder: APIDecoder) -> CustomNode? in
        CustomNode(child: decoder["c"].decodeOptional(using: .node).map { [$0] } ?? [])
    }
}

private struct CustomRoot: APIDecodable, Sendable {
    let node: CustomNode
    init?(from decoder: APIDecoder) {
        guard let node = decoder.decodeRequired(using: .node) else { return nil }
        self.node = node
    }
}

/// A Codable envelope whose member is decoded natively through `Salvaged`.
private struct SalvagedRoot: Decodable {
    let c: Salvaged<Chain>
}

extension SmallStackTests {
    /// What one path decoded: the depth of its value (nil when it failed) and its errors' descriptions.
    struct Summary: Equatable, Sendable, CustomStringConvertible {
        let depth: Int?
        let errors: [String]
        var description: String { "depth \(depth.map(String.init) ?? "nil"), errors \(errors)" }
    }

    /// A decoding path and the document shape it nests through.
    struct DecodingPath: Sendable, CustomTestStringConvertible {
        let name: String
        /// The JSON nesting depth of a document that nests `levels` values of this path.
        let jsonDepth: @Sendable (Int) -> Int
        let decode: @Sendable (APIDataDecoder, Int) -> Summary
        var testDescription: String { name }

        static func summary<T>(_ result: APIDecodeResult<T>, _ depth: (T) -> Int) -> Summary {
            Summary(depth: result.value.map(depth), errors: result.errors.map(\.description))
        }

        static let all: [DecodingPath] = [
            DecodingPath(name: "native models", jsonDepth: { $0 }) { decoder, levels in
                summary(decoder.decode(string: objectChain(levels), to: Chain.self)) { $0.depth }
            },
            DecodingPath(name: "arrays of native models", jsonDepth: { 2 * $0 - 1 }) { decoder, levels in
                summary(decoder.decode(string: arrayChain(levels), to: ArrayChain.self)) { $0.depth }
            },
            DecodingPath(name: "Codable", jsonDepth: { $0 }) { decoder, levels in
                summary(decoder.decode(string: objectChain(levels), toDecodable: CodableChain.self)) { $0.depth }
            },
            DecodingPath(name: "Codable arrays", jsonDepth: { 2 * $0 - 1 }) { decoder, levels in
                summary(decoder.decode(string: arrayChain(levels), toDecodable: CodableArrayChain.self)) { $0.depth }
            },
            DecodingPath(name: "Codable model inside a native one", jsonDepth: { $0 }) { decoder, levels in
                summary(decoder.decode(string: objectChain(levels), to: CodableChainRoot.self)) { $0.chain.depth }
            },
            DecodingPath(name: "Salvaged", jsonDepth: { $0 }) { decoder, levels in
                // The envelope is one level; the chain inside it has the rest.
                summary(decoder.decode(string: #"{"c":"# + objectChain(levels - 1) + "}", toDecodable: SalvagedRoot.self)) { $0.c.value.depth + 1 }
            },
            DecodingPath(name: "JSONValue", jsonDepth: { $0 }) { decoder, levels in
                summary(decoder.decode(string: objectChain(levels), to: JSONValue.self)) { value in
                    var depth = 0
                    var current: JSONValue? = value
                    while case .object(let members)? = current { depth += 1; current = members["c"] }
                    return depth
                }
            },
            DecodingPath(name: "CustomDecoding", jsonDepth: { $0 }) { decoder, levels in
                summary(decoder.decode(string: objectChain(levels), to: CustomRoot.self)) { $0.node.depth }
            },
        ]
    }
}

@Suite("Small thread stacks")
struct SmallStackTests {
    static let halfMegabyte = 512 * 1024

    /// The number of values of `path` that nest to exactly `jsonDepth` JSON levels (or just below).
    private static func levels(of path: DecodingPath, jsonDepth: Int) -> Int {
        var levels = jsonDepth
        while path.jsonDepth(levels) > jsonDepth { levels -= 1 }
        return levels
    }

    @Test(arguments: DecodingPath.all)
    func theDeepestDefaultDocumentDecodesOnA512KiBThread(_ path: DecodingPath) {
        let levels = Self.levels(of: path, jsonDepth: 512)
        let outcome = onThread(stackSize: Self.halfMegabyte) { path.decode(APIDataDecoder(), levels) }
        #expect(outcome == Summary(depth: levels, errors: []))
    }

    @Test(arguments: DecodingPath.all)
    func theCeilingDecodesOnA512KiBThread(_ path: DecodingPath) {
        let decoder = APIDataDecoder(options: APIDecodeOptions(maximumDepth: APIDecodeOptions.maximumDepthCeiling))
        let levels = Self.levels(of: path, jsonDepth: APIDecodeOptions.maximumDepthCeiling)
        let outcome = onThread(stackSize: Self.halfMegabyte) { path.decode(decoder, levels) }
        #expect(outcome == Summary(depth: levels, errors: []))
    }

    @Test(arguments: DecodingPath.all)
    func deeperInputIsOneErrorOnA512KiBThread(_ path: DecodingPath) throws {
        let levels = Self.levels(of: path, jsonDepth: 513) + 1
        let outcome = onThread(stackSize: Self.halfMegabyte) { path.decode(APIDataDecoder(), levels) }
        #expect(outcome.depth == nil)
        try #require(outcome.errors.count == 1)
        #expect(outcome.errors[0].contains("Invalid JSON at line 1"))
        #expect(outcome.errors[0].hasSuffix("Nesting is deeper than maximumDepth (512 levels)"))
    }

    /// A thread whose stack is below the guard's reserve from the start: the decode moves to a helper at
    /// its first level. (Smaller stacks decode too, but releasing a 512-level model graph — the test's own
    /// code — needs about this much in a debug build.)
    @Test(arguments: DecodingPath.all)
    func aQuarterMegabyteStackStillDecodesTheDeepestDefaultDocument(_ path: DecodingPath) {
        let levels = Self.levels(of: path, jsonDepth: 512)
        let outcome = onThread(stackSize: 256 * 1024) { path.decode(APIDataDecoder(), levels) }
        #expect(outcome == Summary(depth: levels, errors: []))
    }

    /// Errors recorded deep down (where the stack is lowest) keep their full paths on a small stack.
    @Test func anErrorAtTheDeepestLevelIsRecordedWithItsPath() throws {
        let json = String(repeating: #"{"c":"#, count: 511) + #"{"c":true}"# + String(repeating: "}", count: 511)
        let outcome = onThread(stackSize: Self.halfMegabyte) { () -> (Int?, [String]) in
            let result = APIDataDecoder().decode(string: json, to: Chain.self)
            return (result.value?.depth, result.errors.map { $0.path.jsonPath })
        }
        // A 513th model would read `c` from `true`: it fails, and the 512th model's optional child is nil.
        #expect(outcome.0 == 512)
        #expect(outcome.1 == ["root" + String(repeating: #"["c"]"#, count: 512)])
    }
}
