import Salvage
import Testing

// Frames are entered only through one scoped helper. At the frame limit the value is not decoded and one
// error says so; the enclosing model's own frame is never popped by someone else.

/// A custom decoding that decodes the same value again with itself, forever: only the frame limit stops it.
private struct FLLoop: Sendable {}

extension CustomDecoding where Value == FLLoop {
    fileprivate static let loop: CustomDecoding<FLLoop> = CustomDecoding("a loop") { (decoder: APIDecoder) -> FLLoop? in
        decoder.decodeOptional(using: .loop) ?? FLLoop()
    }
}

private struct FLModel: APIDecodable {
    let b: Int
    init?(from decoder: APIDecoder) {
        _ = decoder["a"].decodeOptional(using: .loop)
        let b = decoder["b"] --> Int.self
        guard decoder.succeeded else { return nil }
        self.b = b!
    }
}

struct FrameLimitTests {
    @Test func nestedCustomDecodingsAtTheFrameLimitLeaveTheModelsFrameAlone() {
        let decoder = APIDataDecoder(options: APIDecodeOptions(maximumDepth: 1))
        let result = decoder.decode(string: #"{"a": 1}"#, to: FLModel.self)
        // `b` is missing: the model must fail (and never reach `b!`).
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(FLModel) > "a"(FLLoop) : FLLoop was not decoded: models are nested deeper than the document allows (was a decoder kept and used again inside its own decode?)"#,
            #"root(FLModel) > "b"(Int) : No value is present"#,
        ])
        #expect(result.errors.map(\.severity) == [.recovered, .failure])
    }

    @Test func theSameModelWithItsFieldPresentSucceeds() throws {
        let decoder = APIDataDecoder(options: APIDecodeOptions(maximumDepth: 1))
        let result = decoder.decode(string: #"{"a": 1, "b": 2}"#, to: FLModel.self)
        #expect(try #require(result.value).b == 2)
        #expect(result.errors.count == 1)
    }
}
