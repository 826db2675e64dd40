import Foundation
import Salvage
import Testing

// The encoder remembers per type whether it writes the values itself (scalars, Foundation types, arrays and
// dictionaries of scalars) or calls their `encode(to:)`: many types in one value, each seen several times and
// alternating with the others (so that remembered answers are reused and their table slots shared), must still
// give `JSONEncoder`'s bytes.

private struct Tagged<Tag>: Encodable {
    let value: Int
    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode("\(Tag.self)")
        try container.encode(value)
    }
}

/// Encodes, three times over, a value of each of many types (and a `Tagged` wrapper per type) into one array.
private struct TypeMix: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for round in 0..<3 {
            try container.encode("text \(round)")
            try container.encode(Tagged<String>(value: round))
            try container.encode(round)
            try container.encode(Tagged<Int>(value: round))
            try container.encode(Double(round) + 0.5)
            try container.encode(Tagged<Double>(value: round))
            try container.encode(round.isMultiple(of: 2))
            try container.encode(Tagged<Bool>(value: round))
            try container.encode(Int8(round))
            try container.encode(Tagged<Int8>(value: round))
            try container.encode(UInt16(round))
            try container.encode(Tagged<UInt16>(value: round))
            try container.encode(UInt64(round))
            try container.encode(Tagged<UInt64>(value: round))
            try container.encode(Float(round) / 4)
            try container.encode(Tagged<Float>(value: round))
            try container.encode([round, round + 1])
            try container.encode(Tagged<[Int]>(value: round))
            try container.encode(["k": "v\(round)"])
            try container.encode(Tagged<[String: String]>(value: round))
            try container.encode(["k": round])
            try container.encode(Tagged<[String: Int]>(value: round))
            try container.encode(["a", "b"])
            try container.encode([[round]])
            try container.encode(Tagged<[[Int]]>(value: round))
            try container.encode(Data([UInt8(round), 255]))
            try container.encode(Tagged<Data>(value: round))
            try container.encode(URL(string: "https://example.com/\(round)"))
            try container.encode(Tagged<URL>(value: round))
            try container.encode(Decimal(round) / 8)
            try container.encode(Tagged<Decimal>(value: round))
            try container.encode(Optional(round))
            try container.encode(Tagged<Int?>(value: round))
            try container.encode(Tagged<Tagged<Int>>(value: round))
        }
    }
}

@Suite struct EncoderTypeMixTests {
    @Test(arguments: [JSONWritingOptions(), .sortedKeys])
    func manyTypesSeenRepeatedlyGiveJSONEncodersBytes(options: JSONWritingOptions) throws {
        let reference = try matchingJSONEncoder(options).encode(TypeMix())
        #expect(try APIDataEncoder(outputFormatting: options).encode(TypeMix()) == reference)
        #expect(String(decoding: reference, as: UTF8.self).hasPrefix(#"["text 0",["String",0],0,["Int",0],0.5,["Double",0],true,"#))
    }
}
