#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import BudgetKit

/// A list by date alone and without sections reads only its first keys when it opens, and
/// counts the rest (issue 13: its first row at ten million rows). What it shows must be what a
/// list that read every key shows, and its first sync, which reads the rest first, must deliver
/// the exact change set. The lists here read a few keys at first instead of 4,096.
@Suite struct LiveTransactionsWindowTests {
    /// Lists opened in the random test: 150 in `make test`, `BUDGET_FUZZ_STEPS` in `make fuzz`.
    static var steps: Int {
        getenv("BUDGET_FUZZ_STEPS").flatMap { Int(String(cString: $0)) } ?? 150
    }

    static let requests = [TransactionRequest(),
                           TransactionRequest(sort: TransactionSort(.date, ascending: false)),
                           TransactionRequest(filter: TransactionFilter(payee: "a")),
                           TransactionRequest(filter: TransactionFilter(categoryIDs: [2, 3]), sort: TransactionSort(.date, ascending: false)),
                           // Orders SQLite cannot hand over: every key read, the ends kept.
                           TransactionRequest(sort: TransactionSort(.amount, ascending: false)),
                           TransactionRequest(sort: TransactionSort([.ascending(.payee), .descending(.date)])),
                           TransactionRequest(filter: TransactionFilter(payee: "a"),
                                              sort: TransactionSort([.ascending(.category), .descending(.amount)]))]

    /// A store with five categories and `writes` random writes.
    private static func world(in dir: TemporaryDirectory, seed: UInt64, writes: Int) throws -> LiveTransactionsEquivalenceTests.World {
        let store = try dir.store()
        var world = LiveTransactionsEquivalenceTests.World(store: store, writer: try BudgetStore(path: store.path),
                                                           random: SeededGenerator(seed: seed))
        for index in 0..<5 {
            world.categoryIDs.append(try store.addCategory(named: "cat-\(index)", monthlyBudget: .zero).id)
        }
        for _ in 0..<writes { _ = try world.write(viaWriter: false) }
        // Random writes rename the others; this one keeps its name, for the tests' own writes.
        _ = try store.addCategory(named: "Fixed", monthlyBudget: .zero)
        return world
    }

    /// Inserts a row dated '2026-1-05' the way the sqlite3 shell can (no day parses from it, so
    /// it sorts first in memory), and returns its id.
    static func insertHandWrittenDate(in world: LiveTransactionsEquivalenceTests.World) throws -> Int64 {
        try world.store.connection.run("INSERT INTO transactions (date, amount, category_id, payee) VALUES ('2026-1-05', 5, ?, 'hand')",
                                       [.integer(world.categoryIDs[0])])
        return world.store.connection.lastInsertRowID
    }

    @Test func aListReadsItsFirstAndLastKeysCountsTheRestAndReadsMoreWhenAsked() throws {
        let dir = TemporaryDirectory()
        let world = try LiveTransactionsWindowTests.world(in: dir, seed: 7, writes: 120)
        let store = world.store
        let oracle = try LiveTransactionsOracle.snapshot(of: store, request: TransactionRequest())
        let rows = oracle.transactions, n = rows.count
        try #require(n > 80)
        let live = try LiveTransactions(store: store, request: TransactionRequest(), source: store.makeLiveReader(), window: 5)
        live.batchSize = 4
        #expect(live.keys.count == 5 && live.tailKeys.count == 5)
        #expect(live.count == n && live.unreadKeys == n - 10)
        #expect(live.sections == [TransactionSection(name: "", range: 0..<n)])
        #expect(live.first == rows.first && live.last == rows.last)
        #expect(live[4] == rows[4] && live[n - 5] == rows[n - 5] && live.unreadKeys == n - 10)
        // Row 7 and its page, from the nearer end: at least twice the keys held there.
        #expect(live[7] == rows[7])
        #expect(live.keys.count == 12 && live.tailKeys.count == 5 && live.unreadKeys == n - 17)
        #expect(live[13] == rows[13] && live.keys.count == 24)
        #expect(live[n - 8] == rows[n - 8])
        #expect(live.keys.count == 24 && live.tailKeys.count == 12 && live.unreadKeys == n - 36)
        // A lookup by id reads keys up to the row's own, no further; one in the last keys, none.
        #expect(live.index(ofTransactionID: rows[30].id) == 30)
        // (Twice the first keys held, and at least 64.)
        #expect(live.keys.count == 64 && live.unreadKeys == n - 76)
        #expect(live.index(ofTransactionID: rows[n - 3].id) == n - 3 && live.unreadKeys == n - 76)
        // An id the list does not hold, or cannot: nil, and nothing more read.
        let outside = try store.connection.int64("SELECT min(id) FROM transactions") ?? 0
        #expect(live.index(ofTransactionID: 1_000_000) == nil && live.index(ofTransactionID: outside - 1) == nil)
        #expect(live.unreadKeys == n - 76)
        // Nothing committed: a sync finds nothing, and reads nothing more.
        #expect(try live.processPendingChanges() == nil)
        #expect(live.unreadKeys == n - 76)
        #expect(try live.snapshot() == oracle)
        #expect(live.unreadKeys == 0 && live.tailKeys.count == 0 && live.keys.count == n && !live.keysShiftedWhenRead)
    }

