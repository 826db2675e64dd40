// Docs/GettingStarted.md, section 8 continued: strategies for collections and models, custom strategies
// that read numbers, configured formatters; run with assertions (see GettingStartedExamples.swift).
import Foundation
import Testing
import Salvage

extension GettingStartedExamples {
    @Test func dateStrategiesForCollectionsAndModels() throws {
        struct Event: APIDecodable {
            let at: Date
            init?(from decoder: APIDecoder) {
                guard let at = decoder["at"] --> Date.self else { return nil }
                self.at = at
            }
        }
        let json = #"""
        {"times": [1709296200000, "soon"], "days": ["2001-09-09", "09/09/2001"],
         "holidays": {"new year": "2024-01-01"}, "events": [{"at": 1000000000}]}
        """#
        let result = decodeInModel(json) { (decoder: APIDecoder) -> [[Double]]? in
            let times    = decoder["times"].decodeRequired([Date].self, strategy: .millisecondsSince1970)
            let days     = decoder["days"].decodeOptional([Date].self, strategy: .formatted("yyyy-MM-dd"))   // [Date]?
            let holidays = decoder["holidays"].decodeOptional([String: Date].self, strategy: .formatted("yyyy-MM-dd"))
            let events   = decoder["events"].decodeRequired([Event].self, strategy: .secondsSince1970)   // Event's dates
            guard decoder.succeeded, let times, let days, let holidays, let events else { return nil }
            return [times, days, Array(holidays.values), events.map(\.at)].map { $0.map(\.timeIntervalSince1970) }
        }
        #expect(result.value == [[1_709_296_200], [999_993_600], [1_704_067_200], [1_000_000_000]])
        #expect(result.errors.map(\.description) == [
            #"root(DocModel) > "times"(Array<Date>) > [1](Date) : Unexpectedly found a string"#,
            #"root(DocModel) > "days"(Array<Date>) > [1](Date) : Cannot read "09/09/2001" as Date: expected date in format "yyyy-MM-dd""#,
        ])
    }

    @Test func customDateStrategiesReadingNumbers() throws {
        let flexible = DateDecodingStrategy.custom("seconds since 1970 or ISO 8601") { input in
            switch input {
            case .number(let seconds): return Date(timeIntervalSince1970: seconds)
            case .string(let text): return try? Date(text, strategy: .iso8601)
            }
        }
        let decoder = APIDataDecoder(options: APIDecodeOptions(dateDecodingStrategy: flexible))
        let result = decoder.decode(string: #"[60, "1970-01-01T00:02:00Z", "soon", false]"#, to: [Date].self)
        #expect(result.value?.map(\.timeIntervalSince1970) == [60, 120])
        #expect(result.errors.map(\.description) == [
            #"root(Array<Date>) > [2](Date) : Cannot read "soon" as Date: expected seconds since 1970 or ISO 8601"#,
            #"root(Array<Date>) > [3](Date) : Unexpectedly found a boolean"#,
        ])
    }

    @Test func configuredDateFormatters() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 3_600)
        formatter.dateFormat = "dd/MM/yyyy HH:mm"
        let paris = APIDataDecoder(options: APIDecodeOptions(dateDecodingStrategy: .formatted(formatter)))
        let result = paris.decode(string: #"["09/09/2001 02:46", "2001-09-09"]"#, to: [Date].self)
        #expect(result.value?.map(\.timeIntervalSince1970) == [999_999_960])
        #expect(result.errors.map(\.description) == [
            #"root(Array<Date>) > [1](Date) : Cannot read "2001-09-09" as Date: expected date in format "dd/MM/yyyy HH:mm""#,
        ])
        // On the Codable path too.
        struct Stamp: Decodable { let at: Date }
        var options = APIDecodeOptions()
        options.codable = CodableStrategies(dates: .formatted(formatter))
        let stamp = APIDataDecoder(options: options).decode(data: Data(#"{"at": "09/09/2001 02:46"}"#.utf8), toDecodable: Stamp.self)
        #expect(stamp.value?.at.timeIntervalSince1970 == 999_999_960 && stamp.errors.isEmpty)
    }
}
