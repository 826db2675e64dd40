// The second half of Docs/GettingStarted.md's blocks (custom decoding, enums, conversions, dates, Codable
// values, options), run with assertions; see GettingStartedExamples.swift.
import Foundation
import Testing
import Salvage

/// The colour of the guide's `CustomDecoding` example.
struct Colour: Equatable, Sendable {
    let red: Int, green: Int, blue: Int

    init(red: Int, green: Int, blue: Int) {
        (self.red, self.green, self.blue) = (red, green, blue)
    }

    /// `#rrggbb`, or nil.
    init?(hex: String) {
        guard hex.count == 7, hex.first == "#", let value = Int(hex.dropFirst(), radix: 16) else { return nil }
        self.init(red: value >> 16, green: (value >> 8) & 0xFF, blue: value & 0xFF)
    }
}

extension CustomDecoding where Value == Colour {
    static let colour = CustomDecoding("a colour like \"#ff8800\"") { decoder in
        (decoder --> String.self).flatMap(Colour.init(hex:))
    }
}

extension GettingStartedExamples {
    @Test func customDecoding() throws {
        let result = decodeInModel(##"{"background": "#ff8800", "border": "orange"}"##) { (decoder: APIDecoder) -> (Colour, Colour?)? in
            let background = decoder["background"] --> .colour                 // required
            let border     = decoder["border"].decodeOptional(using: .colour)  // optional
            guard decoder.succeeded else { return nil }
            return (background!, border)
        }
        let value = try #require(result.value)
        #expect(value.0 == Colour(red: 255, green: 136, blue: 0))
        #expect(value.1 == nil)
        #expect(result.errors.map(\.description) == [##"root(DocModel) > "border"(Colour) : Cannot read "orange" as Colour: expected a colour like "#ff8800""##])
        let missing = decodeInModel(##"{"border": "#000000"}"##) { (decoder: APIDecoder) -> Colour? in decoder["background"] --> .colour }
        #expect(missing.value == nil)
        #expect(missing.errors.map(\.description) == [#"root(DocModel) > "background"(Colour) : No value is present"#])
    }

    // MARK: 6. Enums

    @Test func enums() throws {
        let result = decodeInModel(#"{"visibility": "secret"}"#) { (decoder: APIDecoder) -> [String?]? in
            enum Visibility: String, APIDecodable { case `public`, `private`, `internal` }

            let visibility = decoder["visibility"] --> Visibility?.self
            let fallback = decoder["visibility"].decode(Visibility.self, default: .private, when: .missingNullOrInvalid)
            return decoder.succeeded ? [visibility?.rawValue, fallback.rawValue] : nil
        }
        // An unknown raw value in an optional field: nil, an error, and the parent succeeds; the fallback
        // reads the value again, and reports it again.
        #expect(result.value == [nil, "private"])
        #expect(result.errors.map(\.description) == [
            #"root(DocModel) > "visibility"(Visibility) : Raw value of "secret" for type Visibility not defined"#,
            #"root(DocModel) > "visibility"(Visibility) : Raw value of "secret" for type Visibility not defined"#,
        ])
        #expect(result.errors.map(\.code) == ["unknown_raw_value", "unknown_raw_value"])
    }

    @Test func openEnums() throws {
        let plans: @Sendable (APIDecoder) -> String? = { decoder in
            enum Plan: String { case free, pro }
            let plan = decoder["plan"] --> OpenEnum<Plan>.self     // .known(.pro) or .unknown("enterprise")
            guard let plan else { return nil }
            if case .known(let known) = plan { return "known \(known.rawValue)" }
            return "unknown \(plan.rawValue)"
        }
        let known = decodeInModel(#"{"plan": "pro"}"#, plans)
        #expect(known.value == "known pro" && known.errors.isEmpty)
        let unknown = decodeInModel(#"{"plan": "enterprise"}"#, plans)
        #expect(unknown.value == "unknown enterprise")
        #expect(unknown.errors.map(\.description) == [#"root(DocModel) > "plan"(OpenEnum<Plan>) : Raw value of "enterprise" for type Plan not defined"#])
        #expect(unknown.errors.map(\.severity) == [.info])
    }

    // MARK: 7. Numbers and lenient conversions

    @Test func lenientConversions() throws {
        let result = decodeInModel(#"{"count": "42"}"#) { (decoder: APIDecoder) -> (Int, APIDecodeOptions)? in
            let count = decoder["count"].decodeRequired(Int.self, lenient: true)   // "42" → 42
            var options = APIDecodeOptions()
            options.lenientConversions = true                                     // every field
            return decoder.succeeded ? (count!, options) : nil
        }
        let (count, options) = try #require(result.value)
        #expect(count == 42)
        #expect(result.errors.map(\.description) == [#"root(DocModel) > "count"(Int) : Converted a string "42" to Int"#])
        #expect(result.errors.map(\.code) == ["coerced"] && result.errors.map(\.severity) == [.info])

        // Without leniency a string is never a number; with the options' leniency every field converts.
        let fields: @Sendable (APIDecoder) -> [String]? = { decoder in
            let n = decoder["n"] --> Int.self
            let yes = decoder["yes"] --> Bool.self
            let no = decoder["no"] --> Bool.self
            let text = decoder["text"] --> String.self
            guard decoder.succeeded else { return nil }
            return ["\(n!)", "\(yes!)", "\(no!)", text!]
        }
        let input = #"{"n": "7", "yes": "true", "no": 0, "text": 12.5}"#
        let strict = decodeInModel(input, fields)
        #expect(strict.value == nil && strict.errors.count == 4)
        let lenient = decodeInModel(input, using: APIDataDecoder(options: options), fields)
        #expect(lenient.value == ["7", "true", "false", "12.5"])
        #expect(lenient.errors.map(\.reason.description) == [
            #"Converted a string "7" to Int"#, #"Converted a string "true" to Bool"#,
            "Converted an integer \"0\" to Bool", #"Converted a decimal "12.5" to String"#,
        ])
    }

    @Test func numbers() throws {
        let result = decodeInModel(#"{"max": 9223372036854775807, "umax": 18446744073709551615, "three": 3.0, "e": 3e2, "half": 3.5, "big": 300, "huge": 1e400, "dec": 0.1}"#) { (decoder: APIDecoder) -> (Int64, UInt64, Int, Int, Int?, Int8?, Double?, Decimal)? in
            let max = decoder["max"] --> Int64.self
            let umax = decoder["umax"] --> UInt64.self
            let three = decoder["three"] --> Int.self
            let e = decoder["e"] --> Int.self
            let half = decoder["half"] --> Int?.self
            let big = decoder["big"] --> Int8?.self
            let huge = decoder["huge"] --> Double?.self
            let dec = decoder["dec"] --> Decimal.self
            guard decoder.succeeded else { return nil }
            return (max!, umax!, three!, e!, half, big, huge, dec!)
        }
        let value = try #require(result.value)
        #expect(value.0 == .max && value.1 == .max && value.2 == 3 && value.3 == 300)
        #expect(value.4 == nil && value.5 == nil && value.6 == nil)
        #expect(value.7 == Decimal(string: "0.1"))
        #expect(result.errors.map(\.code) == ["precision_loss", "numeric_overflow", "numeric_overflow"])
    }

    // MARK: 8. Dates, URLs, UUIDs and base64 data

    @Test func dates() throws {
        let decoder = APIDataDecoder(options: APIDecodeOptions(dateDecodingStrategy: .millisecondsSince1970))
        let dates: @Sendable (APIDecoder) -> [Date?]? = { decoder in
            let created = decoder["created_at"] --> Date.self                                   // the options' strategy
            let y2k     = decoder["y2k"].decodeRequired(Date.self, strategy: .secondsSince1970)
            let day     = decoder["day"].decodeOptional(Date.self, strategy: .formatted("yyyy-MM-dd"))
            let custom  = decoder["week"].decodeOptional(Date.self, strategy: .custom("an ISO week") { parseWeek($0) })
            guard decoder.succeeded else { return nil }
            return [created, y2k, day, custom]
        }
        let good = decodeInModel(#"{"created_at": 1709296200000, "y2k": 946684800, "day": "2001-09-09", "week": "2024-W10"}"#,
                                 using: decoder, dates)
        #expect(good.value == [Date(timeIntervalSince1970: 1_709_296_200), Date(timeIntervalSince1970: 946_684_800),
                               Date(timeIntervalSince1970: 999_993_600), Date(timeIntervalSince1970: 1_709_510_400)])
        #expect(good.errors.isEmpty)
        let bad = decodeInModel(#"{"created_at": 1709296200000, "y2k": 946684800, "day": "09/09/2001", "week": "week ten"}"#,
                                using: decoder, dates)
        #expect(bad.value == [Date(timeIntervalSince1970: 1_709_296_200), Date(timeIntervalSince1970: 946_684_800), nil, nil])
        #expect(bad.errors.map(\.description) == [
            #"root(DocModel) > "day"(Date) : Cannot read "09/09/2001" as Date: expected date in format "yyyy-MM-dd""#,
            #"root(DocModel) > "week"(Date) : Cannot read "week ten" as Date: expected an ISO week"#,
        ])
        // ISO 8601 is the default strategy.
        let iso = decodeInModel(#"{"at": "2024-03-01T12:30:00Z", "frac": "2024-03-01T13:30:00.25+01:00"}"#) { (decoder: APIDecoder) -> [Date?] in
            [decoder["at"] --> Date?.self, decoder["frac"] --> Date?.self]
        }
        #expect(iso.value == [Date(timeIntervalSince1970: 1_709_296_200), Date(timeIntervalSince1970: 1_709_296_200.25)])
    }

    @Test func urlsUUIDsAndData() throws {
        let result = decodeInModel(#"{"url": "", "uuid": "not-a-uuid", "data": "aGk="}"#) { (decoder: APIDecoder) -> (URL?, UUID?, Data?) in
            let url = decoder["url"] --> URL?.self
            let uuid = decoder["uuid"] --> UUID?.self
            let data = decoder["data"] --> Data?.self
            return (url, uuid, data)
        }
        let value = try #require(result.value)
        #expect(value.0 == nil && value.1 == nil && value.2 == Data("hi".utf8))
        #expect(result.errors.map(\.code) == ["invalid_format", "invalid_format"])
        #expect(result.errors[1].reason.description.hasPrefix(#"Cannot read "not-a-uuid" as UUID: expected a UUID like 123E4567-"#))
    }

    // MARK: 9. Anything else

    @Test func swiftDecodableValues() throws {
        let values: @Sendable (APIDecoder) -> (String, [String]?)? = { decoder in
            struct Address: Decodable { let city: String }
            struct Extras: Decodable { let tags: [String] }
            let address = decoder["address"].decodeRequired(swiftDecodable: Address.self)
            let extras  = decoder["extras"].decodeOptional(swiftDecodable: Extras.self)
            guard decoder.succeeded else { return nil }
            return (address!.city, extras?.tags)
        }
        let result = decodeInModel(#"{"address": {"city": "Paris"}, "extras": {"tags": "none"}}"#, values)
        #expect(result.value?.0 == "Paris" && result.value?.1 == nil)
        #expect(result.errors.map(\.path.jsonPath) == [#"root["extras"]["tags"]"#])
        #expect(result.errors.map(\.description) == [
            #"root(DocModel) > "extras"(Extras) > "tags"(Array<String>) : Unexpectedly found a string"#,
        ])
        #expect(result.errors.map(\.code) == ["type_mismatch"])
        // A required failure fails the model.
        let failed = decodeInModel(#"{"address": {"town": "Paris"}}"#, values)
        #expect(failed.value == nil)
        #expect(failed.errors.map(\.path.jsonPath) == [#"root["address"]["city"]"#])
        #expect(failed.errors.map(\.description) == [
            #"root(DocModel) > "address"(Address) > "city"(String) : No value is present"#,
        ])
    }

    @Test func wholeDecodableModels() throws {
        struct User: Decodable { let displayName: String; let createdAt: Date }
        let data = Data(#"{"display_name": "Ada", "created_at": "2024-03-01T12:30:00Z"}"#.utf8)
        var options = APIDecodeOptions()
        options.codable = CodableStrategies(keys: .convertFromSnakeCase, dates: .iso8601)
        let result = APIDataDecoder(options: options).decode(data: data, toDecodable: User.self)
        let user = try #require(result.value)
        #expect(user.displayName == "Ada" && user.createdAt == Date(timeIntervalSince1970: 1_709_296_200))
        #expect(result.errors.isEmpty)
    }

    @Test func askingAndRecording() throws {
        let result = decodeInModel(#"{"email": "nope", "tags": [1, 2], "none": null}"#) { (decoder: APIDecoder) -> (String, [Bool], Int?, [String], JSONElement)? in
            let email = decoder["email"] --> String.self
            decoder["email"].recordError(message: "Malformed e-mail address")
            let facts = [decoder["email"].isPresent, decoder["missing"].isPresent, decoder["none"].isJSONNull]
            guard decoder.succeeded else { return nil }
            return (email!, facts, decoder["tags"].count, decoder.keys, decoder["tags"].jsonElement)
        }
        let value = try #require(result.value)
        #expect(value.0 == "nope" && value.1 == [true, false, true] && value.2 == 2)
        #expect(value.3 == ["email", "tags", "none"] && value.4 == .array)
        #expect(result.errors.map(\.description) == [#"root(DocModel) > "email" : Malformed e-mail address"#])
        let fails = decodeInModel(#"{"email": "nope"}"#) { (decoder: APIDecoder) -> Int? in
            decoder["email"].recordError(message: "Malformed e-mail address", failsModel: true)
            return decoder.succeeded ? 1 : nil
        }
        #expect(fails.value == nil && fails.errors.count == 1)
    }

    // MARK: 10. Options

    @Test func options() throws {
        let decoder = APIDataDecoder(options: APIDecodeOptions(rootName: "response", maximumDepth: 64))
        func nested(_ depth: Int) -> String { String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }
        let shallow = decoder.decode(string: nested(64), to: JSONValue.self)
        #expect(shallow.value != nil && shallow.errors.isEmpty)
        let deep = decoder.decode(string: nested(65), to: JSONValue.self)
        #expect(deep.value == nil)
        #expect(deep.errors.map(\.code) == ["limit_exceeded"])
        #expect(deep.errors.map(\.path.jsonPath) == ["response"])
        let named = decoder.decode(string: #"{"id": "x"}"#, to: Repository.self)
        #expect(named.errors.map(\.path.jsonPath) == [#"response["id"]"#, #"response["name"]"#])
        #expect(APIDecodeOptions().rootName == "root" && APIDecodeOptions().maximumDepth == 512)
        #expect(APIDecodeOptions.maximumDepthCeiling == 1_000)
    }
}

/// The guide's custom date parser: an ISO week such as `2024-W10`, as the Monday it starts on (UTC).
func parseWeek(_ text: String) -> Date? {
    let parts = text.components(separatedBy: "-W")
    guard parts.count == 2, let year = Int(parts[0]), let week = Int(parts[1]), (1...53).contains(week) else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    // Week 1 is the week with January 4th in it; weeks start on Monday.
    guard let january4 = calendar.date(from: DateComponents(year: year, month: 1, day: 4)) else { return nil }
    let daysAfterMonday = (calendar.component(.weekday, from: january4) + 5) % 7
    let days = (week - 1) * 7 - daysAfterMonday
    return january4.addingTimeInterval(TimeInterval(days) * 86_400)
}
