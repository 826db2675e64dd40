import Foundation
import Salvage
import Testing

// What `Encodable` allows, written as `JSONEncoder` writes it: nested containers, superEncoder, a keyed container
// requested twice, a key encoded twice, a value that encodes nothing; and the errors, with their coding paths.

/// Every kind of container, a superEncoder, a nested container left open until its parent is used again, and a key
/// written twice.
private struct Shapes: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NamedKey.self)
        try container.encode(1, forKey: NamedKey("a"))
        var nested = container.nestedContainer(keyedBy: NamedKey.self, forKey: NamedKey("b"))
        try nested.encode("x/y", forKey: NamedKey("a"))
        var list = nested.nestedUnkeyedContainer(forKey: NamedKey("c"))
        try list.encode(true)
        try list.encodeNil()
        var inner = list.nestedContainer(keyedBy: NamedKey.self)
        try inner.encode(2.5, forKey: NamedKey("a"))
        try list.encode([UInt8(7)])
        try container.encode(3, forKey: NamedKey("c"))
        var single = container.superEncoder().singleValueContainer()
        try single.encode("base")
        let parent = container.superEncoder(forKey: NamedKey("parent"))
        try ["p": 1].encode(to: parent)
        try container.encode(4, forKey: NamedKey("a"))
    }
}

private struct Base: Encodable {
    let id = 1
    let name = "n"
}

/// Writes a `Base`'s members and one of its own into the same object: the keyed container is requested twice.
private struct Flattened: Encodable {
    func encode(to encoder: any Encoder) throws {
        try Base().encode(to: encoder)
        var container = encoder.container(keyedBy: NamedKey.self)
        try container.encode(5, forKey: NamedKey("extra"))
    }
}

/// Twenty members `k0`…`k19`, then `k3` again: more members than the pairwise duplicate check covers.
private struct ManyKeys: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NamedKey.self)
        for index in 0..<20 { try container.encode(index, forKey: NamedKey("k\(index)")) }
        try container.encode("again", forKey: NamedKey("k3"))
    }
}

private struct Nothing: Encodable {
    func encode(to encoder: any Encoder) throws {}
}

private struct HoldsNothing: Encodable {
    let empty = Nothing()
    let list = [Nothing(), Nothing()]
}

/// Keeps a nested container and writes to it after a later member of its parent.
private struct LateWriter: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NamedKey.self)
        var early = container.nestedContainer(keyedBy: NamedKey.self, forKey: NamedKey("early"))
        try container.encode(1, forKey: NamedKey("later"))
        try early.encode(2, forKey: NamedKey("x"))
    }
}

private struct Measurements: Encodable {
    let name = "m"
    let values: [Double]
    let single: Float
}

@Suite struct EncoderContainerTests {
    private func text<T: Encodable>(_ value: T, _ options: JSONWritingOptions = .sortedKeys) throws -> String {
        String(decoding: try APIDataEncoder(outputFormatting: options).encode(value), as: UTF8.self)
    }

