import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import BudgetKit

@Suite struct BudgetStoreTests {
    let nov = Month(year: 2026, month: 11)!

    func day(_ text: String) -> Day { Day(iso: text)! }
    func money(_ text: String) -> Money { try! Money(parsing: text) }

    @Test func addsCategoriesAndTransactionsAndReadsThemBack() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"), from: nov)
        let lunch = try store.addTransaction(amount: money("12.50"), category: "food", payee: "Lunch", date: day("2026-11-03"))
        #expect(lunch.category == "Food")
        let refund = try store.addTransaction(amount: money("-2.25"), category: "FOOD", payee: "Refund", date: day("2026-11-02"))
        #expect(try store.transactions().map(\.id) == [refund.id, lunch.id])
        #expect(try store.transaction(id: lunch.id) == lunch)
    }

    @Test func categoryNamesAreUniqueIgnoringCaseBeyondASCII() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Café", monthlyBudget: money("10"))
        #expect(throws: BudgetError.duplicateCategory("CAFÉ")) { try store.addCategory(named: "CAFÉ", monthlyBudget: money("1")) }
        #expect(try store.categories().map(\.name) == ["Café"])
    }

    @Test func theDatabaseFileIsPrivateToItsOwner() throws {
        let dir = TemporaryDirectory()
        _ = try BudgetStore(path: dir.file("a/b/budget.sqlite3"))
        var info = stat()
        #expect(stat(dir.file("a/b/budget.sqlite3"), &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(stat(dir.file("a/b"), &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
    }

    @Test func deletingACategoryWithTransactionsNeedsMoveToOrForce() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"))
        try store.addCategory(named: "Fun", monthlyBudget: money("50"))
        try store.addTransaction(amount: money("5"), category: "Food", date: day("2026-11-01"))
        try store.addTransaction(amount: money("6"), category: "Food", date: day("2026-11-02"))
        #expect(throws: BudgetError.categoryInUse("Food", transactionCount: 2)) { try store.deleteCategory(named: "Food") }
        #expect(try store.categories().count == 2)
        #expect(try store.deleteCategory(named: "Food", movingTransactionsTo: "Fun") == 2)
        #expect(try store.transactions().map(\.category) == ["Fun", "Fun"])
        #expect(try store.deleteCategory(named: "Fun", force: true) == 2)
        #expect(try store.transactions().isEmpty)
    }

    @Test func deletingTransactionsIsAllOrNothing() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"))
        let a = try store.addTransaction(amount: money("5"), category: "Food")
        #expect(throws: BudgetError.unknownTransaction(999)) { try store.deleteTransactions(ids: [a.id, 999]) }
        #expect(try store.transactions().count == 1)
    }

    @Test func filtersCombine() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"))
        try store.addCategory(named: "Rent", monthlyBudget: money("900"))
        try store.addTransaction(amount: money("12.50"), category: "Food", payee: "Crêperie Été", date: day("2026-11-03"))
        try store.addTransaction(amount: money("40"), category: "Food", payee: "Market", date: day("2026-10-30"))
        try store.addTransaction(amount: money("900"), category: "Rent", payee: "Landlord", date: day("2026-11-01"))
        #expect(try store.transactions(matching: .init(month: nov)).map(\.payee) == ["Landlord", "Crêperie Été"])
        #expect(try store.transactions(matching: .init(payee: "ÉTÉ")).map(\.payee) == ["Crêperie Été"])
        #expect(try store.transactions(matching: .init(category: "food", minAmount: money("20"))).map(\.payee) == ["Market"])
        #expect(try store.transactions(matching: .init(limit: 2)).map(\.payee) == ["Landlord", "Crêperie Été"])
        #expect(throws: BudgetError.unknownCategory("Nope")) { try store.transactions(matching: .init(category: "Nope")) }
    }

    @Test func theMonthlyReportHasBudgetActualRemainingAndPercent() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"), from: nov)
        try store.addCategory(named: "Salary", monthlyBudget: money("3000"), kind: .income, from: nov)
        try store.addTransaction(amount: money("12.50"), category: "Food", date: day("2026-11-03"))
        try store.addTransaction(amount: money("3000"), category: "Salary", date: day("2026-11-25"))
        try store.addTransaction(amount: money("99"), category: "Food", date: day("2026-12-01"))
        let report = try store.monthlyReport(for: nov)
        #expect(report.expenses == [ReportLine(category: "Food", kind: .expense, budget: money("300"), rollover: .zero, actual: money("12.50"))])
        #expect(report.expenses[0].remaining == money("287.50"))
        #expect(report.expenses[0].percentUsed?.description == "4.2")
        #expect(report.income.map(\.actual) == [money("3000")])
        #expect(report.net == money("2987.50"))
        #expect(try store.monthlyReport(for: nov.previous).lines.isEmpty)
    }

    @Test func budgetHistoryKeepsPastReportsAndRolloverCarriesAcrossTheYear() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        let oct = Month(year: 2026, month: 10)!
        try store.addCategory(named: "Food", monthlyBudget: money("100"), from: oct, rollover: true)
        try store.addTransaction(amount: money("80"), category: "Food", date: day("2026-10-05"))
        try store.setBudget(money("200"), forCategory: "Food", from: Month(year: 2026, month: 12)!)
        try store.setBudget(money("50"), forCategory: "Food", onlyIn: nov)
        try store.addTransaction(amount: money("100"), category: "Food", date: day("2026-11-05"))
        #expect(try store.monthlyReport(for: oct).expenses[0].budget == money("100"))
        let november = try store.monthlyReport(for: nov).expenses[0]
        #expect(november.budget == money("50"))
        #expect(november.rollover == money("20"))
        #expect(november.remaining == money("-30"))
        #expect(try store.monthlyReport(for: nov).overspent.map(\.category) == ["Food"])
        let january = try store.monthlyReport(for: Month(year: 2027, month: 1)!).expenses[0]
        #expect(january.budget == money("200"))
        #expect(january.rollover == money("170"))   // 20 - 50 + 200
    }

    @Test func aFileOfAnotherProgramIsRefused() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("other.sqlite3")
        #expect(system("sqlite3 '\(path)' 'CREATE TABLE t(x); INSERT INTO t VALUES (1);'") == 0)
        #expect(throws: BudgetError.notABudgetDatabase(path: path)) { try BudgetStore(path: path) }
        let text = dir.file("notes.txt")
        #expect(system("printf 'hello, this is not a database at all, just text that is long enough to fill a header....................' > '\(text)'") == 0)
        #expect(throws: BudgetError.notABudgetDatabase(path: text)) { try BudgetStore(path: text) }
        #expect(throws: BudgetError.cannotOpenDatabase(path: dir.path, reason: "it is a directory")) { try BudgetStore(path: dir.path) }
    }

    @Test func aDatabaseFromANewerVersionIsRefusedAndLeftAlone() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("budget.sqlite3")
        _ = try BudgetStore(path: path)
        #expect(system("sqlite3 '\(path)' 'PRAGMA user_version = 99'") == 0)
        #expect(throws: BudgetError.newerDatabase(path: path, version: 99, supported: Schema.migrator.latestVersion)) { try BudgetStore(path: path) }
    }

    @Test func backupIsAConsistentPrivateCopyThatNeverOverwrites() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"))
        try store.addTransaction(amount: money("1"), category: "Food")
        try store.backup(to: dir.file("copy.sqlite3"))
        let copy = try BudgetStore(path: dir.file("copy.sqlite3"))
        #expect(try copy.transactions().count == 1)
        var info = stat()
        #expect(stat(dir.file("copy.sqlite3"), &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(throws: BudgetError.backupExists(path: dir.file("copy.sqlite3"))) { try store.backup(to: dir.file("copy.sqlite3")) }
        // Not even an empty file that happens to be there (it keeps its mode and content).
        #expect(system("touch '\(dir.file("empty"))'") == 0)
        #expect(throws: BudgetError.backupExists(path: dir.file("empty"))) { try store.backup(to: dir.file("empty")) }
        #expect(stat(dir.file("empty"), &info) == 0 && info.st_size == 0)
    }
}
