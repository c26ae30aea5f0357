import Testing
@testable import BudgetKit

/// The characters a new category or account name may not hold, and the store refusing them in
/// new names only.
@Suite struct InvisibleCharactersTests {
    /// Refused: every one of them, alone in its range's ends and middles.
    static let refused: [UInt32] = [0x00AD, 0x180E, 0x200B, 0x202A, 0x202C, 0x202E, 0x2060, 0x2062, 0x2064, 0x2066, 0x2069,
                                    0x206A, 0x206F, 0xFEFF]
    /// Kept: joiners, marks, selectors and tags that scripts and emoji need, spaces, and the
    /// neighbours of the refused ranges.
    static let kept: [UInt32] = [0x0020, 0x00A0, 0x00AC, 0x00AE, 0x061C, 0x180D, 0x180F, 0x200A, 0x200C, 0x200D, 0x200E,
                                 0x200F, 0x2029, 0x202F, 0x205F, 0x2065, 0x2070, 0xFE0F, 0xFEFE, 0xFF00, 0xE0067, 0x1F469]

    @Test(arguments: refused)
    func aFormatCharacterThatDrawsNothingIsRefused(_ value: UInt32) {
        let scalar = Unicode.Scalar(value)!
        #expect(InvisibleCharacters.contains(scalar))
        #expect(InvisibleCharacters.first(in: "Fo" + String(Character(scalar)) + "od") == scalar)
    }

    @Test(arguments: kept)
    func joinersMarksAndVisibleCharactersAreKept(_ value: UInt32) {
        let scalar = Unicode.Scalar(value)!
        #expect(!InvisibleCharacters.contains(scalar))
        #expect(InvisibleCharacters.first(in: "Fo" + String(Character(scalar)) + "od") == nil)
    }

    @Test(arguments: [
        ("Fo\u{200B}od", "Fo\\u{200b}od"),
        ("\u{FEFF}Rent\u{00AD}", "\\u{feff}Rent\\u{ad}"),
        ("\u{1F469}\u{200D}\u{1F4BB} Work", "\u{1F469}\u{200D}\u{1F4BB} Work"),
        ("Food", "Food"),
    ])
    func aMessageShowsEachOneAsAnEscape(_ name: String, _ shown: String) {
        #expect(InvisibleCharacters.shown(in: name) == shown)
    }

    @Test(arguments: [
        (0x200B, "U+200B ZERO WIDTH SPACE"), (0x00AD, "U+00AD SOFT HYPHEN"), (0x202E, "U+202E RIGHT-TO-LEFT OVERRIDE"),
        (0xFEFF, "U+FEFF ZERO WIDTH NO-BREAK SPACE"), (0x2069, "U+2069 POP DIRECTIONAL ISOLATE"),
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
