import Salvage
import Testing

/// A model that (wrongly) keeps its decoder after decoding.
final class EDKeeper: APIDecodable {
    let name: String
    let kept: APIDecoder
    let keptMember: APIDecoder
    let keptMissing: APIDecoder
    init?(from decoder: APIDecoder) {
        guard let name = decoder["name"] --> String.self else { return nil }
        self.name = name
        kept = decoder
        keptMember = decoder["name"]
        keptMissing = decoder["missing"]["deeper"]
    }
}

/// Decoders are only valid during the decode; one kept afterwards sees no value, decodes nothing and
/// records nothing — it never reads the (no longer borrowed) input.
@Test func aDecoderKeptAfterTheDecodeIsInert() throws {
    let result = APIDataDecoder().decode(string: #"{"name": "Ada", "list": [1, 2], "n": 7}"#, to: EDKeeper.self)
    let keeper = try #require(result.value)
    #expect(keeper.name == "Ada")
    let kept = keeper.kept
    #expect(kept.isPresent == false)
    #expect(kept["name"].isPresent == false)
    #expect(kept["list"][0].jsonElement == .absent)
    #expect((kept["name"] --> String?.self) == nil)
    #expect((kept["n"] --> Int.self) == nil)
    #expect((kept["list"] --> [Int]?.self) == nil)
    #expect((kept --> JSONValue?.self) == nil)
    #expect(kept.decodeOptional(swiftDecodable: [Int].self) == nil)
    #expect(kept.path == [])
    #expect(kept.count == nil)
    #expect(kept.keys == [])
    kept["name"].recordError(message: "too late")
    // Decoders reached by a key, present or not, must not read the released input either.
    #expect(keeper.keptMember["x"].isPresent == false)
    #expect(keeper.keptMember[0].path == [])
    #expect(keeper.keptMissing["more"].path == [])
    #expect((keeper.keptMember --> String?.self) == nil)
    #expect(result.errors == [])
}
