import Salvage
import Testing

// Frames are entered only through one scoped helper. At the frame limit the value is not decoded and one
// error says so; the enclosing model's own frame is never popped by someone else.

/// A custom decoding that decodes the same value again with itself, forever: only the frame limit stops it.
private struct Loop: Sendable {}

extension CustomDecoding where Value == Loop {
    fileprivate static let loop: CustomDecoding<Loop> = CustomDecoding("a loop") { (decoder: APIDecoder) -> Loop? in
        decoder.decodeOptional(using: .loop) ?? Loop()
    }
}

private struct LoopingModel: APIDecodable {
    let b: Int
    init?(from decoder: APIDecoder) {
        _ = decoder["a"].decodeOptional(using: .loop)
        let b = decoder["b"] --> Int.self
        guard decoder.succeeded else { return nil }
        self.b = b!
    }
}

/// A custom decoding of a new type at each level (`Wrap<Wrap<…>>`), `levels` deep, all at one value:
/// only the frame limit stops it.
private struct Wrap<Inner>: Sendable {}

private func nestCustomDecodings<T>(_ decoder: APIDecoder, levels: Int, _: T.Type) -> Bool {
    guard levels > 0 else { return true }
    let decoding = CustomDecoding<Wrap<T>>("a wrapper") { (inner: APIDecoder) -> Wrap<T>? in
        nestCustomDecodings(inner, levels: levels - 1, Wrap<T>.self) ? Wrap<T>() : nil
    }
    return decoder.decodeOptional(using: decoding) != nil
}

private struct DeepModel: APIDecodable {
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
        let result = decoder.decode(string: #"{"a": 1}"#, to: DeepModel.self)
        #expect(result.value == nil)
        try #require(result.errors.count == 2)
        #expect(result.errors[0].description.hasSuffix("was not decoded: models are nested deeper than the document allows (was a decoder kept and used again inside its own decode?)"))
        #expect(result.errors[0].path.jsonPath == #"root["a"]"#)
        #expect(result.errors[1].description == #"root(DeepModel) > "b"(Int) : No value is present"#)
        #expect(result.errors.map(\.severity) == [.recovered, .failure])
        // With the field present the model succeeds, and the limit is still reported once.
        let present = decoder.decode(string: #"{"a": 1, "b": 2}"#, to: DeepModel.self)
        #expect(try #require(present.value).b == 2)
        #expect(present.errors.count == 1)
    }

    /// A custom decoding that decodes its own value again with itself is refused at the first re-entry.
    @Test func aCustomDecodingDecodingItsOwnValueAgainIsRefusedAtOnce() {
        let result = APIDataDecoder().decode(string: #"{"a": 1}"#, to: LoopingModel.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            #"root(LoopingModel) > "a"(Loop) : Loop was not decoded: the same value is already being decoded as Loop here (was a decoder kept and used again inside its own decode?)"#,
            #"root(LoopingModel) > "b"(Int) : No value is present"#,
        ])
        #expect(result.errors.map(\.severity) == [.recovered, .failure])
    }
}
