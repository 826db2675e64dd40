import Salvage
import Testing

// Compiled with `-warn-long-expression-type-checking=100` (Package.swift):
// the shapes of `-->` code users write — `??` defaults joined by arithmetic, a twenty-field model,
// `decoder.all(…)` with ten fields — must type-check in under 100 ms each, so the build of this target
// prints no warning. The tests run them and check their values, so the expressions cannot rot.
// What is still slow (four or more `??` terms in an expression with no type from its context, and
// `Double(_:)` conversions of two `??` terms next to float literals) is in Docs/GettingStarted.md.

/// Two and three `??` terms joined by `+` and `*`.
private struct Sums: APIDecodable {
    let two: Int
    let three: Int
    let scaled: Double
    let label: String
    init?(from decoder: APIDecoder) {
        two = (decoder["a"] --> Int?.self ?? 0) + (decoder["b"] --> Int?.self ?? 0)
        three = (decoder["a"] --> Int?.self ?? 0) + (decoder["b"] --> Int?.self ?? 0) * (decoder["c"] --> Int?.self ?? 1)
        scaled = (decoder["x"] --> Double?.self ?? 0) * 2 + (decoder["y"] --> Double?.self ?? 0.5)
        label = (decoder["first"] --> String?.self ?? "") + " " + (decoder["last"] --> String?.self ?? "")
    }
}

/// Five and seven `??` terms, each in a context that gives the type (a property, a typed `let`): Int only,
/// with literals, Double with literals, Int and Double mixed through `Double(_:)`, and strings.
/// The same expressions in an untyped `let` are the slow ones (Docs/GettingStarted.md, "Type-checking time").
private struct FiveTerms: APIDecodable {
    let ints: Int
    let seven: Int
    let intsWithLiterals: Int
    let doublesWithLiterals: Double
    let mixed: Double
    let mixedWithLiterals: Double
    let convertedInLets: Double
    let name: String
    init?(from decoder: APIDecoder) {
        ints = (decoder["a"] --> Int?.self ?? 0) + (decoder["b"] --> Int?.self ?? 0) * (decoder["c"] --> Int?.self ?? 1)
            + (decoder["d"] --> Int?.self ?? 0) * (decoder["e"] --> Int?.self ?? 1)
        let seven: Int = (decoder["a"] --> Int?.self ?? 0) + (decoder["b"] --> Int?.self ?? 0) * (decoder["c"] --> Int?.self ?? 1)
            + (decoder["d"] --> Int?.self ?? 0) * (decoder["e"] --> Int?.self ?? 1)
            - (decoder["b"] --> Int?.self ?? 0) * (decoder["g"] --> Int?.self ?? 7)
        self.seven = seven
        intsWithLiterals = (decoder["a"] --> Int?.self ?? 0) * 2 + (decoder["b"] --> Int?.self ?? 0) * 3 + 1
            + (decoder["c"] --> Int?.self ?? 1) - (decoder["d"] --> Int?.self ?? 0) / 2 + (decoder["e"] --> Int?.self ?? 1)
        doublesWithLiterals = (decoder["x"] --> Double?.self ?? 0) * 2 + (decoder["y"] --> Double?.self ?? 0) * 0.5
            + (decoder["z"] --> Double?.self ?? 1.5) / 2 - (decoder["w"] --> Double?.self ?? 2) + (decoder["v"] --> Double?.self ?? 1) * 100
        mixed = (decoder["x"] --> Double?.self ?? 0) + Double(decoder["b"] --> Int?.self ?? 0) * (decoder["y"] --> Double?.self ?? 1.5)
            + (decoder["z"] --> Double?.self ?? 0) * Double(decoder["e"] --> Int?.self ?? 1)
        mixedWithLiterals = (decoder["x"] --> Double?.self ?? 0) * 2 + (decoder["y"] --> Double?.self ?? 0)
            + (decoder["z"] --> Double?.self ?? 1.5) - Double(decoder["d"] --> Int?.self ?? 2) + (decoder["v"] --> Double?.self ?? 1)
        // Getting Started's advice for `Double(…)` conversions: each in a typed `let` of its own (written
        // inline, two such conversions next to these literals fail to type-check).
        let b: Int = decoder["b"] --> Int?.self ?? 0
        let d: Int = decoder["d"] --> Int?.self ?? 2
        convertedInLets = (decoder["x"] --> Double?.self ?? 0) * 2 + Double(b) * 0.5 + (decoder["z"] --> Double?.self ?? 1.5) / 2
            - Double(d) + (decoder["v"] --> Double?.self ?? 1) * 100
        name = (decoder["title"] --> String?.self ?? "") + (decoder["first"] --> String?.self ?? "") + " "
            + (decoder["middle"] --> String?.self ?? "-") + " " + (decoder["last"] --> String?.self ?? "")
            + (decoder["suffix"] --> String?.self ?? "")
    }
}

