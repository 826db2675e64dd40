/// Whether two coding keys, of any types, name the same step: equal `stringValue` and `intValue`.
///
/// LastMile 1.0 declared this operator, so LastMile code compares an error's `codingKey` or `codingPath`
/// elements (`any CodingKey`) with keys of its own:
///
/// ```swift
/// let error = APIDecodeError(path: ["root", "items", 2], actual: .string)
/// print(error.codingKey == APICodingKey(arrayIndex: 2)) // true
/// ```
public func == (lhs: any CodingKey, rhs: any CodingKey) -> Bool {
    lhs.stringValue == rhs.stringValue && lhs.intValue == rhs.intValue
}
