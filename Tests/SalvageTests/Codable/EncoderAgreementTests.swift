import Foundation
import Salvage
import SalvageBenchmarkKit
import Testing

// APIDataEncoder against JSONEncoder: the same bytes with `.sortedKeys` (alone, pretty, without escaping slashes),
// over the benchmark's models decoded from the corpus and over seeded random values; and the output read back by
// JSONDecoder and by Salvage's decoder to equal values.

private let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
private let corpusIsPresent = FileManager.default.fileExists(atPath: corpus.appendingPathComponent("twitter.json").path)

/// `JSONEncoder` with the formatting that matches `options`.
private func foundationBytes<T: Encodable>(_ value: T, _ options: JSONWritingOptions) throws -> Data {
    try matchingJSONEncoder(options).encode(value)
}

private let sortedOptionSets: [JSONWritingOptions] = [
    .sortedKeys, [.sortedKeys, .prettyPrinted], [.sortedKeys, .withoutEscapingSlashes], [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes],
]

/// A value with every kind of member the random tests need: every integer width, both floating-point types,
/// strings, optionals, arrays, dictionaries with String and Int keys, and children of the same type.
private struct RandomRecord: Codable, Equatable {
    var int: Int, int8: Int8, int16: Int16, int32: Int32, int64: Int64
    var uint: UInt, uint8: UInt8, uint16: UInt16, uint32: UInt32, uint64: UInt64
    var float: Float
    var double: Double
    var text: String
    var optionalText: String?
    var optionalNumber: Double?
    var flag: Bool
    var numbers: [Double]
    var optionals: [Int?]
    var tags: [String: Int]
    var names: [Int: String]
    var children: [RandomRecord]

    static let specialDoubles: [Double] = [
        0, -0.0, 1, -1, 0.1, 1e-7, 1e21, 1e22, 1.2345678901234568e20, 1e-300, .leastNonzeroMagnitude, 2.2250738585072014e-308,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 9007199254740992, 0.30000000000000004, 100, 1.5e15,
    ]
    static let specialFloats: [Float] = [0, -0.0, 0.1, 1e-7, 1e21, 3.4028235e38, .leastNonzeroMagnitude, .leastNormalMagnitude, 16777216, 100, 3.14159]
    /// Control characters, quote, backslash, slash, DEL, Latin, line and paragraph separators, an astral character.
    static let alphabet: [String] = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
        + ["\"", "\\", "/", "\u{7F}", "a", "Z", "0", " ", "é", "\u{2028}", "\u{2029}", "😀", "</", "\u{E2}", "€"]

    static func random(_ generator: inout SplitMix64, depth: Int) -> RandomRecord {
        func double() -> Double {
            if generator.chance(0.4) { return generator.pick(specialDoubles) }
            let value = Double(bitPattern: generator.next())
            return value.isFinite ? value : Double(generator.int(-1_000_000...1_000_000)) / 64
        }
        func float() -> Float {
            if generator.chance(0.4) { return generator.pick(specialFloats) }
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))
            return value.isFinite ? value : 0.5
        }
        func text() -> String { (0..<generator.int(0...12)).map { _ in generator.pick(alphabet) }.joined() }
        func integer<T: FixedWidthInteger>(_ type: T.Type) -> T {
            generator.chance(0.3) ? generator.pick([T.min, T.max, 0]) : T(truncatingIfNeeded: generator.next())
        }
        let childCount = depth > 0 ? generator.int(0...3) : 0
        return RandomRecord(
            int: integer(Int.self), int8: integer(Int8.self), int16: integer(Int16.self), int32: integer(Int32.self), int64: integer(Int64.self),
            uint: integer(UInt.self), uint8: integer(UInt8.self), uint16: integer(UInt16.self), uint32: integer(UInt32.self), uint64: integer(UInt64.self),
            float: float(), double: double(), text: text(),
            optionalText: generator.chance(0.5) ? text() : nil, optionalNumber: generator.chance(0.5) ? double() : nil,
            flag: generator.chance(0.5),
            numbers: (0..<generator.int(0...4)).map { _ in double() },
            optionals: (0..<generator.int(0...4)).map { _ in generator.chance(0.3) ? nil : integer(Int.self) },
            tags: Dictionary((0..<generator.int(0...4)).map { _ in (text(), integer(Int.self)) }, uniquingKeysWith: { first, _ in first }),
            names: Dictionary((0..<generator.int(0...4)).map { _ in (integer(Int.self), text()) }, uniquingKeysWith: { first, _ in first }),
            children: (0..<childCount).map { _ in random(&generator, depth: depth - 1) })
    }
}

@Suite struct EncoderAgreementTests {
    /// The corpus's models, decoded once by `JSONDecoder`.
    private struct CorpusModels {
        let twitter: CodableTwitterFeed
        let citm: CitmCatalog
        let canada: CodableCanadaCollection
        static let shared: CorpusModels? = try? CorpusModels(
            twitter: JSONDecoder().decode(CodableTwitterFeed.self, from: Data(contentsOf: corpus.appendingPathComponent("twitter.json"))),
            citm: JSONDecoder().decode(CitmCatalog.self, from: Data(contentsOf: corpus.appendingPathComponent("citm_catalog.json"))),
            canada: JSONDecoder().decode(CodableCanadaCollection.self, from: Data(contentsOf: corpus.appendingPathComponent("canada.json"))))
    }

