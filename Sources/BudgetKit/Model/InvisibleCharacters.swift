/// The invisible characters a new category or account name may not hold: format characters
/// that draw nothing and mean nothing alone in a name, so `Fo\u{200B}od` would look exactly like
/// `Food` while being another category.
///
/// ```swift
/// InvisibleCharacters.first(in: "Fo\u{200B}od")   // U+200B
/// InvisibleCharacters.first(in: "\u{1F469}\u{200D}\u{1F4BB} Work")   // nil: the joiner makes one emoji
/// ```
///
/// Refused: U+00AD SOFT HYPHEN, U+180E MONGOLIAN VOWEL SEPARATOR, U+200B ZERO WIDTH SPACE,
/// U+2060 WORD JOINER and the invisible operators U+2061–U+2064, U+FEFF ZERO WIDTH NO-BREAK SPACE
/// (a byte order mark), the bidi embeddings and overrides U+202A–U+202E, the bidi isolates
/// U+2066–U+2069, and the deprecated format characters U+206A–U+206F.
///
/// Deliberately kept, as names in some scripts need them: U+200C ZERO WIDTH NON-JOINER (Persian,
/// Indic scripts), U+200D ZERO WIDTH JOINER (emoji sequences, Indic and Arabic scripts), the
/// marks U+200E LEFT-TO-RIGHT MARK, U+200F RIGHT-TO-LEFT MARK and U+061C ARABIC LETTER MARK
/// (Hebrew and Arabic names mixed with digits or Latin), variation selectors and tag
/// characters (emoji presentation and flags).
///
/// Only new names are checked: a book whose names already hold these characters opens and
/// works, and `check` does not report them; renaming such a category puts it right.
public enum InvisibleCharacters {
    /// Whether a new name may not hold `scalar`.
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00AD, 0x180E, 0x200B, 0xFEFF: return true
        case 0x202A...0x202E: return true
        case 0x2060...0x2064, 0x2066...0x206F: return true
        default: return false
        }
    }

    /// The first character of `text` a new name may not hold, if any.
    ///
    /// - Complexity: O(n).
    public static func first(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first(where: contains)
    }

    /// `text` with each character a name may not hold written as an escape (`Fo\u{200b}od`), as
    /// ``VisibleText`` writes the characters it escapes, so a message shows where it is.
    ///
    /// - Complexity: O(n); text without them is returned as it is.
    public static func shown(in text: String) -> String {
        guard first(in: text) != nil else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if contains(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The character's code point and Unicode name: `U+200B ZERO WIDTH SPACE`.
    public static func label(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        guard let name = scalar.properties.name else { return code }
        return code + " " + name
    }
}
