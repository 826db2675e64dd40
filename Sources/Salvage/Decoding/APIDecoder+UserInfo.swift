/// Your own values, passed to every model of a decode through ``APIDecodeOptions/userInfo``.
extension APIDecoder {
    /// The ``APIDecodeOptions/userInfo`` of the decode running this decoder (empty for a decoder kept past
    /// its decode):
    ///
    /// ```swift
    /// init?(from decoder: APIDecoder) {
    ///     let version = decoder.userInfo[.apiVersion] as? Int ?? 1
    ///     let name = decoder[version >= 2 ? "display_name" : "name"] --> String.self
    ///     guard decoder.succeeded else { return nil }
    ///     self.init(name: name!)
    /// }
    /// ```
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        withContext { $0.options.userInfo } ?? [:]
    }
}
