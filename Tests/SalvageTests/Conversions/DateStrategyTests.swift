import Foundation
import Salvage
import Testing

/// A timeline whose collections of dates each have their own strategy; `created` uses the options' one.
private struct Timeline: APIDecodable {
    let created: Date
    let times: [Date]
    let days: [Date]?
    let holidays: [String: Date]?
    let after: Date?

    init?(from decoder: APIDecoder) {
        let created = decoder["created"] --> Date.self
        let times = decoder["times"].decodeRequired([Date].self, strategy: .secondsSince1970)
        days = decoder["days"].decodeOptional([Date].self, strategy: .formatted("yyyy-MM-dd"))
        holidays = decoder["holidays"].decodeOptional([String: Date].self, strategy: .formatted("yyyy-MM-dd"))
        after = decoder["after"] --> Date?.self   // the options' strategy again
        guard decoder.succeeded, let created, let times else { return nil }
        (self.created, self.times) = (created, times)
    }
}

/// A model whose dates are plain `-->` fields, decoded under its parent's strategy; `fixed` has its own.
private struct Ping: APIDecodable {
    let at: Date
    let fixed: Date?

    init?(from decoder: APIDecoder) {
        let at = decoder["at"] --> Date.self
        fixed = decoder["fixed"].decodeOptional(Date.self, strategy: .iso8601)
        guard decoder.succeeded, let at else { return nil }
        self.at = at
    }
}

private struct Pings: APIDecodable {
    let pings: [Ping]
    let last: Date?

    init?(from decoder: APIDecoder) {
        let pings = decoder["pings"].decodeRequired([Ping].self, strategy: .millisecondsSince1970)
        last = decoder["last"] --> Date?.self
        guard decoder.succeeded, let pings else { return nil }
        self.pings = pings
    }
}

/// Strategies one after the other and one inside the other; `b` uses the options' strategy.
private struct Layers: APIDecodable {
    let seconds: [[Double]]

    init?(from decoder: APIDecoder) {
        let a = decoder["a"].decodeRequired([Date].self, strategy: .secondsSince1970)
        let b = decoder["b"] --> Date.self
        let c = decoder["c"].decodeRequired([[Date]].self, strategy: .millisecondsSince1970)
        let d = decoder["d"].decodeRequired(Date.self, strategy: .iso8601)
        guard decoder.succeeded, let a, let b, let c, let d else { return nil }
        seconds = [a, [b], c.flatMap { $0 }, [d]].map { $0.map(\.timeIntervalSince1970) }
    }
}

/// Keeps its decoder, to use it after the decode.
private final class Keeper: APIDecodable {
    let decoder: APIDecoder
    init?(from decoder: APIDecoder) { self.decoder = decoder }
}

/// A Swift `Decodable` with one date, for `CodableStrategies.dates`.
private struct Stamp: Decodable {
    let at: Date
}

private func seconds(_ dates: [Date]?) -> [Double]? { dates?.map(\.timeIntervalSince1970) }

private func utcFormatter(_ format: String) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = format
    return formatter
}

/// Seconds since 1970 as a number, or ISO 8601 as a string.
private let secondsOrISO = DateDecodingStrategy.custom("seconds since 1970 or ISO 8601") { input in
    switch input {
    case .number(let seconds): return seconds >= 0 ? Date(timeIntervalSince1970: seconds) : nil
    case .string(let text): return try? Date(text, strategy: .iso8601)
    }
}

struct DateStrategyTests {
    // MARK: Strategies for collections and models

    @Test func collectionsOfDatesHaveTheirOwnStrategy() throws {
        let json = """
        {"created": "2001-09-09T01:46:40Z", "times": [1000000000, 86400.5], "days": ["2001-09-09"],
         "holidays": {"new year": "2024-01-01", "christmas": "2024-12-25"}, "after": "1970-01-02T00:00:00Z"}
        """
        let result = decodeJSON(json, as: Timeline.self)
        #expect(result.errors == [])
        let timeline = try #require(result.value)
        #expect(timeline.created.timeIntervalSince1970 == 1_000_000_000)
        #expect(seconds(timeline.times) == [1_000_000_000, 86_400.5])
        #expect(seconds(timeline.days) == [999_993_600])
        #expect(timeline.holidays?.mapValues(\.timeIntervalSince1970) == ["new year": 1_704_067_200, "christmas": 1_735_084_800])
        #expect(timeline.after?.timeIntervalSince1970 == 86_400)
    }