/// Twenty fields, one `-->` each, of the kinds a model has.
private struct Wide: APIDecodable {
    let f1: Int, f2: String, f3: Double, f4: Bool, f5: Int?
    let f6: String?, f7: [Int], f8: [String]?, f9: Int, f10: Int
    let f11: Int64, f12: Int8?, f13: [String: Int], f14: JSONValue?, f15: Double?
    let f16: [Int], f17: String, f18: Int, f19: Bool?, f20: [Int?]
    init?(from decoder: APIDecoder) {
        let f1 = decoder["f1"] --> Int.self
        let f2 = decoder["f2"] --> String.self
        let f3 = decoder["f3"] --> Double.self
        let f4 = decoder["f4"] --> Bool.self
        f5 = decoder["f5"] --> Int?.self
        f6 = decoder["f6"] --> String?.self
        let f7 = decoder["f7"] --> [Int].self
        f8 = decoder["f8"] --> CountLimited<[String]?>(max: 2)
        f9 = decoder["f9"] --> Int?.self ?? 9
        f10 = decoder["f10"] --> Int?.self ?? 10
        let f11 = decoder["f11"] --> Int64.self
        f12 = decoder["f12"] --> Int8?.self
        let f13 = decoder["f13"] --> [String: Int].self
        f14 = decoder["f14"] --> JSONValue?.self
        f15 = decoder["f15"] --> Double?.self
        let f16 = decoder["f16"] --> CountLimited<[Int]>(exactly: 2)
        f17 = decoder["f17"] --> String?.self ?? "seventeen"
        f18 = decoder[path: "nested.f18"] --> Int?.self ?? 18
        f19 = decoder["f19"] --> Bool?.self
        let f20 = decoder["f20"] --> [Int?].self
        guard let (f1, f2, f3, f4, f7, f11, f13, f16, f20) = decoder.all(f1, f2, f3, f4, f7, f11, f13, f16, f20)
        else { return nil }
        (self.f1, self.f2, self.f3, self.f4, self.f7) = (f1, f2, f3, f4, f7)
        (self.f11, self.f13, self.f16, self.f20) = (f11, f13, f16, f20)
    }
}

/// Ten fields bound at once by `decoder.all`, one of them optional.
private struct Ten: APIDecodable {
    let values: [Int]
    let note: String?
    init?(from decoder: APIDecoder) {
        guard let (a, b, c, d, e, f, g, h, i, note) = decoder.all(
            decoder["a"] --> Int.self, decoder["b"] --> Int.self, decoder["c"] --> Int.self,
            decoder["d"] --> Int.self, decoder["e"] --> Int.self, decoder["f"] --> Int.self,
            decoder["g"] --> Int.self, decoder["h"] --> Int.self, decoder["i"] --> Int.self,
            .some(decoder["note"] --> String?.self)
        ) else { return nil }
        values = [a, b, c, d, e, f, g, h, i]
        self.note = note
    }
}

@Suite struct TypeCheckBudgetTests {
    @Test func sumsOfDefaults() throws {
        let json = #"{"a": 2, "b": 3, "c": 4, "x": 1.5, "first": "Ada", "last": "Lovelace"}"#
        let result = APIDataDecoder().decode(string: json, to: Sums.self)
        let sums = try #require(result.value)
        #expect("\(sums.two) \(sums.three) \(sums.scaled) \(sums.label) \(result.errors.count)" == "5 14 3.5 Ada Lovelace 0")
    }

