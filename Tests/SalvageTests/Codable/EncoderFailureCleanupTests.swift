import Foundation
import Salvage
import Testing

// An encode that throws midway leaves nothing behind: the buffer and the open containers are released on the
// throwing path (run many times, so that a leak would show under a leak checker or in the process's memory),
// the error is the one thrown, and the next encode starts clean. Also on a 512 KiB thread stack.

private struct Midway: Error, Equatable {
    let step: Int
}

/// Writes a few members, a nested object and a partly filled array, then throws from inside the array.
private struct ThrowsMidway: Encodable {
    let text: String

    enum CodingKeys: String, CodingKey { case name, inner, list }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .name)
        var inner = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .inner)
        try inner.encode([1, 2, 3], forKey: .list)
        var list = container.nestedUnkeyedContainer(forKey: .list)
        try list.encode(1.5)
        try list.encode(Thrower(step: text.utf8.count))
    }
}

private struct Thrower: Encodable {
    let step: Int
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode("about to fail")
        throw Midway(step: step)
    }
}

@Suite struct EncoderFailureCleanupTests {
    @Test func aThrowingEncodeRepeatedManyTimesThrowsItsErrorEachTime() throws {
        let text = String(repeating: "long text that makes the buffer grow / ", count: 200)
        var thrown: [Int] = []
        for _ in 0..<2_000 {
            do {
                _ = try APIDataEncoder(outputFormatting: .sortedKeys).encode([ThrowsMidway(text: text)])
            } catch let error as Midway {
                thrown.append(error.step)
            }
        }
        #expect(thrown == Array(repeating: 7_800, count: 2_000))
        let after = try APIDataEncoder().encode(["still": [1, 2]])
        #expect(String(decoding: after, as: UTF8.self) == #"{"still":[1,2]}"#)
    }

    @Test func aThrowingEncodeOnASmallStackThread() {
        let outcome = onThread(stackSize: 512 * 1_024) { () -> String in
            var failures = 0
            for _ in 0..<200 {
                do { _ = try APIDataEncoder().encode(ThrowsMidway(text: "x")) } catch { failures += 1 }
            }
            let data = try? APIDataEncoder().encode(["a": [0.5, 1e21, -0.0]])
            return "\(failures) " + (data.map { String(decoding: $0, as: UTF8.self) } ?? "nil")
        }
        #expect(outcome == #"200 {"a":[0.5,1e+21,-0]}"#)
    }

    @Test func aJSONValueThatCannotBeWrittenThrowsEachTimeAndTheNextOneWrites() throws {
        let value: JSONValue = ["a": .string(String(repeating: "é", count: 1_000)), "b": [1, .number(JSONNumber(text: "1."))]]
        var problems: [String] = []
        for _ in 0..<1_000 {
            do { _ = try value.jsonData() } catch { problems.append(error.problem) }
        }
        #expect(problems == Array(repeating: #"is not a JSON number: "1.""#, count: 1_000))
        #expect(try JSONValue.array([1, "x"]).jsonString() == #"[1,"x"]"#)
    }

    /// A model that catches the error of one of its members (`try?`) and goes on: `JSONEncoder` leaves that member
    /// out. `APIDataEncoder` has already written its key and part of its value, and writes on after them.
    private struct CatchesAMemberError: Encodable {
        let failing: Int
        enum CodingKeys: String, CodingKey { case a, b, c }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(0, forKey: .a)
            switch failing {
            case 0: try? container.encode(Double.nan, forKey: .b)
            case 1: try? container.encode([3.0, .nan], forKey: .b)
            case 2: try? container.encode(["x": Double.nan], forKey: .b)
            case 3: try? container.encode(Thrower(step: 1), forKey: .b)
            default: try? container.encode([ThrowsMidway(text: "t")], forKey: .b)
            }
            try container.encode(1, forKey: .c)
        }
    }

    /// Found in review (2026-11-24): the first three wrote invalid JSON (`{"a":0,"b":,"c":1}`,
    /// `{"a":0,"b":[3,,"c":1}`, `{"a":0,"b":{"x":},"c":1}`), the last two kept the member's partial value: the
    /// encoder writes a member's key before its value, and now takes both back when the value throws.
    @Test(arguments: 0..<5)
    func aMemberWhoseErrorTheModelCatchesIsLeftOutAsJSONEncoderLeavesItOut(failing: Int) throws {
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        let expected = String(decoding: try foundation.encode(CatchesAMemberError(failing: failing)), as: UTF8.self)
        #expect(expected == #"{"a":0,"c":1}"#)
        let written = try APIDataEncoder(outputFormatting: .sortedKeys).encode(CatchesAMemberError(failing: failing))
        #expect(String(decoding: written, as: UTF8.self) == expected)
        #expect((try? JSONSerialization.jsonObject(with: written)) != nil)
    }

    /// The same in arrays, nested, and pretty printed (the indentation of the levels the failing value opened
    /// is taken back too).
    private struct CatchesElementErrors: Encodable {
        struct Inner: Encodable {
            enum CodingKeys: String, CodingKey { case x, y }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try? container.encode(["deep": [Float.infinity]], forKey: .x)
                try container.encode("kept", forKey: .y)
            }
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(1)
            try? container.encode(Double.nan)
            try? container.encode([[1.0, 2.0], [.nan]])
            try container.encode(Inner())
            try? container.encode(Thrower(step: 1))
            try container.encode(2)
        }
    }

    /// (Foundation's `JSONEncoder` traps on this model, at the caught error inside `Inner`, so the expected text
    /// is written out: what `JSONEncoder` writes for the same values without the failing ones.)
    @Test(arguments: [JSONWritingOptions.sortedKeys, [.sortedKeys, .prettyPrinted]])
    func elementsWhoseErrorsTheModelCatchesAreLeftOut(options: JSONWritingOptions) throws {
        let written = try APIDataEncoder(outputFormatting: options).encode(CatchesElementErrors())
        let expected = options.contains(.prettyPrinted)
            ? "[\n  1,\n  {\n    \"y\" : \"kept\"\n  },\n  2\n]"
            : #"[1,{"y":"kept"},2]"#
        #expect(String(decoding: written, as: UTF8.self) == expected)
        let sameValues: [JSONValue] = [1, ["y": "kept"], 2]
        #expect(expected == String(decoding: try matchingJSONEncoder(options).encode(sameValues), as: UTF8.self))
    }
}
