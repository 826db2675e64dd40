import Foundation
import Salvage

// Helpers shared by the decoder behaviour suites (BreadcrumbTests, NestedModelTests, …), CodableBridgeTests
// and CollectionTests.

/// Decodes a JSON string with a default decoder.
func decodeJSON<T: APIDecodable>(_ json: String, as type: T.Type) -> APIDecodeResult<T> {
    APIDataDecoder().decode(string: json, to: T.self)
}

/// The input text starting at a location's byte offset (the first `length` bytes), to check locations exactly.
func sourceText(_ json: String, at location: Salvage.SourceLocation?, length: Int) -> String? {
    guard let location else { return nil }
    let bytes = Array(json.utf8)
    guard location.offset >= 0, location.offset + length <= bytes.count else { return nil }
    return String(decoding: bytes[location.offset ..< location.offset + length], as: UTF8.self)
}
