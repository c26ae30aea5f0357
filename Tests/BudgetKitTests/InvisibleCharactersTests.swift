import Testing
@testable import BudgetKit

/// The characters a new category or account name may not hold, and the store refusing them in
/// new names only.
@Suite struct InvisibleCharactersTests {
    /// Refused between Latin letters: every default-ignorable code point (the ends and middles
    /// of its ranges, the joiners, selectors and tags among them), U+2800 and U+FFF9–U+FFFB.
    static let refused: [UInt32] = [0x00AD, 0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180E, 0x180F,
                                    0x200B, 0x200C, 0x200D, 0x202A, 0x202C, 0x202E, 0x2060, 0x2062, 0x2064, 0x2065, 0x2066,
                                    0x2069, 0x206A, 0x206F, 0x2800, 0x3164, 0xFE00, 0xFE0E, 0xFE0F, 0xFEFF, 0xFFA0, 0xFFF9,
                                    0xFFFA, 0xFFFB, 0x1BCA0, 0x1BCA3, 0x1D173, 0x1D17A, 0xE0001, 0xE0020, 0xE0067, 0xE007F,
                                    0xE0100, 0xE01EF, 0xE0FFF]
    /// Kept anywhere: the bidi marks names mixing scripts need, spaces, and the neighbours of
    /// the refused ranges.
    static let kept: [UInt32] = [0x0020, 0x00A0, 0x00AC, 0x00AE, 0x034E, 0x0350, 0x061C, 0x115E, 0x1161, 0x17B3, 0x17B6,
                                 0x180A, 0x200A, 0x200E, 0x200F, 0x2029, 0x202F, 0x205F, 0x2070, 0x27FF, 0x2801, 0x3163,
                                 0x3165, 0xFDFF, 0xFE10, 0xFEFE, 0xFF00, 0xFF9F, 0xFFA1, 0xFFFC, 0x1D172, 0x1D17B, 0x1F469]

    @Test(arguments: refused)
    func aCharacterThatDrawsNothingIsRefusedBetweenLatinLetters(_ value: UInt32) {
        let scalar = Unicode.Scalar(value)!
        #expect(InvisibleCharacters.first(in: "Fo" + String(scalar) + "od") == scalar)
        #expect(InvisibleCharacters.contains(in: String(scalar) + "Food"))
        #expect(InvisibleCharacters.shown(in: "Fo" + String(scalar) + "od") == "Fo\\u{" + String(value, radix: 16) + "}od")
    }

    @Test(arguments: kept)
    func marksSpacesAndVisibleCharactersAreKept(_ value: UInt32) {
        let scalar = Unicode.Scalar(value)!
        #expect(InvisibleCharacters.first(in: "Fo" + String(scalar) + "od") == nil)
        #expect(!InvisibleCharacters.contains(in: String(scalar)))
    }

    /// Joiners, variation selectors and tags are kept where names need them, and only there.
    @Test(arguments: [
        // Kept: what emoji, scripts and flags are made of.
        ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", nil),   // family: ZWJ between emoji
        ("\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}", nil),    // rainbow flag: ZWJ after a kept selector
        ("\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}", nil),   // ZWJ after a skin tone
        ("\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", nil),   // England: a tag sequence
        ("\u{0645}\u{06CC}\u{200C}\u{062E}\u{0648}\u{0627}\u{0647}\u{0645}", nil),   // Persian ZWNJ
        ("\u{0915}\u{094D}\u{200D}\u{0937}", nil),      // Devanagari ZWJ after a virama
        ("1\u{FE0F}\u{20E3} One", nil),                   // keycap
        ("#\u{FE0F}\u{20E3}", nil),
        ("\u{2764}\u{FE0F} Love", nil),                   // emoji presentation
        ("\u{263A}\u{FE0E}", nil),                        // text presentation
        ("\u{845B}\u{E0100}", nil),                       // an ideographic variation
        ("\u{1821}\u{180B}", nil),                        // a Mongolian free variation selector
        // Refused: the same characters where they join or select nothing.
        ("Fo\u{200D}od", "\u{200D}"),
        ("\u{1F469}\u{200D}", "\u{200D}"),               // a joiner at the end
        ("\u{200C}\u{0645}\u{06CC}", "\u{200C}"),        // a joiner at the start
        ("\u{1F469}\u{200D} Work", "\u{200D}"),          // before a space
        ("\u{1F469}\u{200D}\u{200D}\u{1F4BB}", "\u{200D}"),   // two joiners
        ("\u{1F469}\u{200B}\u{200D}\u{1F4BB}", "\u{200B}"),
        ("Food\u{FE0F}", "\u{FE0F}"),                     // a selector after ASCII
        ("\u{2764}\u{FE0F}\u{FE0F}", "\u{FE0F}"),        // a selector after a selector
        ("1\u{FE0F}", "\u{FE0F}"),                        // half a keycap
        ("1\u{FE0E}\u{20E3}", "\u{FE0E}"),               // a keycap takes U+FE0F only
        ("\u{E0100}\u{845B}", "\u{E0100}"),
        ("\u{00E9}\u{180B}", "\u{180B}"),                // a Mongolian selector after a Latin letter
        ("Food\u{E0067}\u{E0062}\u{E007F}", "\u{E0067}"),   // tags without a flag
        ("\u{1F3F4}\u{E0067}\u{E0062}", "\u{E0067}"),      // tags without their end
        ("\u{1F3F4}\u{E007F}", "\u{E007F}"),             // an end without tags
        ("\u{1F3F4}\u{E0067}\u{E007F}\u{E0067}", "\u{E0067}"),   // a tag after the end: the first is kept
        ("\u{1F3F4}\u{E0001}\u{E0067}\u{E007F}", "\u{E0001}"),   // the language tag is no part of one
    ] as [(String, Unicode.Scalar?)])
    func joinersSelectorsAndTagsAreKeptOnlyWhereTheyJoinOrSelect(_ name: String, _ first: Unicode.Scalar?) {
        #expect(InvisibleCharacters.first(in: name) == first)
        #expect(InvisibleCharacters.contains(in: name) == (first != nil))
    }

