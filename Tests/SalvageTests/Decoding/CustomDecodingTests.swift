import Salvage
import Testing

/// A type the model cannot (or does not want to) conform to APIDecodable.
private struct Colour: Equatable {
    let red: Int, green: Int, blue: Int

    init(red: Int, green: Int, blue: Int) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    init?(hex: String) {
        guard hex.count == 7, hex.first == "#", let value = Int(hex.dropFirst(), radix: 16) else { return nil }
        self.init(red: value >> 16, green: (value >> 8) & 0xFF, blue: value & 0xFF)
    }
}

extension CustomDecoding where Value == Colour {
    static let colour = CustomDecoding("a colour like \"#ff8800\" or {\"red\": 255, \"green\": 136, \"blue\": 0}") { decoder in
        if decoder.jsonElement == .string {
            return (decoder --> String.self).flatMap(Colour.init(hex:))
        }
        guard let red = decoder["red"] --> Int.self, let green = decoder["green"] --> Int.self,
              let blue = decoder["blue"] --> Int.self else { return nil }
        return Colour(red: red, green: green, blue: blue)
    }
}

private struct Theme: APIDecodable {
    let background: Colour
    let border: Colour?
    init?(from decoder: APIDecoder) {
        let background = decoder["background"] --> .colour
        border = decoder["border"].decodeOptional(using: .colour)
        guard decoder.succeeded, let background else { return nil }
        self.background = background
    }
}

struct CustomDecodingTests {
    @Test func aCustomDecodingReadsEveryForm() {
        let result = APIDataDecoder().decode(string: ##"{"background": "#ff8800", "border": {"red": 1, "green": 2, "blue": 3}}"##, to: Theme.self)
        #expect(result.errors == [])
        #expect(result.value?.background == Colour(red: 255, green: 136, blue: 0))
        #expect(result.value?.border == Colour(red: 1, green: 2, blue: 3))
    }

    @Test func rejectedValuesNameTheExpectationAndInnerErrorsAreTagged() {
        let result = APIDataDecoder().decode(string: #"{"background": "orange", "border": {"red": 1}}"#, to: Theme.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [
            ##"root(Theme) > "background"(Colour) : Cannot read "orange" as Colour: expected a colour like "#ff8800" or {"red": 255, "green": 136, "blue": 0}"##,
            // The closure's `guard` stops at the first missing component.
            #"root(Theme) > "border"(Colour) > "green"(Int) : No value is present"#,
        ])
    }
}
