import Foundation
import Salvage
import Testing

// Regression found by the hostile review of error reporting (session 27, review A): `APIDecodeFailure` was
// not a `LocalizedError`, so the usual `catch { show(error.localizedDescription) }` printed Foundation's
// "The operation could not be completed. (Salvage.APIDecodeFailure error 1.)" instead of the problems;
// `APIDecodeError` itself already reported its description there. And with `maximumRecordedErrors`, the
// failure said "Decoding failed with 0 problems:" when every problem was past the cap.

@Suite struct ReviewAFailureDescriptionTests {
    struct Reading: APIDecodable {
        let value: Int
        init?(from decoder: APIDecoder) {
            guard let value = decoder["value"] --> Int.self else { return nil }
            self.value = value
        }
    }

    @Test func theFailureOfGetDescribesItsProblemsThroughAnyError() {
        let result = APIDataDecoder().decode(string: #"{"value": "high"}"#, to: Reading.self)
        do {
            _ = try result.get()
            Issue.record("get() returned a value")
        } catch {
            let thrown: any Error = error
            #expect(thrown.localizedDescription == """
                Decoding failed with 1 problem:
                  root(Reading) > "value"(Int) : Unexpectedly found a string
                """)
            #expect(thrown.localizedDescription == error.description)
        }
    }

    @Test func theFailureOfStrictValueDescribesItsProblemsThroughAnyError() {
        struct Sensor: APIDecodable {
            let value: Int?
            init?(from decoder: APIDecoder) { value = decoder["value"] --> Int?.self }
        }
        let result = APIDataDecoder().decode(string: #"{"value": 1.5}"#, to: Sensor.self)
        do {
            _ = try result.strictValue()
            Issue.record("strictValue() returned a value")
        } catch {
            #expect((error as any Error).localizedDescription == """
                Decoding failed with 1 problem:
                  root(Sensor) > "value"(Int) : Type Int does not have precision to represent 1.5
                """)
        }
    }

    struct Pair: APIDecodable {
        init?(from decoder: APIDecoder) {
            guard decoder.all(decoder["a"] --> Int.self, decoder["b"] --> Int.self) != nil else { return nil }
        }
    }

    @Test(arguments: [
        (0, "Decoding failed with 0 problems (2 more not recorded):"),
        (1, "Decoding failed with 1 problem (1 more not recorded):\n  root(Pair) > \"a\"(Int) : Unexpectedly found a string"),
        (2, "Decoding failed with 2 problems:\n  root(Pair) > \"a\"(Int) : Unexpectedly found a string\n  root(Pair) > \"b\"(Int) : Unexpectedly found a string"),
    ])
    func theFailureCountsTheProblemsPastTheCap(cap: Int, description: String) {
        var options = APIDecodeOptions()
        options.maximumRecordedErrors = cap
        let result = APIDataDecoder(options: options).decode(string: #"{"a": "x", "b": "y"}"#, to: Pair.self)
        #expect(result.unrecordedErrorCount == 2 - cap)
        do {
            _ = try result.get()
            Issue.record("get() returned a value")
        } catch {
            #expect(error.description == description)
            #expect(error.errors == result.errors)
        }
    }
}
