import BudgetKit
import Testing
@testable import BudgetCLI

/// The characters a new name may not hold (``InvisibleCharacters``) are shown as escapes wherever
/// control characters are: in everything written to a terminal, and in tables and `log` in pipes
/// too; CSV and messages to a pipe get the text exactly. The joiners, selectors and tags that
/// emoji, flags and Persian names need are drawn as they are.
@Suite struct InvisibleTextTests {
    static let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} Family"
    static let england = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F} England"
    static let persian = "\u{0645}\u{06CC}\u{200C}\u{062E}\u{0648}\u{0627}\u{0647}\u{0645}"
    static let keycap = "1\u{FE0F}\u{20E3} One"
    static let lookAlike = "Fo\u{34F}od"

    /// Food, the four names that need their joiners, and `Fo\u{34F}od`, which an older `budget`
    /// let in, with a transaction in it whose payee holds U+200B.
    func bookWithALookAlike() -> Sandbox {
        let sandbox = Sandbox()
        for name in ["Food", "Fodder", Self.family, Self.england, Self.persian, Self.keycap] {
            sandbox.succeed("-q", "add-category", name, "10", "--from", "2026-01")
        }
        sandbox.sql("UPDATE categories SET name = '\(Self.lookAlike)', name_key = '\(BudgetCategory.nameKey(Self.lookAlike))' "
                    + "WHERE name = 'Fodder';")
        sandbox.succeed("-q", "add", "5", Self.lookAlike, "Ba\u{200B}kery", "--date", "2026-11-21")
        return sandbox
    }

    @Test(arguments: [true, false])
    func tablesShowALookAlikeEscapedAndNamesThatNeedJoinersAsTheyAre(terminal: Bool) {
        let sandbox = bookWithALookAlike()
        let categories = sandbox.run(["categories"], terminal: terminal)
        #expect(categories.status == 0)
        #expect(categories.stdout.contains("\nFo\\u{34f}od "))
        #expect(categories.stdout.contains("\nFood "))
        for name in [Self.family, Self.england, Self.persian, Self.keycap] { #expect(categories.stdout.contains("\n\(name) ")) }
        let list = sandbox.run(["list"], terminal: terminal).stdout
        #expect(list.contains("  Fo\\u{34f}od  ") && list.contains("  Ba\\u{200b}kery"))
        // The data formats carry the names exactly to a pipe.
        #expect(sandbox.run(["categories", "--format", "csv"]).stdout.contains("\n\(Self.lookAlike),expense,10.00,off\n"))
        #expect(sandbox.run(["export"], terminal: false).stdout.contains(",5.00,\(Self.lookAlike),Ba\u{200B}kery,"))
    }

    /// `budget add 5 Fo\u{200B}od x` beside Food: the name that is not there is not shown as
    /// `Food` on a terminal; a pipe gets the message exactly, as with control characters.
    @Test func anUnknownNameIsShownEscapedOnATerminal() {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        let hint = "hint: see the categories with 'budget categories', or add one with 'budget add-category NAME AMOUNT'\n"
        let screen = sandbox.run(["add", "5", "Fo\u{200B}od", "x"], stderrTerminal: true)
        #expect(screen.status == 1)
        #expect(screen.stderr == "budget: error: no category named 'Fo\\u{200b}od'\n" + hint)
        let piped = sandbox.run(["add", "5", "Fo\u{200B}od", "x"])
        #expect(piped.status == 1)
        #expect(piped.stderr == "budget: error: no category named 'Fo\u{200B}od'\n" + hint)
        // A name whose joiners join is drawn as it is.
        let family = sandbox.run(["add", "5", Self.family, "x"], stderrTerminal: true)
        #expect(family.stderr == "budget: error: no category named '\(Self.family)'\n" + hint)
        #expect(!sandbox.succeed("list", "--format", "csv").contains("\n1,"))
    }

    /// An import naming `Fo\u{200B}od` without --create-categories lists it escaped on a terminal.
    @Test func aMissingCategoryOfAnImportIsShownEscapedOnATerminal() {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        let file = sandbox.write("card.csv", "date,amount,category,payee\n2026-11-21,3.20,Fo\u{200B}od,Coffee\n2026-11-22,4.00,Food,Tea\n")
        let before = sandbox.dump()
        let screen = sandbox.run(["import", file], stderrTerminal: true)
        #expect(screen.status == 65)
        #expect(screen.stderr.hasPrefix("budget: error: \(file):2:3: no category named 'Fo\\u{200b}od'\n"))
        let piped = sandbox.run(["import", file])
        #expect(piped.status == 65)
        #expect(piped.stderr.hasPrefix("budget: error: \(file):2:3: no category named 'Fo\u{200B}od'\n"))
        #expect(sandbox.dump() == before)
    }

    /// A control character that draws nothing (U+0085 NEXT LINE) in a new name: escaped on a
    /// terminal, exact in a pipe, as every control character in a message.
    @Test func aNameWithNextLineIsShownEscapedOnATerminal() {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        let before = sandbox.dump()
        func message(_ shown: String) -> String {
            "budget: error: invalid category name 'Fo\(shown)od': it must be non-empty text without control characters\n"
                + "hint: choose a name such as Food or \"Eating out\"\n"
        }
        let screen = sandbox.run(["add-category", "Fo\u{85}od", "1"], stderrTerminal: true)
        #expect(screen.status == 64)
        #expect(screen.stderr == message("\\u{85}"))
        let piped = sandbox.run(["add-category", "Fo\u{85}od", "1"])
        #expect(piped.status == 64)
        #expect(piped.stderr == message("\u{85}"))
        #expect(sandbox.dump() == before)
    }

    /// `log` records a word holding one in `$'...'` form, as a shell reads it back, and shows
    /// the changed rows with it escaped, on a terminal or not.
    @Test func theLogWritesACommandWordHoldingOneAsAShellEscape() {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        sandbox.succeed("-q", "add", "5", "Food", "Ba\u{200B}kery", "--date", "2026-11-21", "--note", Self.family)
        let log = sandbox.succeed("log", "--limit", "1")
        #expect(log.contains("  budget -q add 5 Food $'Ba\\u200bkery' --date 2026-11-21 --note '\(Self.family)'\n"))
        #expect(log.contains(", payee Ba\\u{200b}kery, note '\(Self.family)', "))
        #expect(ShellWords.quoted(["Fo\u{E0001}od", "\u{1F3F4}\u{E0067}\u{E007F}"]) == "$'Fo\\U000e0001od' \u{1F3F4}\u{E0067}\u{E007F}")
    }
}