    private func foundationText<T: Encodable>(_ value: T, pretty: Bool = false) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted] : .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func nestedContainersSuperEncodersAndARepeatedKey() throws {
        #expect(try text(Shapes()) == #"{"a":4,"b":{"a":"x\/y","c":[true,null,{"a":2.5},[7]]},"c":3,"parent":{"p":1},"super":"base"}"#)
        #expect(try text(Shapes()) == (try foundationText(Shapes())))
        #expect(try text(Shapes(), [.sortedKeys, .prettyPrinted]) == (try foundationText(Shapes(), pretty: true)))
    }

    @Test func unsortedOutputKeepsTheOrderOfWritingAndTheLastValueOfARepeatedKey() throws {
        #expect(try text(Shapes(), []) == #"{"b":{"a":"x\/y","c":[true,null,{"a":2.5},[7]]},"c":3,"super":"base","parent":{"p":1},"a":4}"#)
    }

    @Test func aRepeatedKeyAmongManyKeepsItsLastValue() throws {
        let unsorted = (0..<20).filter { $0 != 3 }.map { #""k\#($0)":\#($0)"# } + [#""k3":"again""#]
        #expect(try text(ManyKeys(), []) == "{" + unsorted.joined(separator: ",") + "}")
        #expect(try text(ManyKeys()) == (try foundationText(ManyKeys())))
        #expect(try text(ManyKeys()).contains(#""k2":2,"k3":"again","k4":4"#))
    }

    @Test func aKeyedContainerRequestedTwiceIsOneObject() throws {
        #expect(try text(Flattened()) == #"{"extra":5,"id":1,"name":"n"}"#)
        #expect(try text(Flattened()) == (try foundationText(Flattened())))
    }

    @Test func aValueThatEncodesNothingIsAnEmptyObject() throws {
        #expect(try text(HoldsNothing()) == #"{"empty":{},"list":[{},{}]}"#)
        #expect(try text(HoldsNothing()) == (try foundationText(HoldsNothing())))
        #expect(try text(HoldsNothing(), [.sortedKeys, .prettyPrinted]) == (try foundationText(HoldsNothing(), pretty: true)))
    }

    @Test func topLevelFragmentsAreWritten() throws {
        #expect(try text(42) == "42")
        #expect(try text("a/b") == #""a\/b""#)
        #expect(try text(Optional<Int>.none) == "null")
        #expect(try text([String: Int]()) == "{}")
        #expect(try text([Int]()) == "[]")
    }

    @Test func aTopLevelValueThatEncodesNothingThrows() throws {
        let error = try #require(throws: EncodingError.self) { try APIDataEncoder().encode(Nothing()) }
        guard case .invalidValue(_, let context) = error else { Issue.record("\(error)"); return }
        #expect(context.codingPath.isEmpty)
        #expect(context.debugDescription == "Top-level Nothing did not encode any values.")
    }

    @Test func aContainerUsedAfterALaterMemberThrowsWithItsParentsPath() throws {
        let error = try #require(throws: EncodingError.self) { try APIDataEncoder().encode(["outer": LateWriter()]) }
        guard case .invalidValue(_, let context) = error else { Issue.record("\(error)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["outer"])
        #expect(context.debugDescription == "A container or encoder was used after its value was finished (kept and used after a later value of its parent was written); APIDataEncoder writes values in order.")
    }

    @Test func nonConformingFloatsThrowWithTheirCodingPath() throws {
        let error = try #require(throws: EncodingError.self) {
            try APIDataEncoder().encode(["first": Measurements(values: [1, -.infinity], single: 0)])
        }
        guard case .invalidValue(_, let context) = error else { Issue.record("\(error)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["first", "values", "Index 1"])
        #expect(context.codingPath.map(\.intValue) == [nil, nil, 1])
        #expect(context.debugDescription == "Unable to encode Double.-infinity directly in JSON. Use EncodingStrategies.nonConformingFloats = .convertToString(…) to write it as a string.")
        let floatError = try #require(throws: EncodingError.self) { try APIDataEncoder().encode(Measurements(values: [], single: .nan)) }
        guard case .invalidValue(_, let floatContext) = floatError else { Issue.record("\(floatError)"); return }
        #expect(floatContext.codingPath.map(\.stringValue) == ["single"])
        #expect(floatContext.debugDescription.hasPrefix("Unable to encode Float.nan directly in JSON."))
    }

    @Test func foundationValuesAreWrittenAsJSONEncoderWritesThem() throws {
        struct Values: Encodable {
            let data = Data([0xFB, 0xFF, 0x00, 0x41])
            let url = URL(string: "https://example.com/a?b=1")
            let decimal = Decimal(string: "12.340")
            let date = Date(timeIntervalSinceReferenceDate: 1.5)
            let dictionary: [Int: String] = [2: "b", 10: "a"]
        }
        #expect(try text(Values()) == #"{"data":"+\/8AQQ==","date":1.5,"decimal":12.34,"dictionary":{"10":"a","2":"b"},"url":"https:\/\/example.com\/a?b=1"}"#)
        #expect(try text(Values()) == (try foundationText(Values())))
    }
}

/// One level of nesting per value: `{"inner":[{"inner":[…]}]}`.
private struct Nest: Encodable, Sendable {
    let inner: [Nest]

    static func chain(depth: Int) -> Nest {
        var nest = Nest(inner: [])
        for _ in 0..<depth { nest = Nest(inner: [nest]) }
        return nest
    }
}

@Suite struct EncoderDeepValueTests {
    /// 3,000 levels (two containers each) through the Codable containers of a debug build need several
    /// megabytes of stack; on a 512 KiB thread the levels beyond its stack run on helper threads.
    @Test func aDeepValueIsEncodedOnA512KiBThread() throws {
        let depth = 3_000
        let nest = Nest.chain(depth: depth)
        let text = onThread(stackSize: 512 * 1024) { () -> String? in
            (try? APIDataEncoder().encode(nest)).map { String(decoding: $0, as: UTF8.self) }
        }
        let expected = String(repeating: #"{"inner":["#, count: depth) + #"{"inner":[]}"# + String(repeating: "]}", count: depth)
        #expect(text == expected)
    }
}