    @Test func badElementsAreDroppedAndNamedWithTheirPathAndTheStrategy() throws {
        let json = """
        {"created": "2001-09-09T01:46:40Z", "times": [0, "soon", null, 1e400],
         "days": ["2001-09-09", "09/09/2001", 7], "holidays": {"new year": "2024-01-01", "christmas": "25 Dec"},
         "after": 86400}
        """
        let result = decodeJSON(json, as: Timeline.self)
        let timeline = try #require(result.value)
        #expect(seconds(timeline.times) == [0])
        #expect(seconds(timeline.days) == [999_993_600])
        #expect(timeline.holidays?.mapValues(\.timeIntervalSince1970) == ["new year": 1_704_067_200])
        #expect(timeline.after == nil)
        #expect(result.errors.map(\.description) == [
            #"root(Timeline) > "times"(Array<Date>) > [1](Date) : Unexpectedly found a string"#,
            #"root(Timeline) > "times"(Array<Date>) > [2](Date) : Unexpectedly found null"#,
            #"root(Timeline) > "times"(Array<Date>) > [3](Date) : Value 1e400 does not fit in Date"#,
            #"root(Timeline) > "days"(Array<Date>) > [1](Date) : Cannot read "09/09/2001" as Date: expected date in format "yyyy-MM-dd""#,
            #"root(Timeline) > "days"(Array<Date>) > [2](Date) : Unexpectedly found an integer"#,
            #"root(Timeline) > "holidays"(Dictionary<String, Date>) > "christmas"(Date) : Cannot read "25 Dec" as Date: expected date in format "yyyy-MM-dd""#,
            #"root(Timeline) > "after"(Date) : Unexpectedly found an integer"#,
        ])
        #expect(result.errors.map(\.code) == ["type_mismatch", "null", "numeric_overflow", "invalid_format", "type_mismatch",
                                              "invalid_format", "type_mismatch"])
        #expect(result.errors.map(\.path.jsonPath) == [
            #"root["times"][1]"#, #"root["times"][2]"#, #"root["times"][3]"#, #"root["days"][1]"#, #"root["days"][2]"#,
            #"root["holidays"]["christmas"]"#, #"root["after"]"#,
        ])
        let reason = APIDecodeErrorReason.invalidFormat(value: "09/09/2001", type: "Date", expected: #"date in format "yyyy-MM-dd""#)
        #expect(result.errors[3].reason == reason)
        let recovered: [APIDecodeError.Severity] = Array(repeating: .recovered, count: 7)
        #expect(result.errors.map(\.severity) == recovered)
    }

    @Test func optionalCollectionsAreNilWhenAbsentOrNullAndReportedWhenWrong() throws {
        let absent = decodeJSON(#"{"created": "2001-09-09T01:46:40Z", "times": [], "holidays": null}"#, as: Timeline.self)
        #expect(absent.errors == [])
        #expect(absent.value?.days == nil && absent.value?.holidays == nil)

        let wrong = decodeJSON(#"{"created": "2001-09-09T01:46:40Z", "times": [], "days": "2001-09-09", "holidays": []}"#, as: Timeline.self)
        let timeline = try #require(wrong.value)
        #expect(timeline.days == nil && timeline.holidays == nil)
        #expect(wrong.errors.map(\.description) == [
            #"root(Timeline) > "days"(Array<Date>) : Unexpectedly found a string"#,
            #"root(Timeline) > "holidays"(Dictionary<String, Date>) : Unexpectedly found an array"#,
        ])
    }

    @Test func aRequiredCollectionThatIsMissingFailsTheModel() {
        let result = decodeJSON(#"{"created": "2001-09-09T01:46:40Z", "days": ["x"]}"#, as: Timeline.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(Timeline) > "times"(Array<Date>) : No value is present"#,
            #"root(Timeline) > "days"(Array<Date>) > [0](Date) : Cannot read "x" as Date: expected date in format "yyyy-MM-dd""#,
        ])
        #expect(result.errors.map(\.severity) == [.failure, .recovered])
    }

    @Test func modelsInsideUseTheStrategyUnlessAFieldHasItsOwn() throws {
        let json = """
        {"pings": [{"at": 1500}, {"at": "2001-09-09T01:46:40Z"}, {"at": 2000, "fixed": "1970-01-01T00:00:01Z"}, {"at": 0, "fixed": 5}],
         "last": "1970-01-01T00:00:03Z"}
        """
        let result = decodeJSON(json, as: Pings.self)
        let value = try #require(result.value)
        #expect(value.pings.map(\.at.timeIntervalSince1970) == [1.5, 2, 0])
        #expect(value.pings.map { $0.fixed?.timeIntervalSince1970 } == [nil, 1, nil])
        #expect(value.last?.timeIntervalSince1970 == 3)
        #expect(result.errors.map(\.description) == [
            #"root(Pings) > "pings"(Array<Ping>) > [1](Ping) > "at"(Date) : Unexpectedly found a string"#,
            #"root(Pings) > "pings"(Array<Ping>) > [3](Ping) > "fixed"(Date) : Unexpectedly found an integer"#,
        ])
        #expect(result.errors.map(\.severity) == [.failure, .recovered])
    }

    @Test func theStrategyIsThatOfTheInnermostCallAndEndsWithIt() throws {
        let json = #"{"a": [86400, 1], "b": "1970-01-02T00:00:00Z", "c": [[2000]], "d": "1970-01-03T00:00:00Z"}"#
        let result = decodeJSON(json, as: Layers.self)
        #expect(result.errors == [])
        #expect(result.value?.seconds == [[86_400, 1], [86_400], [2], [172_800]])
    }

    @Test func aKeptDecoderChangesNoStrategy() throws {
        let kept = try #require(decodeJSON(#"{"times": [1]}"#, as: Keeper.self).value)
        #expect(kept.decoder["times"].decodeOptional([Date].self, strategy: .secondsSince1970) == nil)
        #expect(kept.decoder["times"].decodeRequired([Date].self, strategy: .secondsSince1970) == nil)
        // Later decodes see their own options' strategy.
        let later = APIDataDecoder().decode(string: #"["1970-01-01T00:00:05Z"]"#, to: [Date].self)
        #expect(seconds(later.value) == [5] && later.errors == [])
    }

    // MARK: Custom strategies reading numbers

    @Test func customStrategiesMayReadNumbersAndStrings() throws {
        let decoder = APIDataDecoder(options: APIDecodeOptions(dateDecodingStrategy: secondsOrISO))
        let result = decoder.decode(string: #"[60, 1.5, "1970-01-01T00:02:00Z", -1, "soon", true, 1e400, {}]"#, to: [Date].self)
        #expect(seconds(result.value) == [60, 1.5, 120])
        #expect(result.errors.map(\.description) == [
            #"root(Array<Date>) > [3](Date) : Cannot read "-1" as Date: expected seconds since 1970 or ISO 8601"#,
            #"root(Array<Date>) > [4](Date) : Cannot read "soon" as Date: expected seconds since 1970 or ISO 8601"#,
            #"root(Array<Date>) > [5](Date) : Unexpectedly found a boolean"#,
            #"root(Array<Date>) > [6](Date) : Value 1e400 does not fit in Date"#,
            #"root(Array<Date>) > [7](Date) : Unexpectedly found an object"#,
        ])
        #expect(result.errors.map(\.code) == ["invalid_format", "invalid_format", "type_mismatch", "numeric_overflow", "type_mismatch"])
        #expect(result.errors[0].reason == .invalidFormat(value: "-1", type: "Date", expected: "seconds since 1970 or ISO 8601"))
        #expect(secondsOrISO.description == "seconds since 1970 or ISO 8601")
    }

    @Test func theStringFormStaysTheStringForm() {
        // `{ _ in … }` fits both forms; it keeps meaning the string form, so a number is a type mismatch.
        let never = DateDecodingStrategy.custom("never") { _ in nil }
        let nearly = DateDecodingStrategy.custom("a day number") { text in Int(text).map { Date(timeIntervalSince1970: Double($0) * 86_400) } }
        let decoder = APIDataDecoder(options: APIDecodeOptions(dateDecodingStrategy: never))
        let result = decoder.decode(string: #"["x", 1]"#, to: [Date].self)
        #expect(result.value == [])
        #expect(result.errors.map(\.description) == [
            #"root(Array<Date>) > [0](Date) : Cannot read "x" as Date: expected never"#,
            #"root(Array<Date>) > [1](Date) : Unexpectedly found an integer"#,
        ])
        let days = APIDataDecoder(options: APIDecodeOptions(dateDecodingStrategy: nearly)).decode(string: #"["2", 2]"#, to: [Date].self)
        #expect(seconds(days.value) == [172_800])
        #expect(days.errors.map(\.description) == [#"root(Array<Date>) > [1](Date) : Unexpectedly found an integer"#])
    }

    // MARK: Configured formatters

    @Test func aConfiguredFormatterIsCopiedWhenTheStrategyIsMade() throws {
        let formatter = utcFormatter("dd/MM/yyyy HH:mm")
        formatter.timeZone = TimeZone(secondsFromGMT: 3_600)
        let strategy = DateDecodingStrategy.formatted(formatter)
        formatter.dateFormat = "yyyy"                        // too late: the strategy has its own copy
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        #expect(strategy.description == #"date in format "dd/MM/yyyy HH:mm""#)

        let decoder = APIDataDecoder(options: APIDecodeOptions(dateDecodingStrategy: strategy))
        let result = decoder.decode(string: #"["09/09/2001 02:46", "2001", 5]"#, to: [Date].self)
        #expect(seconds(result.value) == [1_000_000_000 - 40])
        #expect(result.errors.map(\.description) == [
            #"root(Array<Date>) > [1](Date) : Cannot read "2001" as Date: expected date in format "dd/MM/yyyy HH:mm""#,
            #"root(Array<Date>) > [2](Date) : Unexpectedly found an integer"#,
        ])
    }

    @Test func oneFormatterStrategyServesManyTasks() async {
        let strategy = DateDecodingStrategy.formatted(utcFormatter("yyyy-MM-dd"))
        let decoded = await withTaskGroup(of: [Double].self) { group in
            for day in 1...28 {
                group.addTask {
                    let text = String(format: #"["2024-02-%02d", "2024-02-%02d"]"#, day, day)
                    let decoder = APIDataDecoder(options: APIDecodeOptions(dateDecodingStrategy: strategy))
                    return seconds(decoder.decode(string: text, to: [Date].self).value) ?? []
                }
            }
            var all: Set<Double> = []
            for await values in group { all.formUnion(values) }
            return all
        }
        let expected: Set<Double> = Set((1...28).map { (day: Int) -> Double in 1_706_745_600 + Double(day - 1) * 86_400 })
        #expect(decoded == expected)
    }

    // MARK: The Codable path

    @Test func codableDatesTakeTheNewStrategiesToo() throws {
        var options = APIDecodeOptions()
        options.codable = CodableStrategies(dates: .formatted(utcFormatter("yyyy-MM-dd")))
        let formatted = APIDataDecoder(options: options).decode(data: Data(#"[{"at": "2001-09-09"}, {"at": "9/9/2001"}]"#.utf8), toDecodable: [Stamp].self)
        // Codable recovery (the default) drops the element whose date the formatter cannot read.
        #expect(formatted.value?.map(\.at.timeIntervalSince1970) == [999_993_600])
        #expect(formatted.errors.map(\.description) == [
            #"root(Array<Stamp>) > [1](Stamp) > "at"(Date) : Cannot read "9/9/2001" as Date: expected date in format "yyyy-MM-dd""#,
        ])
        options.codable.recovery = .strict
        let strict = APIDataDecoder(options: options).decode(data: Data(#"[{"at": "2001-09-09"}, {"at": "9/9/2001"}]"#.utf8), toDecodable: [Stamp].self)
        #expect(strict.value == nil)
        #expect(strict.errors.map(\.description) == [
            #"root(Array<Stamp>) > [1] > "at" : Swift DecodingError: data corrupted: Cannot read "9/9/2001" as Date: expected date in format "yyyy-MM-dd"."#,
        ])
        options.codable.recovery = .salvage
        let good = APIDataDecoder(options: options).decode(data: Data(#"{"at": "2001-09-09"}"#.utf8), toDecodable: Stamp.self)
        #expect(good.value?.at.timeIntervalSince1970 == 999_993_600 && good.errors == [])

        options.codable = CodableStrategies(dates: secondsOrISO)
        let custom = APIDataDecoder(options: options).decode(data: Data(#"[{"at": 60}, {"at": "1970-01-01T00:02:00Z"}]"#.utf8), toDecodable: [Stamp].self)
        #expect(custom.value?.map(\.at.timeIntervalSince1970) == [60, 120])
        #expect(custom.errors == [])
        let wrong = APIDataDecoder(options: options).decode(data: Data(#"{"at": true}"#.utf8), toDecodable: Stamp.self)
        #expect(wrong.value == nil)
        #expect(wrong.errors.map(\.description) == [
            #"root(Stamp) > "at"(Date) : Unexpectedly found a boolean"#,
        ])
    }
}
