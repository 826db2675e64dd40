import Foundation
import CAllocationCounter
import SalvageBenchmarkKit

// salvage-benchmark: bytes → models, Salvage vs Foundation's JSONDecoder, in the same run.
// Usage: swift run -c release salvage-benchmark [--corpus DIR] [--json] [--quick] [--suite NAME]... [--no-memory] [--check]

struct Options {
    var corpus = "../shared/corpus"
    var json = false
    var quick = false
    var memory = true
    var memoryOnly = false
    var suites: [String] = []
    var salvageOnly = false
    var iterations: Int?
    var check = false
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
        case "--check": options.check = true
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
            usage: salvage-benchmark [--corpus DIR] [--json] [--quick] [--suite NAME]... [--no-memory] [--check]
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
              --check        after the run, compare the medians with issue #17's speed floors (twitter 7x, citm 12x,
                             canada 9x, flaky 12x and at most 1.2x flaky-clean's time, codable and codable-strict 4x
                             per file, parse twitter 2500 MB/s), list every row, exit 3 when one is below its floor.
                             Rows of suites not run are listed as "not run". Use it by hand before committing a change
                             to a hot path (not in CI: the machine is shared and noisy); run it more than once.
              exit status    0 all good, 1 a result check failed (checksums, counts), 2 usage or corpus error,
                             3 a speed floor was missed (--check)
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
if options.check && options.salvageOnly { fail("--check needs Foundation's timings; drop --salvage-only") }
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
let allChecked = results.allSatisfy { $0.failures.isEmpty }
if options.check {
    let report = SpeedCheckReport(rows: SpeedFloor.check(results.map(\.speedSample)), quick: options.quick)
    // The JSON goes to stdout alone, so the check's lines go to stderr there.
    if options.json { FileHandle.standardError.write(Data((report.text + "\n").utf8)) } else { print(report.text) }
    if !allChecked { exit(1) }
    exit(report.passed ? 0 : 3)
}
exit(allChecked ? 0 : 1)
