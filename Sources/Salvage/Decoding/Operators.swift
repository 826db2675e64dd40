// `-->`: a thin veneer over `decodeRequired` and `decodeOptional`.
//
// Five overloads only, each a one-line forwarder: the four below and, in `CustomDecoding.swift`, the one for
// `CustomDecoding` values. Nesting (`[T]`, `[String: T]`, `Set<T>`, enums) comes
// from conformances of those types to `APIDecodable`, not from more overloads, so the type checker has
// few candidates per `-->` and a model with many fields checks quickly.
//
// `Int?.self` fits both `T.Type` (with `T == Int?`, since `Optional` is `APIDecodable` for `[Int?]`) and
// `T?.Type`; `CountLimited<[Int]?>` fits both `CountLimited<T>` overloads. The optional overload has always
// won (it is more specialized), but the type checker only knew that after solving the whole expression
// both ways, for every `-->` in it: `(d["a"] --> Int?.self ?? 0) + (d["b"] --> Int?.self ?? 0) + …`
// took 2 s with three terms and failed ("unable to type-check") with four. `@_disfavoredOverload` on the
// required overloads says up front which one loses, so the solver stops at the optional one; the meaning
// of every expression is unchanged (the required overload is the only candidate for `Int.self`).
// TypeCheckBudget (Tests/TypeCheckBudget) compiles such expressions with a 100 ms budget per expression.
//
// What stays slow, and why (Swift 6.3, measured 2026-11-24 with `swiftc -typecheck`): the solver ranks only
// standard operators (`+`, `??`, …) by their arguments; a custom operator's disjunction is ranked by its
// number of overloads alone, and it goes before `??` (two overloads) only when it has at most two. With
// five, `??` is attempted first, both of its overloads for every term, before any `-->` result is known.
// When the expression's type comes from its context (a property, a typed `let`, a `return`) that costs
// little: five `??` terms check in 1-20 ms. In an untyped `let` it is exponential (four Int terms 0.5 s,
// five joined by `+` and `*` 0.6 s, five joined by `+` alone fail; four Double terms 4 s, five fail), and `Double(… --> Int?.self ?? 0)` twice in one expression takes
// 1-8 s even when typed. Measured alternatives: two overloads (e.g. one `T.Type` overload returning
// `T.Decoded!` plus one for a request protocol) make the untyped shapes fast (5 ms) but need an associated
// type on `APIDecodable` and turn `--> Int?.self`'s result into `Int!` (a non-optional use would then
// compile and trap); the `Double(…)` shapes stay slow with anything but a single overload, which cannot
// express both `T!` and `T?` results. Static-member operators join the same disjunction (no change).
// (The solver's rule, `ConstraintSystem::selectDisjunction` in lib/Sema/CSOptimizer.cpp: a disjunction with
// one active choice goes first; only standard operators are scored; otherwise fewer active choices go first.)
// Salvage keeps the type-safe set: a trap on a missing optional field is worse than a slow untyped `let`.
// Getting Started gives the workaround: state the type, convert in a typed `let`.

/// The precedence of `-->`: tighter than `??`, so `decoder["n"] --> Int?.self ?? 0` reads as expected.
precedencegroup ParseOperationsGroup {
    higherThan: NilCoalescingPrecedence
}

/// Decodes the value at a decoder's position: `decoder["id"] --> Int.self`.
infix operator --> : ParseOperationsGroup

/// Decodes a **required** value. Absent, null or invalid gives nil, records an error and fails the
/// enclosing model (a ``JSONValue`` decodes null as `.null`; ``ResponseData`` is never absent).
///
/// ```swift
/// let id = decoder["person_id"] --> Int.self   // Int!
/// ```
@inlinable @_disfavoredOverload
public func --> <T: APIDecodable>(decoder: APIDecoder, type: T.Type) -> T! {
    T._salvageDecodeField(at: decoder, required: true)
}

/// Decodes an **optional** value. Absent or null gives nil with no error; present but invalid gives nil and
/// records an error without failing the enclosing model.
///
/// ```swift
/// let height = decoder["height"] --> Double?.self       // Double?
/// let count  = decoder["count"] --> Int?.self ?? 0       // `-->` binds tighter than `??`
/// ```
@inlinable
public func --> <T: APIDecodable>(decoder: APIDecoder, type: T?.Type) -> T? {
    T._salvageDecodeField(at: decoder, required: false)
}

/// Decodes a required collection and checks its count (after dropping invalid elements).
///
/// ```swift
/// let pair = decoder["pair"] --> CountLimited<[Int]>(exactly: 2)
/// ```
@inlinable @_disfavoredOverload
public func --> <T: APIDecodable>(decoder: APIDecoder, limit: CountLimited<T>) -> T! {
    decoder.decodeRequired(T.self, min: limit.min, max: limit.max, countsAreMandatory: limit.isMandatory)
}

/// Decodes an optional collection and checks its count when present.
@inlinable
public func --> <T: APIDecodable>(decoder: APIDecoder, limit: CountLimited<T?>) -> T? {
    decoder.decodeOptional(T.self, min: limit.min, max: limit.max, countsAreMandatory: limit.isMandatory)
}
