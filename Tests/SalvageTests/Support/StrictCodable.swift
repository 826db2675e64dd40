import Salvage

extension APIDecodeOptions {
    /// Options whose Codable bridge stops at the first error, like `JSONDecoder` (`CodableRecovery.strict`):
    /// for the suites that pin the strict bridge's behaviour, written before `.salvage` became the default.
    static var strictCodable: APIDecodeOptions {
        var options = APIDecodeOptions()
        options.codable.recovery = .strict
        return options
    }
}
