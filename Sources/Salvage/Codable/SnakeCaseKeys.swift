/// Converts a snake_case JSON key to camelCase the way `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase`
/// does: leading and trailing underscores are kept, the first word is lowercased, later words capitalized.
func camelCase(fromSnakeCase key: String) -> String {
    guard key.contains("_") else { return key }
    let leading = key.prefix { $0 == "_" }
    let trailing = key.reversed().prefix { $0 == "_" }
    let core = key.dropFirst(leading.count).dropLast(trailing.count)
    let words = core.split(separator: "_")
    guard let first = words.first, words.count > 1 else { return key }
    let converted = first.lowercased() + words.dropFirst().map { String($0).capitalized }.joined()
    return String(leading) + converted + String(trailing)
}
