import Foundation
import Salvage

/// Hostile inputs that must finish in linear time and bounded memory (issue #6): each is decoded once as
/// `JSONValue` and timed, except the index loop, which a model walks with `decoder["items"][i]` as
/// LastMile-style code does (issue #17: quadratic before `ElementCursors`). Not a speed target, a proof
/// that nothing blows up.
public enum WorstCaseInputs {
    /// Errors each input must record, by name: only the nesting is an error (beyond the depth limit).
    public static let expectedErrors = [
        "100,000-deep nesting": 1, "10 MB string": 0, "1,000,000-element array": 0,
        "object with 100,000 keys": 0, "a key repeated 100,000 times": 0, "number with 1,000,000 digits": 0,
        indexLoop: 0,
    ]

    /// The input a model reads with an index loop, `decoder["items"][i]` for every i.
    public static let indexLoop = "index loop, 1,000,000 elements"

    /// The inputs, by name, generated deterministically.
    public static func all() -> [(name: String, bytes: [UInt8])] {
        [
            ("100,000-deep nesting", Array(repeating: UInt8(ascii: "["), count: 100_000) + Array(repeating: UInt8(ascii: "]"), count: 100_000)),
            ("10 MB string", Array("[\"".utf8) + Array(repeating: UInt8(ascii: "a"), count: 10_000_000) + Array("\"]".utf8)),
            ("1,000,000-element array", Array(("[" + String(repeating: "1,", count: 999_999) + "1]").utf8)),
            ("object with 100,000 keys", Array(("{" + (0..<100_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}").utf8)),
            ("a key repeated 100,000 times", Array(("{" + String(repeating: "\"k\":1,", count: 99_999) + "\"k\":2}").utf8)),
            ("number with 1,000,000 digits", Array(("[" + String(repeating: "9", count: 1_000_000) + "]").utf8)),
            (indexLoop, Array(("{\"items\": [" + String(repeating: "1,", count: 999_999) + "1]}").utf8)),
        ]
    }

    /// Decodes each input once; returns (name, bytes, seconds, errors recorded).
    public static func run() -> [(name: String, bytes: Int, seconds: Double, errors: Int)] {
        all().map { input in
            let start = DispatchTime.now().uptimeNanoseconds
            let errors = input.name == indexLoop
                ? APIDataDecoder().decode(bytes: input.bytes, to: IndexLoopSum.self).errors.count
                : APIDataDecoder().decode(bytes: input.bytes, to: JSONValue.self).errors.count
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            return (input.name, input.bytes.count, seconds, errors)
        }
    }
}

/// Sums `items` by index, one `decoder["items"][i]` per element, as LastMile-style code loops.
public struct IndexLoopSum: APIDecodable {
    public let count: Int
    public let sum: Int

    public init?(from decoder: APIDecoder) {
        let count = decoder["items"].count ?? 0
        var sum = 0
        for index in 0..<count {
            sum += decoder["items"][index] --> Int?.self ?? 0
        }
        self.count = count
        self.sum = sum
    }
}
