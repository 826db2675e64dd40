// Returning a value of a concrete type as a generic `T` that was just checked to be that very type.
//
// Why: in generic code that runs unspecialized (the Codable containers are called through the standard
// library's generic code, with `T` known only at run time), `value as? T` produces an `Optional<T>`, and
// the runtime looks up `Optional<T>`'s metadata in a global cache on every call — measured as a large
// share of the Codable path's time. Every caller compares `T.self` with the value's type first.

/// `value` as `T`; the caller guarantees `T.self == U.self`.
@inline(__always)
func reinterpret<U, T>(_ value: U, as type: T.Type) -> T {
    assert(T.self == U.self, "reinterpret: \(U.self) is not \(T.self)")
    return unsafeBitCast(value, to: T.self)
}