    @Test func aListOfFewerRowsThanItsWindowReadsThemAll() throws {
        let dir = TemporaryDirectory()
        let world = try LiveTransactionsWindowTests.world(in: dir, seed: 8, writes: 3)
        let live = try LiveTransactions(store: world.store, request: TransactionRequest(), source: world.store.makeLiveReader(), window: 500)
        #expect(live.unreadKeys == 0 && live.keys.count == live.count)
        // Sections read every key, whatever the window.
        let sectioned = try LiveTransactions(store: world.store, request: TransactionRequest(sectioning: .month),
                                             source: world.store.makeLiveReader(), window: 1)
        let byAmount = try LiveTransactions(store: world.store, request: TransactionRequest(sort: TransactionSort(.amount)),
                                            source: world.store.makeLiveReader(), window: 500)
        #expect(sectioned.unreadKeys == 0 && byAmount.unreadKeys == 0 && sectioned.count > 1)
    }

    /// A list in an order SQLite cannot hand over reads every key when it opens but keeps only
    /// its two ends; a row between reads every key again, once, and keeps them all.
    @Test(arguments: [TransactionSort(.amount), TransactionSort(.payee, ascending: false),
                      TransactionSort([.ascending(.category), .descending(.amount)])])
    func aListInAnotherOrderKeepsOnlyItsEndsUntilARowBetweenIsWanted(sort: TransactionSort) throws {
        let dir = TemporaryDirectory()
        let world = try LiveTransactionsWindowTests.world(in: dir, seed: 10, writes: 120)
        let store = world.store
        let request = TransactionRequest(sort: sort)
        let rows = try LiveTransactionsOracle.snapshot(of: store, request: request).transactions, n = rows.count
        try #require(n > 80)
        let live = try LiveTransactions(store: store, request: request, source: store.makeLiveReader(), window: 5)
        live.batchSize = 4
        #expect(live.keys.count == 5 && live.tailKeys.count == 5)
        #expect(live.count == n && live.unreadKeys == n - 10)
        #expect(live.first == rows.first && live.last == rows.last)
        #expect(live[4] == rows[4] && live[n - 5] == rows[n - 5] && live.unreadKeys == n - 10)
        #expect(live.index(ofTransactionID: rows[n - 3].id) == n - 3 && live.unreadKeys == n - 10)
        // A row between: every key, read once.
        #expect(live[n / 2] == rows[n / 2])
        #expect(live.unreadKeys == 0 && live.keys.count == n && live.tailKeys.count == 0)
        #expect(try live.snapshot().transactions == rows)
        // Opened again, a lookup by id between reads every key too.
        let again = try LiveTransactions(store: store, request: request, source: store.makeLiveReader(), window: 5)
        #expect(again.index(ofTransactionID: rows[n / 3].id) == n / 3 && again.unreadKeys == 0)
    }

