import Foundation
import CAllocationCounter
import SalvageBenchmarkKit

// salvage-benchmark: bytes → models, Salvage vs Foundation's JSONDecoder, in the same run.
// Usage: swift run -c release salvage-benchmark [--corpus DIR] [--json] [--quick] [--suite NAME]... [--no-memory]

struct Options {
    var corpus = "../shared/corpus"
    var json = false
    var quick = false
    var memory = true
    var memoryOnly = false
    var suites: [String] = []
    var salvageOnly = false
    var iterations: Int?
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        switch argument {
        case "--corpus":
            guard let value = arguments.popFirst() else { fail("--corpus needs a directory") }
            options.corpus = value
        case "--json": options.json = true
        case "--quick": options.quick = true
        case "--no-memory": options.memory = false
        case "--memory-only": options.memoryOnly = true
        case "--worst-cases":
            var allAsExpected = true
            for row in WorstCaseInputs.run() {
                let name = row.name.padding(toLength: 32, withPad: " ", startingAt: 0)
                let expected = WorstCaseInputs.expectedErrors[row.name]
                allAsExpected = allAsExpected && row.errors == expected
                let check = row.errors == expected ? "ok" : "FAILED: expected \(expected.map(String.init) ?? "?") error(s)"
                print(name + String(format: "%12d bytes  %8.3f s  %d error(s)  ", row.bytes, row.seconds, row.errors) + check)
            }
            exit(allAsExpected ? 0 : 1)
        case "--stream":
            // Not in the default run: it writes and decodes a 1 GiB file (StreamMeasurement.swift).
            let megabytes = arguments.first == "--stream-size" ? arguments.dropFirst().first.flatMap(Int.init) ?? 1024 : 1024
            guard #available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *) else { fail("--stream needs macOS 10.15.4 or later") }
            StreamMeasurement.print(StreamMeasurement.run(streamMegabytes: megabytes, inMemoryMegabytes: Swift.min(megabytes, 200)))
            exit(0)
        case "--salvage-only": options.salvageOnly = true
        case "--iterations":
            guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else { fail("--iterations needs a positive number") }
            options.iterations = value
        case "--suite":
            guard let value = arguments.popFirst(), (BenchmarkSuites.names + BenchmarkSuites.extraNames).contains(value) else {
                fail("--suite needs one of: \((BenchmarkSuites.names + BenchmarkSuites.extraNames).joined(separator: ", "))")
            }
            options.suites.append(value)
        case "--help", "-h":
            print("""
            usage: salvage-benchmark [--corpus DIR] [--json] [--quick] [--suite NAME]... [--no-memory]
              --corpus DIR   folder with twitter.json, citm_catalog.json, canada.json (default ../shared/corpus)
              --json         print a JSON array with one object per suite instead of a table
              --quick        one iteration per suite, no warm-up (checks that everything works)
              --suite NAME   run only this suite (repeatable): \((BenchmarkSuites.names + BenchmarkSuites.extraNames).joined(separator: ", "))
              --no-memory    skip the memory section (~200 MB peaks to models and JSONValue, 1,000,000 errors)
              --memory-only  run only the memory section
              --worst-cases  time hostile inputs (deep nesting, huge strings and numbers, many keys), check their outcomes, exit
              --iterations N timed runs per suite (default 20, after 3 warm-ups)
              --stream [--stream-size MiB]  decode a generated top-level array file (default 1024 MiB) with records(from:to:)
                             against decode(data:) of 200 MiB in memory: throughput and peak memory of each, exit
              --salvage-only time Foundation once only (for profiling Salvage; ratios become meaningless)
            """)
            exit(0)
        default:
            fail("unknown argument \(argument); see --help")
        }
    }
    return options
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("salvage-benchmark: \(message)\n".utf8))
    exit(2)
}

let options = parseOptions()
var isDirectory: ObjCBool = false
let corpusURL = URL(fileURLWithPath: options.corpus)
guard FileManager.default.fileExists(atPath: corpusURL.appendingPathComponent("twitter.json").path, isDirectory: &isDirectory) else {
    fail("no corpus at \(corpusURL.path): expected twitter.json, citm_catalog.json and canada.json there. Run from the package root with ../shared/corpus present, or pass --corpus DIR.")
}

var settings = options.quick ? BenchmarkSettings.quick : BenchmarkSettings.full
settings.salvageOnly = options.salvageOnly
if let iterations = options.iterations { settings.iterations = iterations }
if salvage_allocation_count() >= 0 {
    settings.allocationCounter = { @Sendable in Int(salvage_allocation_count()) }
}
let suites = BenchmarkSuites(corpus: corpusURL, settings: settings)
var results: [SuiteResult] = []
for name in options.memoryOnly ? [] : options.suites.isEmpty ? BenchmarkSuites.names : options.suites {
    do {
        results += try suites.run(name)
    } catch {
        fail("suite \(name): \(error)")
    }
    if !options.json { FileHandle.standardError.write(Data("finished \(name)\n".utf8)) }
}
let memory = options.memory && !options.quick ? PeakMemoryReport.measure(megabytes: 200, errorCount: 1_000_000) : nil

Report(results: results, memory: memory).print(json: options.json)
exit(results.allSatisfy { $0.failures.isEmpty } ? 0 : 1)
