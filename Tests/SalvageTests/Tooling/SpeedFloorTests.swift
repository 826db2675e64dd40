import SalvageBenchmarkKit
import Testing

/// `salvage-benchmark --check`: the floors table and its verdicts, on made-up medians (never real timings).
struct SpeedFloorTests {
    /// A run where every floor of issue #17 is met exactly at its limit (flaky's times are exact binary
    /// fractions, so their quotient is exactly the double nearest 1.2).
    private static let atTheFloors: [SpeedSample] = [
        SpeedSample(suite: "twitter", input: "twitter.json", ratio: 7, salvageSeconds: 0.001, salvageMBps: 600),
        SpeedSample(suite: "citm", input: "citm_catalog.json", ratio: 12, salvageSeconds: 0.002, salvageMBps: 900),
        SpeedSample(suite: "canada", input: "canada.json", ratio: 9, salvageSeconds: 0.008, salvageMBps: 280),
        SpeedSample(suite: "flaky", input: "generated 20000 persons", ratio: 12, salvageSeconds: 0.75, salvageMBps: 290),
        SpeedSample(suite: "flaky-clean", input: "generated 20000 persons", ratio: 13, salvageSeconds: 0.625, salvageMBps: 348),
        SpeedSample(suite: "parse", input: "citm_catalog.json", ratio: 30, salvageSeconds: 0.001, salvageMBps: 1_000),
        SpeedSample(suite: "parse", input: "twitter.json", ratio: 20, salvageSeconds: 0.0002, salvageMBps: 2_500),
    ] + ["codable", "codable-strict"].flatMap { suite in
        ["twitter.json", "citm_catalog.json", "canada.json"].map {
            SpeedSample(suite: suite, input: $0, ratio: 4, salvageSeconds: 0.003, salvageMBps: 400)
        }
    }

    @Test func theTableHoldsTheIssuesFloors() {
        #expect(SpeedFloor.issue17.count == 12)
        #expect(SpeedFloor.issue17.map(\.floor) == [7, 12, 9, 12, 1.2, 4, 4, 4, 4, 4, 4, 2_500])
        #expect(SpeedFloor.issue17.map(\.aim) == [10, 15, 12, 15, nil, nil, nil, nil, nil, nil, nil, nil])
    }

    @Test func aRunAtEveryFloorPasses() {
        let rows = SpeedFloor.check(Self.atTheFloors)
        #expect(rows.map(\.status) == Array(repeating: .ok, count: 12))
        #expect(rows[0].text == "twitter ratio 7.00x >= 7x (aim 10x)")
        #expect(rows[4].text == "flaky time / flaky-clean time 1.20 <= 1.2")
        #expect(rows[5].text == "codable twitter.json ratio 4.00x >= 4x")
        #expect(rows[11].text == "parse twitter.json 2500 MB/s >= 2500 MB/s")
        let report = SpeedCheckReport(rows: rows, quick: false)
        #expect(report.passed)
        #expect(report.text.hasSuffix("speed check passed: 12 floor(s) met, 0 not run"))
    }

    struct Miss: Sendable, CustomTestStringConvertible {
        let suite: String
        let input: String
        let ratio: Double?
        let seconds: Double?
        let mbps: Double?
        let expected: String
        var testDescription: String { expected }
    }

    @Test(arguments: [
        Miss(suite: "twitter", input: "twitter.json", ratio: 6.99, seconds: nil, mbps: nil, expected: "twitter ratio 6.99x < 7x (aim 10x)"),
        Miss(suite: "citm", input: "citm_catalog.json", ratio: 11.5, seconds: nil, mbps: nil, expected: "citm ratio 11.50x < 12x (aim 15x)"),
        Miss(suite: "flaky", input: "generated 20000 persons", ratio: nil, seconds: 0.78125, mbps: nil, expected: "flaky time / flaky-clean time 1.25 > 1.2"),
        Miss(suite: "codable-strict", input: "canada.json", ratio: 3.9, seconds: nil, mbps: nil, expected: "codable-strict canada.json ratio 3.90x < 4x"),
        Miss(suite: "parse", input: "twitter.json", ratio: nil, seconds: nil, mbps: 1_700, expected: "parse twitter.json 1700 MB/s < 2500 MB/s"),
    ])
    func oneMissedFloorFailsTheCheckAndIsListedFirst(_ miss: Miss) {
        let samples = Self.atTheFloors.map { sample in
            guard sample.suite == miss.suite && sample.input == miss.input else { return sample }
            return SpeedSample(suite: sample.suite, input: sample.input, ratio: miss.ratio ?? sample.ratio,
                               salvageSeconds: miss.seconds ?? sample.salvageSeconds, salvageMBps: miss.mbps ?? sample.salvageMBps)
        }
        let rows = SpeedFloor.check(samples)
        #expect(rows.filter { $0.status == .failed } == [SpeedCheckRow(status: .failed, text: miss.expected)])
        let report = SpeedCheckReport(rows: rows, quick: false)
        #expect(!report.passed)
        let lines = report.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 14)
        #expect(lines[1] == "  FAILED  " + miss.expected)
        #expect(lines.last == "speed check FAILED: 1 of 12 measured floor(s) missed")
    }

    @Test func suitesNotRunAreListedButDoNotFail() {
        let rows = SpeedFloor.check(Self.atTheFloors.filter { $0.suite == "twitter" || $0.suite == "flaky" })
        #expect(rows.map(\.status) == [.ok, .notRun, .notRun, .ok, .notRun] + Array(repeating: .notRun, count: 7))
        #expect(rows[4].text == "flaky time / flaky-clean time: flaky and flaky-clean must both run")
        #expect(rows[11].text == "parse twitter.json MB/s: suite not run")
        let report = SpeedCheckReport(rows: rows, quick: true)
        #expect(report.passed)
        #expect(report.text == """
            speed check against issue #17's floors (medians of this run):
              OK      twitter ratio 7.00x >= 7x (aim 10x)
              NOT RUN citm ratio: suite not run
              NOT RUN canada ratio: suite not run
              OK      flaky ratio 12.00x >= 12x (aim 15x)
              NOT RUN flaky time / flaky-clean time: flaky and flaky-clean must both run
              NOT RUN codable twitter.json ratio: suite not run
              NOT RUN codable citm_catalog.json ratio: suite not run
              NOT RUN codable canada.json ratio: suite not run
              NOT RUN codable-strict twitter.json ratio: suite not run
              NOT RUN codable-strict citm_catalog.json ratio: suite not run
              NOT RUN codable-strict canada.json ratio: suite not run
              NOT RUN parse twitter.json MB/s: suite not run
              (--quick: one run per suite, so these figures are not measurements)
            speed check passed: 2 floor(s) met, 10 not run
            """)
    }

    @Test func theByteScanBaselineSumsEveryByte() {
        #expect(ByteScanBaseline.sum([]) == 0)
        #expect(ByteScanBaseline.sum([1, 2, 255]) == 258)
        #expect(ByteScanBaseline.sum(Array(repeating: 255, count: 1_000)) == 255_000)
    }
}