    /// Many fresh lists, each with a small random window, each hearing one to four random
    /// writes (this store's, heard at its commit, or another connection's), with rows read or
    /// looked up anywhere before each: every change set applied to what the list showed equals
    /// what the request shows now. Changes among the first and last keys read are applied
    /// without reading the rest; the others read every key first.
    @Test(arguments: requests.indices)
    func everySyncOfAListWithUnreadKeysDeliversTheExactChangeSet(requestIndex: Int) throws {
        let dir = TemporaryDirectory()
        var world = try LiveTransactionsWindowTests.world(in: dir, seed: 0x51DE + UInt64(requestIndex), writes: 40)
        let store = world.store, request = LiveTransactionsWindowTests.requests[requestIndex]
        var random = SeededGenerator(seed: 0xC0FFEE + UInt64(requestIndex))
        var changeSets = 0, windowedSyncs = 0, syncsKeepingTheWindow = 0
        for step in 0..<LiveTransactionsWindowTests.steps {
            let window = Int.random(in: 1...12, using: &random)
            let live = try LiveTransactions(store: store, request: request, source: store.makeLiveReader(), window: window)
            let recorder = ChangeRecorder()
            live.delegate = recorder
            var previous = try LiveTransactionsOracle.snapshot(of: store, request: request)
            #expect(live.count == previous.transactions.count, "step \(step)")
            for write in 0..<Int.random(in: 1...4, using: &random) {
                let label = "step \(step), write \(write)"
                // A few rows read, or looked up by id, anywhere: from the first keys, the last
                // ones, or between (which reads more from the nearer end).
                for _ in 0..<Int.random(in: 0...3, using: &random) where live.count > 0 {
                    let position = Int.random(in: 0..<live.count, using: &random)
                    if Bool.random(using: &random) {
                        #expect(live[position] == previous.transactions[position], "\(label)")
                    } else {
                        #expect(live.index(ofTransactionID: previous.transactions[position].id) == position, "\(label)")
                    }
                }
                let windowed = live.unreadKeys > 0
                if windowed { windowedSyncs += 1 }
                let viaWriter = Bool.random(using: &world.random)
                let bulk = try world.write(viaWriter: viaWriter)
                if viaWriter { try live.processPendingChanges() }
                let fresh = try LiveTransactionsOracle.snapshot(of: store, request: request)
                let heard = recorder.take()
                #expect(heard.count <= 1, "\(label)")
                if let changeSet = heard.first {
                    changeSets += 1
                    if !changeSet.isReload {
                        #expect(changeSet.applied(to: previous) == fresh, "\(label): \(changeSet)")
                        if windowed && live.unreadKeys > 0 { syncsKeepingTheWindow += 1 }
                    } else {
                        // Only a bulk write (no other commit can come between a look at the ends and the sync here).
                        #expect(bulk, "\(label)")
                    }
                    #expect(changeSet.count == fresh.transactions.count, "\(label)")
                    #expect(changeSet.sections == [TransactionSection(name: "", range: 0..<fresh.transactions.count)], "\(label)")
                } else {
                    #expect(previous == fresh, "\(label): a change was missed")
                }
                #expect(live.count == fresh.transactions.count, "\(label)")
                previous = fresh
            }
            #expect(try live.snapshot() == previous, "step \(step): the live list itself")
            live.cancel()
        }
        let steps = LiveTransactionsWindowTests.steps
        #expect(changeSets > steps * 4 / 3)
        // By date, a row read between reads more keys from the nearer end, and a write lands
        // at the ends often (a row dated after the others). In the other orders a row read
        // between reads every key, and a write lands at the ends less often (an amount past
        // every other), but it does.
        let byDate = request.sort.criteria.map(\.key) == [.date]
        #expect(windowedSyncs > (byDate ? steps * 2 / 3 : steps / 5))
        #expect(syncsKeepingTheWindow > (byDate ? steps / 15 : 0))
    }

