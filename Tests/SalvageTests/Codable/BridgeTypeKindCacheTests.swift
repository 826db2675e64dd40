import Foundation
@testable import Salvage
import Testing

// The Codable bridge's table of type kinds (`BridgeTypeKindCache`): every type keeps its slot once its kind
// was worked out (up to `limit` types), types whose home slots coincide do not evict each other, and the
// kind found is always the one `BridgeTypeKind.of` gives.

/// One distinct type: asks a cache for its kind, or works it out directly.
private struct KindProbe: Sendable {
    let type: Any.Type
    let cached: @Sendable (inout BridgeTypeKindCache) -> String
    let direct: @Sendable () -> String
}

private func kindProbe<T>(_ type: T.Type) -> KindProbe {
    KindProbe(type: T.self, cached: { describe($0.kind(of: T.self)) }, direct: { describe(BridgeTypeKind.of(T.self)) })
}

private func describe(_ kind: BridgeTypeKind) -> String {
    switch kind {
    case .scalar(let type): return "scalar(\(type))"
    case .url: return "url"
    case .uuid: return "uuid"
    case .date: return "date"
    case .data: return "data"
    case .scalarArray: return "scalarArray"
    case .collection(let type): return "collection(\(type))"
    case .convertingDictionary(let type): return "convertingDictionary(\(type))"
    case .other: return "other"
    }
}

private struct Plain: Decodable { let id: Int }
private enum Raw: String, Decodable { case a }

/// `T`, `T?`, `T??`, … (`depth` wrappers): distinct types of the same kind family, made at run time.
@_optimize(none)
private func optionals<T>(of type: T.Type, depth: Int, into probes: inout [KindProbe]) {
    probes.append(kindProbe(T.self))
    if depth > 0 { optionals(of: Optional<T>.self, depth: depth - 1, into: &probes) }
}

/// 78 distinct types of every kind: each base type, then five `Optional`s of it.
private let probes: [KindProbe] = {
    var probes: [KindProbe] = []
    optionals(of: Int.self, depth: 5, into: &probes)
    optionals(of: String.self, depth: 5, into: &probes)
    optionals(of: Double.self, depth: 5, into: &probes)
    optionals(of: Bool.self, depth: 5, into: &probes)
    optionals(of: Decimal.self, depth: 5, into: &probes)
    optionals(of: URL.self, depth: 5, into: &probes)
    optionals(of: Date.self, depth: 5, into: &probes)
    optionals(of: Data.self, depth: 5, into: &probes)
    optionals(of: [Int].self, depth: 5, into: &probes)
    optionals(of: [Plain].self, depth: 5, into: &probes)
    optionals(of: [Int: String].self, depth: 5, into: &probes)
    optionals(of: Plain.self, depth: 5, into: &probes)
    optionals(of: Raw.self, depth: 5, into: &probes)
    return probes
}()

struct BridgeTypeKindCacheTests {
    @Test func theProbesAreDistinctTypesOfEveryKind() {
        #expect(probes.count == 78)
        #expect(Set(probes.map { ObjectIdentifier($0.type) }).count == 78)
        let kinds: Set<String> = [
            "scalar(Int)", "scalar(String)", "scalar(Double)", "scalar(Bool)", "scalar(Decimal)", "url", "date", "data",
            "scalarArray", "collection(Array<Plain>)", "convertingDictionary(Dictionary<Int, String>)", "other",
        ]
        let directKinds: Set<String> = Set(probes.map { $0.direct() })
        #expect(directKinds == kinds)
    }

    /// Up to the limit, each type's kind is worked out once, whatever the order of later look-ups.
    @Test(arguments: [0, 1, 2, 7, 8, 15, 16, 17, 47, 48])
    func typesUpToTheLimitAreWorkedOutOnce(count: Int) {
        var cache = BridgeTypeKindCache()
        let some = probes.prefix(count)
        for probe in some { #expect(probe.cached(&cache) == probe.direct()) }
        #expect(cache.workedOut == count)
        for probe in some.reversed() { #expect(probe.cached(&cache) == probe.direct()) }
        for probe in some { #expect(probe.cached(&cache) == probe.direct()) }
        #expect(cache.workedOut == count)
    }

    /// Past the limit, the first `limit` types stay found and each later one is worked out on every use.
    @Test(arguments: [49, 50, 63, 64, 65, 78])
    func typesPastTheLimitAreWorkedOutOnEveryUse(count: Int) {
        #expect(BridgeTypeKindCache.limit == 48)
        var cache = BridgeTypeKindCache()
        let some = probes.prefix(count)
        for probe in some { #expect(probe.cached(&cache) == probe.direct()) }
        #expect(cache.workedOut == count)
        for probe in some.reversed() { #expect(probe.cached(&cache) == probe.direct()) }
        #expect(cache.workedOut == count + (count - 48))
    }

    /// Types whose home slots coincide (78 types in 64 slots: some must) keep their own slots, asked for in
    /// turn: the direct-mapped table this replaced worked both out again on every turn.
    @Test func typesSharingAHomeSlotDoNotEvictEachOther() throws {
        let bySlot = Dictionary(grouping: probes, by: { BridgeTypeKindCache.homeSlot(of: $0.type) })
        let shared = try #require(bySlot.values.filter { $0.count > 1 }.max { $0.count < $1.count })
        var cache = BridgeTypeKindCache()
        for _ in 0 ..< 3 {
            for probe in shared { #expect(probe.cached(&cache) == probe.direct()) }
        }
        #expect(cache.workedOut == shared.count)
    }

    /// A table filled to its limit finds every kept type, in any order (a probe that runs past the last slot
    /// goes on at the first).
    @Test func aFullTableFindsEveryKeptType() {
        var cache = BridgeTypeKindCache()
        let kept = probes.prefix(BridgeTypeKindCache.limit)
        for probe in kept { _ = probe.cached(&cache) }
        for probe in kept.shuffled() { #expect(probe.cached(&cache) == probe.direct()) }
        #expect(cache.workedOut == BridgeTypeKindCache.limit)
    }
}
