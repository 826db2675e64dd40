import Foundation
import Salvage
import Testing

/// Arrays of scalars take a specialized loop in the Codable bridge; it must accept and reject exactly what
/// `JSONDecoder` does, with the same error case and coding path.
@Suite struct ScalarArrayBridgeTests {
    struct Box<T: Decodable & Equatable>: Decodable, Equatable {
        let a: T
    }

    /// The error case's name and the coding path, e.g. `typeMismatch a.1`.
    static func summary(_ error: DecodingError) -> String {
        let (name, context): (String, DecodingError.Context?) = switch error {
        case .typeMismatch(_, let context): ("typeMismatch", context)
        case .valueNotFound(_, let context): ("valueNotFound", context)
        case .keyNotFound(_, let context): ("keyNotFound", context)
        case .dataCorrupted(let context): ("dataCorrupted", context)
        @unknown default: ("unknown", nil)
        }
        let path = context?.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".") ?? ""
        return "\(name) \(path)"
    }

    /// Whether two outcomes agree. `JSONDecoder` reports numbers that do not fit (`2.5` as `Int`, `1e400`)
    /// as `dataCorrupted` with an empty coding path; Salvage names the element, so only the case is compared.
    static func agree(_ outcome: (salvage: String, foundation: String)) -> Bool {
        if outcome.foundation == "dataCorrupted " { return outcome.salvage.hasPrefix("dataCorrupted a.") }
        return outcome.salvage == outcome.foundation
    }

    /// Salvage's and Foundation's outcome for `json` decoded as `Box<T>`: the value, or the error summary.
    static func outcomes<T: Decodable & Equatable>(_ json: String, as type: T.Type) -> (salvage: String, foundation: String) {
        let result = APIDataDecoder(options: .strictCodable).decode(string: json, toDecodable: Box<T>.self)
        let salvage: String
        if let value = result.value {
            salvage = "\(value.a)"
        } else if case .swiftDecodingError(let error)? = result.errors.first?.reason, result.errors.count == 1 {
            salvage = summary(error)
        } else {
            salvage = "unexpected: \(result.errors)"
        }
        let foundation: String
        do {
            foundation = "\(try JSONDecoder().decode(Box<T>.self, from: Data(json.utf8)).a)"
        } catch let error as DecodingError {
            foundation = summary(error)
        } catch {
            foundation = "\(error)"
        }
        return (salvage, foundation)
    }

    static let inputs = [
        #"{"a": [1, 2.5, -3e2]}"#, #"{"a": []}"#, #"{"a": [1, "x", 3]}"#, #"{"a": [1, null]}"#, #"{"a": 5}"#,
        #"{"a": null}"#, #"{"a": {"0": 1}}"#, #"{"a": [true, false]}"#, #"{"a": ["x", "y"]}"#, #"{"a": [1e400]}"#,
        #"{"a": [9223372036854775808]}"#, #"{"a": [[1]]}"#, #"{}"#,
    ]

    @Test(arguments: inputs) func doublesMatchJSONDecoder(_ json: String) {
        let outcome = Self.outcomes(json, as: [Double].self)
        #expect(Self.agree(outcome), "\(outcome)")
    }

    @Test(arguments: inputs) func integersMatchJSONDecoder(_ json: String) {
        for outcome in [Self.outcomes(json, as: [Int].self), Self.outcomes(json, as: [Int64].self)] {
            #expect(Self.agree(outcome), "\(outcome)")
        }
    }

    @Test(arguments: inputs) func stringsBoolsAndFloatsMatchJSONDecoder(_ json: String) {
        for outcome in [Self.outcomes(json, as: [String].self), Self.outcomes(json, as: [Bool].self), Self.outcomes(json, as: [Float].self)] {
            #expect(Self.agree(outcome), "\(outcome)")
        }
    }

    @Test func salvageNamesTheElementThatDoesNotFit() {
        #expect(Self.outcomes(#"{"a": [1, 2.5, -3e2]}"#, as: [Int].self).salvage == "dataCorrupted a.1")
        #expect(Self.outcomes(#"{"a": [1e400]}"#, as: [Double].self).salvage == "dataCorrupted a.0")
        #expect(Self.outcomes(#"{"a": [1, 2.5, -3e2]}"#, as: [Double].self).salvage == "[1.0, 2.5, -300.0]")
    }

    @Test func nestedArraysAndExactErrors() throws {
        let ok = APIDataDecoder(options: .strictCodable).decode(string: #"{"a": [[1.5, 2], [], [3]]}"#, toDecodable: Box<[[Double]]>.self)
        #expect(ok.value?.a == [[1.5, 2], [], [3]])
        #expect(ok.errors.isEmpty)
        let bad = APIDataDecoder(options: .strictCodable).decode(string: #"{"a": [[1.5, 2], [3, "x"]]}"#, toDecodable: Box<[[Double]]>.self)
        #expect(bad.value == nil)
        #expect(bad.errors.map(\.description) == [
            #"root(Box<Array<Array<Double>>>) > "a" > [1] > [1] : Swift DecodingError: type mismatch for Double: Expected to decode Double but found a string instead."#,
        ])
        #expect(bad.errors.first?.location == SourceLocation(offset: 21, line: 1, column: 22))
    }
}