    /// A change of filter or of sort on a list with keys unread: the exact diff, as ever.
    @Test func aChangeOfRequestOnAListWithUnreadKeysIsTheExactDiff() throws {
        let dir = TemporaryDirectory()
        let world = try LiveTransactionsWindowTests.world(in: dir, seed: 12, writes: 50)
        let store = world.store
        let requests = [TransactionRequest(filter: TransactionFilter(minAmount: Money(minorUnits: -200))),
                        TransactionRequest(sort: TransactionSort(.amount)),
                        TransactionRequest(filter: TransactionFilter(payee: "a"), sort: TransactionSort(.date, ascending: false))]
        for next in requests {
            let live = try LiveTransactions(store: store, request: TransactionRequest(), source: store.makeLiveReader(), window: 3)
            let recorder = ChangeRecorder()
            live.delegate = recorder
            let previous = try LiveTransactionsOracle.snapshot(of: store, request: TransactionRequest())
            #expect(live.unreadKeys > 0)
            try live.setRequest(next)
            let fresh = try LiveTransactionsOracle.snapshot(of: store, request: next)
            let changeSet = try #require(recorder.take().first)
            if !changeSet.isReload { #expect(changeSet.applied(to: previous) == fresh, "\(next)") }
            #expect(try live.snapshot() == fresh)
        }
    }

    @Test func aSyncThatFailsReadingTheRestLeavesTheListAsItWasAndTheNextOneIsExact() throws {
        let dir = TemporaryDirectory()
        let world = try LiveTransactionsWindowTests.world(in: dir, seed: 9, writes: 30)
        let store = world.store
        let source = FailingSource(try store.makeLiveReader())
        let live = try LiveTransactions(store: store, request: TransactionRequest(), source: source, window: 3)
        let previous = try LiveTransactionsOracle.snapshot(of: store, request: TransactionRequest())
        let recorder = ChangeRecorder()
        live.delegate = recorder
        // Dated in the middle: the sync needs every key.
        let middle = previous.transactions[previous.transactions.count / 2].date
        try world.writer.addTransaction(amount: Money(minorUnits: -250), category: "Fixed", payee: "Late", date: middle)
        source.failOnce("forEachKey")
        #expect(throws: FailingSource.InjectedFailure(read: "forEachKey")) { try live.processPendingChanges() }
        #expect(live.keys.count == 3 && live.count == previous.transactions.count && recorder.take().isEmpty)
        #expect(live[0] == previous.transactions[0])
        let changeSet = try #require(try live.processPendingChanges())
        let fresh = try LiveTransactionsOracle.snapshot(of: store, request: TransactionRequest())
        #expect(changeSet.insertions.count == 1 && live.unreadKeys == 0)
        #expect(changeSet.applied(to: previous) == fresh)
    }

    /// Changes among the first and last keys read: an insert at either end, an edit in place,
    /// a row moved from one end to the other, a deletion. The list applies them without
    /// reading the rest; a change between reads every key first.
    @Test(arguments: [true, false])
    func changesAtTheEndsLeaveTheRestUnread(ascending: Bool) throws {
        let dir = TemporaryDirectory()
        let world = try LiveTransactionsWindowTests.world(in: dir, seed: 14, writes: 60)
        let store = world.store, writer = world.writer.connection
        let request = TransactionRequest(sort: TransactionSort(.date, ascending: ascending))
        let live = try LiveTransactions(store: store, request: request, source: store.makeLiveReader(), window: 4)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        var previous = try LiveTransactionsOracle.snapshot(of: store, request: request)
        let unread = live.unreadKeys
        try #require(unread > 20)
        let category = world.categoryIDs[0]
        let first = previous.transactions[1].id, last = previous.transactions[previous.transactions.count - 2].id
        let writes: [(String, [SQLiteValue], Int)] = [
            ("INSERT INTO transactions (date, amount, category_id, payee) VALUES ('2027-06-01', 7, ?, 'Newest')", [.integer(category)], 0),
            ("INSERT INTO transactions (date, amount, category_id, payee) VALUES ('2025-06-01', 8, ?, 'Oldest')", [.integer(category)], 0),
            ("UPDATE transactions SET amount = 999, payee = 'Edited' WHERE id = ?", [.integer(first)], 0),
            ("UPDATE transactions SET date = '2027-07-01' WHERE id = ?", [.integer(first)], 0),
            ("DELETE FROM transactions WHERE id = ?", [.integer(last)], 0),
            // Into the middle: every key is read.
            ("UPDATE transactions SET date = ? WHERE id = ?",
             [.text(previous.transactions[previous.transactions.count / 2].date.description), .integer(first)], -1),
        ]
        for (index, (sql, values, expectedUnread)) in writes.enumerated() {
            try writer.run(sql, values)
            let changeSet = try #require(try live.processPendingChanges(), "write \(index)")
            let fresh = try LiveTransactionsOracle.snapshot(of: store, request: request)
            #expect(!changeSet.isReload && changeSet.applied(to: previous) == fresh, "write \(index): \(changeSet)")
            #expect(live.unreadKeys == (expectedUnread < 0 ? 0 : unread), "write \(index)")
            #expect(recorder.take().count == 1)
            previous = fresh
        }
        #expect(try live.snapshot() == previous)
    }

    /// A row whose date was written by hand in another form sorts first in memory but lies
    /// among the unread rows in SQLite's order: a change to it is not one at the ends.
    @Test(arguments: [true, false])
    func aChangeToAHandWrittenDateAmongTheUnreadRowsReadsEveryKey(ascending: Bool) throws {
        let dir = TemporaryDirectory()
        let world = try LiveTransactionsWindowTests.world(in: dir, seed: 15, writes: 60)
        let store = world.store
        // '2026-1-05' sorts between '2026-09-..' and '2026-10-..' as text: among the unread rows.
        let hand = try LiveTransactionsWindowTests.insertHandWrittenDate(in: world)
        let request = TransactionRequest(sort: TransactionSort(.date, ascending: ascending))
        let live = try LiveTransactions(store: store, request: request, source: store.makeLiveReader(), window: 3)
        let everyKey = try LiveTransactions(store: store, request: request, source: store.makeLiveReader(), window: .max)
        try #require(live.unreadKeys > 0)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        if !ascending {
            // Last in memory, among the unread rows in SQLite's order: a lookup reads every key.
            #expect(live.index(ofTransactionID: hand) == everyKey.count - 1 && live.unreadKeys == 0)
        }
        try world.writer.connection.run("UPDATE transactions SET amount = 6 WHERE id = ?", [.integer(hand)])
        try live.processPendingChanges()
        try everyKey.processPendingChanges()
        #expect(recorder.take().map(\.isReload) == [true])
        #expect(live.count == everyKey.count)
        #expect(try live.snapshot() == (try everyKey.snapshot()))
        try world.writer.connection.run("DELETE FROM transactions WHERE id = ?", [.integer(hand)])
        let changeSet = try #require(try live.processPendingChanges())
        #expect(!changeSet.isReload && changeSet.count == everyKey.count - 1)
    }

