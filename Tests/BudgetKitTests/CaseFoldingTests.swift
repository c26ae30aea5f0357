import Testing
@testable import BudgetKit

/// Issue "Trust" item 26: names, payees and rules ignore case over all of Unicode, and
/// canonically equivalent spellings are one.
@Suite struct CaseFoldingTests {
    @Test(arguments: [("Straße", "strasse"), ("STRASSE", "strasse"), ("ẞ", "ss"), ("Cafe\u{301}", "café"), ("CAFÉ", "café"),
                      ("ΣΊΣΥΦΟΣ", "σίσυφοσ"), ("ﬀ", "ff"), ("Food", "food")])
    func textFoldsToOneKey(text: String, folded: String) {
        #expect(Array(text.caseFolded().utf8) == Array(folded.utf8))
        #expect(Array(text.caseFolded().caseFolded().utf8) == Array(folded.utf8))
    }

    /// Dotless `ı` folds to itself, as Unicode's CaseFolding.txt has it: folding by
    /// `lowercased().uppercased().lowercased()` made it `I`, then `i`, so the categories `Işık` and
    /// `Işik` were one, and `merge-payees sik` renamed the payee `sık` too.
    @Test(arguments: [("Işık", "işık"), ("ışık", "ışık"), ("ISIK", "isik"), ("Işik", "işik"), ("ı", "ı"), ("ıı", "ıı"),
                      ("STRAßE ı", "strasse ı"), ("ı\u{307}", "ı\u{307}"), ("Kırmızı Café", "kırmızı café")])
    func dotlessIFoldsToItself(text: String, folded: String) {
        #expect(Array(text.caseFolded().utf8) == Array(folded.utf8))
        #expect(Array(text.caseFolded().caseFolded().utf8) == Array(folded.utf8))
    }

    /// A book of schema version 13 (Fixtures/README.md) keyed `Işık` as `işik`: after the
    /// migration each name is found by itself, and `Işik` is another name.
    @Test func aVersion13BooksDotlessNamesAreKeyedAgain() throws {
        let dir = TemporaryDirectory()
        let store = try BudgetStore(path: copyOfFixtureBook("book-v13-dotless-i.sqlite3", in: dir))
        #expect(try store.connection.int64("PRAGMA user_version") == Int64(Schema.migrator.latestVersion))
        let keys = try store.connection.prepare("""
            SELECT * FROM (SELECT name_key FROM categories ORDER BY id) UNION ALL SELECT * FROM (SELECT name_key FROM accounts ORDER BY id)
            UNION ALL SELECT name_key FROM import_profiles
            """).map { $0.text(0) }
        #expect(keys == ["işık", "kırmızı", "café", "main", "yıldız", "banka işık"])
        #expect(try store.category(named: "IşıK").name == "Işık")
        #expect(try store.transactions(matching: TransactionFilter(category: "işık")).map(\.payee) == ["Sık Market"])
        try store.addCategory(named: "Işik", monthlyBudget: .zero)
        #expect(try store.category(named: "işik").name == "Işik")
        #expect(throws: BudgetError.duplicateCategory("kırmızı")) { try store.addCategory(named: "kırmızı", monthlyBudget: .zero) }
    }

    @Test(arguments: [("Straße", "STRASSE"), ("Café", "Cafe\u{301}"), ("Cafe\u{301}", "CAFÉ")])
    func namesThatDifferOnlyInCaseOrNormalizationAreOneCategory(first: String, second: String) throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: first, monthlyBudget: .zero)
        let before = try dumpOfEveryTable(store)
        #expect(throws: BudgetError.duplicateCategory(second)) { try store.addCategory(named: second, monthlyBudget: .zero) }
        #expect(try dumpOfEveryTable(store) == before)
        #expect(try store.category(named: second).name == first)
        try store.addTransaction(amount: Money(minorUnits: 100), category: second)
        #expect(try store.transactions(matching: TransactionFilter(category: second)).count == 1)
    }

    @Test func payeeSearchAndRulesFoldTheSameWay() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Transport", monthlyBudget: .zero)
        try store.addTransaction(amount: Money(minorUnits: 250), category: "Transport", payee: "Hauptstraße 5")
        try store.addTransaction(amount: Money(minorUnits: 300), category: "Transport", payee: "Cafe\u{301} am Eck")
        #expect(try store.transactions(matching: TransactionFilter(payee: "STRASSE")).map(\.payee) == ["Hauptstraße 5"])
        #expect(try store.transactions(matching: TransactionFilter(payee: "café")).count == 1)
        try store.addRule(pattern: "HAUPTSTRASSE", category: "Transport")
        #expect(try store.rule(matchingPayee: "hauptstraße")?.pattern == "HAUPTSTRASSE")
    }
}
