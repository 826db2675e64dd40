import Foundation
import Salvage
import Testing

/// A model with dates read by the options' strategy and by per-field strategies.
private struct DatedEvent: APIDecodable {
    let created: Date
    let seconds: Date?
    let millis: Date?
    let day: Date?
    init?(from decoder: APIDecoder) {
        let created = decoder["created"] --> Date.self
        seconds = decoder["seconds"].decodeOptional(Date.self, strategy: .secondsSince1970)
        millis = decoder["millis"].decodeOptional(Date.self, strategy: .millisecondsSince1970)
        day = decoder["day"].decodeOptional(Date.self, strategy: .formatted("yyyy-MM-dd"))
        guard decoder.succeeded, let created else { return nil }
        self.created = created
    }
}

struct DateAndFoundationValueTests {
    struct ISOCase: Sendable, CustomTestStringConvertible {
        let text: String
        let secondsSince1970: Double?
        var testDescription: String { text }
    }

    static let isoCases: [ISOCase] = [
        ISOCase(text: "1970-01-01T00:00:00Z", secondsSince1970: 0),
        ISOCase(text: "2000-01-01T00:00:00Z", secondsSince1970: 946_684_800),
        ISOCase(text: "2024-02-29T12:30:45Z", secondsSince1970: 1_709_209_845),
        ISOCase(text: "2024-02-29T12:30:45.5Z", secondsSince1970: 1_709_209_845.5),
        ISOCase(text: "2024-02-29T12:30:45.123456789Z", secondsSince1970: 1_709_209_845.123456789),
        ISOCase(text: "2024-02-29T13:30:45+01:00", secondsSince1970: 1_709_209_845),
        ISOCase(text: "2024-02-29T07:00:45-0530", secondsSince1970: 1_709_209_845),
        ISOCase(text: "2024-02-29 14:30:45+02", secondsSince1970: 1_709_209_845),
        ISOCase(text: "2024-02-29T12:30Z", secondsSince1970: 1_709_209_800),
        ISOCase(text: "1969-12-31T23:59:59Z", secondsSince1970: -1),
        ISOCase(text: "2023-02-29T00:00:00Z", secondsSince1970: nil),   // not a leap year
        ISOCase(text: "2024-13-01T00:00:00Z", secondsSince1970: nil),
        ISOCase(text: "2024-01-01T24:00:00Z", secondsSince1970: nil),
        ISOCase(text: "2024-01-01T00:00:00", secondsSince1970: nil),    // no offset
        ISOCase(text: "2024-01-01", secondsSince1970: nil),
        ISOCase(text: "2024-01-01T00:00:00.Z", secondsSince1970: nil),
        ISOCase(text: "yesterday", secondsSince1970: nil),
    ]

