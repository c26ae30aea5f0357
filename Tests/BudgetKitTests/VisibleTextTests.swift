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

    /// The characters a new name may not hold are shown where they draw nothing, by the same
    /// rule (``InvisibleCharacters``); the joiners, selectors and tags emoji and scripts need are
    /// drawn as they are.
    @Test(arguments: [
        ("Fo\u{200B}od", "Fo\\u{200b}od"),
        ("Fo\u{34F}od", "Fo\\u{34f}od"),
        ("\u{3164}Rent\u{2800}", "\\u{3164}Rent\\u{2800}"),
        ("Fo\u{200D}od", "Fo\\u{200d}od"),
        ("Tea\u{FE0F}", "Tea\\u{fe0f}"),
        ("\u{1F3F4}\u{E0067}\u{E007F}\u{E0001}", "\u{1F3F4}\u{E0067}\u{E007F}\\u{e0001}"),
        ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} Family", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} Family"),
        ("\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"),
        ("\u{0645}\u{06CC}\u{200C}\u{062E}\u{0648}\u{0627}\u{0647}\u{0645}", "\u{0645}\u{06CC}\u{200C}\u{062E}\u{0648}\u{0627}\u{0647}\u{0645}"),
        ("1\u{FE0F}\u{20E3} One", "1\u{FE0F}\u{20E3} One"),
        // The bidi marks a name may hold are still shown on a terminal, as before.
        ("\u{200F}\u{05E9}\u{05DC}\u{05D5}\u{05DD}", "\\u{200f}\u{05E9}\u{05DC}\u{05D5}\u{05DD}"),
    ])
    func charactersThatDrawNothingWhereTheyStandAreShownAsEscapes(_ text: String, _ shown: String) {
        #expect(VisibleText.visible(text) == shown)
        #expect(VisibleText.needsEscaping(text, keepingLayout: true) == (text != shown))
    }

    @Test func rowsAndColumnsOfOurOwnLayoutCanBeKept() {
        #expect(VisibleText.visible("a\nb\tc\u{7}", keepingLayout: true) == "a\nb\tc\\u{7}")
    }
}
