/// A path of keys and indices, usable wherever a subscript is: `decoder[path: "contact_info.phone_number"]`.
///
/// Written as a string, components are separated by dots, and a component of digits is an index when the
/// value there is an array (a key otherwise). A key that contains a dot is written with a backslash
/// (`"version\\.major"`), or use an array literal, whose strings are always whole keys:
///
/// ```swift
/// let phone = decoder[path: "contact_info.phone_number"] --> String?.self
/// let first = decoder[path: "items.0.name"] --> String.self
/// let major = decoder[path: ["version.major", "value"]] --> Int.self   // key "version.major"
/// ```
public struct APIQueryPath: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// One step of a path.
    public enum Component: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
        /// An object member.
        case key(String)
        /// An array element.
        case index(Int)
        /// From a dotted string: an index where the value is an array and the text is a number, a key otherwise.
        case keyOrIndex(String)

        /// A key (array-literal elements are whole keys, dots included).
        public init(stringLiteral value: String) { self = .key(value) }
        /// An index.
        public init(integerLiteral value: Int) { self = .index(value) }
    }

    /// The steps, in order.
    public let components: [Component]

    /// A path from its steps.
    public init(_ components: [Component]) {
        self.components = components
    }

    /// A dotted path; `\.` is a dot inside a key and `\\` a backslash (as is a backslash before any other
    /// character or at the end).
    public init(_ dotted: String) {
        var components: [Component] = []
        var current = ""
        var escaping = false
        for character in dotted {
            if escaping {
                // Only a dot and a backslash are escaped; before anything else the backslash is kept (it was dropped).
                if character != "." && character != "\\" { current.append("\\") }
                current.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "." {
                components.append(.keyOrIndex(current))
                current = ""
            } else {
                current.append(character)
            }
        }
        // A backslash that ends the text escapes nothing: it is part of the last key (it was dropped).
        if escaping { current.append("\\") }
        components.append(.keyOrIndex(current))
        self.components = components
    }

    /// A dotted path from a string literal.
    public init(stringLiteral value: String) { self.init(value) }

    /// A path from an array literal of keys and indices.
    public init(arrayLiteral elements: Component...) { self.init(elements) }

    /// The path in subscript notation, e.g. `["items"][0]["name"]`.
    public var description: String {
        components.map { component in
            switch component {
            case .key(let key), .keyOrIndex(let key): return "[\(quoted(key))]"
            case .index(let index): return "[\(index)]"
            }
        }.joined()
    }
}

extension APIDecoder {
    /// The position `path` leads to from here; absent as soon as a step finds nothing. Like a chain of
    /// subscripts, it never fails and records nothing.
    public subscript(path path: APIQueryPath) -> APIDecoder {
        var decoder = self
        for component in path.components {
            switch component {
            case .key(let key):
                decoder = decoder[key]
            case .index(let index):
                decoder = decoder[index]
            case .keyOrIndex(let text):
                if !text.isEmpty, text.utf8.allSatisfy(isDigit), let index = Int(text), decoder.jsonElement == .array {
                    decoder = decoder[index]
                } else {
                    decoder = decoder[text]
                }
            }
        }
        return decoder
    }

    /// The first of `keys` that is present here (null counts as present), for APIs that rename fields:
    /// `decoder[firstOf: "full_name", "name"]`. Alternatives that are absent produce no error; when none
    /// is present, a required decode reports every key tried (when the value here is itself missing, it
    /// reports that, at the first key). With ``APIDecodeOptions/reportsUsedFallbacks``, finding the value
    /// under a key other than the first records an info `fallbackUsed` entry there.
    public subscript(firstOf first: String, _ rest: String...) -> APIDecoder {
        let keys = [first] + rest
        for (index, key) in keys.enumerated() {
            let candidate = self[key]
            if candidate.isPresent {
                if index > 0 { candidate.reportFallback(used: key, preferred: first) }
                return candidate
            }
        }
        return alternativesChild(keys)
    }

    /// The first of `paths` that leads to a value here (null counts as present), for APIs that moved a
    /// field: `decoder[firstOf: ["user", "name"], "name"]` (an array literal or an ``APIQueryPath`` value is a
    /// path; string literals alone choose the form with keys, where a dot is part of the key). It behaves as
    /// the form with keys does; errors and `fallbackUsed` entries name a path by its dotted text (`user.name`).
    public subscript(firstOf first: APIQueryPath, _ rest: APIQueryPath...) -> APIDecoder {
        let paths = [first] + rest
        for (index, path) in paths.enumerated() {
            let candidate = self[path: path]
            if candidate.isPresent {
                if index > 0 { candidate.reportFallback(used: path.dottedText, preferred: first.dottedText) }
                return candidate
            }
        }
        return alternativesChild(paths.map(\.dottedText))
    }

    /// Records that `decoder[firstOf:]` found its value under `used` (only with `reportsUsedFallbacks`).
    private func reportFallback(used: String, preferred: String) {
        withContext { context in
            guard context.options.reportsUsedFallbacks else { return }
            context.record(.fallbackUsed(used: used, preferred: preferred), at: self, decoding: nil, severity: .info)
        }
    }
}

extension APIQueryPath {
    /// The path as dotted text, as `init(_:)` reads it (`user.name`, `items.0`, `version\.major`).
    var dottedText: String {
        components.map { component in
            switch component {
            case .key(let key), .keyOrIndex(let key):
                var text = ""
                for character in key {
                    if character == "\\" || character == "." { text.append("\\") }
                    text.append(character)
                }
                return text
            case .index(let index):
                return String(index)
            }
        }.joined(separator: ".")
    }
}

/// The former name of ``APIQueryPath``: "path" alone also names an error's breadcrumb (``APIDecodeError/path``).
@available(*, deprecated, renamed: "APIQueryPath")
public typealias APIPath = APIQueryPath
