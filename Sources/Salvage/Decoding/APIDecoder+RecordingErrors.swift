/// Recording your own problems, e.g. a value that has the right type but makes no sense.
extension APIDecoder {
    /// Records a problem with the value at this position.
    ///
    /// By default it is a warning: the error is reported and the model is kept. Pass `failsModel: true` to
    /// also fail the model being decoded (``succeeded`` becomes false).
    ///
    /// ```swift
    /// let email = decoder["email"] --> String.self
    /// if let email, !email.contains("@") {
    ///     decoder["email"].recordError(.other(message: "Malformed e-mail address"))
    /// }
    /// ```
    public func recordError(_ reason: APIDecodeErrorReason, failsModel: Bool = false) {
        withContext { context in
            context.record(reason, at: self, decoding: nil, severity: failsModel ? .failure : .recovered)
            if failsModel {
                context.fail(frame: frame)
            }
        }
    }

    /// Records a problem in your own words; see ``recordError(_:failsModel:)``.
    public func recordError(message: String, failsModel: Bool = false) {
        recordError(.other(message: message), failsModel: failsModel)
    }

    /// Records an error exactly as given (LastMile style: build the path yourself, e.g. from ``path``).
    /// It does not fail the model; set ``succeeded`` to false for that.
    public func recordError(_ error: APIDecodeError) {
        withContext { $0.record(error) }
    }
}
