import Foundation
import Salvage

/// A page of orders from a third-party shop API, the demo's payload shape.
public struct OrderPage: APIDecodable, Sendable {
    /// Every order that could be built; broken ones are dropped and reported.
    public let orders: [Order]
    /// The cursor of the next page, when the API sends one.
    public let nextCursor: String?
    /// How many elements the `orders` array held in the input, usable or not.
    public let ordersSent: Int

    /// Decodes the page; fails only when `orders` is missing or not an array.
    public init?(from decoder: APIDecoder) {
        guard let orders = decoder["orders"] --> [Order].self else { return nil }
        self.orders = orders
        self.ordersSent = decoder["orders"].count ?? orders.count
        self.nextCursor = decoder["next_cursor"] --> String?.self
    }
}

/// The states an order can be in, as far as this client knows.
public enum OrderStatus: String, Sendable {
    /// Placed, not paid yet.
    case pending
    /// Paid, waiting to be shipped.
    case paid
    /// On its way to the customer.
    case shipped
    /// Cancelled by the customer or the shop.
    case cancelled
}

/// One order: what the shop sends, decoded field by field.
public struct Order: APIDecodable, Sendable {
    /// Errors inside an order name it by its `order_id`.
    public static var idKey: String? { "order_id" }

    /// The shop's id of the order.
    public let id: Int
    /// Who placed it. Older records call the field `customer_name`.
    public let customer: String
    /// Its state; states this client does not know yet are kept as `.unknown`.
    public let status: OpenEnum<OrderStatus>
    /// The total in the shop's currency. Some records send it as a string, which is converted and noted.
    public let total: Double
    /// How many items; 1 when the value is missing or unusable.
    public let quantity: Int
    /// When it was placed, if the shop sent a readable ISO 8601 date.
    public let placedAt: Date?

    /// Decodes an order; fails when its id, customer, status or total is missing or unusable.
    public init?(from decoder: APIDecoder) {
        let id = decoder["order_id"] --> Int.self
        let customer = decoder[firstOf: "customer", "customer_name"] --> String.self
        let status = decoder["status"] --> OpenEnum<OrderStatus>.self
        let total = decoder["total"].decodeRequired(Double.self, lenient: true)
        let quantity = decoder["quantity"].decode(Int.self, default: 1, when: .missingNullOrInvalid)
        let placedAt = decoder["placed_at"] --> Date?.self
        guard let id, let customer, let status, let total else { return nil }
        self.id = id
        self.customer = customer
        self.status = status
        self.total = total
        self.quantity = quantity
        self.placedAt = placedAt
    }
}
