/// The errors of a decode grouped by path template and code, so a response with the same broken field in
/// a million records yields one line:
///
/// ```
/// 1000 errors in 2 groups
/// 667× failure missing root["people"][*]["last_name"]: No value is present (e.g. Person person_id=1000040 at line 42, column 3; …)
/// 333× recovered type_mismatch root["people"][*]["height"]: Unexpectedly found a string (e.g. …)
/// ```
///
/// Summaries compare equal when their counts and groups do (samples compare as ``APIDecodeError``s do, by
/// path and reason), e.g. after a round trip through its `Codable` form — unless a sample is a
/// `swift_decoding_error`: its `DecodingError` reads back as `dataCorrupted` without its coding path, so it
/// compares unequal to the original (its description, JSON line and metadata are the same).
public struct APIDecodeSummary: Sendable, Codable, Equatable, CustomStringConvertible {
    /// Errors that share a path template and a code.
    public struct Group: Sendable, Codable, Equatable {
        /// The path with indices as `[*]`, e.g. `root["people"][*]["height"]`.
        public let pathTemplate: String
        /// The stable code shared by the group.
        public let code: String
        /// The worst severity in the group.
        public let severity: APIDecodeError.Severity
        /// How many errors the group has.
        public let count: Int
        /// The message of the first error.
        public let message: String
        /// Up to three examples: the first errors of the group.
        public let samples: [APIDecodeError]
        /// The outermost record of each sample (``APIDecodeError/outermostRecord``, e.g. `Event id=1652857701`),
        /// nil for a sample outside any record with an id: one per sample, in order. Encoded under
        /// `outermostRecords` (derived from the samples, so it is not read back).
        public var outermostRecords: [String?] { samples.map(\.outermostRecord) }

        private enum CodingKeys: String, CodingKey {
            case pathTemplate, code, severity, count, message, samples, outermostRecords
        }

        init(pathTemplate: String, code: String, severity: APIDecodeError.Severity, count: Int, message: String, samples: [APIDecodeError]) {
            self.pathTemplate = pathTemplate
            self.code = code
            self.severity = severity
            self.count = count
            self.message = message
            self.samples = samples
        }

        /// Reads a group written by `encode(to:)`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(pathTemplate: try container.decode(String.self, forKey: .pathTemplate),
                      code: try container.decode(String.self, forKey: .code),
                      severity: try container.decode(APIDecodeError.Severity.self, forKey: .severity),
                      count: try container.decode(Int.self, forKey: .count),
                      message: try container.decode(String.self, forKey: .message),
                      samples: try container.decode([APIDecodeError].self, forKey: .samples))
        }

        /// Writes `pathTemplate`, `code`, `severity`, `count`, `message`, `samples` and `outermostRecords`
        /// (one per sample, `null` for a sample outside any record with an id).
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(pathTemplate, forKey: .pathTemplate)
            try container.encode(code, forKey: .code)
            try container.encode(severity, forKey: .severity)
            try container.encode(count, forKey: .count)
            try container.encode(message, forKey: .message)
            try container.encode(samples, forKey: .samples)
            try container.encode(outermostRecords, forKey: .outermostRecords)
        }
    }

    /// The groups, in the order their first error was met.
    public let groups: [Group]
    /// All recorded errors.
    public let errorCount: Int
    /// Errors met but not recorded because of the cap.
    public let unrecordedErrorCount: Int

    /// Groups `errors`.
    public init(errors: [APIDecodeError], unrecordedErrorCount: Int = 0) {
        var order: [String] = []
        var members: [String: [APIDecodeError]] = [:]
        var counts: [String: Int] = [:]
        var worst: [String: APIDecodeError.Severity] = [:]
        for error in errors {
            let id = error.path.jsonPathTemplate + "\u{0}" + error.code
            if counts[id] == nil { order.append(id) }
            counts[id, default: 0] += 1
            worst[id] = max(worst[id] ?? error.severity, error.severity)
            if members[id, default: []].count < 3 { members[id, default: []].append(error) }
        }
        var groups: [Group] = []
        for id in order {
            let samples = members[id] ?? []
            guard let first = samples.first else { continue }
            groups.append(Group(pathTemplate: first.path.jsonPathTemplate, code: first.code, severity: worst[id] ?? first.severity,
                                count: counts[id] ?? 0, message: first.reason.description, samples: samples))
        }
        self.groups = groups
        self.errorCount = errors.count
        self.unrecordedErrorCount = unrecordedErrorCount
    }

    /// One heading line, then one line per group with up to three samples, each with its records and
    /// position: the outermost record and, when it is another, the innermost one, named by type
    /// (`Event id=1 > Actor id=x at line 3, column 5`; `Event id=1 > … > Commit sha=abc` when records lie between).
    public var description: String {
        var lines = ["\(errorCount) error\(errorCount == 1 ? "" : "s") in \(groups.count) group\(groups.count == 1 ? "" : "s")"
            + (unrecordedErrorCount > 0 ? " (\(unrecordedErrorCount) more not recorded)" : "")]
        for group in groups {
            let samples = group.samples.map { error -> String in
                // Ids are the API's text: escaped as in tagged paths, so a line break in one cannot split the line.
                let records = error.records.map(escapingControlCharacters)
                let record: String
                switch records.count {
                case 0: record = ""
                case 1, 2: record = records.joined(separator: " > ") + " "
                default: record = "\(records[0]) > … > \(records[records.count - 1]) "
                }
                let place = error.location.map { "at line \($0.line), column \($0.column)" } ?? error.path.jsonPath
                return record + place
            }
            lines.append("\(group.count)× \(group.severity) \(group.code) \(group.pathTemplate): \(group.message) (e.g. \(samples.joined(separator: "; ")))")
        }
        return lines.joined(separator: "\n")
    }
}
