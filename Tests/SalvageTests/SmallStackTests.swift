import Foundation
import Salvage
import Testing

// Secondary threads and dispatch queues on Apple platforms get 512 KiB of stack. Every decoding path must
// decode the deepest document the default options allow on such a thread, in debug and release builds (CI
// runs this suite in both), and deeper input must end in one recorded error — never a crash.

/// Runs `body` on a new thread with a stack of `stackSize` bytes and returns its result.
func onThread<R: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> R) -> R {
    let outcome = SSOutcome<R>()
    let thread = Thread {
        outcome.set(body())
    }
    thread.stackSize = stackSize
    thread.start()
    return outcome.wait()
}

/// The result of a thread, handed over under a condition lock.
private final class SSOutcome<R: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: R?

    func set(_ newValue: R) {
        condition.lock()
        value = newValue
        condition.signal()
        condition.unlock()
    }

    func wait() -> R {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value { return value }
            condition.wait()
        }
    }
}

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
private final class SSArrayChain: APIDecodable, Sendable {
    let children: [SSArrayChain]
    init?(from decoder: APIDecoder) {
        guard let children = decoder["c"] --> [SSArrayChain].self else { return nil }
        self.children = children
    }
    var depth: Int { 1 + (children.first?.depth ?? 0) }
}

/// The same shape as a Swift `Decodable`.
private final class SSCodableArrayChain: Decodable, Sendable {
    let c: [SSCodableArrayChain]
    var depth: Int { 1 + (c.first?.depth ?? 0) }
}

/// A chain decoded by a `CustomDecoding` that calls itself for the child.
private struct SSCustomNode: Sendable {
    let child: [SSCustomNode]
    var depth: Int { 1 + (child.first?.depth ?? 0) }
}

extension CustomDecoding where Value == SSCustomNode {
    fileprivate static let node: CustomDecoding<SSCustomNode> = CustomDecoding("a node") { (decoder: APIDecoder) -> SSCustomNode? in
        SSCustomNode(child: decoder["c"].decodeOptional(using: .node).map { [$0] } ?? [])
    }
}

private struct SSCustomRoot: APIDecodable, Sendable {
    let node: SSCustomNode
    init?(from decoder: APIDecoder) {
        guard let node = decoder.decodeRequired(using: .node) else { return nil }
        self.node = node
    }
}

/// A Codable envelope whose member is decoded natively through `Salvaged`.
private struct SSSalvagedRoot: Decodable {
    let c: Salvaged<DNChain>
}

/// What one path decoded: the depth of its value (nil when it failed) and its errors' descriptions.
struct SSOutcomeSummary: Equatable, Sendable, CustomStringConvertible {
    let depth: Int?
    let errors: [String]
    var description: String { "depth \(depth.map(String.init) ?? "nil"), errors \(errors)" }
}

/// A decoding path and the document shape it nests through.
struct SSPath: Sendable, CustomTestStringConvertible {
    let name: String
    /// The JSON nesting depth of a document that nests `levels` values of this path.
    let jsonDepth: @Sendable (Int) -> Int
    let decode: @Sendable (APIDataDecoder, Int) -> SSOutcomeSummary
    var testDescription: String { name }

    static func summary<T>(_ result: APIDecodeResult<T>, _ depth: (T) -> Int) -> SSOutcomeSummary {
        SSOutcomeSummary(depth: result.value.map(depth), errors: result.errors.map(\.description))
    }

