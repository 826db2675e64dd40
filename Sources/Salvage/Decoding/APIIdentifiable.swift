/// A Swift `Decodable` type that names its identifying JSON field, so that error paths through its
/// records show the id, as they do for ``APIDecodable`` models with an ``APIDecodable/idKey``:
///
/// ```swift
/// struct Order: Codable, APIIdentifiable {
///     static var idKey: String? { "order_id" }
///     let orderId: Int
///     let note: String?
/// }
/// // root > "orders"([Order]) > [3](Order order_id=1017) > "note"(String) : Unexpectedly found an integer
/// ```
///
/// The key is the member's name as the JSON spells it (`order_id` even with `.convertFromSnakeCase`).
/// A type that is also ``APIDecodable`` uses ``APIDecodable/idKey``.
public protocol APIIdentifiable {
    /// The key of this type's identifying field in the JSON, or nil for none.
    static var idKey: String? { get }
}
