import Testing
@testable import BudgetKit

extension LiveAsyncTests {
    /// Issue 13 item 1: each live result's change sets as an `AsyncSequence`: exactly what the
    /// delegate hears, from this store, grouped writes, another connection and another process;
    /// failures as elements; a cancelled consumer leaves no thread behind.
    @Suite struct LiveChangesTests {
        /// A book with two categories and a second connection to it.
        static func book(_ dir: TemporaryDirectory) throws -> (store: BudgetStore, writer: BudgetStore) {
            let store = try dir.store()
            try store.addCategory(named: "Food", monthlyBudget: money("300"))
            try store.addCategory(named: "Rent", monthlyBudget: money("900"))
            return (store, try BudgetStore(path: store.path))
        }

        @Test(arguments: [1, 2, 3] as [UInt64])
        func theTransactionsSequenceYieldsExactlyWhatTheDelegateHearsFromEveryDoor(seed: UInt64) async throws {
            try await withWatchdog {
                let dir = TemporaryDirectory()
                let (store, writer) = try Self.book(dir)
                var random = SeededGenerator(seed: seed)
                let live = try LiveTransactions(store: store, request: TransactionRequest(sort: TransactionSort(.amount), sectioning: .category))
                let recorder = DelegateRecorder()
                live.delegate = recorder
                var iterator = live.changes.makeAsyncIterator()
                var yielded: [DelegateRecorder.Heard] = []
                var names = ["Food", "Rent"]
                for step in 0..<36 {
                    func amount() -> Money { Money(minorUnits: Int64.random(in: -5_000...5_000, using: &random)) }
                    func category() -> String { names.randomElement(using: &random)! }
                    let ids = try store.transactions().map(\.id)
                    let door = ids.count < 3 ? 0 : Int.random(in: 0..<5, using: &random)
                    switch door {
                    case 0:   // this store, one write
                        try store.addTransaction(amount: amount(), category: category(), payee: "own \(step)", date: day("2026-05-01"))
                    case 1:   // this store, one grouped write of several kinds
                        let edited = ids.randomElement(using: &random)!
                        try store.write {
                            try store.addTransaction(amount: amount(), category: category(), payee: "group \(step)", date: day("2026-05-02"))
                            try store.editTransaction(id: edited, TransactionChanges(amount: amount()))
                            if Bool.random(using: &random) {
                                let old = category(), new = old + "\(step)"
                                try store.renameCategory(named: old, to: new)
                                names[names.firstIndex(of: old)!] = new
                            }
                        }
                    case 2:   // another connection
                        if Bool.random(using: &random) {
                            try writer.addTransaction(amount: amount(), category: category(), payee: "other \(step)", date: day("2026-05-03"))
                        } else {
                            try writer.editTransaction(id: ids.randomElement(using: &random)!, TransactionChanges(amount: amount()))
                        }
                    case 3:   // another process: the sqlite3 shell
                        let id = ids.randomElement(using: &random)!
                        let sql = Bool.random(using: &random)
                            ? "INSERT INTO transactions (date, amount, category_id, payee) VALUES ('2026-05-04', \(step), 1, 'shell');"
                            : "DELETE FROM transactions WHERE id = \(id);"
                        #expect(sqliteShell(store.path, sql) == 0)
                    default:  // this store: a delete
                        try store.deleteTransactions(ids: [ids.randomElement(using: &random)!])
                    }
                    guard let taken = await take(&iterator, awaiting: door == 2 || door == 3) else {
                        Issue.record("the sequence ended at step \(step)")
                        return
                    }
                    yielded += taken
                }
                #expect(yielded == recorder.heard)
                #expect(yielded.count >= 36)
                live.cancel()
                #expect(await iterator.next() == nil)
            }
        }