    /// A sync at the ends can leave no first key at all (the only one deleted): the list still
    /// reads more from that end when asked.
    @Test func aListWhoseFirstKeysWereAllDeletedStillReadsMore() throws {
        let dir = TemporaryDirectory()
        let world = try LiveTransactionsWindowTests.world(in: dir, seed: 16, writes: 40)
        let store = world.store
        let live = try LiveTransactions(store: store, request: TransactionRequest(), source: store.makeLiveReader(), window: 1)
        let first = try #require(live.first)
        try world.writer.connection.run("DELETE FROM transactions WHERE id = ?", [.integer(first.id)])
        #expect(try live.processPendingChanges()?.deletions.map(\.index) == [0])
        #expect(live.keys.count == 0 && live.unreadKeys > 0)
        let fresh = try LiveTransactionsOracle.snapshot(of: store, request: TransactionRequest())
        let middle = fresh.transactions.count / 2
        #expect(live.index(ofTransactionID: fresh.transactions[middle].id) == middle)
        #expect(live[3] == fresh.transactions[3])
        #expect(try live.snapshot() == fresh)
    }

    /// A page as large as can be (`batchSize` Int.max) reads every key, without overflow.
    @Test func aPageOfIntMaxRowsReadsEveryKey() throws {
        let dir = TemporaryDirectory()
        let world = try LiveTransactionsWindowTests.world(in: dir, seed: 17, writes: 40)
        let fresh = try LiveTransactionsOracle.snapshot(of: world.store, request: TransactionRequest())
        for position in [3, fresh.transactions.count - 4] {
            let live = try LiveTransactions(store: world.store, request: TransactionRequest(), source: world.store.makeLiveReader(), window: 2)
            live.batchSize = .max
            #expect(live[position] == fresh.transactions[position] && live.unreadKeys == 0)
        }
    }

