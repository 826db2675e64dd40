/// The limits the parser enforces while it reads a document (from ``APIDecodeOptions``).
///
/// Each violation ends the parse with a syntax error whose message names the option and whose location is
/// the offending byte, so hostile input is rejected after a bounded amount of work.
struct ParseLimits {
    /// The deepest nesting of arrays and objects accepted.
    var maximumDepth: Int
    /// The most bytes a string (key or value) may have between its quotes, as written (escapes count as written).
    var maximumStringLength: Int
    /// The most bytes the whole input may have.
    var maximumInputSize: Int

    /// The tape stores offsets and lengths in 32 bits, so no input may reach 4 GiB.
    static let largestReadableInput = Int(UInt32.max) - 1

    /// No limits but the ones the tape format imposes, and the given depth.
    init(maximumDepth: Int = 512, maximumStringLength: Int = .max, maximumInputSize: Int = ParseLimits.largestReadableInput) {
        self.maximumDepth = max(0, maximumDepth)
        self.maximumStringLength = max(0, maximumStringLength)
        self.maximumInputSize = min(max(0, maximumInputSize), ParseLimits.largestReadableInput)
    }

    /// What a value nested deeper than `maximumDepth` is told.
    var depthMessage: String { "Nesting is deeper than maximumDepth (\(maximumDepth) level\(maximumDepth == 1 ? "" : "s"))" }

    /// The failure for an input of `size` bytes, or nil when it is within the limit.
    func inputSizeFailure(_ size: Int) -> ParseFailure? {
        guard size > maximumInputSize else { return nil }
        if maximumInputSize == ParseLimits.largestReadableInput {
            return ParseFailure(message: "The input is larger than 4 GiB, the most Salvage can read", offset: 0, limit: "maximumInputSize")
        }
        return ParseFailure(message: "The input is \(size) bytes, more than maximumInputSize (\(maximumInputSize) bytes)", offset: 0, limit: "maximumInputSize")
    }
}
