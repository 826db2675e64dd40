/// How the records of a JSON array are told apart when it is decoded uniquing by id:
/// `decoder["items"].decodeRequired([Item].self, uniquingBy: .idKey)`.
///
/// The id is read from each element's JSON, before the element is decoded, and compared by its JSON value:
/// the number `17` and the string `"17"` are different ids, and numbers compare as written (`1` and `1.0`
/// are different ids, as they are different ``JSONValue``s); strings compare by their exact Unicode scalars
/// (`"\u00e9"` and `"e\u0301"` are different ids). An element whose id is missing, `null`, an
/// object or an array has no id: it is kept, never de-duplicated. With
/// ``APIDecodeOptions/reportsUnknownKeys`` the id's member counts as read (the decode uses it), so it is never
/// reported as an unknown key, even for a model that does not read its id itself.
///
/// ```swift
/// let items  = decoder["items"].decodeRequired([Item].self, uniquingBy: .idKey)        // Item.idKey
/// let offers = decoder["offers"].decodeRequired([Offer].self, uniquingBy: .key("sku"))  // any member
/// let rows   = decoder["rows"].decodeRequired([Row].self, uniquingBy: .path("meta.id")) // a nested one
/// ```
public struct RecordIdentity<Record: APIDecodable>: Sendable, CustomStringConvertible {
    /// Where the id is, from the element; nil for ``idKey`` on a type without an `idKey`.
    @usableFromInline
    let path: APIQueryPath?

    private init(path: APIQueryPath?) {
        self.path = path
    }

    /// The member named by `Record`'s ``APIDecodable/idKey`` — the id shown in error paths
    /// (`[4](Item id=17)`). On a type without an `idKey` nothing is de-duplicated: every element is kept and
    /// one `custom` error at the array, severity `info`, says so.
    public static var idKey: RecordIdentity {
        RecordIdentity(path: Record.idKey.map { APIQueryPath([.key($0)]) })
    }

    /// The member `key` of each element, for types without an `idKey` or to unique by another field.
    public static func key(_ key: String) -> RecordIdentity {
        RecordIdentity(path: APIQueryPath([.key(key)]))
    }

    /// The value at `path` in each element, with the syntax of `decoder[path:]`: `.path("meta.id")`.
    public static func path(_ path: APIQueryPath) -> RecordIdentity {
        RecordIdentity(path: path)
    }

    /// Where the id is read, e.g. `["sku"]`, or `idKey (none)` for a type without an `idKey`.
    public var description: String {
        path.map(\.description) ?? "idKey (none)"
    }
}

/// Which occurrence of a record that appears more than once in an array is kept.
public enum RecordOccurrence: Sendable, Hashable {
    /// The first occurrence that decodes; later ones are dropped without being decoded.
    case first
    /// The last occurrence that decodes; earlier ones were decoded and are dropped when it is.
    case last
}

/// A record id as compared while uniquing: its JSON kind and content (strings unescaped, numbers as written).
enum RecordID: Hashable {
    case string(ExactText)
    /// A plain integer (no fraction or exponent) that fits in `Int64`: its text and its value determine each
    /// other (JSON allows no leading zeros; `-0` is kept as text), and comparing values is cheaper.
    case integer(Int64)
    /// Any other number, as written.
    case number(String)
    case bool(Bool)

    /// The id as JSON text, for messages: `17`, `"A-1"`, `true`.
    var text: String {
        switch self {
        case .string(let exact):
            return quoted(exact.text)
        case .integer(let value): return String(value)
        case .number(let text): return text
        case .bool(let value): return value ? "true" : "false"
        }
    }
}

/// A string id compared by its exact Unicode scalars (UTF-8 bytes), not by `String`'s `==`, which treats
/// canonically equivalent strings as equal: `"\u00e9"` and `"e\u0301"` are different ids sent by an API.
struct ExactText: Hashable {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    /// `String`'s hash: texts equal here are canonically equivalent, so they hash alike (equivalent texts that
    /// differ here just share a hash).
    func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }
}

extension APIDecoder {
    /// The id at `path` below this element; nil when it is missing, null or a container. With
    /// `reportsUnknownKeys`, the keys on the way count as read: the decode used them to tell records apart,
    /// so they are not schema drift even when the model itself never reads its id.
    func recordID(at path: APIQueryPath) -> RecordID? {
        withContext { context -> RecordID? in
            let document = context.document
            var node = self.node
            for component in path.components {
                guard node >= 0 else { return nil }
                switch component {
                case .key(let key):
                    guard document.kind(node) == .object else { return nil }
                    node = document.member(of: node, key: key) ?? -1
                    if node >= 0 && context.state.tracksReadKeys { context.state.markRead(node - 1) }
                case .index(let index):
                    guard document.kind(node) == .array else { return nil }
                    node = document.element(of: node, at: index) ?? -1
                case .keyOrIndex(let text):
                    if document.kind(node) == .array, !text.isEmpty, text.utf8.allSatisfy(isDigit), let index = Int(text) {
                        node = document.element(of: node, at: index) ?? -1
                    } else if document.kind(node) == .object {
                        node = document.member(of: node, key: text) ?? -1
                        if node >= 0 && context.state.tracksReadKeys { context.state.markRead(node - 1) }
                    } else {
                        return nil
                    }
                }
            }
            guard node >= 0 else { return nil }
            switch document.kind(node) {
            case .string: return .string(ExactText(document.string(node)))
            case .number:
                let entry = document.tape[node]
                if entry.flag, case .value(let value) = document.integer(node, as: Int64.self), value != 0 || entry.length(in: document.input) == 1 {
                    return .integer(value)
                }
                return .number(document.rawText(node))
            case .true: return .bool(true)
            case .false: return .bool(false)
            case .null, .array, .object: return nil
            }
        } ?? nil
    }
}