    @Test(arguments: isoCases)
    func iso8601(_ testCase: ISOCase) throws {
        let result = APIDataDecoder().decode(string: "[\"\(testCase.text)\"]", to: [Date].self)
        if let seconds = testCase.secondsSince1970 {
            #expect(result.errors == [])
            let date = try #require(result.value?.first)
            #expect(abs(date.timeIntervalSince1970 - seconds) < 1e-6)
        } else {
            #expect(result.value == [])
            #expect(result.errors.map(\.description) == [
                "root(Array<Date>) > [0](Date) : Cannot read \"\(testCase.text)\" as Date: expected ISO 8601 date and time",
            ])
        }
    }

    @Test func perFieldStrategiesOverrideTheOption() throws {
        let json = #"{"created": "2001-09-09T01:46:40Z", "seconds": 1000000000, "millis": 1000000000500, "day": "2001-09-09"}"#
        let result = APIDataDecoder().decode(string: json, to: DatedEvent.self)
        #expect(result.errors == [])
        let event = try #require(result.value)
        #expect(event.created.timeIntervalSince1970 == 1_000_000_000)
        #expect(event.seconds?.timeIntervalSince1970 == 1_000_000_000)
        #expect(event.millis?.timeIntervalSince1970 == 1_000_000_000.5)
        #expect(event.day?.timeIntervalSince1970 == 999_993_600)
    }

    @Test func unreadableDatesNameTheStrategyAndTheText() throws {
        let json = #"{"created": 5, "seconds": "soon", "millis": 1e400, "day": "09/09/2001"}"#
        let result = APIDataDecoder().decode(string: json, to: DatedEvent.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(DatedEvent) > "created"(Date) : Unexpectedly found an integer"#,
            #"root(DatedEvent) > "seconds"(Date) : Unexpectedly found a string"#,
            #"root(DatedEvent) > "millis"(Date) : Value 1e400 does not fit in Date"#,
            #"root(DatedEvent) > "day"(Date) : Cannot read "09/09/2001" as Date: expected date in format "yyyy-MM-dd""#,
        ])
    }

    @Test func theOptionsStrategyAppliesToEveryPlainDate() throws {
        let decoder = APIDataDecoder(options: APIDecodeOptions(dateDecodingStrategy: .custom("a day number") { text in
            Int(text).map { Date(timeIntervalSince1970: Double($0) * 86_400) }
        }))
        let result = decoder.decode(string: #"["1", "2", "x"]"#, to: [Date].self)
        #expect(result.value?.map(\.timeIntervalSince1970) == [86_400, 172_800])
        #expect(result.errors.map(\.description) == [#"root(Array<Date>) > [2](Date) : Cannot read "x" as Date: expected a day number"#])
    }

    @Test func requiredDateWithStrategyFailsTheModelWhenMissing() {
        struct NeedsDate: APIDecodable {
            init?(from decoder: APIDecoder) {
                _ = decoder["when"].decodeRequired(Date.self, strategy: .secondsSince1970)
                guard decoder.succeeded else { return nil }
            }
        }
        let result = APIDataDecoder().decode(string: "{}", to: NeedsDate.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [#"root(NeedsDate) > "when"(Date) : No value is present"#])
    }

    @Test func urlUUIDAndBase64Data() throws {
        let json = #"["https://example.com/a?b=1", "", 7]"#
        let urls = APIDataDecoder().decode(string: json, to: [URL].self)
        let expectedURL = try #require(URL(string: "https://example.com/a?b=1"))
        #expect(urls.value == [expectedURL])
        #expect(urls.errors.map(\.description) == [
            #"root(Array<URL>) > [1](URL) : Cannot read "" as URL: expected a URL"#,
            #"root(Array<URL>) > [2](URL) : Unexpectedly found an integer"#,
        ])
        let uuids = APIDataDecoder().decode(string: #"["123E4567-E89B-12D3-A456-426614174000", "not-a-uuid"]"#, to: [UUID].self)
        let expectedUUID = try #require(UUID(uuidString: "123E4567-E89B-12D3-A456-426614174000"))
        #expect(uuids.value == [expectedUUID])
        #expect(uuids.errors.map(\.description) == [
            #"root(Array<UUID>) > [1](UUID) : Cannot read "not-a-uuid" as UUID: expected a UUID like 123E4567-E89B-12D3-A456-426614174000"#,
        ])
        let blobs = APIDataDecoder().decode(string: #"["aGVsbG8=", "%%%"]"#, to: [Data].self)
        #expect(blobs.value == [Data("hello".utf8)])
        #expect(blobs.errors.map(\.description) == [#"root(Array<Data>) > [1](Data) : Cannot read "%%%" as Data: expected base64"#])
    }

    @Test func formattedDatesAreSafeOnManyTasks() async {
        let results = await withTaskGroup(of: Double?.self) { group in
            for day in 1...28 {
                group.addTask {
                    let text = String(format: "[\"2024-02-%02d\"]", day)
                    let decoder = APIDataDecoder(options: APIDecodeOptions(dateDecodingStrategy: .formatted("yyyy-MM-dd")))
                    return decoder.decode(string: text, to: [Date].self).value?.first?.timeIntervalSince1970
                }
            }
            var collected: [Double?] = []
            for await value in group { collected.append(value) }
            return collected
        }
        let expected: Set<Double> = Set((1...28).map { (day: Int) -> Double in 1_706_745_600 + Double(day - 1) * 86_400 })
        let decoded: Set<Double> = Set(results.compactMap { $0 })
        #expect(decoded == expected)
    }
}
