#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import BudgetKit

/// Between syncs a live list is one database state; failed syncs leave it able to catch up and
/// say so (issue "Trust", items 11, 22 and 25).
@Suite struct LiveTransactionsSnapshotTests {
    func money(_ text: String) -> Money { try! Money(parsing: text) }

    /// A store with Food and Rent and `count` rows, one a day from 2026-01-01, alternating.
    func makeStore(_ dir: TemporaryDirectory, count: Int) throws -> BudgetStore {
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"))
        try store.addCategory(named: "Rent", monthlyBudget: money("900"))
        try store.writing {
            for index in 0..<count {
                try store.connection.run("INSERT INTO transactions (date, amount, category_id, payee) VALUES (?, ?, ?, ?)",
                                         [Day(iso: "2026-01-01")!.adding(days: index % 300).sqliteValue, .integer(Int64(100 + index)),
                                          .integer(Int64(1 + index % 2)), .text("Shop \(index)")])
            }
        }
        return store
    }

    @Test func iteratingWhileAnotherProcessWritesYieldsExactlyTheRowsOfTheLastSync() throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir, count: 300)
        let live = try LiveTransactions(store: store, request: TransactionRequest(sectioning: .month))
        live.batchSize = 8
        let expected = try store.transactions()
        let before = try LiveTransactions(store: store, request: TransactionRequest(sectioning: .month)).snapshot()
        var seen: [Transaction] = []
        for row in live {
            if seen.count == 20 {
                #expect(sqliteShell(store.path, """
                    BEGIN;
                    DELETE FROM transactions WHERE id BETWEEN 100 AND 140;
                    UPDATE transactions SET date = '2027-01-01', payee = 'moved' WHERE id BETWEEN 200 AND 210;
                    INSERT INTO transactions (date, amount, category_id) VALUES ('2026-02-01', 1, 1);
                    COMMIT;
                    """) == 0)
            }
            seen.append(row)
        }
        #expect(seen == expected)
        #expect(live.lastLoadError == nil)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        let changeSet = try #require(try live.processPendingChanges())
        #expect(changeSet.applied(to: before) == (try LiveTransactions(store: store, request: TransactionRequest(sectioning: .month)).snapshot()))
        #expect(Array(live) == (try store.transactions()).sorted { ($0.date, $0.id) < ($1.date, $1.id) })
    }

    @Test func streamingTheFirstRowsWhileAnotherProcessDeletesThemNeverFails() throws {
        // What `budget watch --format jsonl` does: open, then read every row by position.
        let dir = TemporaryDirectory()
        let store = try makeStore(dir, count: 2000)
        let live = try LiveTransactions(store: store)
        let expected = try store.transactions()
        #expect(sqliteShell(store.path, "DELETE FROM transactions WHERE id % 2 = 0;") == 0)
        var streamed: [Transaction] = []
        for index in live.indices { streamed.append(try live.transaction(at: index)) }
        #expect(streamed == expected)
        let watcher = try DatabaseWatcher(store: store)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        #expect(try live.processPendingChanges()?.deletions.count == 1000)
        #expect(!watcher.wait(milliseconds: 0))
    }

    /// Deletes rows through another connection when the change starts, and reads every row when
    /// it hears the reload.
    final class ReadingDelegate: LiveTransactionsDelegate {
        let writer: BudgetStore
        let victims: [Int64]
        var read: [Transaction] = []
        var errors: [any Error] = []
        init(writer: BudgetStore, victims: [Int64]) { (self.writer, self.victims) = (writer, victims) }

        func liveTransactionsWillChange(_ transactions: LiveTransactions) {
            try? writer.deleteTransactions(ids: victims)
        }

        func liveTransactions(_ transactions: LiveTransactions, didChange change: TransactionChange) {
            guard change == .reload else { return }
            read = Array(transactions)
            if let error = transactions.lastLoadError { errors.append(error) }
        }
    }

    @Test func aDelegateReadingEveryRowDuringAReloadReadsNoStandIn() throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir, count: 50)
        let live = try LiveTransactions(store: store)
        live.batchSize = 8
        let reloaded = try store.transactions()
        let delegate = ReadingDelegate(writer: try BudgetStore(path: store.path), victims: reloaded[40..<43].map(\.id))
        live.delegate = delegate
        #expect(sqliteShell(store.path, "INSERT INTO change_log (entity) VALUES ('reload');") == 0)
        try live.processPendingChanges()
        #expect(delegate.read == reloaded)
        #expect(delegate.errors.isEmpty)
        #expect(try live.processPendingChanges()?.deletions.count == 3)
    }

    @Test func aFetchThatFailsAfterReadingTheLogStillCatchesUpAtTheNextSync() throws {
        // The old fetch() stored the log's position before loading the keys: one failed
        // reload, and the rows it should have brought were never seen.
        let dir = TemporaryDirectory()
        let store = try makeStore(dir, count: 20)
        let (live, source) = try LiveTransactions.failable(store: store, request: TransactionRequest(sectioning: .category))
        let recorder = ChangeRecorder()
        live.delegate = recorder
        #expect(sqliteShell(store.path, """
            BEGIN;
            INSERT INTO change_log_pause VALUES (1);
            INSERT INTO transactions (date, amount, category_id) VALUES ('2026-05-01', 7, 2);
            DELETE FROM transactions WHERE id = 3;
            DELETE FROM change_log_pause;
            INSERT INTO change_log (entity) VALUES ('reload');
            COMMIT;
            """) == 0)
        source.failOnce("forEachKey")
        #expect(throws: FailingSource.InjectedFailure(read: "forEachKey")) { try live.processPendingChanges() }
        #expect(live.count == 20)
        #expect(try live.processPendingChanges()?.isReload == true)
        #expect(try live.snapshot() == (try LiveTransactions(store: store, request: TransactionRequest(sectioning: .category)).snapshot()))
    }

    @Test(arguments: ["changes", "categoryNames", "rowsInCategory", "changedRows", "hasTransactions"])
    func aSyncThatFailsMidwayChangesNothingAndTheNextOneCatchesUp(read: String) throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir, count: 20)
        try store.addCategory(named: "Spare", monthlyBudget: .zero)
        let request = TransactionRequest(sort: TransactionSort(.category), sectioning: .month)
        let (live, source) = try LiveTransactions.failable(store: store, request: request)
        let before = try live.snapshot()
        let writer = try BudgetStore(path: store.path)
        try writer.renameCategory(named: "Food", to: "Zucchini")
        try writer.writing {
            try writer.connection.run("DELETE FROM transactions WHERE id IN (2, 5)")
            try writer.connection.run("DELETE FROM categories WHERE name = 'Spare'")
        }
        source.failOnce(read)
        #expect(throws: FailingSource.InjectedFailure(read: read)) { try live.processPendingChanges() }
        #expect(try live.snapshot() == before, "the list still shows its last sync")
        let changeSet = try #require(try live.processPendingChanges())
        #expect(changeSet.applied(to: before) == (try LiveTransactions(store: store, request: request).snapshot()))
    }

    final class FailureRecorder: LiveTransactionsDelegate {
        var failures: [any Error] = []
        var changeSets: [TransactionChangeSet] = []
        func liveTransactions(_ transactions: LiveTransactions, didFailToSyncWith error: any Error) { failures.append(error) }
        func liveTransactions(_ transactions: LiveTransactions, didChangeContentWith changeSet: TransactionChangeSet) {
            changeSets.append(changeSet)
        }
    }

    @Test func anAutomaticSyncThatFailsTellsTheDelegateAndTheNextCommitRetries() throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir, count: 5)
        let (live, source) = try LiveTransactions.failable(store: store)
        let delegate = FailureRecorder()
        live.delegate = delegate
        source.failOnce("changes")
        let first = try store.addTransaction(amount: money("1"), category: "Food", date: Day(iso: "2026-01-02")!)
        #expect(delegate.failures.map { $0 as? FailingSource.InjectedFailure } == [.init(read: "changes")])
        #expect(live.lastSyncError as? FailingSource.InjectedFailure == .init(read: "changes"))
        #expect(live.count == 5)
        let second = try store.addTransaction(amount: money("2"), category: "Food", date: Day(iso: "2026-01-03")!)
        #expect(live.lastSyncError == nil)
        #expect(delegate.changeSets.count == 1)
        #expect(delegate.changeSets.first?.insertions.map(\.transaction) == [first, second])
    }

    @Test func theSubscriptGivesAStandInOnlyWhenTheListLostItsStateAndTheDatabaseMoved() throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir, count: 30)
        let (live, source) = try LiveTransactions.failable(store: store)
        live.batchSize = 4
        let victim = try store.transactions()[20]
        let writer = try BudgetStore(path: store.path)
        try writer.deleteTransactions(ids: [victim.id])
        #expect(live[20] == victim, "held state: readable")
        source.failOnce("changes")
        #expect(throws: FailingSource.InjectedFailure.self) { try live.processPendingChanges() }
        // The failed sync ended the list's snapshot and the database has moved since.
        let seen = try store.connection.int64("SELECT seq FROM sqlite_sequence WHERE name = 'change_log'")! - 1
        let standIn = live[24]
        #expect(standIn.id == live.keys.entries[24].id && standIn.payee == "")
        #expect(live.lastLoadError as? BudgetError == .liveResultsOutOfDate(seen: seen, latest: seen + 1))
        #expect(throws: BudgetError.liveResultsOutOfDate(seen: seen, latest: seen + 1)) { try live.transaction(at: 25) }
        #expect(try live.processPendingChanges()?.deletions == [.init(index: 20, id: victim.id)])
        live.lastLoadError = nil
        #expect(live[24].payee != "")
        #expect(live.lastLoadError == nil)
    }

    @Test func aFailedSyncWhileNothingChangedKeepsEveryRowReadable() throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir, count: 30)
        let (live, source) = try LiveTransactions.failable(store: store)
        live.batchSize = 4
        source.failOnce("changes")
        #expect(throws: FailingSource.InjectedFailure.self) { try live.processPendingChanges() }
        #expect(try live.snapshot().transactions == (try store.transactions()))
        #expect(live.lastLoadError == nil)
    }
}
