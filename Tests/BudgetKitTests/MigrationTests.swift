import Testing
@testable import BudgetKit

/// Schema migration 2 (issue "Trust" item 26): name keys become full case folding, on books
/// made by budget 0.1.0, without failing or losing anything.
@Suite struct MigrationTests {
    func month(_ text: String) -> Month { Month(iso: text)! }

    @Test func aVersion1BookReadsBackAsTheReleasePrintedIt() throws {
        let dir = TemporaryDirectory()
        let store = try BudgetStore(path: copyOfFixtureBook("book-v1.sqlite3", in: dir))
        #expect(try store.connection.int64("PRAGMA user_version") == Int64(Schema.migrator.latestVersion))
        let categories = try store.categories(in: month("2026-11")).map {
            [$0.name, $0.kind.rawValue, $0.monthlyBudget.description, $0.rollover ? "on" : "off"]
        }
        #expect(categories == Array(try fixtureRecords("book-v1.categories.csv").dropFirst()))
        var budgets: [[String]] = []
        for category in try store.categories() {
            budgets.append(["category", "kind", "rollover", "month", "budget", "scope"])
            budgets += try store.budgetHistory(forCategory: category.name).map {
                [category.name, category.kind.rawValue, category.rollover ? "on" : "off", $0.month.description, $0.amount.description, $0.scope.rawValue]
            }
        }
        let byName = { (rows: [[String]]) in rows.split { $0[0] == "category" }.sorted { $0.first![0] < $1.first![0] } }
        #expect(byName(budgets) == byName(try fixtureRecords("book-v1.budgets.csv")))
        let transactions = try store.transactions().map {
            [String($0.id), $0.date.description, $0.amount.description, $0.category, $0.payee, $0.note]
        }
        #expect(transactions == Array(try fixtureRecords("book-v1.export.csv").dropFirst()))
        #expect(try store.rules().map { [String($0.id), $0.pattern, $0.category ?? ""] } == Array(try fixtureRecords("book-v1.rules.csv").dropFirst()))
        var reports: [[String]] = []
        for month in [month("2026-05"), month("2026-10"), month("2026-11")] {
            reports.append(["month", "category", "kind", "budget", "rollover", "actual", "remaining", "percent_used"])
            reports += try store.monthlyReport(for: month).lines.map {
                [month.description, $0.category, $0.kind.rawValue, $0.budget.description, $0.rollover.description,
                 $0.actual.description, $0.remaining.description, $0.percentUsed?.description ?? ""]
            }
        }
        // The one difference item 1 makes: May's report now shows Café's 7.00 (before its first month).
        var expected = try fixtureRecords("book-v1.reports.csv")
        expected.insert(["2026-05", "Café", "expense", "0.00", "0.00", "7.00", "-7.00", ""], at: 1)
        #expect(reports == expected)
        #expect(try store.connection.prepare("SELECT name_key FROM categories ORDER BY id").map { $0.text(0) } == ["food", "rent", "salary", "café"])
    }

    /// A version 1 book holding names that fold to one key: Straße (older) and STRASSE, Café
    /// precomposed and decomposed, and Fuß alone.
    @Test func namesThatNowCollideAreAllKeptAndEachIsFoundByItsExactName() throws {
        let dir = TemporaryDirectory()
        let path = copyOfFixtureBook("book-v1.sqlite3", in: dir)
        do {
            let connection = try Connection(path: path)
            for name in ["Straße", "STRASSE", "Cafe\u{301}", "Fuß"] {
                try connection.run("INSERT INTO categories (name, name_key) VALUES (?, ?)", [.text(name), .text(name.lowercased())])
            }
        }
        let store = try BudgetStore(path: path)
        let keys = try store.connection.prepare("SELECT name, name_key FROM categories WHERE id > 4 ORDER BY id").map { [$0.text(0), $0.text(1)] }
        // STRASSE already held "strasse"; Straße keeps its old key. Café (id 4) holds "café"; the
        // decomposed one keeps its old key. Fuß, alone, gets the new key.
        #expect(keys.map { $0.map { Array($0.unicodeScalars) } } == [
            ["Straße", "straße"], ["STRASSE", "strasse"], ["Cafe\u{301}", "cafe\u{301}"], ["Fuß", "fuss"],
        ].map { $0.map { Array($0.unicodeScalars) } })
        #expect(try store.categories().count == 8)
        #expect(try store.category(named: "Straße").name == "Straße")
        #expect(try store.category(named: "STRASSE").name == "STRASSE")
        #expect(try store.category(named: "strasse").name == "STRASSE")
        #expect(try store.category(named: "Cafe\u{301}").name.unicodeScalars.count == 5)
        #expect(try store.category(named: "CAFÉ").id == 4)
        #expect(try store.category(named: "FUSS").name == "Fuß")
        #expect(throws: BudgetError.duplicateCategory("strasse")) { try store.addCategory(named: "strasse", monthlyBudget: .zero) }
        try store.renameCategory(named: "Straße", to: "Straße alt")
        #expect(try store.category(named: "STRASSE ALT").name == "Straße alt")
    }
}
