import Salvage
import Testing

/// The paths of values below a position that has no value, for each kind of step that position was
/// reached by: a missing key, an index out of range, none of `firstOf:`'s alternatives, a member past the
/// end of `allValues`. The absent child keeps its parent's step keys (`APIDecoder.absentPosition`), so its
/// path names every step down from the last present value.
struct AbsentStepPathTests {
    private struct BelowAbsentModel: APIDecodable {
        init?(from decoder: APIDecoder) {
            _ = decoder["gone"]["x"] --> Int.self
            _ = decoder["list"][5]["x"] --> Int.self
            _ = decoder[firstOf: "full_name", "name"]["x"] --> String.self
            _ = decoder["none"].allValues[7]["x"] --> Int.self
            _ = decoder["none"].allValues[7]["x"][2] --> Bool.self
            return nil
        }
    }

    @Test func childrenOfAbsentPositionsNameTheStepsThatLedThere() {
        let json = #"{"list": [1], "none": null}"#
        let result = APIDataDecoder().decode(string: json, to: BelowAbsentModel.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(BelowAbsentModel) > "gone" > "x"(Int) : No value is present"#,
            #"root(BelowAbsentModel) > "list" > [5] > "x"(Int) : No value is present"#,
            #"root(BelowAbsentModel) > "full_name" > "x"(String) : No value is present"#,
            #"root(BelowAbsentModel) > "none" > [7] > "x"(Int) : No value is present"#,
            #"root(BelowAbsentModel) > "none" > [7] > "x" > [2](Bool) : No value is present"#,
        ])
        // Each is located at the last present value it was reached from.
        #expect(result.errors.map(\.location?.offset) == [0, 9, 0, 22, 22])
    }

    @Test func aChildOfAPositionPastTheLastMemberIsMissingThere() {
        struct PastTheEndModel: APIDecodable {
            init?(from decoder: APIDecoder) {
                _ = decoder["counts"].allValues[7]["x"] --> Int.self
                _ = decoder["counts"].allValues[7]["x"][2] --> Bool.self
                return nil
            }
        }
        let result = APIDataDecoder().decode(string: #"{"counts": {"a": 1}}"#, to: PastTheEndModel.self)
        // The index past the last member is not an index into `counts`: the object is not blamed as the wrong container.
        #expect(result.errors.map(\.description) == [
            #"root(PastTheEndModel) > "counts" > [7] > "x"(Int) : No value is present"#,
            #"root(PastTheEndModel) > "counts" > [7] > "x" > [2](Bool) : No value is present"#,
        ])
        #expect(result.errors.map(\.location?.offset) == [11, 11])
    }
}
