import Salvage
import Testing

/// The parser crosses whitespace runs sixteen bytes at a time and the rest of a run byte by byte
/// (Parsing/WhitespaceSkipping.swift): every run length, of every whitespace byte mixed, between every kind
/// of token and at both ends of the input, must land on the right byte; any other byte below a space stops
/// the run where it is and is reported there.
@Suite struct MixedWhitespaceRunTests {
    /// Line feeds, tabs, carriage returns and spaces, cycled so every byte of the 16-byte step sees each.
    static func run(_ length: Int) -> String {
        let bytes: [Character] = [" ", "\n", "\t", "\r", " ", " ", "\n"]
        return String((0 ..< length).map { bytes[$0 % bytes.count] })
    }

    @Test(arguments: 0 ... 40)
    func runsOfEveryWhitespaceByteBetweenTokens(_ length: Int) {
        let w = Self.run(length)
        let json = w + "{" + w + "\"a\"" + w + ":" + w + "[" + w + "1" + w + "," + w + "true" + w + "]" + w
            + "," + w + "\"b\"" + w + ":" + w + "{" + w + "}" + w + "}" + w
        let result = APIDataDecoder().decode(string: json, to: JSONValue.self)
        #expect(result.value == ["a": [1, true], "b": [:]] as JSONValue)
        #expect(result.errors.isEmpty)
    }

    /// A form feed (not JSON whitespace) at each position of a 34-byte run of spaces and tabs: the run stops
    /// there, and the error points at it.
    @Test(arguments: 0 ... 33)
    func aFormFeedInsideARunIsReportedWhereItIs(_ position: Int) {
        let run = Array(String(repeating: " \t", count: 17))
        let before = String(run[..<position])
        let after = String(run[position...])
        let json = "[1," + before + "\u{0C}" + after + "2]"
        let result = APIDataDecoder().decode(string: json, to: JSONValue.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.reason) == [.invalidJSON(JSONSyntaxError(
            message: "Unexpected byte 0x0C: expected a value",
            location: SourceLocation(offset: 3 + position, line: 1, column: 4 + position)))])
    }

    /// A document that is only whitespace, of every length: no value, one error at its end.
    @Test(arguments: 1 ... 40)
    func onlyWhitespace(_ length: Int) throws {
        let result = APIDataDecoder().decode(string: Self.run(length), to: JSONValue.self)
        guard let error = onlySyntaxError(of: result) else { return }
        #expect(error.message == "The input contains no JSON value")
        #expect(error.location.offset == length)
    }
}
