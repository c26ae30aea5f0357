import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import BudgetKit

@Suite struct BudgetStoreImportTests {
    let nov = Month(year: 2026, month: 11)!

    func money(_ text: String) -> Money { try! Money(parsing: text) }

    /// A new book with an expense category Food and an income category Salary.
    func book(_ dir: TemporaryDirectory, _ name: String = "budget.sqlite3") throws -> BudgetStore {
        let store = try dir.store(name)
        try store.addCategory(named: "Food", monthlyBudget: money("300"), from: nov)
        try store.addCategory(named: "Salary", monthlyBudget: money("3000"), kind: .income, from: nov)
        return store
    }

    @discardableResult
    func importText(_ store: BudgetStore, _ text: String, _ options: ImportOptions = ImportOptions(),
                    dryRun: Bool = false, observe: ((ImportedRow) throws -> Void)? = nil) throws -> ImportSummary {
        var rows = ImportReader(file: "bank.csv", options: options, text: text)
        return try store.importTransactions(from: &rows, dryRun: dryRun, observe: observe)
    }

    /// Everything a failed import must leave as it was.
    func snapshot(_ store: BudgetStore) throws -> ([Transaction], Int64?) {
        (try store.transactions(), try store.connection.int64("SELECT count(*) FROM change_log"))
    }

    @Test func reproducesEveryRowOfAnExportedBook() throws {
        let dir = TemporaryDirectory()
        let source = try book(dir, "source.sqlite3")
        let payees = ["Café, \"Chez Paul\"", "two\nlines", " padded ", "", "=cmd", "Łódź 🍰", "a\r\nb", "Lunch"]
        for (index, payee) in payees.enumerated() {
            try source.addTransaction(amount: Money(minorUnits: Int64(index * 997 - 3000)), category: index == 3 ? "Salary" : "Food",
                                      payee: payee, date: nov.firstDay.adding(days: index % 3), note: index == 1 ? "a, \"note\"\n" : "")
        }
        try source.addTransaction(amount: money("3.20"), category: "Food", payee: "Lunch", date: nov.firstDay.adding(days: 7))
        var csv = ""
        let writer = CSVWriter()
        writer.writeRow(["id", "date", "amount", "category", "payee", "note"], to: &csv)
        try source.forEachTransaction(matching: .init()) {
            writer.writeRow([.number(String($0.id)), .number($0.date.description), .money($0.amount), .text($0.category),
                             .text($0.payee), .text($0.note)], to: &csv)
        }

        let target = try book(dir, "target.sqlite3")
        let summary = try importText(target, csv)
        #expect(summary == ImportSummary(added: payees.count + 1, skipped: 0, dryRun: false))
        func withoutIDs(_ store: BudgetStore) throws -> [String] {
            try store.transactions().map { "\($0.date)|\($0.amount)|\($0.category)|\($0.payee)|\($0.note)" }
        }
        #expect(try withoutIDs(target) == withoutIDs(source))
        #expect(try target.transactions().map(\.payee).sorted() == (payees + ["Lunch"]).sorted())
    }

