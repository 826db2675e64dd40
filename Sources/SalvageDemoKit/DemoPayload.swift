/// The demo's bundled payload: one page of a third-party shop's orders API, with the kinds of damage such
/// APIs really send. Kept in source so the demo needs no resource bundle.
public enum DemoPayload {
    /// The JSON text. Each flaw is on its own line so the report's line numbers point at it:
    /// a total sent as a string (2), a null customer (3), an unknown status (4), an element that is not an
    /// object (5), a renamed field (6), a malformed date (7) and an out-of-range quantity (8).
    public static let json = """
    {"orders": [
      {"order_id": 1001, "customer": "Ada Lovelace", "status": "paid", "total": "49.90", "quantity": 2, "placed_at": "2026-11-02T09:14:00Z"},
      {"order_id": 1002, "customer": null, "status": "pending", "total": 12.5, "quantity": 1, "placed_at": "2026-11-02T10:01:00Z"},
      {"order_id": 1003, "customer": "Grace Hopper", "status": "on_hold", "total": 230.0, "quantity": 4, "placed_at": "2026-11-03T16:45:00Z"},
      "ORDER-1004-REDACTED",
      {"order_id": 1005, "customer_name": "Alan Turing", "status": "shipped", "total": 8.75, "quantity": 1, "placed_at": "2026-11-04T08:00:00+01:00"},
      {"order_id": 1006, "customer": "Edsger Dijkstra", "status": "paid", "total": 99.0, "quantity": 3, "placed_at": "04/11/2026"},
      {"order_id": 1007, "customer": "Barbara Liskov", "status": "cancelled", "total": 15.0, "quantity": 99999999999999999999, "placed_at": "2026-11-05T12:30:00Z"}
    ],
    "next_cursor": "b3JkZXJzOjEwMDc="}
    """
}
