import Foundation
import Salvage
import Testing

// Regression found by the hostile review of error reporting (session 27, review A): `APIDecodeFailure` was
// not a `LocalizedError`, so the usual `catch { show(error.localizedDescription) }` printed Foundation's
// "The operation could not be completed. (Salvage.APIDecodeFailure error 1.)" instead of the problems;
// `APIDecodeError` itself already reported its description there.

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
        struct Optional: APIDecodable {
            let value: Int?
            init?(from decoder: APIDecoder) { value = decoder["value"] --> Int?.self }
        }
        let result = APIDataDecoder().decode(string: #"{"value": 1.5}"#, to: Optional.self)
        do {
            _ = try result.strictValue()
            Issue.record("strictValue() returned a value")
        } catch {
            #expect((error as any Error).localizedDescription == """
                Decoding failed with 1 problem:
                  root(Optional) > "value"(Int) : Type Int does not have precision to represent 1.5
                """)
        }
    }
}
