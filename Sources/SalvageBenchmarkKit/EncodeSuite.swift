import Foundation
import Salvage

// The `encode` suite (issue #16): models → JSON bytes, Salvage's APIDataEncoder vs Foundation's JSONEncoder, both
// with their defaults (compact, keys in the order the models write them). The models are decoded once from the
// corpus by JSONDecoder, outside the timed region; afterwards both outputs are decoded again and must give
// models with the checksum of the original.

extension BenchmarkSuites {
    func encode() throws -> [SuiteResult] {
        [
            try encoding("twitter.json", CodableTwitterFeed.self) { $0.checksum },
            try encoding("citm_catalog.json", CitmCatalog.self) { $0.checksum },
            try encoding("canada.json", CodableCanadaCollection.self) { $0.checksum },
        ]
    }

    /// Times encoding the model of `file`; `bytes` in the result is the size of Salvage's output.
    func encoding<M: Codable>(_ file: String, _ type: M.Type, _ checksum: (M) -> Checksum) throws -> SuiteResult {
        let model = try JSONDecoder().decode(M.self, from: try load(file))
        let expected = checksum(model).description
        let salvageEncoder = APIDataEncoder()
        let foundationEncoder = JSONEncoder()
        let (salvageRun, foundationRun) = settings.measurePair({ try? salvageEncoder.encode(model) }, { try? foundationEncoder.encode(model) })
        let (salvageTime, salvageData, salvageAllocations) = salvageRun
        let (foundationTime, foundationData, foundationAllocations) = foundationRun
        func readBack(_ data: Data?) -> String {
            guard let data else { return "no output" }
            return (try? JSONDecoder().decode(M.self, from: data)).map(checksum)?.description ?? "unreadable output"
        }
        let salvageChecksum = readBack(salvageData)
        let foundationChecksum = readBack(foundationData)
        var failures: [String] = []
        if salvageChecksum != expected { failures.append("Salvage's output reads back as \(salvageChecksum), expected \(expected)") }
        if foundationChecksum != expected { failures.append("Foundation's output reads back as \(foundationChecksum), expected \(expected)") }
        return SuiteResult(suite: "encode", input: file, bytes: salvageData?.count ?? 0, salvage: salvageTime, foundation: foundationTime,
                           salvageChecksum: salvageChecksum, foundationChecksum: foundationChecksum,
                           salvageAllocations: salvageAllocations, foundationAllocations: foundationAllocations,
                           notes: ["foundation_bytes": "\(foundationData?.count ?? 0)"], failures: failures)
    }
}
