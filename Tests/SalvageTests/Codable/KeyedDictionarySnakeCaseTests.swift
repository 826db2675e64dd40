import Foundation
import Salvage
import Testing

/// Review C: a dictionary whose keys are `CodingKeyRepresentable` (a `String` enum) has coding keys for keys:
/// `JSONEncoder` and `APIDataEncoder` convert them with `.convertToSnakeCase` (`.alphaBeta` is written
/// `"alpha_beta"`) and `JSONDecoder` converts them back with `.convertFromSnakeCase`. The bridge matched the
/// JSON key as written against the raw values, so `"alpha_beta"` was an unknown raw value and what the encoder
/// wrote did not read back.
@Suite struct KeyedDictionarySnakeCaseTests {
    enum Kind: String, Codable, CodingKeyRepresentable, Equatable {
        case alphaBeta, gamma
    }

    struct Totals: Codable, Equatable {
        var byKind: [Kind: Int]
        var byNumber: [Int: String]
    }

    static let json = #"{"by_kind": {"alpha_beta": 1, "gamma": 2}, "by_number": {"7": "seven", "-1": "minus one"}}"#
    static let expected = Totals(byKind: [.alphaBeta: 1, .gamma: 2], byNumber: [7: "seven", -1: "minus one"])

    @Test(arguments: [CodableRecovery.strict, .salvage])
    func snakeCaseEnumKeysAreConvertedAsJSONDecoderConvertsThem(recovery: CodableRecovery) throws {
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try foundation.decode(Totals.self, from: Data(Self.json.utf8)) == Self.expected)
        var options = APIDecodeOptions()
        options.codable = CodableStrategies(keys: .convertFromSnakeCase, recovery: recovery)
        let result = APIDataDecoder(options: options).decode(string: Self.json, toDecodable: Totals.self)
        #expect(result.errors.map(\.description) == [])
        #expect(result.value == Self.expected)
    }

    @Test func whatTheEncoderWritesReadsBack() throws {
        var encoder = APIDataEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.strategies.keys = .convertToSnakeCase
        let data = try encoder.encode(Self.expected)
        #expect(String(decoding: data, as: UTF8.self) == #"{"by_kind":{"alpha_beta":1,"gamma":2},"by_number":{"-1":"minus one","7":"seven"}}"#)
        var options = APIDecodeOptions()
        options.codable.keys = .convertFromSnakeCase
        #expect(APIDataDecoder(options: options).decode(data: data, toDecodable: Totals.self).value == Self.expected)
    }

    @Test func anUnknownKeyIsStillReportedAtItsMember() {
        var options = APIDecodeOptions()
        options.codable.keys = .convertFromSnakeCase
        let json = #"{"by_kind": {"alpha_beta": 1, "delta_x": 2}, "by_number": {}}"#
        let result = APIDataDecoder(options: options).decode(string: json, toDecodable: Totals.self)
        #expect(result.value == Totals(byKind: [.alphaBeta: 1], byNumber: [:]))
        #expect(result.errors.map(\.code) == ["unknown_raw_value"])
        #expect(result.errors.map(\.severity) == [.recovered])
        // The path names the key as written; the reason, the converted text that matched no raw value.
        #expect(result.errors.map(\.description) == [#"root(Totals) > "by_kind"(Dictionary<Kind, Int>) > "delta_x" : Raw value of "deltaX" for type Kind not defined"#])
    }
}
