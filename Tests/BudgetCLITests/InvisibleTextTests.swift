import BudgetKit
import Testing
@testable import BudgetCLI

/// The characters a new name may not hold (``InvisibleCharacters``) are shown as escapes wherever
/// control characters are: in everything written to a terminal, and in tables and `log` in pipes
/// too; CSV gets the text exactly. A message naming such a character (`it holds U+200B ZERO WIDTH
/// SPACE`) shows where it is in a pipe too. The joiners, selectors and tags that emoji, flags and
/// Persian names need are drawn as they are.
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

    static let invisibleHint = "hint: type the name without it: an invisible character makes one name look like another\n"

    /// `budget add 5 Fo\u{200B}od x` beside Food: the name that is not there is not shown as
    /// `Food`, its character is named, and the hint does not offer to add a name no new name may
    /// be; on a terminal and in a pipe alike, as a new name's refusal.
    @Test(arguments: [true, false])
    func anUnknownNameHoldingOneIsShownAndNamedAndNotOfferedToBeAdded(terminal: Bool) {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        let before = sandbox.dump()
        let category = sandbox.run(["add", "5", "Fo\u{200B}od", "x"], stderrTerminal: terminal)
        #expect(category.status == 1)
        #expect(category.stderr == "budget: error: no category named 'Fo\\u{200b}od': it holds U+200B ZERO WIDTH SPACE, which is invisible\n"
                + Self.invisibleHint)
        let account = sandbox.run(["add", "5", "Food", "x", "--account", "Sav\u{AD}ings"], stderrTerminal: terminal)
        #expect(account.status == 1)
        #expect(account.stderr == "budget: error: no account named 'Sav\\u{ad}ings': it holds U+00AD SOFT HYPHEN, which is invisible\n"
                + Self.invisibleHint)
        // A name whose joiners join is drawn as it is, with the usual hint.
        let family = sandbox.run(["add", "5", Self.family, "x"], stderrTerminal: terminal)
        #expect(family.status == 1)
        #expect(family.stderr == "budget: error: no category named '\(Self.family)'\n"
                + "hint: see the categories with 'budget categories', or add one with 'budget add-category NAME AMOUNT'\n")
        #expect(sandbox.dump() == before)
    }

    /// A control character in an unknown name is escaped as every message's (on a terminal and in
    /// a pipe alike: stderr is for people); the invisible character beside it is shown and named.
    @Test func anUnknownNameWithAControlCharacterAndAnInvisibleOneIsShownEscapedInAPipeToo() {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        let message = "no category named '\\u{1b}[2JFo\\u{200b}od': it holds U+200B ZERO WIDTH SPACE, which is invisible\n"
        #expect(sandbox.run(["add", "5", "\u{1B}[2JFo\u{200B}od", "x"]).stderr == "budget: error: " + message + Self.invisibleHint)
        #expect(sandbox.run(["add", "5", "\u{1B}[2JFo\u{200B}od", "x"], stderrTerminal: true).stderr
                == "budget: error: " + message + Self.invisibleHint)
    }

    /// An import naming `Fo\u{200B}od` without --create-categories names its character, and its
    /// hint does not offer --create-categories, which refuses such a name; other missing
    /// categories are still offered it.
    @Test(arguments: [true, false])
    func aMissingCategoryOfAnImportHoldingOneIsShownAndNamed(terminal: Bool) {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        let one = sandbox.write("one.csv", "date,amount,category,payee\n2026-11-21,3.20,Fo\u{200B}od,Coffee\n2026-11-22,4.00,Food,Tea\n")
        let mixed = sandbox.write("mixed.csv", "date,amount,category,payee\n2026-11-21,3.20,Fo\u{200B}od,Coffee\n"
                                  + "2026-11-22,4.00,Travel,Train\n2026-11-23,1.00,Fo\u{34F}od,Tea\n2026-11-24,1.00,\(Self.family),Cake\n")
        let before = sandbox.dump()
        let refused = sandbox.run(["import", one], stderrTerminal: terminal)
        #expect(refused.status == 65)
        #expect(refused.stderr == """
            budget: error: \(one):2:3: no category named 'Fo\\u{200b}od': it holds U+200B ZERO WIDTH SPACE, which is invisible
            hint: remove the invisible character from the name in the file: it makes one name look like another, \
            and --create-categories refuses such a name too; nothing was imported

            """)
        let several = sandbox.run(["import", mixed], stderrTerminal: terminal)
        #expect(several.status == 65)
        #expect(several.stderr == """
            budget: error: \(mixed):2:3: no category named 'Fo\\u{200b}od': it holds U+200B ZERO WIDTH SPACE, which is invisible
            budget: error: \(mixed):3:3: no category named 'Travel'
            budget: error: \(mixed):4:3: no category named 'Fo\\u{34f}od': it holds U+034F COMBINING GRAPHEME JOINER, which is invisible
            budget: error: \(mixed):5:3: no category named '\(Self.family)'
            hint: remove the invisible characters from the names holding one in the file (--create-categories refuses such names too); \
            for the others, add them with 'budget add-category', or import with --create-categories to create them from the file; \
            nothing was imported

            """)
        #expect(sandbox.dump() == before)
    }

    /// A control character that draws nothing (U+0085 NEXT LINE) in a new name: escaped on a
    /// terminal, and in a pipe too, as every control character in a message (stderr is for
    /// people).
    @Test func aNameWithNextLineIsShownEscapedOnATerminalAndInAPipe() {
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
        #expect(piped.stderr == message("\\u{85}"))
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