    @Test func aCancelledListThatCannotReadTheRestSaysSo() throws {
        let dir = TemporaryDirectory()
        let world = try LiveTransactionsWindowTests.world(in: dir, seed: 10, writes: 30)
        let store = world.store
        let live = try LiveTransactions(store: store, request: TransactionRequest(), source: store.makeLiveReader(), window: 2)
        let count = live.count
        live.cancel()
        try world.writer.addTransaction(amount: Money(minorUnits: 100), category: "Fixed", date: Day(iso: "2026-06-01")!)
        #expect(live.count == count)
        // A row between the first and last keys read: its key was never read.
        let standIn = live[count / 2]
        #expect(standIn.id == 0 && standIn.payee == "")
        // A row among the last keys read: its id and what its key knows.
        #expect(live[count - 1].id == live.tailKeys.entries.last?.id && live.lastLoadError != nil)
        guard case .liveResultsOutOfDate(let seen, _)? = live.lastLoadError as? BudgetError else {
            Issue.record("not out of date: \(String(describing: live.lastLoadError))")
            return
        }
        #expect(seen == live.lastSequence)
        #expect(throws: BudgetError.self) { try live.transaction(at: count - 1) }
        #expect(live.index(ofTransactionID: 1) == nil)
    }

    /// A hand-written date (see ``aDateWrittenInAnotherFormMakesTheNextSyncAReload()``), for each
    /// small window and both directions: the row lands before, at or after the window's end, or
    /// inside it.
    @Test(arguments: [true, false])
    func aDateWrittenInAnotherFormIsFoundWhateverTheWindow(ascending: Bool) throws {
        let dir = TemporaryDirectory()
        let world = try LiveTransactionsWindowTests.world(in: dir, seed: 13, writes: 12)
        let store = world.store
        _ = try LiveTransactionsWindowTests.insertHandWrittenDate(in: world)
        let request = TransactionRequest(sort: TransactionSort(.date, ascending: ascending))
        let everyKey = try LiveTransactions(store: store, request: request, source: store.makeLiveReader(), window: .max)
        let expected = try everyKey.snapshot()
        for window in 1...expected.transactions.count + 1 {
            let live = try LiveTransactions(store: store, request: request, source: store.makeLiveReader(), window: window)
            let recorder = ChangeRecorder()
            live.delegate = recorder
            try live.readKeys()
            #expect(try live.snapshot() == expected, "window \(window)")
            try live.processPendingChanges()
            if live.keysShiftedWhenRead { Issue.record("window \(window): still shifted after a sync") }
            let heard = recorder.take()
            let onlyReloads = heard.allSatisfy { $0.isReload }
            #expect(onlyReloads, "window \(window)")
            #expect(try live.snapshot() == expected, "window \(window)")
        }
    }

    /// A date written by hand in another form ('2026-1-05') is text SQLite orders elsewhere than
    /// the day it stands for: a list that read only its first keys cannot know, until it reads
    /// the rest; its next sync is then a reload.
    @Test func aDateWrittenInAnotherFormMakesTheNextSyncAReload() throws {
        let dir = TemporaryDirectory()
        let world = try LiveTransactionsWindowTests.world(in: dir, seed: 11, writes: 20)
        let store = world.store
        _ = try LiveTransactionsWindowTests.insertHandWrittenDate(in: world)
        let live = try LiveTransactions(store: store, request: TransactionRequest(), source: store.makeLiveReader(), window: 2)
        let everyKey = try LiveTransactions(store: store, request: TransactionRequest(), source: store.makeLiveReader(), window: .max)
        #expect(live.count == everyKey.count && live.unreadKeys > 0)
        let recorder = ChangeRecorder()
        live.delegate = recorder
        try live.readKeys()
        #expect(live.keysShiftedWhenRead && live.unreadKeys == 0)
        #expect(try live.snapshot() == (try everyKey.snapshot()))
        try store.addTransaction(amount: Money(minorUnits: 100), category: "Fixed", date: Day(iso: "2026-06-01")!)
        #expect(recorder.take().map(\.isReload) == [true])
        // From then on it reads every key: this book holds such dates.
        #expect(!live.keysShiftedWhenRead && live.unreadKeys == 0)
        try everyKey.processPendingChanges()
        #expect(try live.snapshot() == (try everyKey.snapshot()))
    }
}
