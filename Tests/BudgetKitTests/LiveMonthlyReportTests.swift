import Testing
@testable import BudgetKit

/// Issue 13, item 2: the monthly report as a live result, current after every write of this
/// store and of another connection, and equal to a report computed afresh.
@Suite struct LiveMonthlyReportTests {
    final class Recorder: LiveMonthlyReportDelegate {
        var changeSets: [ReportChangeSet] = []
        func liveMonthlyReport(_ report: LiveMonthlyReport, didChangeContentWith changeSet: ReportChangeSet) { changeSets.append(changeSet) }
    }

    let november = Month(year: 2026, month: 11)!

    @Test func itFollowsEveryWriteFromAnyConnectionAndEqualsAFreshReport() throws {
        let book = try AccountBook()
        let store = book.store
        let live = try LiveMonthlyReport(store: store, month: november)
        let recorder = Recorder()
        live.delegate = recorder
        #expect(live.report == (try store.monthlyReport(for: november)))

        try store.addTransaction(amount: money("12.50"), category: "Food", date: day("2026-11-03"))
        #expect(recorder.changeSets.last?.updated == ["Food"] && recorder.changeSets.last?.totalsChanged == true)
        #expect(live.report == (try store.monthlyReport(for: november)))

        // Another connection, as another process would: a category, a budget, a rename.
        let other = try BudgetStore(path: book.dir.file("budget.sqlite3"))
        _ = try other.addCategory(named: "Books", monthlyBudget: money("20"), from: november)
        _ = try other.setBudget(money("450"), forCategory: "Food", from: november)
        try other.renameCategory(named: "Salary", to: "Wages")
        let changed = try #require(try live.processPendingChanges())
        #expect(changed.inserted == ["Books", "Wages"] && changed.deleted == ["Salary"] && changed.updated == ["Food"])
        #expect(live.report == (try store.monthlyReport(for: november)))

        // A write another month does not show changes nothing here.
        let heard = recorder.changeSets.count
        try store.addTransaction(amount: money("1"), category: "Food", date: day("2026-12-01"))
        #expect(recorder.changeSets.count == heard)
        #expect(try live.processPendingChanges() == nil)
        live.cancel()
        try store.addTransaction(amount: money("1"), category: "Food", date: day("2026-11-04"))
        #expect(recorder.changeSets.count == heard)
    }

    @Test func anAccountsReportCountsOnlyThatAccount() throws {
        let book = try AccountBook()
        let store = book.store
        let live = try LiveMonthlyReport(store: store, month: november, account: "Visa")
        try store.addTransaction(amount: money("5"), category: "Food", date: day("2026-11-03"))
        #expect(try live.processPendingChanges() == nil)
        try store.addTransaction(amount: money("40"), category: "Food", date: day("2026-11-06"), account: "Visa")
        #expect(live.report.lines.first { $0.category == "Food" }?.actual == money("40"))
        #expect(live.report == (try store.monthlyReport(for: november, account: "Visa")))
    }

    /// An account's report follows its account through a rename (from another connection,
    /// as another process would), whichever account takes the old name after it, and says the
    /// account was renamed; a deleted account is an error naming it.
    @Test func anAccountsReportFollowsItsAccountThroughARename() throws {
        let book = try AccountBook()
        let store = book.store
        try store.addTransaction(amount: money("40"), category: "Food", date: day("2026-11-06"), account: "Visa")
        let live = try LiveMonthlyReport(store: store, month: november, account: "visa")
        #expect(live.account == "Visa")
        let other = try BudgetStore(path: book.dir.file("budget.sqlite3"))
        try other.renameAccount(named: "Visa", to: "Old card")
        let renamed = try #require(try live.processPendingChanges())
        #expect(renamed.accountRenamed && renamed.updated.isEmpty && !renamed.totalsChanged)
        #expect(live.account == "Old card")
        try other.addAccount(named: "Visa", kind: .credit)
        try other.addTransaction(amount: money("9"), category: "Food", date: day("2026-11-07"), account: "Visa")
        try other.addTransaction(amount: money("2"), category: "Food", date: day("2026-11-07"), account: "Old card")
        let changed = try #require(try live.processPendingChanges())
        #expect(!changed.accountRenamed && changed.updated == ["Food"])
        #expect(live.report.lines.first { $0.category == "Food" }?.actual == money("42"))
        #expect(live.report == (try store.monthlyReport(for: november, account: "Old card")))
        try other.deleteAccount(named: "Old card", .moveTransactions(to: "Checking"))
        #expect(throws: BudgetError.unknownAccount("Old card")) { try live.processPendingChanges() }
    }

    @Test func aBulkImportReachesTheReport() throws {
        let book = try AccountBook()
        let store = book.store
        let live = try LiveMonthlyReport(store: store, month: november)
        var text = "date,amount,category,payee\n"
        for index in 0..<1_200 { text += "2026-11-\(10 + index % 9),1.00,Food,Shop \(index)\n" }
        var reader = ImportReader(file: "bulk.csv", options: ImportOptions(), text: text)
        // From another connection, as another process would: one range in the log, not 1,200 rows.
        #expect(try BudgetStore(path: book.dir.file("budget.sqlite3")).importTransactions(from: &reader).added == 1_200)
        let changed = try #require(try live.processPendingChanges())
        #expect(changed.updated == ["Food"])
        #expect(live.report.lines.first { $0.category == "Food" }?.actual == money("1200"))
    }

    @Test func itsChangesArriveAsAnAsyncSequence() async throws {
        let book = try AccountBook()
        let store = book.store
        let live = try LiveMonthlyReport(store: store, month: november)
        let changes = live.changes
        try store.addTransaction(amount: money("7"), category: "Food", date: day("2026-11-09"))
        var iterator = changes.makeAsyncIterator()
        let first = try #require(await iterator.next())
        #expect(try first.get().updated == ["Food"])
        live.cancel()
    }
}
