import Foundation
import Salvage
import Testing

// Decoders are safe to use from many tasks at once; every decode is independent.
// The fixtures are private to this file; `BridgedUser` is in Support/BridgedUser.swift.

private struct Line: APIDecodable, Equatable, Sendable {
    static var idKey: String? { "line" }
    let line: Int
    let amount: Decimal
    let memo: String?

    init(line: Int, amount: Decimal, memo: String?) {
        self.line = line
        self.amount = amount
        self.memo = memo
    }

    init?(from decoder: APIDecoder) {
        let line = decoder["line"] --> Int.self
        let amount = decoder["amount"] --> Decimal.self
        let memo = decoder["memo"] --> String?.self
        guard decoder.succeeded, let line, let amount else { return nil }
        self.init(line: line, amount: amount, memo: memo)
    }
}

private struct Invoice: APIDecodable, Equatable, Sendable {
    static var idKey: String? { "invoice" }
    let invoice: Int
    let lines: [Line]
    let tags: Set<String>?

    init(invoice: Int, lines: [Line], tags: Set<String>?) {
        self.invoice = invoice
        self.lines = lines
        self.tags = tags
    }

    init?(from decoder: APIDecoder) {
        let invoice = decoder["invoice"] --> Int.self
        let lines = decoder["lines"] --> [Line].self
        let tags = decoder["tags"] --> Set<String>?.self
        guard decoder.succeeded, let invoice, let lines else { return nil }
        self.init(invoice: invoice, lines: lines, tags: tags)
    }
}

/// Payload number `i`, with its expected value and error descriptions computed independently of Salvage.
private struct Payload: Sendable {
    let index: Int
    let json: String
    let expected: Invoice
    let expectedErrors: [String]