    /// The scan marks each scalar: in `a\u{200D}b\u{1F469}\u{200D}\u{1F4BB}` the first joiner only.
    @Test func theScanMarksEachScalarWhereItStands() {
        let marks = InvisibleCharacters.Scan("a\u{200D}b\u{1F469}\u{200D}\u{1F4BB}").map(\.isInvisible)
        #expect(marks == [false, true, false, false, false, false])
    }

    @Test(arguments: [
        ("Fo\u{200B}od", "Fo\\u{200b}od"),
        ("\u{FEFF}Rent\u{00AD}", "\\u{feff}Rent\\u{ad}"),
        ("Fo\u{200D}od\u{1F469}\u{200D}\u{1F4BB}", "Fo\\u{200d}od\u{1F469}\u{200D}\u{1F4BB}"),
        ("\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}\u{E0001}",
         "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}\\u{e0001}"),
        ("\u{200F}\u{05E9}\u{05DC}\u{05D5}\u{05DD}", "\u{200F}\u{05E9}\u{05DC}\u{05D5}\u{05DD}"),
        ("Food", "Food"),
    ])
    func aMessageShowsEachOneAsAnEscape(_ name: String, _ shown: String) {
        #expect(InvisibleCharacters.shown(in: name) == shown)
    }

    @Test(arguments: [
        (0x200B, "U+200B ZERO WIDTH SPACE"), (0x00AD, "U+00AD SOFT HYPHEN"), (0x202E, "U+202E RIGHT-TO-LEFT OVERRIDE"),
        (0xFEFF, "U+FEFF ZERO WIDTH NO-BREAK SPACE"), (0x2069, "U+2069 POP DIRECTIONAL ISOLATE"),
        (0x034F, "U+034F COMBINING GRAPHEME JOINER"), (0xE0001, "U+E0001 LANGUAGE TAG"), (0x2065, "U+2065"),
    ] as [(UInt32, String)])
    func aCharacterIsNamedByItsCodePointAndUnicodeName(_ value: UInt32, _ label: String) {
        #expect(InvisibleCharacters.label(Unicode.Scalar(value)!) == label)
    }

    @Test func theStoreRefusesThemInNewAndRenamedNamesAndWritesNothing() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: .zero)
        try store.addAccount(named: "Savings")
        let path = dir.file("budget.sqlite3")
        let before = tableDump(path)
        #expect(throws: BudgetError.invisibleCharacterInCategoryName(" Fo\u{200B}od ", "\u{200B}")) {
            try store.addCategory(named: " Fo\u{200B}od ", monthlyBudget: .zero)
        }
        #expect(throws: BudgetError.invisibleCharacterInCategoryName("Food\u{2060}", "\u{2060}")) {
            try store.renameCategory(named: "Food", to: "Food\u{2060}")
        }
        #expect(throws: BudgetError.invisibleCharacterInAccountName("\u{202E}Card", "\u{202E}")) {
            try store.addAccount(named: "\u{202E}Card")
        }
        #expect(throws: BudgetError.invisibleCharacterInAccountName("Sav\u{AD}ings", "\u{AD}")) {
            try store.renameAccount(named: "Savings", to: "Sav\u{AD}ings")
        }
        // A control character is the older, plainer error.
        #expect(throws: BudgetError.invalidCategoryName("Fo\u{200B}\nod")) {
            try store.addCategory(named: "Fo\u{200B}\nod", monthlyBudget: .zero)
        }
        #expect(tableDump(path) == before)
    }

    /// A book that holds such names already (an older `budget`, another device) opens, finds and
    /// uses them, and `check` finds nothing wrong; a rename puts them right.
    @Test func namesABookAlreadyHoldsAreFoundUsedAndNotReported() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("budget.sqlite3")
        do {
            let store = try BudgetStore(path: path)
            try store.addCategory(named: "Food", monthlyBudget: .zero)
            try store.addAccount(named: "Savings")
        }
        let food = "Fo\u{200B}od", savings = "\u{2066}Savings\u{2069}"
        #expect(sqliteShell(path, """
            UPDATE categories SET name = '\(food)', name_key = '\(BudgetCategory.nameKey(food))' WHERE id = 1;
            UPDATE accounts SET name = '\(savings)', name_key = '\(Account.nameKey(savings))' WHERE name = 'Savings';
            """) == 0)
        let store = try BudgetStore(path: path)
        #expect(try store.check() == [])
        #expect(try store.category(named: food).name == food)
        try store.addTransaction(amount: Money(parsing: "4.20"), category: food, payee: "Bakery", date: Day(iso: "2026-11-21")!,
                                 account: savings)
        #expect(try store.transactions().map(\.category) == [food])
        try store.renameCategory(named: food, to: "Food")
        try store.renameAccount(named: savings, to: "Savings")
        #expect(try store.transactions().map(\.category) == ["Food"])
        #expect(try store.check() == [])
    }
}
