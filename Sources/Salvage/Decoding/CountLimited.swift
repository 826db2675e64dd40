/// Limits on the number of elements of a decoded collection, for use with `-->`.
///
/// Counts are checked after invalid elements were dropped. A violation is always recorded
/// (``APIDecodeErrorReason/countNotExact(expected:actual:)``, `countBelowMinimum`, `countAboveMaximum`);
/// it makes the value nil (and, for a required value, fails the model) only when `isMandatory` is true.
///
/// ```swift
/// let corners = decoder["corners"] --> CountLimited<[Point]>(exactly: 4)
/// let tags    = decoder["tags"] --> CountLimited<[String]?>(max: 10, isMandatory: true)
/// ```
public struct CountLimited<Value>: Sendable {
    /// The smallest count allowed, if any.
    public let min: Int?
    /// The largest count allowed, if any.
    public let max: Int?
    /// Whether a count outside the limits makes the value nil.
    public let isMandatory: Bool

    /// Between `min` and `max` elements, inclusive.
    public init(min: Int, max: Int, isMandatory: Bool = false) {
        self.min = min
        self.max = max
        self.isMandatory = isMandatory
    }

    /// At least `min` elements.
    public init(min: Int, isMandatory: Bool = false) {
        self.min = min
        self.max = nil
        self.isMandatory = isMandatory
    }

    /// At most `max` elements.
    public init(max: Int, isMandatory: Bool = false) {
        self.min = nil
        self.max = max
        self.isMandatory = isMandatory
    }

    /// Exactly `count` elements.
    public init(exactly count: Int, isMandatory: Bool = false) {
        self.min = count
        self.max = count
        self.isMandatory = isMandatory
    }
}
