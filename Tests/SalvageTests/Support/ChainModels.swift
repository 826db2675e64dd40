import Salvage

// Models that nest one level per JSON object (`{"c":{"c":…}}`): used by RecursionDepthTests and SmallStackTests.

/// A recursive model: each level reads its child, so decoding recursion follows the JSON's depth.
final class Chain: APIDecodable {
    let child: Chain?
    init?(from decoder: APIDecoder) {
        child = decoder["c"] --> Chain?.self
    }
    var depth: Int { 1 + (child?.depth ?? 0) }
}

/// The same shape as a Swift `Decodable`, decoded through the Codable bridge.
final class CodableChain: Decodable {
    let c: CodableChain?
    var depth: Int { 1 + (c?.depth ?? 0) }
}

/// A native root whose whole value is a `CodableChain`, decoded through the Codable bridge.
struct CodableChainRoot: APIDecodable {
    let chain: CodableChain
    init?(from decoder: APIDecoder) {
        guard let chain = decoder.decodeRequired(swiftDecodable: CodableChain.self) else { return nil }
        self.chain = chain
    }
}
