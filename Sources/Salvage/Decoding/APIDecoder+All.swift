// `decoder.all(…)`: bind every field of a model without `!`, after every field has been decoded.
//
// A `guard let a = d["a"] --> Int.self, let b = d["b"] --> Int.self` chain stops at the first nil, so `b`
// is never decoded and its error never recorded. Arguments are evaluated before a call, so every `-->`
// passed to `all` runs (and records its error) before `all` looks at any of them.

extension APIDecoder {
    /// The values decoded for a model's fields, as a tuple, when none of them is nil; nil otherwise.
    ///
    /// Every argument is decoded before `all` runs, so every failed field records its error — unlike a
    /// `guard let a = …, let b = …` chain, which stops at the first nil:
    ///
    /// ```swift
    /// guard let (id, name, score) = decoder.all(
    ///     decoder["id"] --> Int.self,
    ///     decoder["name"] --> String.self,
    ///     decoder["score"] --> Double.self
    /// ) else { return nil }
    /// ```
    ///
    /// An optional field is absent or null as a value (nil), not as a failure: wrap it in `.some(…)`, and it
    /// binds as an optional (`String?` below), nil when absent.
    ///
    /// ```swift
    /// guard let (id, nickname) = decoder.all(decoder["id"] --> Int.self, .some(decoder["nickname"] --> String?.self))
    /// else { return nil }
    /// ```
    ///
    /// With one argument the result is the value itself rather than a tuple.
    @inlinable
    public func all<each Value>(_ values: repeat (each Value)?) -> (repeat each Value)? {
        do {
            return (repeat try Self.unwrapField(each values))
        } catch {
            return nil
        }
    }

    /// `value`, or a thrown ``MissingField`` when it is nil (how `all` leaves the tuple early).
    @inlinable
    static func unwrapField<Value>(_ value: Value?) throws(MissingField) -> Value {
        guard let value else { throw MissingField() }
        return value
    }

    /// Thrown by `unwrapField` for a nil field; never escapes `all`.
    @usableFromInline
    struct MissingField: Error {
        @inlinable init() {}
    }
}