    @Test func sumsOfAbsentValuesUseTheDefaults() throws {
        let result = APIDataDecoder().decode(string: "{}", to: Sums.self)
        let sums = try #require(result.value)
        #expect([sums.two, sums.three] == [0, 0])
        #expect(sums.scaled == 0.5)
        #expect(sums.label == " ")
    }

    @Test func fiveTerms() throws {
        let json = #"""
            {"a": 2, "b": 3, "c": 4, "d": 5, "e": 6, "x": 1.5, "y": 2.5, "z": 0.5,
             "title": "Dr ", "first": "Ada", "last": "Lovelace"}
            """#
        let result = APIDataDecoder().decode(string: json, to: FiveTerms.self)
        #expect(result.errors.map(\.description) == [])
        let terms = try #require(result.value)
        #expect([terms.ints, terms.seven, terms.intsWithLiterals] == [44, 23, 22])
        #expect([terms.doublesWithLiterals, terms.mixed, terms.mixedWithLiterals, terms.convertedInLets] == [102.5, 12, 2, 99.75])
        #expect(terms.name == "Dr Ada - Lovelace")
    }

    @Test func fiveTermsOfAbsentValuesUseTheDefaults() throws {
        let result = APIDataDecoder().decode(string: #"{"a": "two"}"#, to: FiveTerms.self)
        let terms = try #require(result.value)
        #expect([terms.ints, terms.seven, terms.intsWithLiterals] == [0, 0, 3])
        #expect([terms.doublesWithLiterals, terms.mixed, terms.mixedWithLiterals, terms.convertedInLets] == [98.75, 0, 0.5, 98.75])
        #expect(terms.name == " - ")
        // Each of the three reads of "a" records its error; the defaults are used.
        #expect(result.errors.map(\.description) == Array(repeating: #"root(FiveTerms) > "a"(Int) : Unexpectedly found a string"#, count: 3))
    }

    @Test func twentyFields() throws {
        let json = #"""
            {"f1": 1, "f2": "two", "f3": 3.5, "f4": true, "f7": [7], "f8": ["a"], "f11": 11, "f12": 12,
             "f13": {"k": 13}, "f14": [14], "f16": [1, 6], "nested": {"f18": 81}, "f20": [20, null]}
            """#
        let result = APIDataDecoder().decode(string: json, to: Wide.self)
        #expect(result.errors.map(\.description) == [])
        let wide = try #require(result.value)
        let values: [String] = [
            "\(wide.f1)", wide.f2, "\(wide.f3)", "\(wide.f4)", "\(wide.f5 as Any)", "\(wide.f6 as Any)", "\(wide.f7)",
            "\(wide.f8 as Any)", "\(wide.f9)", "\(wide.f10)", "\(wide.f11)", "\(wide.f12 as Any)", "\(wide.f13)",
            "\(wide.f14 as Any)", "\(wide.f15 as Any)", "\(wide.f16)", wide.f17, "\(wide.f18)", "\(wide.f19 as Any)",
            "\(wide.f20)",
        ]
        #expect(values == [
            "1", "two", "3.5", "true", "nil", "nil", "[7]", "Optional([\"a\"])", "9", "10", "11", "Optional(12)",
            "[\"k\": 13]", "Optional(Salvage.JSONValue.array([Salvage.JSONValue.number(14)]))", "nil", "[1, 6]", "seventeen", "81", "nil", "[Optional(20), nil]",
        ])
    }

    @Test func tenFieldsAtOnce() throws {
        let json = #"{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9}"#
        let result = APIDataDecoder().decode(string: json, to: Ten.self)
        let ten = try #require(result.value)
        #expect(ten.values == [1, 2, 3, 4, 5, 6, 7, 8, 9])
        #expect(ten.note == nil)
        #expect(result.errors.isEmpty)
    }
}