    @Test func importingTheSameFileAgainAddsNothing() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let text = "date,amount,category,payee\n2026-11-21,3.20,Food,Coffee\n2026-11-21,3.20,Food,Coffee\n2026-11-22,9.00,Food,Market\n"
        #expect(try importText(store, text) == ImportSummary(added: 3, skipped: 0, dryRun: false))
        let before = try snapshot(store)
        #expect(try importText(store, text) == ImportSummary(added: 0, skipped: 3, dryRun: false))
        #expect(try snapshot(store).0 == before.0)
    }

    @Test func anOverlappingStatementAddsOnlyItsNewRows() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let header = "date,amount,category,payee\n"
        try importText(store, header + "2026-11-20,1.00,Food,A\n2026-11-21,3.20,Food,Coffee\n2026-11-21,3.20,Food,Coffee\n")
        let summary = try importText(store, header + "2026-11-21,3.20,Food,Coffee\n2026-11-21,3.20,Food,Coffee\n"
                                             + "2026-11-21,3.20,Food,Coffee\n2026-11-22,5.00,Food,B\n")
        #expect(summary == ImportSummary(added: 2, skipped: 2, dryRun: false))
        #expect(try store.transactions().map(\.payee) == ["A", "Coffee", "Coffee", "Coffee", "B"])
    }

    @Test func twoSourcesNeverCollide() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let text = "date,amount,category,payee\n2026-11-21,3.20,Food,Coffee\n"
        var visa = ImportOptions(), giro = ImportOptions()
        visa.source = "visa"
        giro.source = "giro"
        #expect(try importText(store, text, visa).added == 1)
        #expect(try importText(store, text, giro).added == 1)
        #expect(try importText(store, text, visa).skipped == 1)
        #expect(try store.connection.int64("SELECT count(*) FROM transactions WHERE import_key LIKE 'visa|%'") == 1)
    }

    @Test func storesABanksMoneyFlowInEachCategorysDirection() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        try store.addRule(pattern: "acme", category: "Salary")
        var options = ImportOptions()
        options.negate = true
        options.defaultCategory = "Food"
        try importText(store, "date,amount,payee\n2026-11-21,-12.50,Market\n2026-11-22,2000.00,ACME Payroll\n2026-11-23,5.00,Market refund\n", options)
        #expect(try store.transactions().map { "\($0.category) \($0.amount)" } == ["Food 12.50", "Salary 2000.00", "Food -5.00"])
    }

    @Test func storesDebitsAndCreditsInEachCategorysDirection() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        var options = ImportOptions()
        options.amount = .debitCredit(debit: .named("out"), credit: .named("in"))
        try importText(store, "date,out,in,category\n2026-11-21,12.50,,Food\n2026-11-22,,2000,Salary\n2026-11-23,,5,food\n", options)
        #expect(try store.transactions().map { "\($0.category) \($0.amount)" } == ["Food 12.50", "Salary 2000.00", "Food -5.00"])
    }

    @Test func theFilesCategoryBeatsTheRulesWhichBeatTheDefault() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        try store.addCategory(named: "Eating out", monthlyBudget: .zero, from: nov)
        try store.addCategory(named: "Other", monthlyBudget: .zero, from: nov)
        try store.addRule(pattern: "café", category: "Eating out")
        try store.addRule(pattern: "CAFÉ MARKET", category: "Food")
        var options = ImportOptions()
        options.defaultCategory = "other"
        try importText(store, """
            date,amount,category,payee
            2026-11-21,1,Food,Le Café
            2026-11-22,2,,LE CAFÉ MARKET
            2026-11-23,3,,Hardware store
            """, options)
        #expect(try store.transactions().map(\.category) == ["Food", "Eating out", "Other"])
    }

    @Test func listsWhatItDidRowByRow() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let text = "date,amount,category,payee\n2026-11-21,3.20,Food,Coffee\n"
        try importText(store, text)
        var seen: [ImportedRow] = []
        try importText(store, text + "2026-11-22,1.00,Food,Tea\n") { seen.append($0) }
        #expect(seen.map(\.added) == [false, true])
        #expect(seen.map(\.row.line) == [2, 3])
        #expect(seen.map(\.transaction) == (try store.transactions()))
    }

    @Test func aDryRunCountsEverythingAndWritesNothing() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let header = "date,amount,category,payee\n"
        try importText(store, header + "2026-11-21,3.20,Food,Coffee\n")
        let before = try snapshot(store)
        var listed: [String] = []
        let summary = try importText(store, header + "2026-11-21,3.20,Food,Coffee\n2026-11-22,1.00,Food,Tea\n", dryRun: true) {
            if $0.added { listed.append($0.transaction.payee) }
        }
        #expect(summary == ImportSummary(added: 1, skipped: 1, dryRun: true))
        #expect(listed == ["Tea"])
        #expect(try snapshot(store) == before)
    }

    static let badFiles: [(String, String)] = [
        ("date,amount,category,payee\n2026-11-21,1,Food,A\n2026-11-22,1,Fod,B\n", "bank.csv:3:3: no category named 'Fod'"),
        ("date,amount,payee\n2026-11-21,1,A\n", "bank.csv:2:1: no category for payee 'A': the row names none, no rule matches and there is no default category"),
        ("date,amount,category\n2026-11-21,1,Food\n2026-11-22,x,Food\n", "bank.csv:3:2: invalid amount 'x': it is not a number like 12.50"),
        ("date,amount,category\n2026-11-21,1,Food\n2026-11-22,1,\"Food\n", "bank.csv:3:3: a quoted field is not closed before the end of the file"),
    ]

    @Test(arguments: badFiles)
    func theFirstBadRowStopsTheImportAndLeavesTheBookUnchanged(text: String, message: String) throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        try importText(store, "date,amount,category\n2026-11-01,7,Food\n")
        let before = try snapshot(store)
        #expect(thrownMessage { try importText(store, text) } == message)
        #expect(thrownMessage { try importText(store, text, dryRun: true) } == message)
        #expect(try snapshot(store) == before)
    }

    @Test func anUnknownDefaultCategoryIsRefusedBeforeReading() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        var options = ImportOptions()
        options.defaultCategory = "Misc"
        #expect(throws: BudgetError.unknownCategory("Misc")) { try importText(store, "date,amount\n2026-11-21,1\n", options) }
        #expect(try store.transactions().isEmpty)
    }

    @Test func aBulkImportLogsOneRangeOfItsNewIDsInsteadOfEveryRowOrAReload() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        let logBefore = try store.connection.int64("SELECT count(*) FROM change_log") ?? 0
        var text = "date,amount,category,payee\n"
        for index in 0..<2_500 { text += "2026-11-\(10 + index % 20),1.00,Food,P\(index)\n" }
        #expect(try importText(store, text).added == 2_500)
        let connection = store.connection
        #expect(try connection.int64("SELECT count(*) FROM transactions") == 2_500)
        #expect(try connection.int64("SELECT count(*) FROM change_log WHERE entity = 'reload'") == 0)
        let range = try connection.prepare("SELECT row_id, last_row_id FROM change_log WHERE entity = 'transaction_range'")
            .map { [$0.int64(0), $0.int64(1)] }
        #expect(range == [[1, 2_500]])
        let logged = try connection.int64("SELECT count(*) FROM change_log WHERE entity = 'transaction'") ?? 0
        #expect(logged == 0)
        #expect(try connection.int64("SELECT count(*) FROM change_log") == logBefore + logged + 1)
        #expect(try connection.int64("SELECT count(*) FROM change_log_pause") == 0)
        try store.addTransaction(amount: money("1"), category: "Food", date: nov.firstDay)
        #expect(try connection.int64("SELECT count(*) FROM change_log WHERE entity = 'transaction'") == logged + 1)
    }

    @Test func aSmallImportLogsEachRow() throws {
        let dir = TemporaryDirectory()
        let store = try book(dir)
        try importText(store, "date,amount,category\n2026-11-21,1,Food\n2026-11-22,2,Food\n")
        #expect(try store.connection.int64("SELECT count(*) FROM change_log WHERE entity = 'transaction'") == 2)
        #expect(try store.connection.int64("SELECT count(*) FROM change_log WHERE entity = 'reload'") == 0)
    }
}

