// The options as the parser sees them (Options cannot see the parser: it sits below it).
extension APIDecodeOptions {
    /// The limits the parser enforces, from ``maximumDepth``, ``maximumStringLength`` and ``maximumInputSize``.
    var parseLimits: ParseLimits {
        ParseLimits(maximumDepth: effectiveMaximumDepth, maximumStringLength: maximumStringLength ?? .max,
                    maximumInputSize: maximumInputSize ?? .max)
    }
}
