import Foundation
import Salvage
import Testing

// Members read in any order, repeatedly or with duplicate keys; escaped keys; absent positions keep
// their own paths.

/// Reads members out of order, twice, and interleaved with absent keys and nested models.
private struct Lookups: APIDecodable {
    let values: [String: Int]
    let absentPaths: [String]
    init?(from decoder: APIDecoder) {
        var values: [String: Int] = [:]
        var absentPaths: [String] = []
        for key in ["e", "a", "zz", "c", "b", "d", "a", "ab", "e", "dup", "esc", "dup"] {
            let position = decoder[key]
            if let value = position --> Int?.self {
                values[key] = (values[key] ?? 0) * 100 + value
            } else if !position.isPresent {
                absentPaths.append(position.path.jsonPath)
            }
        }
        if let inner = decoder["inner"] --> Lookups?.self {
            for (key, value) in inner.values { values["inner." + key] = value }
        }
        values["after inner: c"] = decoder["c"] --> Int?.self
        values["inner.b direct"] = decoder["inner"]["b"] --> Int?.self
        self.values = values
        self.absentPaths = absentPaths
    }
}

@Suite struct MemberLookupOrderTests {
    @Test func membersReadInAnyOrderRepeatedlyAndWithDuplicates() throws {
        let json = #"{"a": 1, "b": 2, "dup": 7, "c": 3, "d": 4, "ab": 12, "e": 5, "dup": 8, "esc\u0061pe": 0, "inner": {"e": 50, "b": 20, "a": 10}}"#
        let result = decodeJSON(json, as: Lookups.self)
        #expect(result.isClean)
        let lookups = try #require(result.value)
        #expect(lookups.values == [
            "a": 101, "b": 2, "c": 3, "d": 4, "e": 505, "ab": 12, "dup": 808,
            "inner.a": 1010, "inner.b": 20, "inner.e": 5050, "inner.b direct": 20, "after inner: c": 3,
        ])
        #expect(lookups.absentPaths == [#"root["zz"]"#, #"root["esc"]"#])
    }

    @Test func escapedKeysMatchTheirUnescapedText() throws {
        struct Escaped: APIDecodable {
            let value: Int?
            init?(from decoder: APIDecoder) {
                value = decoder["key\u{e9}/\"q\""] --> Int?.self
            }
        }
        let result = decodeJSON(#"{"key\u00e9\/\"q\"": 42}"#, as: Escaped.self)
        #expect(result.value?.value == 42)
        #expect(result.isClean)
    }

    @Test func elementsWithMembersInDifferentOrders() {
        let json = #"[{"sku": "a", "qty": 1}, {"qty": 2, "sku": "b"}, {"note": "n", "qty": 3, "x": 0, "sku": "c"}]"#
        let result = decodeJSON(json, as: [OrderedPair].self)
        #expect(result.isClean)
        #expect(result.value == [OrderedPair(sku: "a", qty: 1), OrderedPair(sku: "b", qty: 2), OrderedPair(sku: "c", qty: 3)])
    }

    @Test func absentPositionsKeepTheirOwnPaths() {
        struct KeptAbsent: APIDecodable {
            init?(from decoder: APIDecoder) {
                let first = decoder["m1"]["n1"]
                let second = decoder["m2"]["n2"][3]
                let third = decoder["present"]["q"]["r"]
                _ = second --> Int.self
                _ = first --> Int.self
                _ = third --> String.self
                _ = first["deeper"] --> Bool.self
                return nil
            }
        }
        let result = decodeJSON(#"{"present": {"p": 1}}"#, as: KeptAbsent.self)
        #expect(result.errors.map(\.description) == [
            #"root(KeptAbsent) > "m2" > "n2" > [3](Int) : No value is present"#,
            #"root(KeptAbsent) > "m1" > "n1"(Int) : No value is present"#,
            #"root(KeptAbsent) > "present" > "q" > "r"(String) : No value is present"#,
            #"root(KeptAbsent) > "m1" > "n1" > "deeper"(Bool) : No value is present"#,
        ])
        #expect(result.errors.map(\.location?.offset) == [0, 0, 12, 0])
    }
}

private struct OrderedPair: APIDecodable, Equatable {
    let sku: String
    let qty: Int
    init(sku: String, qty: Int) {
        self.sku = sku
        self.qty = qty
    }
    init?(from decoder: APIDecoder) {
        let qty = decoder["qty"] --> Int.self
        let sku = decoder["sku"] --> String.self
        guard decoder.succeeded, let sku, let qty else { return nil }
        self.init(sku: sku, qty: qty)
    }
}
