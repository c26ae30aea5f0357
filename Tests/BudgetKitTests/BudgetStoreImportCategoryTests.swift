import Testing
@testable import BudgetKit

/// Issue "Trust" item 9: an export round-trips into an empty book, category kinds included, and
/// without ``ImportOptions/createsMissingCategories`` every missing category is named at once.
@Suite struct BudgetStoreImportCategoryTests {
    func money(_ text: String) -> Money { try! Money(parsing: text) }

    /// A book of four categories, two of them income, with rows across several months.
    func sourceBook(_ dir: TemporaryDirectory) throws -> BudgetStore {
        let store = try dir.store("source.sqlite3")
        let jan = Month(year: 2026, month: 1)!
        try store.addCategory(named: "Food", monthlyBudget: money("300"), from: jan, rollover: true)
        try store.addCategory(named: "Salary", monthlyBudget: money("3000"), kind: .income, from: jan)
        try store.addCategory(named: "Café", monthlyBudget: money("40"), from: jan)
        try store.addCategory(named: "Interest", monthlyBudget: .zero, kind: .income, from: jan)
        let rows: [(String, String, String, String)] = [
            ("2026-03-02", "12.50", "Food", "Market, \"Rue Cler\""), ("2026-02-25", "3000", "Salary", "Acme"),
            ("2026-03-05", "-2.25", "Food", "Refund"), ("2026-04-01", "4.20", "Café", "Le Zinc"),
            ("2026-01-31", "0.42", "Interest", "Bank"), ("2026-03-25", "-10", "Salary", "Acme correction"),
        ]
        for (date, amount, category, payee) in rows {
            try store.addTransaction(amount: money(amount), category: category, payee: payee, date: Day(iso: date)!)
        }
        return store
    }

    /// What `budget export --format csv` writes, plus the `kind` column the CLI adds.
    func export(_ store: BudgetStore) throws -> String {
        let kinds = Dictionary(uniqueKeysWithValues: try store.categories().map { ($0.name, $0.kind.rawValue) })
        var csv = ""
        let writer = CSVWriter()
        writer.writeRow(["id", "date", "amount", "category", "payee", "note", "kind"], to: &csv)
        try store.forEachTransaction(matching: .init()) {
            writer.writeRow([.number(String($0.id)), .number($0.date.description), .money($0.amount), .text($0.category),
                             .text($0.payee), .text($0.note), .text(kinds[$0.category]!)], to: &csv)
        }
        return csv
    }

