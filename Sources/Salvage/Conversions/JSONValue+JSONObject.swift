import Foundation

/// Why a value could not become JSON or JSON text, and where: from ``JSONValue/init(jsonObject:)`` (a
/// `Date` in the tree, a non-string key, NaN) and from ``JSONValue/jsonData(options:)`` (a number whose text
/// is not a JSON number).
///
/// ```swift
/// do { _ = try JSONValue(jsonObject: ["items": [Date()]]) }
/// catch let error as JSONValueError { print(error) }   // The value at ["items"][0] is not JSON: Date
/// ```
public struct JSONValueError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the offending value is, from the root (empty for the root itself).
    public let path: APIQueryPath
    /// What is wrong with it, e.g. `not JSON: Date`.
    public let problem: String

    /// An error at `path`.
    public init(path: APIQueryPath, problem: String) {
        self.path = path
        self.problem = problem
    }

    /// `The value at ["items"][0] is not JSON: Date` (`at the root` for an empty path).
    public var description: String {
        let place = path.components.isEmpty ? "The value at the root" : "The value at \(path)"
        return "\(place) \(problem)"
    }
}

extension JSONValue {
    /// A value from a Foundation object tree, as `JSONSerialization` returns and accepts: `NSNull`, `Bool`,
    /// `NSNumber` and Swift's numeric types, `String`/`NSString`, `[Any]`/`NSArray` and
    /// `[String: Any]`/`NSDictionary` (a nil `Optional` inside becomes `null`).
    ///
    /// Booleans are told from numbers by their type, not by `as? Bool` (which also matches `NSNumber(1)`
    /// on Linux): a boolean `NSNumber` (`kCFBooleanTrue`, what `JSONSerialization` returns for `true`)
    /// becomes ``JSONValue/bool(_:)``, any other `NSNumber` a number.
    ///
    /// - Throws: ``JSONValueError`` with the path of the first value that is not JSON (a `Date`, a
    ///   non-string key, a NaN or infinite number).
    public init(jsonObject: Any) throws(JSONValueError) {
        var path: [APIQueryPath.Component] = []
        self = try JSONValue.converting(jsonObject, path: &path)
    }

    /// The value as a Foundation object tree that `JSONSerialization` accepts: `NSNull()`, `Bool`, a number
    /// (`Int` for a whole number that fits, then `UInt64`, `Double` otherwise — `NSNull()` beyond `Double`'s
    /// range, which no Foundation number reaches), `String`, `[Any]` and `[String: Any]`.
    public var jsonObject: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let value): return value
        case .number(let number): return number.foundationValue
        case .string(let value): return value
        case .array(let elements): return StackGuard.run { elements.map(\.jsonObject) } ?? [Any]()
        case .object(let members): return StackGuard.run { members.mapValues(\.jsonObject) } ?? [String: Any]()
        }
    }

    private static let booleanType = ObjectIdentifier(type(of: NSNumber(value: true)))

    private static func converting(_ object: Any, path: inout [APIQueryPath.Component]) throws(JSONValueError) -> JSONValue {
        func fail(_ problem: String) -> JSONValueError { JSONValueError(path: APIQueryPath(path), problem: problem) }
        if let optional = object as? any OptionalValue {
            guard let wrapped = optional.wrappedValue else { return .null }
            return try converting(wrapped, path: &path)
        }
        // Containers first: casting an array or dictionary to a class or scalar type below (`is NSNull`,
        // `as? NSNumber`, `as? Double`) bridges the whole subtree to Foundation objects on Linux — recursively, with no stack check, once
        // per level (a 3,000-level tree crashed a 512 KiB thread, and the work grew with the square of the depth).
        if let elements = object as? [Any] {
            return try nested(path: path) { (path: inout [APIQueryPath.Component]) throws(JSONValueError) -> JSONValue in
                var values: [JSONValue] = []
                values.reserveCapacity(elements.count)
                for (index, element) in elements.enumerated() {
                    path.append(.index(index))
                    values.append(try converting(element, path: &path))
                    path.removeLast()
                }
                return .array(values)
            }
        }
        if let members = object as? [String: Any] {
            return try nested(path: path) { (path: inout [APIQueryPath.Component]) throws(JSONValueError) -> JSONValue in
                var values: [String: JSONValue] = [:]
                values.reserveCapacity(members.count)
                for (key, member) in members {
                    path.append(.key(key))
                    values[key] = try converting(member, path: &path)
                    path.removeLast()
                }
                return .object(values)
            }
        }
        if object is NSNull { return .null }
        if let value = object as? Bool, type(of: object) == Bool.self { return .bool(value) }
        if let value = object as? String { return .string(value) }
        let isNumberObject = type(of: object) is NSNumber.Type
        if let value = object as? any BinaryInteger, !isNumberObject { return .number(JSONNumber(text: "\(value)")) }
        if let value = object as? Double, type(of: object) == Double.self {
            guard let number = JSONNumber(jsonText: value) else { throw fail("is not a finite number: \(value)") }
            return .number(number)
        }
        if let value = object as? Float, type(of: object) == Float.self {
            guard value.isFinite else { throw fail("is not a finite number: \(value)") }
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            return .number(JSONNumber(text: text))
        }
        if let value = object as? Decimal, type(of: object) == Decimal.self || type(of: object) is NSDecimalNumber.Type {
            guard value.isFinite else { throw fail("is not a finite number: \(value)") }
            return .number(JSONNumber(text: value.description))
        }
        if let number = object as? NSNumber {
            if ObjectIdentifier(type(of: number)) == booleanType { return .bool(number.boolValue) }
            switch String(cString: number.objCType) {
            case "f", "d":
                guard let value = JSONNumber(jsonText: number.doubleValue) else { throw fail("is not a finite number: \(number)") }
                return .number(value)
            case "Q", "L", "I", "S", "C":
                return .number(JSONNumber(text: String(number.uint64Value)))
            default:
                return .number(JSONNumber(text: String(number.int64Value)))
            }
        }
        if let dictionary = object as? NSDictionary {
            let key = dictionary.allKeys.first { !($0 is String) }.map { "\($0)" } ?? ""
            throw fail("is not JSON: a dictionary with a key that is not a string (\(key))")
        }
        throw fail("is not JSON: \(type(of: object))")
    }
}

extension JSONValue {
    /// Runs one nesting level of a conversion where there is stack for it (see `StackGuard`).
    private static func nested(path: [APIQueryPath.Component],
                               _ body: (inout [APIQueryPath.Component]) throws(JSONValueError) -> JSONValue) throws(JSONValueError) -> JSONValue {
        var path = path
        let outcome = StackGuard.run { () -> Result<JSONValue, JSONValueError> in
            do throws(JSONValueError) { return .success(try body(&path)) } catch { return .failure(error) }
        }
        guard let outcome else { throw JSONValueError(path: APIQueryPath(path), problem: "is nested too deeply to convert") }
        return try outcome.get()
    }
}

/// `Optional` seen through `Any`, to turn a nil inside an object tree into `null`.
private protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrappedValue: Any? { self.map { $0 as Any } }
}

extension JSONNumber {
    /// The number as `JSONSerialization` would give it: `Int`, `UInt64` or `Double`; `NSNull` beyond
    /// `Double`'s range and for text that is not a number.
    var foundationValue: Any {
        if let value = Int(text) { return value }
        if let value = UInt64(text) { return value }
        if JSONNumberGrammar.isValid(text), let value = Double(text), value.isFinite { return value }
        return NSNull()
    }
}
