import BudgetKit

/// Text on its way to a terminal: the one door user text passes to be drawn safely.
///
/// ``visible(_:keepingLayout:)`` shows control characters (C0, DEL, C1), bidi controls (the
/// right-to-left override U+202E and its kin), line separators and the characters that draw
/// nothing where they stand (``InvisibleCharacters``) as visible escapes (`\n`, `\u{1b}`,
/// `\u{202e}`, `\u{200b}`), so an imported payee can neither move the cursor, clear the screen,
/// set the clipboard (OSC 52), reorder what is shown nor pass for another name. ``Output`` applies it to everything written
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

    /// User text made safe to draw: ``VisibleText/visible(_:keepingLayout:)``, the library's.
    static func visible(_ text: String, keepingLayout: Bool = false) -> String {
        VisibleText.visible(text, keepingLayout: keepingLayout)
    }

    /// Whether the text holds a character that must not reach a terminal raw:
    /// ``VisibleText/needsEscaping(_:keepingLayout:)``.
    static func needsEscaping(_ text: String, keepingLayout: Bool) -> Bool {
        VisibleText.needsEscaping(text, keepingLayout: keepingLayout)
    }
}