    @Test func anExportRoundTripsIntoAnEmptyBookWithItsCategoryKinds() throws {
        let dir = TemporaryDirectory()
        let source = try sourceBook(dir)
        let target = try dir.store("target.sqlite3")
        var options = ImportOptions()
        options.createsMissingCategories = true
        let csv = try export(source)
        #expect(try importText(target, csv, options) == ImportSummary(added: 6, skipped: 0, dryRun: false, createdCategories: 4))
        func withoutIDs(_ store: BudgetStore) throws -> [String] {
            try store.transactions().map { "\($0.date)|\($0.amount)|\($0.category)|\($0.payee)|\($0.note)" }
        }
        #expect(try withoutIDs(target) == withoutIDs(source))
        #expect(try target.categories().map { "\($0.name) \($0.kind) \($0.rollover)" }
            == ["Café expense false", "Food expense false", "Interest income false", "Salary income false"])
        // A budget of 0 from the month of each category's earliest row, so reports show them all.
        #expect(try target.budgetHistory(forCategory: "Food") == [BudgetChange(month: Month(year: 2026, month: 3)!, amount: .zero, scope: .from)])
        #expect(try target.budgetHistory(forCategory: "Interest") == [BudgetChange(month: Month(year: 2026, month: 1)!, amount: .zero, scope: .from)])
        // Importing it again, or into the source book, adds nothing and creates nothing.
        #expect(try importText(target, csv, options) == ImportSummary(added: 0, skipped: 6, dryRun: false))
    }

    @Test func withoutCreatingThemEveryMissingCategoryIsNamedAtOnce() throws {
        let dir = TemporaryDirectory()
        let source = try sourceBook(dir)
        let target = try dir.store("target.sqlite3")
        try target.addCategory(named: "food", monthlyBudget: .zero)
        let before = try bookDump(target)
        let missing = BudgetError.missingCategories(file: "bank.csv", [
            MissingCategory(name: "Interest", line: 2, column: 4, header: "category"),
            MissingCategory(name: "Salary", line: 3, column: 4, header: "category"),
            MissingCategory(name: "Café", line: 7, column: 4, header: "category"),
        ], more: 0)
        #expect(throws: missing) { try importText(target, try export(source)) }
        #expect(throws: missing) { try importText(target, try export(source), dryRun: true) }
        #expect(try bookDump(target) == before)
        #expect(missing.description == """
            bank.csv:2:4: no category named 'Interest'
            bank.csv:3:4: no category named 'Salary'
            bank.csv:7:4: no category named 'Café'
            """)
    }

    @Test func aLongListOfMissingCategoriesIsCutAndCounted() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        var text = "date,amount,category\n"
        for index in 0..<70 { text += "2026-11-21,1,Category \(index)\n2026-11-22,1,category \(index)\n" }
        do {
            try importText(store, text)
            Issue.record("no error")
        } catch BudgetError.missingCategories(let file, let listed, let more) {
            #expect(file == "bank.csv" && listed.count == 50 && more == 20)
            #expect(listed.first == MissingCategory(name: "Category 0", line: 2, column: 3, header: "category"))
        }
    }

    @Test func aDryRunListsRowsInTheCategoriesItWouldCreate() throws {
        let dir = TemporaryDirectory()
        let store = try importBook(dir)
        let before = try bookDump(store)
        var options = ImportOptions()
        options.createsMissingCategories = true
        options.negate = true
        var listed: [String] = []
        let summary = try importText(store, "date,amount,category,kind\n2026-11-21,-5.00,Gifts,\n2026-11-22,25.00,Refunds,income\n",
                                     options, dryRun: true) {
            listed.append("\($0.transaction.id) \($0.transaction.category) \($0.transaction.amount) \($0.added)")
        }
        #expect(summary == ImportSummary(added: 2, skipped: 0, dryRun: true, createdCategories: 2))
        #expect(listed == ["1 Gifts 5.00 true", "2 Refunds 25.00 true"])
        #expect(try bookDump(store) == before)
    }

    @Test(arguments: [
        ("date,amount,category,kind\n2026-11-21,5,Salary,expense\n", "bank.csv:2:4: category 'Salary' is income, not expense"),
        ("date,amount,category,kind\n2026-11-21,5,Food,Expense\n2026-11-22,5,food,income\n", "bank.csv:3:4: category 'Food' is expense, not income"),
        ("date,amount,category,kind\n2026-11-21,5,Gifts,income\n2026-11-22,5,Gifts,\n2026-11-23,5,GIFTS,expense\n",
         "bank.csv:4:4: category 'GIFTS' is income on line 2, not expense"),
        ("date,amount,category,kind\n2026-11-21,5,Food,Debit\n", "bank.csv:2:4: invalid category kind 'Debit' (expected expense or income)"),
        ("date,amount,category\n2026-11-21,5,\"Two\nlines\"\n", "bank.csv:2:3: invalid category name 'Two\nlines': it must not hold control characters"),
        // A new category is held to what add-category holds it to.
        ("date,amount,category\n2026-11-21,5,Food\n2026-11-22,5,Fo\u{200B}od\n",
         "bank.csv:3:3: invalid category name 'Fo\\u{200b}od': it holds U+200B ZERO WIDTH SPACE, which is invisible; write the name without it"),
        ("date,amount,category\n2026-11-21,5,\u{202E}Gifts\n",
         "bank.csv:2:3: invalid category name '\\u{202e}Gifts': it holds U+202E RIGHT-TO-LEFT OVERRIDE, which is invisible; write the name without it"),
        ("date,amount,category\n2026-11-21,5,Fo\u{34F}od\n",
         "bank.csv:2:3: invalid category name 'Fo\\u{34f}od': it holds U+034F COMBINING GRAPHEME JOINER, which is invisible; write the name without it"),
        // A joiner between Latin letters joins nothing.
        ("date,amount,category\n2026-11-21,5,\"\u{1F469}\u{200D}\u{1F4BB}, Fo\u{200D}od\"\n",
         "bank.csv:2:3: invalid category name '\u{1F469}\u{200D}\u{1F4BB}, Fo\\u{200d}od': it holds U+200D ZERO WIDTH JOINER, which is invisible; "
             + "write the name without it"),
    ])
    func aKindThatContradictsTheCategoryIsRefused(text: String, message: String) throws {
        let dir = TemporaryDirectory()
        let store = try importBook(dir)
        let before = try bookDump(store)
        var options = ImportOptions()
        options.createsMissingCategories = true
        #expect(thrownMessage { try importText(store, text, options) } == message)
        #expect(thrownMessage { try importText(store, text, options, dryRun: true) } == message)
        #expect(try bookDump(store) == before)
    }

    @Test func theKindColumnIsIgnoredWithTheCategoryColumn() throws {
        let dir = TemporaryDirectory()
        let store = try importBook(dir)
        var options = ImportOptions()
        options.ignoresCategoryColumn = true
        options.defaultCategory = "Food"
        #expect(try importText(store, "date,amount,category,kind\n2026-11-21,5,Shopping,Debit\n", options).added == 1)
        #expect(try store.transactions().map(\.category) == ["Food"])
    }

    @Test func aCreatedCategoryStoresABanksMoneyFlowInItsDirection() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        var options = ImportOptions()
        options.createsMissingCategories = true
        options.negate = true
        try importText(store, "date,amount,category,kind\n2026-11-21,-5.00,Gifts,\n2026-11-22,25.00,Bonus,income\n2026-11-23,2.00,Gifts,\n", options)
        #expect(try store.transactions().map { "\($0.category) \($0.amount)" } == ["Gifts 5.00", "Bonus 25.00", "Gifts -2.00"])
        #expect(try store.categories().map(\.kind) == [.income, .expense])
    }
}
