import Foundation
import SalvageBenchmarkKit
import Testing

/// The shared corpus, beside the package: ../shared/corpus.
private let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")

private let corpusIsPresent = FileManager.default.fileExists(atPath: corpus.appendingPathComponent("twitter.json").path)

/// Not a timing test: one quick iteration of every benchmark suite, checking that Salvage and Foundation
/// decoded the same content (equal checksums) and that the flaky suite salvaged exactly what it should.
@Suite(.enabled(if: corpusIsPresent, "needs ../shared/corpus"))
struct BenchmarkSuiteTests {
    @Test(arguments: BenchmarkSuites.names)
    func suiteRunsAndChecksumsAgree(_ name: String) throws {
        let results = try BenchmarkSuites(corpus: corpus, settings: .quick).run(name)
        #expect(!results.isEmpty)
        for result in results {
            #expect(result.failures == [], "\(result.suite) on \(result.input)")
            #expect(result.checksumsMatch, "\(result.suite) on \(result.input)")
        }
        if name == "parse" {
            // Every file's row carries the byte-scan baseline timed in the same run, and its sum proves the pass.
            #expect(results.count == 8)
            for result in results {
                let bytes = try [UInt8](Data(contentsOf: corpus.appendingPathComponent(result.input)))
                var sum: UInt64 = 0
                for byte in bytes { sum += UInt64(byte) }
                let scanMBps: Double = Double(result.notes["byte_scan_mb_s"] ?? "") ?? 0
                let share: Double = Double(result.notes["parse_vs_byte_scan"] ?? "") ?? 0
                #expect(result.notes["byte_sum"] == String(sum), "\(result.input)")
                #expect(scanMBps > 0, "\(result.input)")
                #expect(share > 0, "\(result.input)")
            }
        }
    }

    @Test func flakySuiteSalvagesExactly19334PersonsAnd1000Errors() throws {
        let result = try #require(try BenchmarkSuites(corpus: corpus, settings: .quick).run("flaky").first)
        #expect(result.notes["persons"] == "19334")
        #expect(result.notes["errors"] == "1000")
        #expect(result.notes["first_error"] == #"root(FlakyPeople) > "people"(Array<FlakyPerson>) > [0](FlakyPerson person_id=1000000) > "height"(Double) : Unexpectedly found a string"#)
    }
}
