import Foundation
import Salvage
import SalvageDemoKit
import Testing

/// `salvage-demo` runs through `DemoCommand.run(arguments:)`; these tests compare what it prints exactly.
@Suite("salvage-demo")
struct DemoCommandTests {
    @Test func bundledPayloadPrintsSalvagedOrdersSummaryAndDiagnostics() {
        let outcome = DemoCommand.run(arguments: [])
        #expect(outcome.status == 0)
        #expect(outcome.standardError == "")
        #expect(outcome.standardOutput == Self.goldenText)
    }

    @Test func jsonLinesFormatPrintsOneObjectPerError() {
        let outcome = DemoCommand.run(arguments: ["--format", "jsonl"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == Self.goldenJSONLines)
    }

    @Test func strictFailsOnFailuresAndRecoveredErrors() {
        let outcome = DemoCommand.run(arguments: ["--strict"])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.hasSuffix("\n--strict: failing because errors other than notes were recorded.\n"))
    }

    @Test func userFileIsDecodedWithTheDemoModels() throws {
        let path = try Self.temporaryFile(#"{"orders": [{"order_id": 7, "customer": "Kay", "status": "paid", "total": 3}]}"#)
        let outcome = DemoCommand.run(arguments: [path, "--strict"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == "Salvaged 1 of 1 orders from \(path):\n  #7  Kay  paid  3.00 × 1  date unknown\n\nNo problems met.\n")
    }

    @Test func invalidJSONPrintsACompilerStyleDiagnosticAndFails() throws {
        let path = try Self.temporaryFile("{\"orders\": [\n  {\"order_id\": 1,}\n]}")
        let outcome = DemoCommand.run(arguments: [path])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput == "")
        #expect(outcome.standardError == """
            error: Invalid JSON at line 2, column 18 (byte 30): Trailing comma: expected a key after ',' [invalid_json]
             --> line 2, column 18: root(OrderPage)
              |
            2 |   {"order_id": 1,}
              |                  ^

            """)
    }

    @Test(arguments: [
        (["/no/such/file.json"], "salvage-demo: cannot read '/no/such/file.json': no such file or not readable\n"),
        (["--format", "xml"], "salvage-demo: --format needs 'text' or 'jsonl'\n" + DemoCommand.usage + "\n"),
        (["--verbose"], "salvage-demo: unexpected argument '--verbose'\n" + DemoCommand.usage + "\n"),
        (["a.json", "b.json"], "salvage-demo: unexpected argument 'b.json'\n" + DemoCommand.usage + "\n"),
    ])
    func badCommandLinesExitWithStatus2(arguments: [String], message: String) {
        let outcome = DemoCommand.run(arguments: arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput == "")
        #expect(outcome.standardError == message)
    }

    @Test func helpPrintsUsage() {
        let outcome = DemoCommand.run(arguments: ["--help"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == DemoCommand.usage + "\n")
    }

    private static func temporaryFile(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("salvage-demo-\(UUID().uuidString).json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let goldenText = #"""
Salvaged 5 of 7 orders from the bundled orders payload; next cursor b3JkZXJzOjEwMDc=:
  #1001  Ada Lovelace  paid  49.90 × 2  2026-11-02T09:14:00Z
  #1003  Grace Hopper  on_hold (unknown)  230.00 × 4  2026-11-03T16:45:00Z
  #1005  Alan Turing  shipped  8.75 × 1  2026-11-04T07:00:00Z
  #1006  Edsger Dijkstra  paid  99.00 × 3  date unknown
  #1007  Barbara Liskov  cancelled  15.00 × 1  2026-11-05T12:30:00Z

6 errors in 6 groups
1× info coerced root["orders"][*]["total"]: Converted a string "49.90" to Double (e.g. Order order_id=1001 at line 2, column 77)
1× failure null root["orders"][*]["customer"]: Unexpectedly found null (e.g. Order order_id=1002 at line 3, column 34)
1× info unknown_raw_value root["orders"][*]["status"]: Raw value of "on_hold" for type OrderStatus not defined (e.g. Order order_id=1003 at line 4, column 60)
1× failure type_mismatch root["orders"][*]: Unexpectedly found a string (e.g. at line 5, column 3)
1× recovered invalid_format root["orders"][*]["placed_at"]: Cannot read "04/11/2026" as Date: expected ISO 8601 date and time (e.g. Order order_id=1006 at line 7, column 114)
1× recovered numeric_overflow root["orders"][*]["quantity"]: Value 99999999999999999999 does not fit in Int (e.g. Order order_id=1007 at line 8, column 102)

note: Converted a string "49.90" to Double [coerced]
 --> line 2, column 77: root(OrderPage) > "orders"(Array<Order>) > [0](Order order_id=1001) > "total"(Double)
  |
2 | …01, "customer": "Ada Lovelace", "status": "paid", "total": "49.90", "quantity": 2, "placed_at": "2026-11-02T09:14:00Z"},
  |                                                             ^

error: Unexpectedly found null [null]
 --> line 3, column 34: root(OrderPage) > "orders"(Array<Order>) > [1](Order order_id=1002) > "customer"(String)
  |
3 |   {"order_id": 1002, "customer": null, "status": "pending", "total": 12.5, "quantity": 1, "placed_at": "2026-11-02T10:01…
  |                                  ^

note: Raw value of "on_hold" for type OrderStatus not defined [unknown_raw_value]
 --> line 4, column 60: root(OrderPage) > "orders"(Array<Order>) > [2](Order order_id=1003) > "status"(OpenEnum<OrderStatus>)
  |
4 |   {"order_id": 1003, "customer": "Grace Hopper", "status": "on_hold", "total": 230.0, "quantity": 4, "placed_at": "2026-…
  |                                                            ^

error: Unexpectedly found a string [type_mismatch]
 --> line 5, column 3: root(OrderPage) > "orders"(Array<Order>) > [3](Order)
  |
5 |   "ORDER-1004-REDACTED",
  |   ^

warning: Cannot read "04/11/2026" as Date: expected ISO 8601 date and time [invalid_format]
 --> line 7, column 114: root(OrderPage) > "orders"(Array<Order>) > [5](Order order_id=1006) > "placed_at"(Date)
  |
7 | …er_id": 1006, "customer": "Edsger Dijkstra", "status": "paid", "total": 99.0, "quantity": 3, "placed_at": "04/11/2026"},
  |                                                                                                            ^

warning: Value 99999999999999999999 does not fit in Int [numeric_overflow]
 --> line 8, column 102: root(OrderPage) > "orders"(Array<Order>) > [6](Order order_id=1007) > "quantity"(Int)
  |
8 | …ra Liskov", "status": "cancelled", "total": 15.0, "quantity": 99999999999999999999, "placed_at": "2026-11-05T12:30:00Z"}
  |                                                                ^


"""#

    static let goldenJSONLines = #"""
{"code":"coerced","column":77,"expected":"Double","found":"string","json_pointer":"/orders/0/total","line":2,"message":"Converted a string \"49.90\" to Double","outermost_record":"Order order_id=1001","path":"root[\"orders\"][0][\"total\"]","record":"Order order_id=1001","severity":"info","value":"49.90"}
{"code":"null","column":34,"expected":"String","found":"null","json_pointer":"/orders/1/customer","line":3,"message":"Unexpectedly found null","outermost_record":"Order order_id=1002","path":"root[\"orders\"][1][\"customer\"]","record":"Order order_id=1002","severity":"failure","value":"null"}
{"code":"unknown_raw_value","column":60,"expected":"OpenEnum<OrderStatus>","found":"string","json_pointer":"/orders/2/status","line":4,"message":"Raw value of \"on_hold\" for type OrderStatus not defined","outermost_record":"Order order_id=1003","path":"root[\"orders\"][2][\"status\"]","record":"Order order_id=1003","severity":"info","value":"on_hold"}
{"code":"type_mismatch","column":3,"expected":"Order","found":"string","json_pointer":"/orders/3","line":5,"message":"Unexpectedly found a string","path":"root[\"orders\"][3]","severity":"failure","value":"ORDER-1004-REDACTED"}
{"code":"invalid_format","column":114,"expected":"Date","found":"string","json_pointer":"/orders/5/placed_at","line":7,"message":"Cannot read \"04/11/2026\" as Date: expected ISO 8601 date and time","outermost_record":"Order order_id=1006","path":"root[\"orders\"][5][\"placed_at\"]","record":"Order order_id=1006","severity":"recovered","value":"04/11/2026"}
{"code":"numeric_overflow","column":102,"expected":"Int","found":"integer","json_pointer":"/orders/6/quantity","line":8,"message":"Value 99999999999999999999 does not fit in Int","outermost_record":"Order order_id=1007","path":"root[\"orders\"][6][\"quantity\"]","record":"Order order_id=1007","severity":"recovered","value":"99999999999999999999"}

"""#
}
