/// How many columns of a terminal (or an editor's monospaced font) a character takes, for the caret of
/// `APIDecodeError.diagnostic(source:)`: locations count Unicode scalars, but a terminal shows a character
/// (a grapheme cluster: `e` and a combining accent, a flag, a family emoji) in 0, 1 or 2 columns, so a caret
/// placed one space per scalar drifts to the right of the value after wide (CJK, emoji) or combining text.
///
/// The rules are those of `wcwidth` and of the Unicode East Asian Width property (Swift has no API for
/// it): emoji shown as pictures and East Asian wide or fullwidth characters take two columns; a character
/// that is only a combining mark or an invisible format character (a zero-width space or joiner, a byte
/// order mark) takes none; anything else one.
enum TerminalColumns {
    /// The columns `character` takes.
    static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.contains(where: { $0.properties.isEmojiPresentation }) || scalars.contains("\u{FE0F}") && first.properties.isEmoji {
            return 2
        }
        if isWide(first.value) { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: return 1
        }
    }

    /// Whether `value` is an East Asian wide or fullwidth code point (Hangul, CJK ideographs and their
    /// punctuation, kana, fullwidth forms).
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100 ... 0x115F, 0x2E80 ... 0x303E, 0x3041 ... 0x33FF, 0x3400 ... 0x4DBF, 0x4E00 ... 0x9FFF,
             0xA000 ... 0xA4CF, 0xA960 ... 0xA97F, 0xAC00 ... 0xD7A3, 0xF900 ... 0xFAFF, 0xFE10 ... 0xFE19,
             0xFE30 ... 0xFE6F, 0xFF00 ... 0xFF60, 0xFFE0 ... 0xFFE6, 0x1B000 ... 0x1B2FF, 0x1F200 ... 0x1F2FF,
             0x20000 ... 0x2FFFD, 0x30000 ... 0x3FFFD:
            return true
        default:
            return false
        }
    }
}
