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

/// A custom decoding of a new type at each level (`FLWrap<FLWrap<…>>`), `levels` deep, all at one value:
/// only the frame limit stops it.
private struct FLWrap<Inner>: Sendable {}

private func nestCustomDecodings<T>(_ decoder: APIDecoder, levels: Int, _: T.Type) -> Bool {
    guard levels > 0 else { return true }
    let decoding = CustomDecoding<FLWrap<T>>("a wrapper") { (inner: APIDecoder) -> FLWrap<T>? in
        nestCustomDecodings(inner, levels: levels - 1, FLWrap<T>.self) ? FLWrap<T>() : nil
    }
    return decoder.decodeOptional(using: decoding) != nil
}

private struct FLDeepModel: APIDecodable {
    let b: Int
    init?(from decoder: APIDecoder) {
        _ = nestCustomDecodings(decoder["a"], levels: 80, Int.self)
        let b = decoder["b"] --> Int.self
        guard decoder.succeeded else { return nil }
        self.b = b!
    }
}

struct FrameLimitTests {
    /// The issue's case: with `maximumDepth = 1` (a limit of 68 frames), 80 nested custom decodings used to
    /// pop the model's own frame, so a missing required field no longer failed it and `b!` crashed.
    @Test func nestedCustomDecodingsAtTheFrameLimitLeaveTheModelsFrameAlone() throws {
        let decoder = APIDataDecoder(options: APIDecodeOptions(maximumDepth: 1))
        let result = decoder.decode(string: #"{"a": 1}"#, to: FLDeepModel.self)
        #expect(result.value == nil)
        try #require(result.errors.count == 2)
        #expect(result.errors[0].description.hasSuffix("was not decoded: models are nested deeper than the document allows (was a decoder kept and used again inside its own decode?)"))
        #expect(result.errors[0].path.jsonPath == #"root["a"]"#)
        #expect(result.errors[1].description == #"root(FLDeepModel) > "b"(Int) : No value is present"#)
        #expect(result.errors.map(\.severity) == [.recovered, .failure])
        // With the field present the model succeeds, and the limit is still reported once.
        let present = decoder.decode(string: #"{"a": 1, "b": 2}"#, to: FLDeepModel.self)
        #expect(try #require(present.value).b == 2)
        #expect(present.errors.count == 1)
    }

    /// A custom decoding that decodes its own value again with itself is refused at the first re-entry.
    @Test func aCustomDecodingDecodingItsOwnValueAgainIsRefusedAtOnce() {
        let result = APIDataDecoder().decode(string: #"{"a": 1}"#, to: FLModel.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(FLModel) > "a"(FLLoop) : FLLoop was not decoded: the same value is already being decoded as FLLoop here (was a decoder kept and used again inside its own decode?)"#,
            #"root(FLModel) > "b"(Int) : No value is present"#,
        ])
        #expect(result.errors.map(\.severity) == [.recovered, .failure])
    }
}
