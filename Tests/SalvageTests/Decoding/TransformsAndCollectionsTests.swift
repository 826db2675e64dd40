import Salvage
import Testing

/// Transforms, loss budgets and arrays of optionals.
struct TransformsAndCollectionsTests {
    private struct IdentifiedList: APIDecodable {
        let id: Int
        let port: Int?
        init?(from decoder: APIDecoder) {
            let id = decoder["id"].decodeRequired(String.self) { Int($0) }
            port = decoder["port"].decodeOptional(String.self) { text -> Int? in
                guard let port = Int(text) else { throw PortError.notANumber }
                return port
            }
            guard decoder.succeeded, let id else { return nil }
            self.id = id
        }
    }

    private enum PortError: Error { case notANumber }

    @Test func transformsConvertAndReportWhatTheyReject() {
        let good = APIDataDecoder().decode(string: #"{"id": "100", "port": "8080"}"#, to: IdentifiedList.self)
        #expect(good.errors == [])
        #expect(good.value?.id == 100)
        #expect(good.value?.port == 8080)

        let bad = APIDataDecoder().decode(string: #"{"id": "1e2", "port": "http"}"#, to: IdentifiedList.self)
        #expect(bad.value == nil)
        #expect(bad.errors.map(\.description) == [
            #"root(IdentifiedList) > "id"(Int) : Cannot read "1e2" as Int: expected a value the transform accepts"#,
            #"root(IdentifiedList) > "port"(Int) : Cannot read "http" as Int: expected a value the transform accepts (it threw: notANumber)"#,
        ])
    }

    @Test func aTransformOfTheWrongJSONTypeReportsTheType() {
        let result = APIDataDecoder().decode(string: #"{"id": 100}"#, to: IdentifiedList.self)
        #expect(result.errors.map(\.description) == [#"root(IdentifiedList) > "id"(String) : Unexpectedly found an integer"#])
    }

    private struct BudgetedList: APIDecodable {
        let strict: [Int]?
        let relaxed: [Int]?
        init?(from decoder: APIDecoder) {
            strict = decoder["values"].decodeOptional([Int].self, maxDropped: 1)
            relaxed = decoder["values"].decodeOptional([Int].self, maxDroppedFraction: 0.5)
        }
    }

    @Test func lossBudgetsFailTheArrayWhenTooMuchWasDropped() {
        let result = APIDataDecoder().decode(string: #"{"values": [1, "x", 3, "y"]}"#, to: BudgetedList.self)
        #expect(result.value?.strict == nil)
        #expect(result.value?.relaxed == [1, 3])
        #expect(result.errors.map(\.description) == [
            #"root(BudgetedList) > "values"(Array<Int>) > [1](Int) : Unexpectedly found a string"#,
            #"root(BudgetedList) > "values"(Array<Int>) > [3](Int) : Unexpectedly found a string"#,
            #"root(BudgetedList) > "values"(Array<Int>) : Dropped 2 of 4 elements, more than the 1 allowed"#,
            #"root(BudgetedList) > "values"(Array<Int>) > [1](Int) : Unexpectedly found a string"#,
            #"root(BudgetedList) > "values"(Array<Int>) > [3](Int) : Unexpectedly found a string"#,
        ])
    }

    @Test func requiredArrayOverBudgetFailsTheModel() {
        struct StrictTransforms: APIDecodable {
            init?(from decoder: APIDecoder) {
                _ = decoder["values"].decodeRequired([Int].self, maxDroppedFraction: 0.1)
                guard decoder.succeeded else { return nil }
            }
        }
        let result = APIDataDecoder().decode(string: #"{"values": [1, 2, null]}"#, to: StrictTransforms.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.reason).last == .lossBudgetExceeded(dropped: 1, total: 3, allowed: "10%"))
    }

    @Test func arraysOfOptionalsKeepNullsAndDropWrongTypes() {
        struct ScoreList: APIDecodable {
            let scores: [Int?]
            let optionalField: Int?
            init?(from decoder: APIDecoder) {
                guard let scores = decoder["scores"] --> [Int?].self else { return nil }
                self.scores = scores
                optionalField = decoder["missing"] --> Int?.self
            }
        }
        let result = APIDataDecoder().decode(string: #"{"scores": [1, null, "x", 4]}"#, to: ScoreList.self)
        #expect(result.value?.scores == [1, nil, 4])
        #expect(result.value?.optionalField == nil)
        #expect(result.errors.map(\.description) == [#"root(ScoreList) > "scores"(Array<Optional<Int>>) > [2](Int) : Unexpectedly found a string"#])
    }
}

struct ReplacedElementTests {
    @Test func failedElementsAreReplacedAndStillReported() {
        struct LossyCells: APIDecodable {
            let cells: [Int]
            init?(from decoder: APIDecoder) {
                guard let cells = decoder["cells"].decodeRequired([Int].self, replacingFailuresWith: -1) else { return nil }
                self.cells = cells
            }
        }
        let result = APIDataDecoder().decode(string: #"{"cells": [1, "x", null, 4]}"#, to: LossyCells.self)
        #expect(result.value?.cells == [1, -1, -1, 4])
        #expect(result.errors.map { "\($0.severity) \($0)" } == [
            #"recovered root(LossyCells) > "cells"(Array<Int>) > [1](Int) : Unexpectedly found a string"#,
            #"recovered root(LossyCells) > "cells"(Array<Int>) > [2](Int) : Unexpectedly found null"#,
        ])
    }
}