@Suite struct ImportEdgeCaseTests {
    @Test func aBlankCategoryCellLeavesTheRowToRulesAndTheDefault() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Misc", monthlyBudget: Money(minorUnits: 100))
        var options = ImportOptions()
        options.defaultCategory = "Misc"
        var rows = ImportReader(file: "bank.csv", options: options, text: "date,amount,category,payee\n2026-11-21,1.00,   ,Shop\n")
        #expect(try store.importTransactions(from: &rows).added == 1)
        #expect(try store.transactions().map(\.category) == ["Misc"])
    }

    @Test func aRuleWhoseCategoryWasDeletedInTheShellIsSkipped() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Coffee", monthlyBudget: Money(minorUnits: 100))
        try store.addCategory(named: "Misc", monthlyBudget: Money(minorUnits: 100))
        try store.addRule(pattern: "bean", category: "Coffee")
        // The sqlite3 shell does not enforce foreign keys: the rule outlives its category.
        #expect(system("sqlite3 '\(dir.file("budget.sqlite3"))' \"DELETE FROM budgets WHERE category_id = 1; DELETE FROM categories WHERE name = 'Coffee'\"") == 0)
        var options = ImportOptions()
        options.defaultCategory = "Misc"
        var rows = ImportReader(file: "bank.csv", options: options, text: "date,amount,payee\n2026-11-21,3.20,Bean There\n")
        #expect(try store.importTransactions(from: &rows).added == 1)
        #expect(try store.transactions().map(\.category) == ["Misc"])
    }
}