    static let all: [SSPath] = [
        SSPath(name: "native models", jsonDepth: { $0 }) { decoder, levels in
            summary(decoder.decode(string: objectChain(levels), to: DNChain.self)) { $0.depth }
        },
        SSPath(name: "arrays of native models", jsonDepth: { 2 * $0 - 1 }) { decoder, levels in
            summary(decoder.decode(string: arrayChain(levels), to: SSArrayChain.self)) { $0.depth }
        },
        SSPath(name: "Codable", jsonDepth: { $0 }) { decoder, levels in
            summary(decoder.decode(string: objectChain(levels), toDecodable: DNCodableChain.self)) { $0.depth }
        },
        SSPath(name: "Codable arrays", jsonDepth: { 2 * $0 - 1 }) { decoder, levels in
            summary(decoder.decode(string: arrayChain(levels), toDecodable: SSCodableArrayChain.self)) { $0.depth }
        },
        SSPath(name: "Codable model inside a native one", jsonDepth: { $0 }) { decoder, levels in
            summary(decoder.decode(string: objectChain(levels), to: DNCodableRoot.self)) { $0.chain.depth }
        },
        SSPath(name: "Salvaged", jsonDepth: { $0 }) { decoder, levels in
            // The envelope is one level; the chain inside it has the rest.
            summary(decoder.decode(string: #"{"c":"# + objectChain(levels - 1) + "}", toDecodable: SSSalvagedRoot.self)) { $0.c.value.depth + 1 }
        },
        SSPath(name: "JSONValue", jsonDepth: { $0 }) { decoder, levels in
            summary(decoder.decode(string: objectChain(levels), to: JSONValue.self)) { value in
                var depth = 0
                var current: JSONValue? = value
                while case .object(let members)? = current { depth += 1; current = members["c"] }
                return depth
            }
        },
        SSPath(name: "CustomDecoding", jsonDepth: { $0 }) { decoder, levels in
            summary(decoder.decode(string: objectChain(levels), to: SSCustomRoot.self)) { $0.node.depth }
        },
    ]
}

@Suite("Small thread stacks")
struct SmallStackTests {
    static let halfMegabyte = 512 * 1024

    /// The number of values of `path` that nest to exactly `jsonDepth` JSON levels (or just below).
    private static func levels(of path: SSPath, jsonDepth: Int) -> Int {
        var levels = jsonDepth
        while path.jsonDepth(levels) > jsonDepth { levels -= 1 }
        return levels
    }

    @Test(arguments: SSPath.all)
    func theDeepestDefaultDocumentDecodesOnA512KiBThread(_ path: SSPath) {
        let levels = Self.levels(of: path, jsonDepth: 512)
        let outcome = onThread(stackSize: Self.halfMegabyte) { path.decode(APIDataDecoder(), levels) }
        #expect(outcome == SSOutcomeSummary(depth: levels, errors: []))
    }

    @Test(arguments: SSPath.all)
    func theCeilingDecodesOnA512KiBThread(_ path: SSPath) {
        let decoder = APIDataDecoder(options: APIDecodeOptions(maximumDepth: APIDecodeOptions.maximumDepthCeiling))
        let levels = Self.levels(of: path, jsonDepth: APIDecodeOptions.maximumDepthCeiling)
        let outcome = onThread(stackSize: Self.halfMegabyte) { path.decode(decoder, levels) }
        #expect(outcome == SSOutcomeSummary(depth: levels, errors: []))
    }

    @Test(arguments: SSPath.all)
    func deeperInputIsOneErrorOnA512KiBThread(_ path: SSPath) throws {
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
    @Test(arguments: SSPath.all)
    func aQuarterMegabyteStackStillDecodesTheDeepestDefaultDocument(_ path: SSPath) {
        let levels = Self.levels(of: path, jsonDepth: 512)
        let outcome = onThread(stackSize: 256 * 1024) { path.decode(APIDataDecoder(), levels) }
        #expect(outcome == SSOutcomeSummary(depth: levels, errors: []))
    }

    /// Errors recorded deep down (where the stack is lowest) keep their full paths on a small stack.
    @Test func anErrorAtTheDeepestLevelIsRecordedWithItsPath() throws {
        let json = String(repeating: #"{"c":"#, count: 511) + #"{"c":true}"# + String(repeating: "}", count: 511)
        let outcome = onThread(stackSize: Self.halfMegabyte) { () -> (Int?, [String]) in
            let result = APIDataDecoder().decode(string: json, to: DNChain.self)
            return (result.value?.depth, result.errors.map { $0.path.jsonPath })
        }
        // A 513th model would read `c` from `true`: it fails, and the 512th model's optional child is nil.
        #expect(outcome.0 == 512)
        #expect(outcome.1 == ["root" + String(repeating: #"["c"]"#, count: 512)])
    }
}
