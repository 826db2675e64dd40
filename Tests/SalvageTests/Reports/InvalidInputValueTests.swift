import Foundation
import Salvage
import Testing

/// Input that is not JSON keeps its first bytes in the error's `value` (cut to `maximumValueLength`,
/// redacted like any value), so an HTML error page is recognisable in the logs.
struct InvalidInputValueTests {
    private static let gatewayPage = """
    <html>\r
    <head><title>502 Bad Gateway</title></head>\r
    <body>\r
    <center><h1>502 Bad Gateway</h1></center>\r
    <hr><center>nginx</center>\r
    </body>\r
    </html>\r

    """

    @Test func anHTMLPageIsRecognisable() throws {
        let result = APIDataDecoder().decode(data: Data(Self.gatewayPage.utf8), to: JSONValue.self)
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.code == "invalid_json")
        #expect(error.value == "<html>  <head><title>502 Bad Gateway</title></head>  <body>  <center><h1>502 Bad Gateway</h1></cente…")
        #expect(error.jsonLine.contains(#""value":"<html>  <head><title>502 Bad Gateway</title></head>"#))
        let codable = APIDataDecoder().decode(data: Data(Self.gatewayPage.utf8), toDecodable: [Int].self)
        #expect(codable.errors.map(\.value) == [error.value])
    }

    @Test func aShortPageIsKeptWhole() {
        let result = APIDataDecoder().decode(string: "Service Unavailable", to: JSONValue.self)
        #expect(result.errors.map(\.value) == ["Service Unavailable"])
    }

    @Test func emptyInputHasNoValue() {
        let result = APIDataDecoder().decode(data: Data(), to: JSONValue.self)
        #expect(result.errors.map(\.description) == ["root(JSONValue) : Invalid JSON at line 1, column 1 (byte 0): The input is empty"])
        #expect(result.errors.map(\.value) == [nil])
        #expect(APIDataDecoder().decode(data: nil, to: JSONValue.self).errors.map(\.value) == [nil])
    }

    @Test func binaryBytesAreRenderedSafely() throws {
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x0A, 0xC3]
        let error = try #require(APIDataDecoder().decode(bytes: bytes, to: JSONValue.self).errors.first)
        #expect(error.value == "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}JFIF \u{FFFD}")
        #expect(error.jsonLine.contains(#""value":"\#u{FFFD}\#u{FFFD}"#))
    }

    @Test func aLongPageIsCutToTheMaximumValueLength() throws {
        var options = APIDecodeOptions()
        options.maximumValueLength = 15
        let page = "<!DOCTYPE html>" + String(repeating: "<p>filler</p>", count: 100_000)
        let error = try #require(APIDataDecoder(options: options).decode(string: page, to: JSONValue.self).errors.first)
        #expect(error.value == "<!DOCTYPE html>…")
        options.maximumValueLength = 5
        #expect(APIDataDecoder(options: options).decode(string: "héllo wörld", to: JSONValue.self).errors.map(\.value) == ["héllo…"])
    }

    @Test func theValueIsRedactedLikeAnyOther() {
        var options = APIDecodeOptions()
        options.redactedKeys = ["email"]
        #expect(APIDataDecoder(options: options).decode(string: "<html>a@b.c</html>", to: JSONValue.self).errors.map(\.value) == ["<redacted>"])
        var paths = APIDecodeOptions()
        paths.redactedPaths = ["user.email"]
        #expect(APIDataDecoder(options: paths).decode(string: "<html>a@b.c</html>", to: JSONValue.self).errors.map(\.value) == ["<redacted>"])
        var none = APIDecodeOptions()
        none.keepsValues = false
        #expect(APIDataDecoder(options: none).decode(string: "<html>a@b.c</html>", to: JSONValue.self).errors.map(\.value) == [nil])
    }

    @Test func aBrokenRecordKeepsItsFirstBytes() {
        let stream = "{\"n\": 1}\n<html>oops</html>\n{\"n\": 2}\n"
        let records = APIDataDecoder().decodeRecords(string: stream, to: JSONValue.self)
        #expect(records.map { $0.result.errors.map(\.value) } == [[], ["<html>oops</html>"], []])
    }
}
