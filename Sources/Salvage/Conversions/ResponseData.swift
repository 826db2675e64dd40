import Foundation

/// The raw bytes of the whole response, exactly as received.
///
/// Decoding `ResponseData` always succeeds, even when the input is not valid JSON, so you can log or
/// store the payload next to the errors:
///
/// ```swift
/// let raw = APIDataDecoder().decode(data: data, to: ResponseData.self).value?.data
/// ```
public struct ResponseData: APIDecodable, Sendable, Hashable {
    /// The response bytes; nil when the input was a Foundation object tree rather than bytes.
    public let data: Data?

    /// Takes the raw bytes of the response being decoded.
    public init?(from decoder: APIDecoder) {
        self.data = decoder.withContext { $0.rawData } ?? nil
    }

    /// True: the raw bytes exist even where there is no JSON value.
    public static var _salvageDecodesAbsence: Bool { true }
}
