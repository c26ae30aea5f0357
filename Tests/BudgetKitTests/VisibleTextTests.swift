import Testing
import BudgetKit

/// Book text drawn by a program of one's own (the example, a view layer) goes through the same
/// rule as the `budget` command's terminal output.
@Suite struct VisibleTextTests {
    @Test(arguments: [
        ("Lunch", "Lunch"),
        ("x\u{1B}[31mred", "x\\u{1b}[31mred"),
        ("evil\u{202E}gnp.exe", "evil\\u{202e}gnp.exe"),
        ("a\nb\tc", "a\\nb\\tc"),
        ("\u{9B}2J", "\\u{9b}2J"),
        ("Café 🍰", "Café 🍰"),
    ])
    func controlAndBidiCharactersAreShownAsEscapes(_ text: String, _ shown: String) {
        #expect(VisibleText.visible(text) == shown)
    }

    @Test func rowsAndColumnsOfOurOwnLayoutCanBeKept() {
        #expect(VisibleText.visible("a\nb\tc\u{7}", keepingLayout: true) == "a\nb\tc\\u{7}")
    }
}
