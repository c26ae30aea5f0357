/// Text on its way to a terminal: the one door user text passes to be drawn safely.
///
/// ``visible(_:keepingLayout:)`` shows control characters (C0, DEL, C1), bidi controls (the
/// right-to-left override U+202E and its kin) and line separators as visible escapes (`\n`,
/// `\u{1b}`, `\u{202e}`), so an imported payee can neither move the cursor, clear the screen, set
/// the clipboard (OSC 52) nor reorder what is shown. ``Output`` applies it to everything written
/// to a terminal, stdout and stderr alike; pipes and files get the data exactly.
///
/// A `TerminalText` value is text our own code rendered (tables with coloured bars, the progress
/// bar, `watch`'s screen): its user parts already went through ``visible(_:keepingLayout:)``, and
/// its control sequences are ours, so ``Output`` writes it as it is.
struct TerminalText {
    /// The rendered text, control sequences included.
    let rendered: String

    /// Text our code drew: its control sequences are ours, its user parts already escaped.
    init(rendered: String) {
        self.rendered = rendered
    }

    /// User text made safe to draw: every control, C1, bidi-control and line-separator character
    /// shown as an escape. With `keepingLayout`, line feeds and tabs (the layout of our own
    /// output: rows, TSV columns) pass unchanged.
    ///
    /// - Complexity: O(n); text with nothing to escape is returned as it is.
    static func visible(_ text: String, keepingLayout: Bool = false) -> String {
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
    static func needsEscape(_ scalar: Unicode.Scalar, keepingLayout: Bool) -> Bool {
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
