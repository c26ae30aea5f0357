import BudgetKit
import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

/// A new category or account name may not hold a character that draws nothing (`Fo\u{200B}od`
/// looks exactly like `Food`): refused with the character named, exit 64 as every bad name, and
/// the book (every table, change log included) left as it was. Joiners and marks that scripts
/// and emoji need are kept, and names a book already holds keep working.
@Suite struct InvisibleNameTests {
    static let hint = "hint: type the name without it: an invisible character makes one name look like another\n"

    @Test(arguments: [
        (["add-category", "Fo\u{200B}od", "100"],
         "invalid category name 'Fo\\u{200b}od': it holds U+200B ZERO WIDTH SPACE, which is invisible"),
        (["add-category", "Rent\u{2060}", "100"],
         "invalid category name 'Rent\\u{2060}': it holds U+2060 WORD JOINER, which is invisible"),
        (["add-category", "\u{FEFF}Rent", "100", "--income"],
         "invalid category name '\\u{feff}Rent': it holds U+FEFF ZERO WIDTH NO-BREAK SPACE, which is invisible"),
        (["add-category", "Haus\u{00AD}halt", "100"],
         "invalid category name 'Haus\\u{ad}halt': it holds U+00AD SOFT HYPHEN, which is invisible"),
        (["add-category", "Tea\u{180E}", "5"],
         "invalid category name 'Tea\\u{180e}': it holds U+180E MONGOLIAN VOWEL SEPARATOR, which is invisible"),
        (["add-category", "\u{202E}dooF", "5"],
         "invalid category name '\\u{202e}dooF': it holds U+202E RIGHT-TO-LEFT OVERRIDE, which is invisible"),
        (["add-category", "\u{2067}Books\u{2069}", "5"],
         "invalid category name '\\u{2067}Books\\u{2069}': it holds U+2067 RIGHT-TO-LEFT ISOLATE, which is invisible"),
        (["rename-category", "Food", "Fo\u{200B}od"],
         "invalid category name 'Fo\\u{200b}od': it holds U+200B ZERO WIDTH SPACE, which is invisible"),
        (["rename-category", "Food", "food\u{202A}"],
         "invalid category name 'food\\u{202a}': it holds U+202A LEFT-TO-RIGHT EMBEDDING, which is invisible"),
        (["add-account", "Sav\u{200B}ings"],
         "invalid account name 'Sav\\u{200b}ings': it holds U+200B ZERO WIDTH SPACE, which is invisible"),
        (["add-account", "Card\u{2066}", "--type", "credit"],
         "invalid account name 'Card\\u{2066}': it holds U+2066 LEFT-TO-RIGHT ISOLATE, which is invisible"),
        (["rename-account", "Savings", "Sav\u{00AD}ings"],
         "invalid account name 'Sav\\u{ad}ings': it holds U+00AD SOFT HYPHEN, which is invisible"),
        (["rename-account", "Checking", "\u{FEFF}Checking"],
         "invalid account name '\\u{feff}Checking': it holds U+FEFF ZERO WIDTH NO-BREAK SPACE, which is invisible"),
    ] as [([String], String)])
    func aNewNameWithAnInvisibleCharacterIsRefusedNamingItAndChangesNothing(arguments: [String], message: String) {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        let before = sandbox.dump()
        let run = sandbox.run(arguments)
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(run.stderr == "budget: error: \(message)\n" + Self.hint)
        #expect(sandbox.dump() == before)
    }

