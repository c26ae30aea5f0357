#if canImport(Glibc)
import Glibc
#endif

/// The terminal as `watch` uses it: the alternate screen with the cursor hidden, redrawn in
/// place, restored on the way out, and its keyboard read a key at a time while it is shown
/// (see ``TerminalKeyboard``). No raw mode: Ctrl-C and Ctrl-Z stay signals.
///
/// Not thread-safe: the watch loop owns it.
final class TerminalScreen {
    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l"
    static let leaveSequence = "\u{1B}[?25h\u{1B}[?1049l"

    private let output: Output
    /// The keys, when standard input is this terminal.
    let keyboard: TerminalKeyboard?
    private(set) var isActive = false

    init(output: Output, keyboard: TerminalKeyboard? = nil) {
        self.output = output
        self.keyboard = keyboard
    }

    /// The terminal's size (24 x 80 when it cannot be asked, as in tests).
    var size: (rows: Int, columns: Int) {
        var window = winsize()
        if let descriptor = output.fileDescriptor, ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0,
           window.ws_row > 0, window.ws_col > 0 {
            return (Int(window.ws_row), Int(window.ws_col))
        }
        return (24, 80)
    }

    /// Switches to the alternate screen, hides the cursor and takes keys one at a time.
    func enter() throws(OutputError) {
        guard !isActive else { return }
        isActive = true
        keyboard?.enable()
        try output.write(TerminalText(rendered: TerminalScreen.enterSequence))
        try output.flush()
    }

    /// Shows the cursor, goes back to the normal screen and gives the keyboard its settings back.
    func leave() {
        guard isActive else { return }
        isActive = false
        keyboard?.restore()
        try? output.write(TerminalText(rendered: TerminalScreen.leaveSequence))
        try? output.flush()
    }

    /// Draws `lines` from the top left, each cut to the width, clearing what was there.
    func draw(_ lines: [String]) throws(OutputError) {
        let (rows, columns) = size
        var text = "\u{1B}[H"
        for (index, line) in lines.prefix(rows).enumerated() {
            if index > 0 { text += "\r\n" }
            text += TerminalScreen.cut(line, to: columns) + "\u{1B}[K"
        }
        try output.write(TerminalText(rendered: text + "\u{1B}[J"))
        try output.flush()
    }

    /// The line cut to `width` display columns; escape sequences (colours) pass through uncounted.
    static func cut(_ line: String, to width: Int) -> String {
        var result = ""
        var used = 0
        var inEscape = false
        for character in line {
            if character == "\u{1B}" { inEscape = true }
            if inEscape {
                result.append(character)
                if character.isLetter { inEscape = false }
                continue
            }
            let characterWidth = DisplayWidth.of(character)
            if used + characterWidth > width { break }
            used += characterWidth
            result.append(character)
        }
        return result
    }
}

@available(*, unavailable)
extension TerminalScreen: Sendable {}
