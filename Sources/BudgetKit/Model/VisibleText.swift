/// Text from a book on its way to a terminal, made safe to draw: control characters (C0, DEL,
/// C1), bidi controls (the right-to-left override U+202E and its kin), line separators and the
/// characters that draw nothing where they stand (``InvisibleCharacters``) are shown as visible
/// escapes (`\n`, `\u{1b}`, `\u{202e}`, `\u{200b}`), so an imported payee can neither move the
/// cursor, clear the screen, set the clipboard (OSC 52) nor reorder what is shown, and `Fo\u{200b}od`
/// is not shown as `Food`.
///
/// ```swift
/// print(VisibleText.visible("x\u{1B}[31mred\u{202E}"))   // prints x\u{1b}[31mred\u{202e}, as text
/// print(VisibleText.visible("Fo\u{200B}od"))            // prints Fo\u{200b}od
/// print(VisibleText.visible("\u{1F469}\u{200D}\u{1F4BB}"))   // prints 👩‍💻: the joiner makes one emoji
/// ```
///
/// The `budget` command applies it to everything it writes to a terminal; a program of one's own
/// that prints book text should too. Pipes and files may take the text exactly.
public enum VisibleText {
    /// User text made safe to draw: every control, C1, bidi-control and line-separator character,
    /// and every character that draws nothing where it stands (``InvisibleCharacters``: joiners,
    /// selectors and tags that emoji and scripts need stay as they are), shown as an escape. With
    /// `keepingLayout`, line feeds and tabs (the layout of our own output: rows, TSV columns)
    /// pass unchanged.
    ///
    /// - Complexity: O(n); text with nothing to escape is returned as it is.
    public static func visible(_ text: String, keepingLayout: Bool = false) -> String {
        guard needsEscaping(text, keepingLayout: keepingLayout) else { return text }
        var result = ""
        for (scalar, isInvisible) in InvisibleCharacters.Scan(text) {
            guard isInvisible || isControl(scalar, keepingLayout: keepingLayout) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default: result += InvisibleCharacters.escape(scalar)
            }
        }
        return result
    }

    /// Whether ``visible(_:keepingLayout:)`` would change `text`: whether it holds a character
    /// that must not reach a terminal raw.
    ///
    /// - Complexity: O(n).
    public static func needsEscaping(_ text: String, keepingLayout: Bool) -> Bool {
        // Printable ASCII (most text) never needs it: checked by its bytes first.
        let printable = text.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains { $0 > 0x7E || ($0 < 0x20 && !(keepingLayout && ($0 == 0x0A || $0 == 0x09))) }
        }
        if printable == true { return false }
        return text.unicodeScalars.contains(where: { isControl($0, keepingLayout: keepingLayout) }) || InvisibleCharacters.contains(in: text)
    }

    /// Whether the scalar must not reach a terminal raw wherever it stands: control, bidi-control
    /// and line-separator characters.
    static func isControl(_ scalar: Unicode.Scalar, keepingLayout: Bool) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return !keepingLayout
        case 0x00...0x1F, 0x7F...0x9F: return true
        // Bidi controls: ALM, LRM, RLM, the embeddings and overrides, the isolates.
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        // Line and paragraph separators break a line where none should be.
        case 0x2028, 0x2029: return true
        default: return false
        }
    }
}
