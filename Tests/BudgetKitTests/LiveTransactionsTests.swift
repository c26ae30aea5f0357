import Testing
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
@testable import BudgetKit

@Suite struct LiveTransactionsTests {
    func day(_ text: String) -> Day { Day(iso: text)! }
    func money(_ text: String) -> Money { try! Money(parsing: text) }

    /// A store with Food and Rent and `count` transactions, one a day from 2026-01-01.
    func makeStore(_ dir: TemporaryDirectory, count: Int = 10) throws -> BudgetStore {
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"))
        try store.addCategory(named: "Rent", monthlyBudget: money("900"))
        for index in 0..<count {
            try store.addTransaction(amount: Money(minorUnits: Int64(100 + index)), category: index % 3 == 0 ? "Rent" : "Food",
                                     payee: "Shop \(index % 4)", date: day("2026-01-01").adding(days: index))
        }
        return store
    }

    @Test func listsCountsSectionsAndFindsRowsById() throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir, count: 70)
        let live = try LiveTransactions(store: store, request: TransactionRequest(sectioning: .month))
        live.batchSize = 8
        #expect(live.count == 70)
        #expect(live.sections.map(\.name) == ["2026-01", "2026-02", "2026-03"])
        #expect(live.sections.map(\.count) == [31, 28, 11])
        #expect(live[40].date == day("2026-02-10"))
        #expect(Array(live) == (try store.transactions()))
        #expect(live.index(ofTransactionID: live[33].id) == 33)
        #expect(live.index(ofTransactionID: 9999) == nil)
        #expect(live.sectionIndex(forRowAt: 31) == 1)
    }

    @Test func anInsertThroughTheStoreIsDeliveredAfterItsCommitAsOneInsertion() throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir)
        let live = try LiveTransactions(store: store)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        let added = try store.addTransaction(amount: money("5"), category: "Food", payee: "Baker", date: day("2026-01-03"))
        let heard = recorder.take()
        #expect(heard.count == 1)
        #expect(heard.first?.insertions == [.init(index: 3, transaction: added)])
        #expect(recorder.changes == [.insert(index: 3, transaction: added)])
        #expect(live[3] == added)
    }

    @Test func oneTransactionDeliversOneCoalescedChangeSetAndARollbackNone() throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir)
        let live = try LiveTransactions(store: store)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        try store.deleteTransactions(ids: [live[0].id, live[5].id, live[9].id])
        let heard = recorder.take()
        #expect(heard.count == 1)
        #expect(heard.first?.deletions.map(\.index) == [0, 5, 9])
        #expect(throws: BudgetError.unknownTransaction(424_242)) { try store.deleteTransactions(ids: [live[0].id, 424_242]) }
        #expect(recorder.take().isEmpty)
        #expect(live.count == 7)
    }

    @Test func anEditThatChangesTheSortKeyIsAMoveAndOneThatDoesNotIsAnUpdate() throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir)
        let live = try LiveTransactions(store: store)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        let moved = try store.editTransaction(id: live[1].id, TransactionChanges(date: day("2026-02-01")))
        #expect(recorder.take().first?.moves == [.init(from: 1, to: 9, transaction: moved)])
        let noted = try store.editTransaction(id: live[2].id, TransactionChanges(note: "hello"))
        #expect(recorder.take().first?.updates == [.init(index: 2, newIndex: 2, transaction: noted)])
    }

    @Test func renamingACategoryMovesItsRowsAndReplacesItsSection() throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir, count: 6)
        let request = TransactionRequest(sort: TransactionSort(.date), sectioning: .category)
        let live = try LiveTransactions(store: store, request: request)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        let before = try live.snapshot()
        #expect(live.sections.map(\.name) == ["Food", "Rent"])
        try store.renameCategory(named: "Rent", to: "Apartment")
        let changeSet = try #require(recorder.take().first)
        #expect(changeSet.sectionDeletions == [.init(index: 1, name: "Rent")])
        #expect(changeSet.sectionInsertions == [.init(index: 0, name: "Apartment")])
        #expect(changeSet.moves.count == 2)
        #expect(live.sections.map(\.name) == ["Apartment", "Food"])
        #expect(changeSet.applied(to: before) == (try LiveTransactions(store: store, request: request).snapshot()))
    }

    @Test(arguments: [("Rent", "Home"), ("Rent", "rent"), ("Food", "Zoo")])
    func renamingACategoryReplacesItsSectionAndMovesEveryRowIntoTheNewOne(old: String, new: String) throws {
        // Core Data reports sections as insertions and deletions only: a renamed category's
        // section is deleted and inserted, so its rows move (an update inside a deleted section
        // is what a table view's batch update refuses), whether or not the sections reorder.
        let dir = TemporaryDirectory()
        let store = try makeStore(dir, count: 6)
        let request = TransactionRequest(sort: TransactionSort(.amount), sectioning: .category)
        let live = try LiveTransactions(store: store, request: request)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        let before = try live.snapshot()
        try store.renameCategory(named: old, to: new)
        let changeSet = try #require(recorder.take().first)
        #expect(changeSet.sectionDeletions.map(\.name) == [old])
        #expect(changeSet.sectionInsertions.map(\.name) == [new])
        #expect(changeSet.updates.isEmpty)
        #expect(changeSet.moves.count == before.transactions.filter { $0.category == old }.count)
        #expect(changeSet.batchUpdateProblems(before: before) == [])
        #expect(changeSet.applied(to: before) == (try LiveTransactions(store: store, request: request).snapshot()))
    }

    @Test func aChangeMadeBySQLite3ShellIsDeliveredWithTheRightChangeSet() throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir)
        let live = try LiveTransactions(store: store)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        let watcher = try DatabaseWatcher(store: store)
        let before = try live.snapshot()
        let moving = live[2].id, deleted = live[4].id
        #expect(sqliteShell(store.path, """
            BEGIN;
            INSERT INTO transactions (date, amount, category_id, payee) VALUES ('2026-01-05', 777, 1, 'Shell');
            UPDATE transactions SET date = '2026-03-01' WHERE id = \(moving);
            DELETE FROM transactions WHERE id = \(deleted);
            COMMIT;
            """) == 0)
        #expect(watcher.wait(milliseconds: 20_000))
        let changeSet = try #require(recorder.take().first)
        #expect(changeSet.insertions.map(\.transaction.payee) == ["Shell"])
        #expect(changeSet.deletions.map(\.id) == [deleted])
        #expect(changeSet.moves.map(\.transaction.id) == [moving])
        #expect(changeSet.applied(to: before) == (try LiveTransactions(store: store).snapshot()))
        #expect(!watcher.wait(milliseconds: 0))
    }

    @Test func aBulkWriteWithAReloadEntryReloadsAndSaysSo() throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir)
        let live = try LiveTransactions(store: store)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        #expect(sqliteShell(store.path, """
            BEGIN;
            INSERT INTO change_log_pause VALUES (1);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500)
                INSERT INTO transactions (date, amount, category_id) SELECT '2026-05-01', i, 1 FROM n;
            INSERT INTO change_log (entity, row_id) VALUES ('reload', NULL);
            DELETE FROM change_log_pause;
            COMMIT;
            """) == 0)
        try live.processPendingChanges()
        #expect(recorder.changes == [.reload])
        #expect(recorder.take().first?.isReload == true)
        #expect(try live.snapshot() == (try LiveTransactions(store: store).snapshot()))
    }

    @Test func aListThatFellBehindThePrunedLogReloads() throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir)
        let live = try LiveTransactions(store: store)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        let writer = try BudgetStore(path: store.path)
        let written = ChangeTracker.kept + ChangeTracker.pruneMargin + 1
        try writer.writing {
            for index in 0..<written {
                try writer.connection.run("INSERT INTO transactions (date, amount, category_id) VALUES ('2026-06-01', ?, 1)", [.integer(index)])
            }
        }
        #expect(try writer.connection.int64("SELECT count(*) FROM change_log") == ChangeTracker.kept)
        try live.processPendingChanges()
        #expect(recorder.take().map(\.isReload) == [true])
        #expect(live.count == 10 + Int(written))
    }

    @Test func cancellingOrReleasingStopsObservationAndLeaksNothing() throws {
        let dir = TemporaryDirectory()
        weak var weakStore: BudgetStore?
        weak var weakLive: LiveTransactions?
        let recorder = ChangeRecorder()
        do {
            let store = try makeStore(dir)
            weakStore = store
            let cancelled = try LiveTransactions(store: store)
            cancelled.delegate = recorder
            cancelled.cancel()
            try store.addTransaction(amount: money("1"), category: "Food")
            #expect(recorder.take().isEmpty)
            #expect(cancelled.count == 10)
            do {
                let live = try LiveTransactions(store: store)
                live.delegate = recorder
                weakLive = live
                #expect(store.changeTracker.observerCount == 1)
            }
            #expect(weakLive == nil)
            #expect(store.changeTracker.observerCount == 0)
            try store.addTransaction(amount: money("1"), category: "Food")
            #expect(recorder.take().isEmpty)
        }
        #expect(weakStore == nil)
    }

    @Test func aRowDeletedElsewhereStaysReadableUntilTheSyncThatRemovesIt() throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir, count: 40)
        let live = try LiveTransactions(store: store)
        live.batchSize = 4
        #expect(live[0].payee == "Shop 0")
        let victim = try store.transactions()[30]
        try BudgetStore(path: store.path).deleteTransactions(ids: [victim.id])
        #expect(live[30] == victim)
        #expect(try live.transaction(at: 30) == victim)
        #expect(live.lastLoadError == nil)
        #expect(try live.processPendingChanges()?.deletions == [.init(index: 30, id: victim.id)])
        #expect(live[30].date == victim.date.adding(days: 1))
    }

    @Test func changingTheFilterAndTheSortAtOnceReportsTheDiff() throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir)
        let live = try LiveTransactions(store: store)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        let before = try live.snapshot()
        let request = TransactionRequest(filter: TransactionFilter(category: "rent"), sort: TransactionSort(.amount, ascending: false))
        try live.setRequest(request)
        let changeSet = try #require(recorder.take().first)
        #expect(!changeSet.isReload)
        #expect(changeSet.applied(to: before) == (try live.snapshot()))
        #expect(live.map(\.amount.minorUnits) == [109, 106, 103, 100])
        #expect(throws: BudgetError.unknownCategory("nope")) {
            try live.setRequest(TransactionRequest(filter: TransactionFilter(category: "nope")))
        }
        #expect(live.request == request && live.count == 4)
    }

    @Test func requestsRoundTripThroughJSON() throws {
        let request = TransactionRequest(filter: TransactionFilter(month: Month(year: 2026, month: 11), payee: "café", minAmount: Money(minorUnits: -5)),
                                         sort: TransactionSort(.payee, ascending: false), sectioning: .category)
        let data = try JSONEncoder().encode(request)
        #expect(try JSONDecoder().decode(TransactionRequest.self, from: data) == request)
    }

    @Test func writesPruneTheChangeLogBackToTheNewestEntriesOnlyOnceItOutgrowsTheMargin() throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir, count: 0)
        func logged() throws -> Int64 { try store.connection.int64("SELECT count(*) FROM change_log") ?? 0 }
        let limit = ChangeTracker.kept + ChangeTracker.pruneMargin
        let before = try logged()
        try store.writing {
            for _ in 0..<(limit - before) {
                try store.connection.run("INSERT INTO transactions (date, amount, category_id) VALUES ('2026-06-01', 1, 1)")
            }
        }
        #expect(try logged() == limit, "up to the margin, writes prune nothing")
        try store.addTransaction(amount: money("1"), category: "Food")
        #expect(try logged() == ChangeTracker.kept)
        let high = try ChangeTracker.highWater(in: store.connection)
        #expect(try store.connection.int64("SELECT min(seq) FROM change_log") == high - ChangeTracker.kept + 1)
    }
}

@Suite struct LiveTransactionsMalformedDateTests {
    @Test func datesWrittenByHandInTheShellNeitherCrashNorBreakTheOrder() throws {
        let dir = TemporaryDirectory()
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: Money(minorUnits: 100))
        try store.addTransaction(amount: Money(minorUnits: 1), category: "Food", date: Day(iso: "2026-11-02")!)
        // Short, long, empty and non-numeric dates: each reads as 0001-01-01 and sorts first.
        #expect(sqliteShell(dir.file("budget.sqlite3"), """
            INSERT INTO transactions (date, amount, category_id) VALUES ('2026-11-5', 2, 1), ('2026-11-050', 3, 1),
                ('', 4, 1), ('2026', 5, 1), ('abcd-ef-gh', 6, 1), ('2026-02-30', 7, 1);
            """) == 0)
        for sectioning in [nil, TransactionSectioning.month] {
            let live = try LiveTransactions(store: store, request: TransactionRequest(sectioning: sectioning))
            #expect(live.count == 7)
            #expect(live.map(\.amount.minorUnits).last == 1)
            #expect(Set(live.dropLast().map(\.date.description)) == ["0001-01-01"])
        }
    }
}
