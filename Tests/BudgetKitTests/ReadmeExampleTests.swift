import Testing
import BudgetKit

/// The README's library example, compiled and run: the documentation cannot drift from the API.
@Suite struct ReadmeExampleTests {
    final class Recorder: LiveTransactionsDelegate {
        var changes: [TransactionChange] = []
        func liveTransactions(_ live: LiveTransactions, didChangeContentWith changes: TransactionChangeSet) {
            self.changes += changes.changes
        }
    }

    @Test func theLibraryExampleRunsAsWritten() throws {
        let dir = TemporaryDirectory()
        let store = try BudgetStore(path: dir.file("budget.sqlite3"))
        try store.addCategory(named: "Food", monthlyBudget: Money(parsing: "300"))
        try store.addTransaction(amount: Money(parsing: "12.50"), category: "Food", payee: "Lunch")
        let request = TransactionRequest(filter: TransactionFilter(month: .current()),
                                         sort: TransactionSort(.amount, ascending: false), sectioning: .category)
        let live = try LiveTransactions(store: store, request: request)
        let recorder = Recorder()
        live.delegate = recorder
        #expect(live.count == 1)
        #expect(live.sections.map(\.name) == ["Food"])
        #expect(live.first?.payee == "Lunch")
        try store.addTransaction(amount: Money(parsing: "40"), category: "Food")
        #expect(recorder.changes.count == 1)
        #expect(live.map(\.amount) == [try Money(parsing: "40"), try Money(parsing: "12.50")])
        let watcher = try DatabaseWatcher(store: store)
        #expect(watcher.wait(milliseconds: 10) == false)
    }
}
