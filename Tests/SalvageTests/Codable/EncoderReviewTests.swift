import Foundation
import Salvage
import Testing

// Cases an adversarial review against JSONEncoder found: each test failed before its fix. Bytes are compared with
// JSONEncoder's (`.sortedKeys`) and with the exact text.

/// Requests the nested keyed and unkeyed containers of one key twice each, writing through both.
private struct NestedContainersRequestedTwice: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NamedKey.self)
        var first = container.nestedContainer(keyedBy: NamedKey.self, forKey: NamedKey("object"))
        try first.encode(1, forKey: NamedKey("x"))
        var deeper = first.nestedUnkeyedContainer(forKey: NamedKey("list"))
        try deeper.encode(0)
        var second = container.nestedContainer(keyedBy: NamedKey.self, forKey: NamedKey("object"))
        try second.encode(2, forKey: NamedKey("y"))
        var list = container.nestedUnkeyedContainer(forKey: NamedKey("array"))
        try list.encode(1)
        var again = container.nestedUnkeyedContainer(forKey: NamedKey("array"))
        try again.encode(2)
    }
}

/// Int128 and UInt128 through every kind of container.
private struct WideIntegers: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NamedKey.self)
        try container.encode(Int128.min, forKey: NamedKey("min"))
        try container.encode(UInt128.max, forKey: NamedKey("umax"))
        var list = container.nestedUnkeyedContainer(forKey: NamedKey("list"))
        try list.encode(Int128.max)
        try list.encode(UInt128(0))
        try list.encode([Int128(-1)])
        try container.encode(Int128(42), forKey: NamedKey("generic"))
    }
}

/// Requests the nested container of key `a` again after member `b` finished it.
private struct NestedContainerRequestedAfterALaterMember: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NamedKey.self)
        var first = container.nestedContainer(keyedBy: NamedKey.self, forKey: NamedKey("a"))
        try first.encode(1, forKey: NamedKey("x"))
        try container.encode(5, forKey: NamedKey("b"))
        var second = container.nestedUnkeyedContainer(forKey: NamedKey("a"))
        try second.encode(2)
    }
}

@Suite struct EncoderReviewTests {
    private func text<T: Encodable>(_ value: T, _ options: JSONWritingOptions = .sortedKeys) throws -> String {
        String(decoding: try APIDataEncoder(outputFormatting: options).encode(value), as: UTF8.self)
    }

    private func foundationText<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func aNestedContainerRequestedTwiceForOneKeyIsOneValue() throws {
        let expected = #"{"array":[1,2],"object":{"list":[0],"x":1,"y":2}}"#
        #expect(try text(NestedContainersRequestedTwice()) == expected)
        #expect(try foundationText(NestedContainersRequestedTwice()) == expected)
    }

    @Test func int128AndUInt128AreWrittenAsJSONEncoderWritesThem() throws {
        let expected = #"{"generic":42,"list":[170141183460469231731687303715884105727,0,[-1]],"min":-170141183460469231731687303715884105728,"umax":340282366920938463463374607431768211455}"#
        #expect(try text(WideIntegers()) == expected)
        #expect(try foundationText(WideIntegers()) == expected)
        #expect(try text(Int128.min) == "-170141183460469231731687303715884105728")
        #expect(try text([UInt128.max]) == (try foundationText([UInt128.max])))
    }

    @Test func aNestedContainerRequestedAfterItsValueWasFinishedThrowsInsteadOfDroppingIt() throws {
        // JSONEncoder merges into the first value; this encoder cannot, and used to replace it silently.
        let error = try #require(throws: EncodingError.self) { try text(NestedContainerRequestedAfterALaterMember()) }
        guard case .invalidValue(_, let context) = error else { Issue.record("unexpected \(error)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["a"])
        #expect(context.debugDescription == "A nested container was requested for a key whose value was finished (a later member was written since); APIDataEncoder writes values in order.")
    }

    @Test(arguments: [
        (-12_219_292_801.0, "1582-10-04T23:59:59Z"), (-62_135_596_800.5, "0001-01-02T23:59:59Z"),
        (-70_000_000_000.0, "-0249-10-19T19:33:20Z"), (-10_000_000_000_000.0, "-4712-01-01T12:00:00Z"),
        (-12_219_292_800.0, "1582-10-15T00:00:00Z"),
    ])
    func iso8601DatesBeforeTheGregorianCalendarAreWrittenAsJSONEncoderWritesThem(seconds: Double, expected: String) throws {
        let date = Date(timeIntervalSince1970: seconds)
        let encoder = APIDataEncoder(strategies: EncodingStrategies(dates: .iso8601))
        #expect(String(decoding: try encoder.encode([date]), as: UTF8.self) == #"[""# + expected + #""]"#)
        let foundation = JSONEncoder()
        foundation.dateEncodingStrategy = .iso8601
        #expect(String(decoding: try foundation.encode([date]), as: UTF8.self) == #"[""# + expected + #""]"#)
    }
}
