/// A parse failure before its location has been resolved to a line and column.
struct ParseFailure: Error {
    let message: String
    let offset: Int
    /// The limit exceeded (see `JSONSyntaxError.limit`), nil for a syntax error.
    var limit: String? = nil
}