    /// Every character that draws nothing where it stands, beyond the format characters above:
    /// Unicode's other default-ignorable code points, U+2800 and U+FFF9–U+FFFB, and the joiners,
    /// selectors and tags names need where they join or select nothing.
    @Test(arguments: [
        ("Fo\u{34F}od", "Fo\\u{34f}od", "U+034F COMBINING GRAPHEME JOINER"),
        ("Fo\u{115F}od", "Fo\\u{115f}od", "U+115F HANGUL CHOSEONG FILLER"),
        ("Fo\u{1160}od", "Fo\\u{1160}od", "U+1160 HANGUL JUNGSEONG FILLER"),
        ("Fo\u{3164}od", "Fo\\u{3164}od", "U+3164 HANGUL FILLER"),
        ("Fo\u{FFA0}od", "Fo\\u{ffa0}od", "U+FFA0 HALFWIDTH HANGUL FILLER"),
        ("Fo\u{2800}od", "Fo\\u{2800}od", "U+2800 BRAILLE PATTERN BLANK"),
        ("Fo\u{17B4}od", "Fo\\u{17b4}od", "U+17B4 KHMER VOWEL INHERENT AQ"),
        ("Fo\u{17B5}od", "Fo\\u{17b5}od", "U+17B5 KHMER VOWEL INHERENT AA"),
        ("Fo\u{1D173}od", "Fo\\u{1d173}od", "U+1D173 MUSICAL SYMBOL BEGIN BEAM"),
        ("Fo\u{1D17A}od", "Fo\\u{1d17a}od", "U+1D17A MUSICAL SYMBOL END PHRASE"),
        ("Fo\u{FFF9}od", "Fo\\u{fff9}od", "U+FFF9 INTERLINEAR ANNOTATION ANCHOR"),
        ("Fo\u{FFFA}od", "Fo\\u{fffa}od", "U+FFFA INTERLINEAR ANNOTATION SEPARATOR"),
        ("Fo\u{FFFB}od", "Fo\\u{fffb}od", "U+FFFB INTERLINEAR ANNOTATION TERMINATOR"),
        ("Fo\u{E0001}od", "Fo\\u{e0001}od", "U+E0001 LANGUAGE TAG"),
        ("Fo\u{200C}od", "Fo\\u{200c}od", "U+200C ZERO WIDTH NON-JOINER"),
        ("Fo\u{200D}od", "Fo\\u{200d}od", "U+200D ZERO WIDTH JOINER"),
        ("Fo\u{FE0F}od", "Fo\\u{fe0f}od", "U+FE0F VARIATION SELECTOR-16"),
        ("Fo\u{180B}od", "Fo\\u{180b}od", "U+180B MONGOLIAN FREE VARIATION SELECTOR ONE"),
        ("Fo\u{180D}od", "Fo\\u{180d}od", "U+180D MONGOLIAN FREE VARIATION SELECTOR THREE"),
        ("Food\u{E0067}\u{E007F}", "Food\\u{e0067}\\u{e007f}", "U+E0067 TAG LATIN SMALL LETTER G"),
        ("\u{1F469}\u{200D} Work", "\u{1F469}\\u{200d} Work", "U+200D ZERO WIDTH JOINER"),
        ("\u{1F469}\u{200D}\u{200D}\u{1F4BB}", "\u{1F469}\\u{200d}\\u{200d}\u{1F4BB}", "U+200D ZERO WIDTH JOINER"),   // neither joins
    ] as [(String, String, String)])
    func anotherCharacterThatDrawsNothingWhereItStandsIsRefused(name: String, shown: String, label: String) {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        let before = sandbox.dump()
        for (words, noun) in [(["add-category", name, "1"], "category"), (["rename-category", "Food", name], "category"),
                              (["add-account", name], "account"), (["rename-account", "Savings", name], "account")] {
            let run = sandbox.run(words)
            #expect(run.status == 64)
            #expect(run.stdout == "")
            #expect(run.stderr == "budget: error: invalid \(noun) name '\(shown)': it holds \(label), which is invisible\n" + Self.hint)
        }
        #expect(sandbox.dump() == before)
    }

