import Foundation
import Salvage
import Testing

private func chain(_ depth: Int) -> String {
    String(repeating: #"{"c":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
}

/// Decoding recursion is bounded by the depth limit; at the default limit, the deepest document decodes
/// on a concurrency thread (whose stack is smaller than the main thread's) without overflowing.
struct RecursionDepthTests {
    @Test func deepestDefaultDocumentDecodesOnATaskAsModelJSONValueAndCodable() async throws {
        let text = chain(512)
        let depths = await Task.detached { () -> [Int?] in
            let model = APIDataDecoder().decode(string: text, to: Chain.self).value?.depth
            let value = APIDataDecoder().decode(string: text, to: JSONValue.self).value.map { _ in 512 }
            let codable = APIDataDecoder().decode(string: text, to: CodableChainRoot.self).value?.chain.depth
            return [model, value, codable]
        }.value
        #expect(depths == [512, 512, 512])
    }

    @Test func aRaisedLimitIsCappedAtTheCeilingAndTheCeilingDecodesOnATask() async throws {
        let decoder = APIDataDecoder(options: APIDecodeOptions(maximumDepth: 10_000_000))
        #expect(APIDecodeOptions.maximumDepthCeiling == 1_000)
        let deepest = chain(1_000)
        let depths = await Task.detached { () -> [Int?] in
            [decoder.decode(string: deepest, to: Chain.self).value?.depth,
             decoder.decode(string: deepest, to: CodableChainRoot.self).value?.chain.depth]
        }.value
        #expect(depths == [1_000, 1_000])
        let tooDeep = decoder.decode(string: chain(1_001), to: JSONValue.self)
        #expect(tooDeep.errors.map(\.description) == ["root(JSONValue) : Invalid JSON at line 1, column 5001 (byte 5000): Nesting is deeper than maximumDepth (1000 levels)"])
    }

    @Test func oneLevelDeeperIsAnInvalidJSONError() throws {
        let result = APIDataDecoder().decode(string: chain(513), to: Chain.self)
        #expect(result.value == nil)
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.description == "root(Chain) : Invalid JSON at line 1, column 2561 (byte 2560): Nesting is deeper than maximumDepth (512 levels)")
    }
}
