/// A running FNV-1a style hash of decoded content, so a benchmark can prove two decoders produced the
/// same values (and so the optimiser cannot drop the decoding work).
public struct Checksum: Hashable, Sendable, CustomStringConvertible {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func add(_ number: UInt64) {
        value = (value ^ number) &* 0x0000_0100_0000_01B3
    }

    public mutating func add(_ number: Int64) { add(UInt64(bitPattern: number)) }
    public mutating func add(_ number: Int) { add(Int64(number)) }
    public mutating func add(_ flag: Bool) { add(flag ? 1 as UInt64 : 2) }
    public mutating func add(_ number: Double) { add(number.bitPattern) }

    public mutating func add(_ text: String) {
        for byte in text.utf8 { add(UInt64(byte)) }
        add(0xFF as UInt64)
    }

    public mutating func add<T>(_ optional: T?, _ body: (inout Checksum, T) -> Void) {
        if let optional { body(&self, optional) } else { add(0xDEAD as UInt64) }
    }

    public mutating func add(_ numbers: [Int]) {
        add(numbers.count)
        for number in numbers { add(number) }
    }

    public var description: String { String(value, radix: 16) }
}