    init(_ index: Int) {
        self.index = index
        var members: [String] = []
        var lines: [Line] = []
        var errors: [String] = []
        let prefix = #"root(Invoice invoice=\#(index)) > "lines"(Array<Line>)"#
        for line in 0 ..< (index % 7 + 1) {
            let bad = (index + line) % 3 == 0
            let amount = bad ? #""bad""# : "\(index).\(line)5"
            let memo = line == 1 ? ", \"memo\": 5" : ", \"memo\": \"m\(line)\""
            members.append(#"{"line": \#(line), "amount": \#(amount)\#(memo)}"#)
            if bad {
                errors.append(#"\#(prefix) > [\#(line)](Line line=\#(line)) > "amount"(Decimal) : Unexpectedly found a string"#)
            }
            if line == 1 {
                errors.append(#"\#(prefix) > [\#(line)](Line line=\#(line)) > "memo"(String) : Unexpectedly found an integer"#)
            }
            if !bad {
                lines.append(Line(line: line, amount: Decimal(string: "\(index).\(line)5") ?? .nan, memo: line == 1 ? nil : "m\(line)"))
            }
        }
        let tags = index % 2 == 0 ? #"["t\#(index)", "x", 7]"# : #"["t\#(index)"]"#
        if index % 2 == 0 {
            errors.append(#"root(Invoice invoice=\#(index)) > "tags"(Set<String>) > [2](String) : Unexpectedly found an integer"#)
        }
        json = #"{"invoice": \#(index), "lines": [\#(members.joined(separator: ",\n  "))], "tags": \#(tags)}"#
        expected = Invoice(invoice: index, lines: lines, tags: index % 2 == 0 ? ["t\(index)", "x"] : ["t\(index)"])
        expectedErrors = errors
    }
}

/// What one task saw.
private struct TaskOutcome: Sendable {
    let index: Int
    let value: Invoice?
    let errors: [APIDecodeError]
}

@Suite struct ConcurrencyTests {
    static let taskCount = 48

    @Test func samePayloadOnManyTasks() async throws {
        let decoder = APIDataDecoder()
        let payload = Payload(6)
        let baseline = decoder.decode(string: payload.json, to: Invoice.self)
        #expect(baseline.value == payload.expected)
        #expect(baseline.errors.map(\.description) == payload.expectedErrors)
        #expect(baseline.errors.count == 5)

        let outcomes = await withTaskGroup(of: TaskOutcome.self) { group in
            for index in 0 ..< Self.taskCount {
                group.addTask {
                    let result = decoder.decode(data: Data(payload.json.utf8), to: Invoice.self)
                    return TaskOutcome(index: index, value: result.value, errors: result.errors)
                }
            }
            var all: [TaskOutcome] = []
            for await outcome in group { all.append(outcome) }
            return all
        }
        #expect(outcomes.count == Self.taskCount)
        #expect(Set(outcomes.map(\.index)).count == Self.taskCount)
        for outcome in outcomes {
            #expect(outcome.value == payload.expected)
            #expect(outcome.errors.map(\.description) == payload.expectedErrors)
            #expect(outcome.errors == baseline.errors)
            #expect(outcome.errors.map(\.location) == baseline.errors.map(\.location))
        }
    }

    @Test func differentPayloadsOnManyTasks() async throws {
        let decoder = APIDataDecoder()
        let payloads = (0 ..< Self.taskCount).map(Payload.init)
        let baselines = payloads.map { decoder.decode(string: $0.json, to: Invoice.self).errors.map(\.location) }

        let outcomes = await withTaskGroup(of: TaskOutcome.self) { group in
            for payload in payloads {
                group.addTask {
                    let result = decoder.decode(bytes: Array(payload.json.utf8), to: Invoice.self)
                    return TaskOutcome(index: payload.index, value: result.value, errors: result.errors)
                }
            }
            var all: [Int: TaskOutcome] = [:]
            for await outcome in group { all[outcome.index] = outcome }
            return all
        }
        #expect(outcomes.count == Self.taskCount)
        for payload in payloads {
            let outcome = try #require(outcomes[payload.index])
            #expect(outcome.value == payload.expected)
            #expect(outcome.errors.map(\.description) == payload.expectedErrors)
            #expect(outcome.errors.map(\.location) == baselines[payload.index])
            #expect(outcome.errors.allSatisfy { $0.location != nil })
        }
    }

    /// Every kind of decode at once: bytes, object trees, invalid JSON, raw data, Codable, other root names.
    @Test func mixedDecodesOnManyTasks() async throws {
        let shared = APIDataDecoder(options: APIDecodeOptions(rootName: "response"))
        let outcomes = await withTaskGroup(of: (Int, [String]).self) { group in
            for index in 0 ..< 64 {
                group.addTask {
                    switch index % 6 {
                    case 0:
                        let result = shared.decode(string: #"{"invoice": \#(index), "lines": [{"line": 0, "amount": "x"}]}"#, to: Invoice.self)
                        return (index, ["\(result.value?.lines.count ?? -1)"] + result.errors.map(\.description))
                    case 1:
                        let tree: [String: Any] = ["invoice": index, "lines": [["line": 1, "amount": 2.5], ["line": 2]]]
                        let result = APIJSONObjectDecoder().decode(jsonObject: tree, to: Invoice.self)
                        return (index, ["\(result.value?.lines.count ?? -1)"] + result.errors.map { "\($0) @\($0.location.map { "\($0)" } ?? "nil")" })
                    case 2:
                        let result = shared.decode(string: "{\"invoice\": \(index),", to: Invoice.self)
                        return (index, ["\(result.value == nil)"] + result.errors.map(\.description))
                    case 3:
                        let text = "not json \(index)"
                        let result = APIDataDecoder().decode(string: text, to: ResponseData.self)
                        return (index, [result.value?.data == Data(text.utf8) ? "raw ok" : "raw wrong"] + result.errors.map(\.description))
                    case 4:
                        let result = APIDataDecoder(options: .strictCodable).decode(string: bridgedUserJSON().replacingOccurrences(of: "\"zip\": \"12345\"", with: "\"zip\": \(index)"), to: BridgedUser.self)
                        return (index, ["\(result.value == nil)"] + result.errors.map(\.description))
                    default:
                        let result = shared.decode(data: Data("[\(index), \"\(index)\", 300]".utf8), to: [Int8].self, options: [APIDecodeOptions.rootNodeNameKey: "r\(index)"])
                        return (index, [result.value.map { "\($0)" } ?? "nil"] + result.errors.map(\.description))
                    }
                }
            }
            var all: [Int: [String]] = [:]
            for await (index, lines) in group { all[index] = lines }
            return all
        }
        #expect(outcomes.count == 64)
        for index in 0 ..< 64 {
            let lines = try #require(outcomes[index])
            let expected: [String]
            switch index % 6 {
            case 0:
                expected = ["0", #"response(Invoice invoice=\#(index)) > "lines"(Array<Line>) > [0](Line line=0) > "amount"(Decimal) : Unexpectedly found a string"#]
            case 1:
                expected = ["1", #"root(Invoice invoice=\#(index)) > "lines"(Array<Line>) > [1](Line line=2) > "amount"(Decimal) : No value is present @nil"#]
            case 2:
                let length = "{\"invoice\": \(index),".utf8.count
                expected = ["true", "response(Invoice) : Invalid JSON at line 1, column \(length + 1) (byte \(length)): Unexpected end of input: expected a key"]
            case 3:
                expected = ["raw ok"]
            case 4:
                expected = ["true", #"root(BridgedUser user_id=1) > "profile"(BridgedProfile) > "address" > "zip" : Swift DecodingError: type mismatch for String: Expected to decode String but found an integer instead."#]
            default:
                let fits = index <= 127
                expected = [fits ? "[\(index)]" : "[]"]
                    + (fits ? [] : ["r\(index)(Array<Int8>) > [0](Int8) : Value \(index) does not fit in Int8"])
                    + ["r\(index)(Array<Int8>) > [1](Int8) : Unexpectedly found a string",
                       "r\(index)(Array<Int8>) > [2](Int8) : Value 300 does not fit in Int8"]
            }
            #expect(lines == expected, "task \(index)")
        }
    }
}
