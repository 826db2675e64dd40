import Foundation
import Salvage
import Testing

/// The parser skips runs of spaces a word at a time; every run length, next to every other whitespace
/// byte and at the very end of the input, must land on the right byte.
@Suite struct WhitespaceRunTests {
    @Test(arguments: 0 ... 40)
    func runsOfSpacesAroundValues(_ length: Int) {
        let spaces = String(repeating: " ", count: length)
        let json = "{" + spaces + "\"a\"" + spaces + ":" + spaces + "[" + spaces + "1" + spaces + ",\n" + spaces + "2]" + spaces + "}" + spaces
        let result = APIDataDecoder().decode(string: json, to: [String: [Int]].self)
        #expect(result.value == ["a": [1, 2]])
        #expect(result.errors.isEmpty)
    }

    @Test(arguments: 0 ... 40)
    func theByteAfterARunIsReportedWhereItIs(_ length: Int) {
        let json = "[1," + String(repeating: " ", count: length) + "x]"
        let result = APIDataDecoder().decode(string: json, to: JSONValue.self)
        #expect(result.errors.map(\.location) == [SourceLocation(offset: 3 + length, line: 1, column: 4 + length)])
    }

    @Test(arguments: [" \t", "\t ", " \r\n ", "\n        \t  ", "  \r  \n  "])
    func mixedWhitespace(_ separator: String) {
        let json = "[1" + separator + "," + separator + "2" + separator + "]" + separator
        #expect(APIDataDecoder().decode(string: json, to: [Int].self).value == [1, 2])
    }
}