    /// On a terminal the escapes reach the screen as they are (not escaped twice).
    @Test func onATerminalTheMessageIsTheSame() {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        let run = sandbox.run(["add-category", "Fo\u{200B}od", "100"], stderrTerminal: true)
        #expect(run.status == 64)
        #expect(run.stderr == "budget: error: invalid category name 'Fo\\u{200b}od': it holds U+200B ZERO WIDTH SPACE, which is invisible\n"
                + Self.hint)
    }

    /// Joiners and marks that Persian, Hebrew, Arabic and Indic names and emoji sequences need.
    @Test(arguments: [
        "\u{1F469}\u{200D}\u{1F4BB} Work",          // woman technologist: ZWJ inside an emoji sequence
        "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308} Pride",  // rainbow flag: variation selector and ZWJ
        "\u{0645}\u{06CC}\u{200C}\u{062E}\u{0648}\u{0627}\u{0647}\u{0645}",   // Persian with ZWNJ
        "\u{200F}\u{05E9}\u{05DC}\u{05D5}\u{05DD} 2",  // Hebrew with RLM
        "Rent \u{200E}(\u{0627}\u{0644}\u{0628}\u{064A}\u{062A})",   // LRM before Arabic
        "\u{0915}\u{094D}\u{200D}\u{0937}",          // Devanagari half form with ZWJ
        "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} Family",   // family: three joiners
        "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F} England",   // flag: an emoji tag sequence
        "1\u{FE0F}\u{20E3} One",                    // keycap: digit, U+FE0F, U+20E3
        "\u{2764}\u{FE0F} Gifts",                   // emoji presentation
        "\u{845B}\u{E0100}\u{98FE}",                // an ideographic variation selector
        "\u{1821}\u{180B}\u{1822}",                 // a Mongolian free variation selector
    ])
    func joinersAndMarksThatScriptsAndEmojiNeedAreKept(name: String) {
        let sandbox = Sandbox()
        #expect(sandbox.run("-q", "add-category", name, "10").status == 0)
        #expect(sandbox.run("-q", "add-account", name).status == 0)
        #expect(sandbox.succeed("categories", "--format", "csv").contains("\n\(name),expense,10.00,off\n"))
        #expect(sandbox.succeed("accounts", "--format", "csv").contains("\n\(name),"))
        #expect(sandbox.run("-q", "rename-category", name, name + " 2").status == 0)
        #expect(sandbox.run("-q", "rename-account", name, name + " 2").status == 0)
    }

    /// A book an older `budget` (or a synced device) wrote holds such names already: it opens,
    /// its names are found and used, `check` finds nothing wrong, and a rename puts it right.
    @Test func namesABookAlreadyHoldsKeepWorkingAndARenamePutsThemRight() {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        let food = "Fo\u{200B}od", savings = "Sav\u{00AD}ings"
        sandbox.sql("""
            UPDATE categories SET name = '\(food)', name_key = '\(BudgetCategory.nameKey(food))' WHERE name = 'Food';
            UPDATE accounts SET name = '\(savings)', name_key = '\(Account.nameKey(savings))' WHERE name = 'Savings';
            """)
        #expect(sandbox.run("-q", "add", "4.20", food, "Bakery", "--date", "2026-11-21").status == 0)
        #expect(sandbox.run("-q", "transfer", "10", "Checking", savings, "--date", "2026-11-21").status == 0)
        #expect(sandbox.run("-q", "set-budget", food, "320").status == 0)
        #expect(sandbox.succeed("list", "--category", food, "--format", "csv", "--from", "2026-11-21").contains(",4.20,\(food),Bakery,"))
        #expect(sandbox.succeed("report", "--month", "2026-11", "--format", "csv").contains("\(food),"))
        let check = sandbox.run("check")
        #expect(check.status == 0)
        #expect(sandbox.run("-q", "rename-category", food, "Food").status == 0)
        #expect(sandbox.run("-q", "rename-account", savings, "Savings").status == 0)
        #expect(sandbox.succeed("categories", "--format", "csv").contains("\nFood,expense,320.00,"))
        #expect(sandbox.succeed("accounts", "--format", "csv").contains("\nSavings,"))
    }
}

extension Sandbox {
    /// Runs `sql` (a test's own, fixed text) on the book with the sqlite3 shell, as a person
    /// or an older `budget` might have written it.
    func sql(_ sql: String) {
        let script = directory + "/script.sql"
        write("script.sql", sql)
        defer { unlink(script) }
        #expect(system("sqlite3 -bail '\(database)' < '\(script)' > /dev/null") == 0)
    }
}