        @Test func theCategoriesAndAccountsSequencesYieldExactlyWhatTheirDelegatesHear() async throws {
            try await withWatchdog {
                let dir = TemporaryDirectory()
                let (store, writer) = try Self.book(dir)
                let categories = try LiveCategories(store: store, month: Month(iso: "2026-05")!)
                let accounts = try LiveAccounts(store: store, on: day("2026-05-31"))
                let categoryRecorder = DelegateRecorder(), accountRecorder = DelegateRecorder()
                categories.delegate = categoryRecorder
                accounts.delegate = accountRecorder
                var categoryChanges = categories.changes.makeAsyncIterator()
                var accountChanges = accounts.changes.makeAsyncIterator()
                var heardCategories: [DelegateRecorder.Heard] = [], heardAccounts: [DelegateRecorder.Heard] = []

                try store.addCategory(named: "Travel", monthlyBudget: money("80"))
                try store.write {
                    try store.renameCategory(named: "Food", to: "Groceries")
                    try store.addAccount(named: "Savings", kind: .savings)
                    try store.addTransaction(amount: money("12"), category: "Rent", date: day("2026-05-02"))
                }
                heardCategories += try #require(await take(&categoryChanges, awaiting: false))
                heardAccounts += try #require(await take(&accountChanges, awaiting: false))
                #expect(heardCategories.count == 2)
                #expect(heardAccounts.count == 1)

                // Another connection: each sequence waits for its own list's change.
                try writer.setBudget(money("333"), forCategory: "Rent", from: Month(iso: "2026-05")!)
                heardCategories += try #require(await take(&categoryChanges, awaiting: true))
                try writer.transfer(amount: money("5"), from: "Main", to: "Savings", date: day("2026-05-03"))
                heardAccounts += try #require(await take(&accountChanges, awaiting: true))
                // Another process.
                #expect(sqliteShell(store.path, "UPDATE categories SET name = 'Zoo' WHERE name = 'Travel';") == 0)
                heardCategories += try #require(await take(&categoryChanges, awaiting: true))

                #expect(heardCategories == categoryRecorder.heard)
                #expect(heardAccounts == accountRecorder.heard)
                #expect(heardCategories.count == 4)
                #expect(heardAccounts.count == 2)
            }
        }

        @Test func aFailedSyncArrivesInTheSequenceAndTheNextCommitRecovers() async throws {
            try await withWatchdog {
                let dir = TemporaryDirectory()
                let (store, writer) = try Self.book(dir)
                let (live, source) = try LiveTransactions.failable(store: store)
                let recorder = DelegateRecorder()
                live.delegate = recorder
                var iterator = live.changes.makeAsyncIterator()
                let failure = FailingSource.InjectedFailure(read: "changes")

                // Through this store: the sync after the commit fails, the next one catches up.
                source.failOnce("changes")
                try store.addTransaction(amount: money("1"), category: "Food")
                guard case .failure(let error)? = await iterator.next() else { Issue.record("no failure"); return }
                #expect(error as? FailingSource.InjectedFailure == failure)
                #expect(live.lastSyncError != nil)
                try store.addTransaction(amount: money("2"), category: "Food")
                #expect(try await iterator.next()?.get().insertions.count == 2)

                // Another connection's commit: the watcher's sync fails, the next commit recovers.
                source.failOnce("changes")
                try writer.addTransaction(amount: money("3"), category: "Rent")
                guard case .failure? = await iterator.next() else { Issue.record("no failure"); return }
                try writer.addTransaction(amount: money("4"), category: "Rent")
                #expect(try await iterator.next()?.get().insertions.count == 2)
                #expect(live.lastSyncError == nil)
                #expect(recorder.heard.map { if case .failed = $0 { "failed" } else { "changed" } } == ["failed", "changed", "failed", "changed"])
            }
        }

        @Test func cancellingTheConsumerEndsItsIterationAndItsWatchingThread() async throws {
            try await withWatchdog {
                let dir = TemporaryDirectory()
                let path = try Self.book(dir).store.path
                let before = watchingThreads()
                let consumer = Task {
                    let store = try BudgetStore(path: path)
                    let live = try LiveTransactions(store: store)
                    var heard = 0
                    for await _ in live.changes { heard += 1 }
                    return heard
                }
                try await waitForWatchingThreads(before + 1)   // it is waiting for other processes
                consumer.cancel()
                #expect(try await consumer.valueOrCancel == 0)
                #expect(watchingThreads() == before)
            }
        }

        @Test func leavingTheLoopOrCancellingTheListEndsTheWatchingThread() async throws {
            try await withWatchdog {
                let dir = TemporaryDirectory()
                let (store, writer) = try Self.book(dir)
                let before = watchingThreads()
                let live = try LiveTransactions(store: store)
                // Leaving the loop (break) after another connection's commit arrived.
                try writer.addTransaction(amount: money("1"), category: "Food")
                for await result in live.changes {
                    #expect(try result.get().insertions.count == 1)
                    break
                }
                #expect(watchingThreads() == before)
                // Cancelling the list ends a sequence after what it queued before.
                var iterator = live.changes.makeAsyncIterator()
                try store.addTransaction(amount: money("2"), category: "Food")
                live.cancel()
                #expect(try await iterator.next()?.get().insertions.count == 1)
                #expect(await iterator.next() == nil)
                #expect(await iterator.next() == nil)
                #expect(watchingThreads() == before)
            }
        }
    }
}
