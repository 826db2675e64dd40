import Foundation
import Salvage

/// The benchmark suites of issue #3: each times bytes → models for Salvage and for Foundation in one run.
public struct BenchmarkSuites {
    public let corpus: URL
    public let settings: BenchmarkSettings

    public init(corpus: URL, settings: BenchmarkSettings) {
        self.corpus = corpus
        self.settings = settings
    }

    public static let names = ["twitter", "citm", "canada", "flaky", "flaky-clean", "parse", "codable", "encode"]

    /// Suites `--suite` accepts that a default run leaves out: one recovery mode of `codable` alone, and
    /// `flaky-large`, the flaky document with 300,000 persons (52 MB: issue #15's 50 MB array, for debug builds).
    public static let extraNames = ["codable-salvage", "codable-strict", "flaky-large"]

    /// Runs the named suite; throws when an input file cannot be read.
    public func run(_ name: String) throws -> [SuiteResult] {
        switch name {
        case "twitter": return [try models("twitter", file: "twitter.json", salvage: TwitterFeed.self, { $0.checksum }, foundation: CodableTwitterFeed.self, { $0.checksum })]
        case "citm": return [try models("citm", file: "citm_catalog.json", salvage: CitmCatalog.self, { $0.checksum }, foundation: CitmCatalog.self, { $0.checksum })]
        case "canada": return [try models("canada", file: "canada.json", salvage: CanadaCollection.self, { $0.checksum }, foundation: CodableCanadaCollection.self, { $0.checksum })]
        case "flaky": return [flaky(isFlaky: true)]
        case "flaky-clean": return [flaky(isFlaky: false)]
        case "flaky-large": return [flaky(isFlaky: true, count: 300_000)]
        case "parse": return try parse()
        case "encode": return try encode()
        case "codable", "codable-salvage", "codable-strict":
            // Both recoveries on clean data: `codable` is `.salvage` (the default), `codable-strict` `.strict`.
            // `--suite codable-salvage` or `--suite codable-strict` runs one of them alone (for profiling).
            var strict = APIDecodeOptions()
            strict.codable.recovery = .strict
            let modes = [("codable", APIDecodeOptions()), ("codable-strict", strict)]
                .filter { mode, _ in name == "codable" || mode == name || (name == "codable-salvage" && mode == "codable") }
            return try modes.flatMap { suite, options in [
                try models(suite, file: "twitter.json", salvage: SwiftDecodableRoot<CodableTwitterFeed>.self, { $0.value.checksum }, foundation: CodableTwitterFeed.self, { $0.checksum }, options: options),
                try models(suite, file: "citm_catalog.json", salvage: SwiftDecodableRoot<CitmCatalog>.self, { $0.value.checksum }, foundation: CitmCatalog.self, { $0.checksum }, options: options),
                try models(suite, file: "canada.json", salvage: SwiftDecodableRoot<CodableCanadaCollection>.self, { $0.value.checksum }, foundation: CodableCanadaCollection.self, { $0.checksum }, options: options),
            ] }
        default:
            return []
        }
    }

    func load(_ file: String) throws -> Data {
        try Data(contentsOf: corpus.appendingPathComponent(file))
    }

    /// Salvage model (decoded with `options`) vs Foundation Codable model on one corpus file.
    func models<S: APIDecodable, F: Decodable>(_ suite: String, file: String, salvage: S.Type, _ salvageSum: (S) -> Checksum,
                                                foundation: F.Type, _ foundationSum: (F) -> Checksum,
                                                options: APIDecodeOptions = APIDecodeOptions()) throws -> SuiteResult {
        let data = try load(file)
        let decoder = APIDataDecoder(options: options)
        let (salvageRun, foundationRun) = settings.measurePair({ decoder.decode(data: data, to: S.self) },
                                                               { try? JSONDecoder().decode(F.self, from: data) })
        let (salvageTime, salvageResult, salvageAllocations) = salvageRun
        let (foundationTime, foundationResult, foundationAllocations) = foundationRun
        var failures: [String] = []
        if !salvageResult.errors.isEmpty {
            failures.append("Salvage reported \(salvageResult.errors.count) errors, first: \(salvageResult.errors[0])")
        }
        let salvageChecksum = salvageResult.value.map(salvageSum)?.description ?? "no value"
        let foundationChecksum = foundationResult.map(foundationSum)?.description ?? "no value"
        if salvageChecksum != foundationChecksum {
            failures.append("checksums differ: Salvage \(salvageChecksum), Foundation \(foundationChecksum)")
        }
        return SuiteResult(suite: suite, input: file, bytes: data.count, salvage: salvageTime, foundation: foundationTime,
                           salvageChecksum: salvageChecksum, foundationChecksum: foundationChecksum,
                           salvageAllocations: salvageAllocations, foundationAllocations: foundationAllocations, notes: [:], failures: failures)
    }