    /// Every option set on twitter and citm (strings, nesting, dictionaries); canada (2 MB of numbers, where only
    /// the number text matters) with `.sortedKeys` alone, to keep the debug-build test quick.
    @Test(.enabled(if: corpusIsPresent, "needs ../shared/corpus"), arguments: sortedOptionSets)
    func corpusModelsGiveJSONEncodersBytes(options: JSONWritingOptions) throws {
        let models = try #require(CorpusModels.shared)
        let encoder = APIDataEncoder(outputFormatting: options)
        let twitterBytes = try encoder.encode(models.twitter)
        #expect(twitterBytes == (try foundationBytes(models.twitter, options)))
        #expect(twitterBytes.count > 100_000)
        #expect(try encoder.encode(models.citm) == (try foundationBytes(models.citm, options)))
        if options == .sortedKeys {
            #expect(try encoder.encode(models.canada) == (try foundationBytes(models.canada, options)))
        }
    }

    @Test(.enabled(if: corpusIsPresent, "needs ../shared/corpus"))
    func corpusModelsReadBackEqual() throws {
        let models = try #require(CorpusModels.shared)
        let twitterData = try APIDataEncoder().encode(models.twitter)
        let citmData = try APIDataEncoder().encode(models.citm)
        #expect(try JSONDecoder().decode(CodableTwitterFeed.self, from: twitterData).checksum == models.twitter.checksum)
        #expect(try JSONDecoder().decode(CitmCatalog.self, from: citmData).checksum == models.citm.checksum)
        let salvaged = APIDataDecoder().decode(data: twitterData, toDecodable: CodableTwitterFeed.self)
        #expect(salvaged.errors.isEmpty)
        #expect(salvaged.value?.checksum == models.twitter.checksum)
        let salvagedCitm = APIDataDecoder().decode(data: citmData, to: CitmCatalog.self)
        #expect(salvagedCitm.errors.isEmpty)
        #expect(salvagedCitm.value?.checksum == models.citm.checksum)
    }

    @Test(arguments: 1...40)
    func randomValuesGiveJSONEncodersBytesAndReadBack(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let value = RandomRecord.random(&generator, depth: 3)
        for options in sortedOptionSets {
            #expect(try APIDataEncoder(outputFormatting: options).encode(value) == (try foundationBytes(value, options)), "options \(options.rawValue)")
        }
        let data = try APIDataEncoder().encode(value)
        #expect(try JSONDecoder().decode(RandomRecord.self, from: data) == value)
        let salvaged = APIDataDecoder().decode(data: data, toDecodable: RandomRecord.self)
        #expect(salvaged.errors.map(\.description) == [])
        #expect(salvaged.value == value)
    }

    @Test(arguments: [
        (1.0, "1"), (-0.0, "-0"), (0.1, "0.1"), (1e-7, "1e-07"), (1e21, "1e+21"), (1e20, "1e+20"),
        (123.456, "123.456"), (.leastNonzeroMagnitude, "5e-324"), (1.7976931348623157e308, "1.7976931348623157e+308"), (-2.5, "-2.5"),
    ])
    func doublesAreWrittenAsJSONEncoderWritesThem(value: Double, text: String) throws {
        #expect(String(decoding: try APIDataEncoder().encode(value), as: UTF8.self) == text)
        #expect(String(decoding: try foundationBytes(value, []), as: UTF8.self) == text)
    }

    @Test func floatsAndIntegerExtremesAreWrittenAsJSONEncoderWritesThem() throws {
        let floats: [Float] = [0.1, 1e-7, 3.4028235e38, -0.0, 16777216, 1.1]
        #expect(String(decoding: try APIDataEncoder().encode(floats), as: UTF8.self) == "[0.1,1e-07,3.4028235e+38,-0,16777216,1.1]")
        #expect(try APIDataEncoder().encode(floats) == (try foundationBytes(floats, [])))
        let integers: [Int64] = [.min, .max, 0, -1]
        #expect(String(decoding: try APIDataEncoder().encode(integers), as: UTF8.self) == "[-9223372036854775808,9223372036854775807,0,-1]")
        #expect(String(decoding: try APIDataEncoder().encode([UInt64.max]), as: UTF8.self) == "[18446744073709551615]")
        #expect(String(decoding: try APIDataEncoder().encode([Int8.min, Int8.max]), as: UTF8.self) == "[-128,127]")
    }

    @Test func stringsAreEscapedAsJSONEncoderEscapesThem() throws {
        let text = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined() + "\"\\/\u{7F}é\u{2028}😀"
        let expected = #""\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r\u000e\u000f\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f\"\\\/"#
            + "\u{7F}é\u{2028}😀\""
        #expect(String(decoding: try APIDataEncoder().encode(text), as: UTF8.self) == expected)
        #expect(try APIDataEncoder().encode(text) == (try foundationBytes(text, [])))
        #expect(String(decoding: try APIDataEncoder(outputFormatting: .withoutEscapingSlashes).encode("a/b"), as: UTF8.self) == #""a/b""#)
        #expect(String(decoding: try APIDataEncoder(outputFormatting: .javaScriptSafe).encode("a\u{2028}b\u{2029}"), as: UTF8.self) == #""a\u2028b\u2029""#)
    }
}
