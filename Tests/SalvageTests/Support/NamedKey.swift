/// A coding key made from any name, for `Encodable` fixtures that write their own `encode(to:)`
/// (the encoder tests: containers requested twice, repeated keys, keys that only a test would choose).
struct NamedKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