    /// Flaky persons: Salvage with every error recorded vs Codable's all-optional `try?` model.
    func flaky(isFlaky: Bool, count: Int = 20_000) -> SuiteResult {
        let data = Data(FlakyPeopleGenerator.document(count: count, flaky: isFlaky))
        let decoder = APIDataDecoder()
        let (salvageRun, foundationRun) = settings.measurePair({ decoder.decode(data: data, to: FlakyPeople.self) },
                                                               { try? JSONDecoder().decode(CodableFlakyPeople.self, from: data) })
        let (salvageTime, salvageResult, salvageAllocations) = salvageRun
        let (foundationTime, foundationResult, foundationAllocations) = foundationRun
        let expectedPersons = isFlaky ? FlakyPeopleGenerator.expectedSurvivors(count: count) : count
        let expectedErrors = isFlaky ? (count + 19) / 20 : 0
        let persons = salvageResult.value?.count ?? 0
        var failures: [String] = []
        if persons != expectedPersons { failures.append("Salvage kept \(persons) persons, expected \(expectedPersons)") }
        if salvageResult.errors.count != expectedErrors { failures.append("Salvage reported \(salvageResult.errors.count) errors, expected \(expectedErrors)") }
        if let missingPath = salvageResult.errors.first(where: { $0.path.count < 3 }) { failures.append("error without a breadcrumb: \(missingPath)") }
        if (foundationResult?.survivors ?? -1) != expectedPersons { failures.append("Foundation kept \(foundationResult?.survivors ?? -1) persons") }
        let salvageChecksum = salvageResult.value?.checksum.description ?? "no value"
        let foundationChecksum = foundationResult?.checksum.description ?? "no value"
        if salvageChecksum != foundationChecksum { failures.append("checksums differ") }
        return SuiteResult(suite: isFlaky ? "flaky" : "flaky-clean", input: "generated \(count) persons", bytes: data.count,
                           salvage: salvageTime, foundation: foundationTime, salvageChecksum: salvageChecksum, foundationChecksum: foundationChecksum,
                           salvageAllocations: salvageAllocations, foundationAllocations: foundationAllocations,
                           notes: ["persons": "\(persons)", "errors": "\(salvageResult.errors.count)", "first_error": salvageResult.errors.first.map { "\($0)" } ?? ""],
                           failures: failures)
    }

    /// Bytes → document only, on every JSON file of the corpus; Foundation's counterpart is `JSONSerialization`.
    func parse() throws -> [SuiteResult] {
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".json") }.sorted()
        return try files.map { file in
            let data = try load(file)
            let bytes = [UInt8](data)
            let (salvageRun, foundationRun) = settings.measurePair({ SalvagePackageAccess.parse(bytes) },
                                                                   { try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) })
            let (salvageTime, nodes, salvageAllocations) = salvageRun
            let (foundationTime, object, foundationAllocations) = foundationRun
            var failures: [String] = []
            if nodes == nil { failures.append("Salvage could not parse \(file)") }
            if object == nil { failures.append("Foundation could not parse \(file)") }
            let valid = nodes != nil && object != nil ? "valid" : "invalid"
            // The yardstick, timed in the same run: one plain pass summing the bytes.
            let (scanTime, byteSum) = ByteScanBaseline.measure(bytes, settings: settings)
            let scanMBps = scanTime.medianMBps(bytes: bytes.count)
            // The timed parse returns the tape's node count; the values (close nodes left out) are counted apart.
            let notes = ["values": "\(SalvagePackageAccess.valueCount(bytes) ?? 0)", "byte_sum": "\(byteSum)",
                         "byte_scan_mb_s": String(format: "%.0f", scanMBps),
                         "parse_vs_byte_scan": String(format: "%.3g", salvageTime.medianMBps(bytes: bytes.count) / scanMBps)]
            return SuiteResult(suite: "parse", input: file, bytes: data.count, salvage: salvageTime, foundation: foundationTime,
                               salvageChecksum: valid, foundationChecksum: valid, salvageAllocations: salvageAllocations,
                               foundationAllocations: foundationAllocations, notes: notes, failures: failures)
        }
    }
}

/// Decodes a Swift `Decodable` root through Salvage's Codable bridge.
public struct SwiftDecodableRoot<T: Decodable>: APIDecodable {
    public let value: T
    public init?(from decoder: APIDecoder) {
        guard let value = decoder.decodeRequired(swiftDecodable: T.self) else { return nil }
        self.value = value
    }
}
