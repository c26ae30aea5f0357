import Testing
@testable import BudgetKit

/// Issue 11 item 8: a deleted imported transaction stays deleted.
@Suite struct ImportTombstoneTests {
    @Test func aDeletedImportedTransactionIsNotBroughtBackByImportingAgain() throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir)
        try importCorpus(store, "ofx1-us-checking-unclosed.ofx")
        let fee = try #require(try store.transactions().first { $0.payee == "First Example Bank" })
        try store.deleteTransactions(ids: [fee.id])
        let before = try bookDump(store, withChangeLog: false)
        let again = try importCorpus(store, "ofx1-us-checking-unclosed.ofx")
        #expect(again.added == 0 && again.skipped == 3 && again.ignored == 1)
        #expect(try bookDump(store, withChangeLog: false) == before)
    }

    @Test func aDryRunListsTheDeletedRowAsIgnored() throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir)
        try importCorpus(store, "ofx1-us-checking-unclosed.ofx")
        let fee = try #require(try store.transactions().first { $0.payee == "First Example Bank" })
        try store.deleteTransactions(ids: [fee.id])
        var fates: [String] = []
        let summary = try importCorpus(store, "ofx1-us-checking-unclosed.ofx", dryRun: true) {
            fates.append("\($0.row.payee): \($0.added ? "new" : $0.ignored ? "ignored" : "skip")")
        }
        #expect(summary.ignored == 1 && summary.added == 0)
        #expect(fates == ["BLUE BOTTLE COFFEE: skip", "A & B PROPERTY MGMT: skip", "ACME PAYROLL: skip", "First Example Bank: ignored"])
    }

    @Test func includingDeletedRowsBringsThemBackAndForgetsTheDeletion() throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir)
        try importCorpus(store, "ofx1-us-checking-unclosed.ofx")
        let fee = try #require(try store.transactions().first { $0.payee == "First Example Bank" })
        try store.deleteTransactions(ids: [fee.id])
        let back = try importCorpus(store, "ofx1-us-checking-unclosed.ofx", bankOptions { $0.includesDeleted = true })
        #expect(back.added == 1 && back.ignored == 0)
        #expect(try store.connection.int64("SELECT count(*) FROM import_tombstones") == 0)
        #expect(try importCorpus(store, "ofx1-us-checking-unclosed.ofx").added == 0)
    }

    @Test func deletingATransactionTypedInByHandRemembersNothing() throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir)
        let typed = try store.addTransaction(amount: Money(minorUnits: 100), category: "Food", payee: "Kiosk", date: Day(year: 2026, month: 11, day: 2)!)
        try store.deleteTransactions(ids: [typed.id])
        #expect(try store.connection.int64("SELECT count(*) FROM import_tombstones") == 0)
    }

    @Test func aCSVRowDeletedStaysDeletedToo() throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir)
        let text = "date,amount,category,payee\n2026-11-21,3.20,Food,Coffee\n2026-11-22,4.00,Food,Tea\n"
        _ = try importText(store, text)
        let tea = try #require(try store.transactions().first { $0.payee == "Tea" })
        try store.deleteTransactions(ids: [tea.id])
        let again = try importText(store, text)
        #expect(again.added == 0 && again.skipped == 1 && again.ignored == 1)
    }
}
