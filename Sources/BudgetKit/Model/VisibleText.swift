/// Text from a book on its way to a terminal, made safe to draw: control characters (C0, DEL,
/// C1), bidi controls (the right-to-left override U+202E and its kin) and line separators are
/// shown as visible escapes (`\n`, `\u{1b}`, `\u{202e}`), so an imported payee can neither move
/// the cursor, clear the screen, set the clipboard (OSC 52) nor reorder what is shown.
///
/// ```swift
/// print(VisibleText.visible("x\u{1B}[31mred\u{202E}"))   // prints x\u{1b}[31mred\u{202e}, as text
/// ```
///
/// The `budget` command applies it to everything it writes to a terminal; a program of one's own
/// that prints book text should too. Pipes and files may take the text exactly.
public enum VisibleText {
    /// User text made safe to draw: every control, C1, bidi-control and line-separator character
    /// shown as an escape. With `keepingLayout`, line feeds and tabs (the layout of our own
    /// output: rows, TSV columns) pass unchanged.
    ///
    /// - Complexity: O(n); text with nothing to escape is returned as it is.
    public static func visible(_ text: String, keepingLayout: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingLayout: keepingLayout) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar, keepingLayout: keepingLayout) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default: result += "\\u{" + String(scalar.value, radix: 16) + "}"
            }
        }
        return result
    }


    /// Whether the scalar must not reach a terminal raw.
    public static func needsEscape(_ scalar: Unicode.Scalar, keepingLayout: Bool) -> Bool {
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
