#if canImport(Observation)
import Observation
import Testing
@testable import BudgetKit

/// Issue 13 item 1: the Observation adapter: a view layer binds to a live result's rows, count,
/// sections and last error, and hears every change through `withObservationTracking`.
@Suite struct ObservableLiveTests {
    /// Runs `read` under observation: the counter is bumped when what it read changes.
    func tracking(_ read: () -> Void) -> Counter {
        let counter = Counter()
        withObservationTracking(read) { counter.bump() }
        return counter
    }

    @Test func aTransactionModelsCountRowsSectionsAndLastChangeChangeOnEveryWrite() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"))
        let live = try LiveTransactions(store: store, request: TransactionRequest(sectioning: .month))
        let recorder = DelegateRecorder()
        live.delegate = recorder
        let model = ObservableLive(live)
        #expect(model.count == 0)
        #expect(model.sections.map(\.name) == [])

        let count = tracking { _ = model.count }
        let sections = tracking { _ = model.sections }
        try store.addTransaction(amount: money("12.50"), category: "Food", payee: "Lunch", date: day("2026-05-01"))
        #expect(count.count == 1)
        #expect(sections.count == 1)
        #expect(model.count == 1)
        #expect(model.sections.map(\.name) == ["2026-05"])
        #expect(model.rows.map(\.payee) == ["Lunch"])
        #expect(model.lastChange.map { DelegateRecorder.Heard.changed(.init(base: $0)) } == recorder.heard.last)

        // An edit leaves the count as it was, but readers of the rows hear it.
        let rows = tracking { _ = model.rows.first }
        let unchangedCount = tracking { _ = model.count }
        try store.editTransaction(id: 1, TransactionChanges(payee: "Dinner"))
        #expect(rows.count == 1)
        #expect(unchangedCount.count == 0)
        #expect(model.rows.map(\.payee) == ["Dinner"])
    }

    @Test func aFailedSyncSetsTheLastErrorAndTheNextChangeClearsIt() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"))
        let (live, source) = try LiveTransactions.failable(store: store)
        let model = ObservableLive(live)

        let lastError = tracking { _ = model.lastError }
        source.failOnce("changes")
        try store.addTransaction(amount: money("1"), category: "Food")
        #expect(lastError.count == 1)
        #expect(model.lastError as? FailingSource.InjectedFailure == FailingSource.InjectedFailure(read: "changes"))
        #expect(model.count == 0)   // the rows of the last good sync

        try store.addTransaction(amount: money("2"), category: "Food")
        #expect(model.lastError == nil)
        #expect(model.count == 2)
    }

    @Test func categoryAndAccountModelsFollowTheirLists() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"))
        let categories = ObservableLive(try LiveCategories(store: store, month: Month(iso: "2026-05")!))
        let accounts = ObservableLive(try LiveAccounts(store: store, on: day("2026-05-31")))
        let categoryRows = tracking { _ = categories.rows }
        let accountCount = tracking { _ = accounts.count }

        try store.write {
            try store.addCategory(named: "Rent", monthlyBudget: money("900"))
            try store.addAccount(named: "Savings", kind: .savings)
        }

        #expect(categoryRows.count == 1)
        #expect(accountCount.count == 1)
        #expect(categories.rows.map(\.name) == ["Food", "Rent"])
        #expect(categories.count == 2)
        #expect(accounts.rows.map(\.account.name) == ["Main", "Savings"])
        #expect(accounts.lastChange?.insertions.map(\.account.account.name) == ["Savings"])
    }
}
#endif
