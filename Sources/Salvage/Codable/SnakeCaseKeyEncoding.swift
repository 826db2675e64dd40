/// Converts a camelCase coding key to snake_case the way `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase`
/// does: a word starts at each uppercase letter, a run of uppercase letters is one word (its last letter starts
/// the next word when a lowercase letter follows), and the words are lowercased and joined with `_`.
func snakeCase(fromCamelCase key: String) -> String {
    let scalars = Array(key.unicodeScalars)
    guard !scalars.isEmpty else { return key }
    func isUppercase(_ index: Int) -> Bool {
        let category = scalars[index].properties.generalCategory
        return category == .uppercaseLetter || category == .titlecaseLetter
    }
    func isLowercase(_ index: Int) -> Bool { scalars[index].properties.generalCategory == .lowercaseLetter }
    let end = scalars.count
    var words: [Range<Int>] = []
    var wordStart = 0
    var searchStart = 1
    while let upper = (searchStart..<end).first(where: isUppercase) {
        words.append(wordStart..<upper)
        guard let lower = (upper..<end).first(where: isLowercase) else {
            wordStart = upper
            break
        }
        if lower == upper + 1 {
            wordStart = upper
        } else {
            words.append(upper..<(lower - 1))
            wordStart = lower - 1
        }
        searchStart = lower + 1
    }
    words.append(wordStart..<end)
    return words.map { range in
        var word = String.UnicodeScalarView()
        word.append(contentsOf: scalars[range])
        return String(word).lowercased()
    }.joined(separator: "_")
}
