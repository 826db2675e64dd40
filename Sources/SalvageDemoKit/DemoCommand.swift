import Foundation
import Salvage

/// The `salvage-demo` command as a function of its arguments, so a test can run it and compare the
/// printed text exactly. The executable only forwards `CommandLine.arguments` and prints the outcome.
public enum DemoCommand {
    /// What one run printed and the exit status it asks for.
    public struct Outcome: Equatable, Sendable {
        /// Text for standard output.
        public var standardOutput: String
        /// Text for standard error.
        public var standardError: String
        /// 0: decoded (errors may be reported); 1: nothing usable, or `--strict` found errors;
        /// 2: the command line or the file was wrong.
        public var status: Int32
    }

    /// The output formats of `--format`.
    public enum Format: String, Sendable {
        /// Salvaged orders, the grouped summary, then every error as a compiler-style diagnostic.
        case text
        /// Every error as one JSON object per line, for log pipelines.
        case jsonl
    }

    /// The `--help` text.
    public static let usage = """
    usage: salvage-demo [PATH.json] [--format text|jsonl] [--strict] [--help]

    Decodes a page of orders with Salvage and reports what was salvaged and every problem met.
    Without PATH, decodes the bundled payload: a flaky third-party orders API.

      --format text   salvaged orders, a grouped summary, then each error with its line (default)
      --format jsonl  each error as one JSON object per line
      --strict        exit with status 1 when any error other than a note was recorded
      --help          show this text

    Exit status: 0 decoded, 1 nothing usable (or --strict found errors), 2 bad arguments or unreadable file.
    """

    /// Runs the command. `arguments` excludes the executable's name.
    public static func run(arguments: [String]) -> Outcome {
        var path: String?
        var format = Format.text
        var strict = false
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                return Outcome(standardOutput: usage + "\n", standardError: "", status: 0)
            case "--strict":
                strict = true
            case "--format":
                guard let name = remaining.popFirst(), let chosen = Format(rawValue: name) else {
                    return usageError("--format needs 'text' or 'jsonl'")
                }
                format = chosen
            default:
                guard !argument.hasPrefix("-"), path == nil else { return usageError("unexpected argument '\(argument)'") }
                path = argument
            }
        }
        let data: Data
        let name: String
        if let path {
            guard let contents = FileManager.default.contents(atPath: path) else {
                return Outcome(standardOutput: "", standardError: "salvage-demo: cannot read '\(path)': no such file or not readable\n", status: 2)
            }
            data = contents
            name = path
        } else {
            data = Data(DemoPayload.json.utf8)
            name = "the bundled orders payload"
        }
        // Decoded from the bytes, so invalid UTF-8 is reported as invalid JSON; the text is only for the excerpts.
        let source = String(decoding: data, as: UTF8.self)
        return report(APIDataDecoder().decode(data: data, to: OrderPage.self), source: source, name: name, format: format, strict: strict)
    }

    private static func usageError(_ message: String) -> Outcome {
        Outcome(standardOutput: "", standardError: "salvage-demo: \(message)\n\(usage)\n", status: 2)
    }

    private static func report(_ result: APIDecodeResult<OrderPage>, source: String, name: String, format: Format, strict: Bool) -> Outcome {
        let strictFailed = strict && result.errors.contains { $0.severity != .info }
        let status: Int32 = result.value == nil || strictFailed ? 1 : 0
        if format == .jsonl {
            return Outcome(standardOutput: result.errors.isEmpty ? "" : result.jsonLines + "\n", standardError: "", status: status)
        }
        if let invalid = result.errors.first(where: { $0.code == "invalid_json" }) {
            return Outcome(standardOutput: "", standardError: invalid.diagnostic(source: source) + "\n", status: 1)
        }
        var lines: [String] = []
        if let page = result.value {
            lines.append(salvagedSummary(page, name: name))
            lines += page.orders.map(describe)
        } else {
            lines.append("Nothing could be salvaged from \(name).")
        }
        lines.append("")
        if result.errors.isEmpty {
            lines.append("No problems met.")
        } else {
            lines.append(result.summary.description)
            lines.append("")
            lines += result.errors.map { $0.diagnostic(source: source) + "\n" }
        }
        if strictFailed { lines.append("--strict: failing because errors other than notes were recorded.") }
        return Outcome(standardOutput: lines.joined(separator: "\n") + "\n", standardError: "", status: status)
    }

    private static func salvagedSummary(_ page: OrderPage, name: String) -> String {
        let cursor = page.nextCursor.map { "; next cursor \($0)" } ?? ""
        return "Salvaged \(page.orders.count) of \(page.ordersSent) orders from \(name)\(cursor):"
    }

    private static func describe(_ order: Order) -> String {
        let status: String
        switch order.status {
        case .known(let known): status = known.rawValue
        case .unknown(let raw): status = "\(raw) (unknown)"
        }
        let placed = order.placedAt.map { ISO8601DateFormatter().string(from: $0) } ?? "date unknown"
        return "  #\(order.id)  \(order.customer)  \(status)  \(String(format: "%.2f", order.total)) × \(order.quantity)  \(placed)"
    }
}
