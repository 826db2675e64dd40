import Foundation
import Salvage
import Testing

// Issues #6 and #12 together: "a test decodes concurrently on many tasks and checks every result" and "every path …
// decodes input up to the default depth" on a 512 KiB thread. Each decode below is deeper than its small thread's
// stack allows, so its deep levels run on helper threads — here many decodes start helpers at once, sharing one
// decoder, and each must give exactly what a lone decode gives. Part of the ThreadSanitizer run
// (`--filter Issue12Concurrent`).

/// `{"c":{"c":…{}…}}`: `depth` nested objects.
private func objects(_ depth: Int) -> String {
    String(repeating: #"{"c":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
}

/// Runs `body` on a new thread with a 256 KiB stack — below the guard's reserve from its first level — without
/// blocking the calling task, so that all the threads of a task group run at once.
private func onSmallThread<R: Sendable>(_ body: @escaping @Sendable () -> R) async -> R {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = 256 * 1024
        thread.start()
    }
}

@Suite("Issue 12: deep decodes on small stacks, many at once")
struct Issue12ConcurrentSmallStackTests {
    static let ceiling = APIDecodeOptions.maximumDepthCeiling

    /// What one decode of the shared decoder gives, by path.
    private static func decode(_ path: Int, with decoder: APIDataDecoder) -> String {
        let json = objects(ceiling)
        switch path % 4 {
        case 0:
            let result = decoder.decode(string: json, to: Chain.self)
            return "native \(result.value?.depth ?? -1) \(result.errors.count)"
        case 1:
            let result = decoder.decode(string: json, toDecodable: CodableChain.self)
            return "Codable \(result.value?.depth ?? -1) \(result.errors.count)"
        case 2:
            let result = decoder.decode(string: json, to: JSONValue.self)
            let hashes = Set([result.value, result.value]).count
            return "JSONValue \(result.value.map { (try? $0.jsonString())?.count ?? -1 } ?? -1) \(hashes) \(result.errors.count)"
        default:
            // One level deeper than the limit: one error.
            let result = decoder.decode(string: "[" + json + "]", to: JSONValue.self)
            return "too deep \(result.value == nil) \(result.errors.map(\.code))"
        }
    }

    @Test func manySmallStackThreadsDecodeTheCeilingAtOnce() async {
        let shared = APIDataDecoder(options: APIDecodeOptions(maximumDepth: Self.ceiling))
        let alone = (0 ..< 4).map { Self.decode($0, with: shared) }
        #expect(alone == ["native 1000 0", "Codable 1000 0", "JSONValue 5996 1 0", #"too deep true ["limit_exceeded"]"#])
        let outcomes = await withTaskGroup(of: (Int, String).self) { group in
            for index in 0 ..< 12 {
                group.addTask {
                    (index, await onSmallThread { Self.decode(index, with: shared) })
                }
            }
            var all: [Int: String] = [:]
            for await (index, outcome) in group { all[index] = outcome }
            return all
        }
        let got: [String?] = (0 ..< 12).map { outcomes[$0] }
        let expected: [String?] = (0 ..< 12).map { alone[$0 % 4] }
        #expect(got == expected)
    }
}
