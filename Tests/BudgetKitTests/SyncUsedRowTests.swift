#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import BudgetKit

/// A row one device deletes while another adds rows that use it: the rows' side wins, the row
/// comes back on every book, and no report leaves money out.
@Suite struct SyncUsedRowTests {
    /// The month's expenses, summed from the rows themselves (every transaction that is not a
    /// transfer nor in an income category), in minor units.
    func spentFromRows(_ book: BudgetStore) throws -> Int64 {
        try book.connection.int64("""
            SELECT coalesce(sum(amount), 0) FROM transactions
            WHERE transfer_account_id IS NULL AND date BETWEEN '2026-01-01' AND '2026-01-31'
                AND coalesce(category_id, 0) NOT IN (SELECT id FROM categories WHERE kind = 'income')
            """) ?? -1
    }

    /// Two books that deleted a category and added to it apart, synced as A, B, A, B.
    func deletedWhileUsed(in dir: TemporaryDirectory) throws -> (anna: BudgetStore, ben: BudgetStore, reports: [SyncReport]) {
        let shared = dir.file("shared")
        mkdir(shared, 0o700)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        try anna.addCategory(named: "Rent", monthlyBudget: money("500"), from: Month(iso: "2026-01")!)
        try anna.addTransaction(amount: money("30"), category: "Rent", payee: "Landlord", date: day("2026-01-02"))
        let ben = try dir.store("ben.sqlite3")
        try syncAll([anna, ben], through: shared)
        try anna.deleteCategory(named: "Rent", .deleteTransactions)
        try ben.addTransaction(amount: money("8"), category: "Rent", payee: "R8", date: day("2026-01-10"))
        try ben.addTransaction(amount: money("9"), splits: [SplitPart(category: "Rent", amount: money("4")),
                                                           SplitPart(category: "Food", amount: money("5"))],
                               payee: "SP", date: day("2026-01-11"))
        var reports: [SyncReport] = []
        for book in [anna, ben, anna, ben] { reports.append(try book.sync(folder: shared)) }
        return (anna, ben, reports)
    }

    @Test func aCategoryDeletedWhileAnotherDeviceAddedToItComesBackAndReportsCountEveryRow() throws {
        let dir = TemporaryDirectory()
        let (anna, ben, reports) = try deletedWhileUsed(in: dir)
        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
        for book in [anna, ben] {
            let report = try book.monthlyReport(for: Month(iso: "2026-01")!)
            #expect(report.expenseTotals.actual.minorUnits == (try spentFromRows(book)))
            let rent = try #require(report.expenses.first { $0.category == "Rent" })
            #expect(rent.actual == money("12") && rent.budget == money("0"))  // its budget history stays deleted
            #expect(try book.check() == [])
            #expect(try !book.transactions().contains { $0.payee == "Landlord" })  // deleted with the category
        }
        // Ben, who applied the delete with the rows in his book, brought the category back and says so.
        let brought = try #require(reports[1].conflicts.first)
        #expect(reports[1].conflicts.count == 1 && brought.table == "categories" && brought.column == "-" && brought.lost == nil)
        // Counts, written so that none reads as a row's id, as in "transactions 1 amount".
        #expect(brought.kept == .text("brought back Rent, still used by 2 rows added apart (1 in transaction_splits, 1 in transactions)"))
        // Anna hears it back: the delete she made lost.
        #expect(reports[2].conflicts.map(\.kept) == [.text("brought back")])
        #expect(reports[2].conflicts.first?.rowKey == brought.rowKey)
        #expect(try anna.syncConflicts().count == 1 && ben.syncConflicts().count == 1)
    }

    /// An account deleted on one device while the other added a row in it and a transfer to it:
    /// brought back, its users counted once per table (it said "transactions 1, transactions 1",
    /// one for each column naming the account).
    @Test func anAccountBroughtBackCountsItsUsersOncePerTable() throws {
        let dir = TemporaryDirectory()
        let shared = dir.file("shared")
        mkdir(shared, 0o700)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        try anna.addAccount(named: "Cash", kind: .cash)
        let ben = try dir.store("ben.sqlite3")
        try syncAll([anna, ben], through: shared)
        _ = try anna.deleteAccount(named: "Cash")
        try ben.addTransaction(amount: money("8"), category: "Food", payee: "Kiosk", date: day("2026-01-10"), account: "Cash")
        _ = try ben.transfer(amount: money("20"), from: "Main", to: "Cash", date: day("2026-01-11"))
        var reports: [SyncReport] = []
        for book in [anna, ben, anna, ben] { reports.append(try book.sync(folder: shared)) }
        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
        let brought = try #require(reports.flatMap(\.conflicts).first { $0.table == "accounts" && $0.kept != .text("brought back") })
        #expect(brought.kept == .text("brought back Cash, still used by 2 rows added apart (2 in transactions)"))
    }

    @Test func aCategoryBroughtBackGivesWayToANewCategoryOfItsNameOnlyIfYounger() throws {
        let dir = TemporaryDirectory()
        let shared = dir.file("shared")
        mkdir(shared, 0o700)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        try anna.addCategory(named: "Rent", monthlyBudget: money("500"))
        let ben = try dir.store("ben.sqlite3")
        try syncAll([anna, ben], through: shared)
        try anna.deleteCategory(named: "Rent")
        try anna.addCategory(named: "Rent", monthlyBudget: money("600"))
        try ben.addTransaction(amount: money("8"), category: "Rent", payee: "R8", date: day("2026-01-10"))
        try syncAll([anna, ben], through: shared)
        #expect(try dumpOfBook(ben) == dumpOfBook(anna))
        for book in [anna, ben] {
            #expect(try book.check() == [])
            // The older id keeps the name, as for any two rows that want one.
            #expect(try book.categories().map(\.name).filter { $0.hasPrefix("Rent") }.count == 2)
            let report = try book.monthlyReport(for: Month(iso: "2026-01")!)
            #expect(report.expenseTotals.actual.minorUnits == (try spentFromRows(book)))
        }
    }
}
