import Testing
@testable import BudgetKit

/// A ledger as a library user writes one: an actor that owns a store and a live list, iterates
/// the list's changes in one of its methods, and writes in others.
actor Ledger {
    let store: BudgetStore
    let live: LiveTransactions
    let recorder = DelegateRecorder()
    private var changes: LiveChanges<LiveTransactions>?

    init(path: String) throws {
        store = try BudgetStore(path: path)
        live = try LiveTransactions(store: store)
        live.delegate = recorder
    }

    /// Starts hearing changes: from here on they are queued for ``follow(count:)``.
    func subscribe() { changes = live.changes }

    /// Iterates the changes until one leaves `rows` rows in the list (or the task is cancelled).
    func follow(untilRows rows: Int) async -> [DelegateRecorder.Heard] {
        guard let changes else { return [] }
        var heard: [DelegateRecorder.Heard] = []
        for await result in changes {
            heard.append(result.heard)
            if case .success(let changeSet) = result, changeSet.count == rows { break }
        }
        return heard
    }

    func add(_ payee: String) throws {
        try store.addTransaction(amount: money("1"), category: "Food", payee: payee)
    }

    func heardByDelegate() -> [DelegateRecorder.Heard] { recorder.heard }
    func payees() -> [String] { live.map(\.payee) }
}

/// A model a view layer would hold, on an actor of its own, with other processes watched.
actor ModelOwner {
    let store: BudgetStore
    let model: ObservableLive<LiveTransactions>

    init(path: String) throws {
        store = try BudgetStore(path: path)
        model = ObservableLive(try LiveTransactions(store: store))
    }

    func watch() async { await model.watch() }

    /// Waits (cancellably) until the model shows `count` rows.
    func waitForCount(_ count: Int) async throws {
        while model.count != count { try await Task.sleep(for: .milliseconds(1)) }
    }

    func payees() -> [String] { model.rows.map(\.payee) }
}

/// A delegate user who wants other processes' commits without a loop: `DatabaseWatcher.watch()`.
actor WatchedList {
    let store: BudgetStore
    let live: LiveCategories
    let watcher: DatabaseWatcher
    let recorder = DelegateRecorder()

    init(path: String) throws {
        store = try BudgetStore(path: path)
        live = try LiveCategories(store: store)
        watcher = try DatabaseWatcher(store: store)
        live.delegate = recorder
    }

    func watch() async { await watcher.watch() }

    func waitForChanges(_ count: Int) async throws {
        while recorder.heard.count < count { try await Task.sleep(for: .milliseconds(1)) }
    }
}

extension LiveAsyncTests {
    /// Issue 13 item 1: which isolation hears what, chosen by the caller: an actor of one's own,
    /// the main actor, a `SharedStore`; and watching without a loop.
    @Suite struct LiveIsolationTests {
        static func book(_ dir: TemporaryDirectory) throws -> String {
            let store = try dir.store()
            try store.addCategory(named: "Food", monthlyBudget: money("300"))
            return store.path
        }

        @Test func anActorThatOwnsTheStoreHearsItsOwnWritesAndOtherProcessesInOrder() async throws {
            try await withWatchdog {
                let dir = TemporaryDirectory()
                let path = try Self.book(dir)
                let before = watchingThreads()
                let ledger = try Ledger(path: path)
                await ledger.subscribe()
                let following = Task { await ledger.follow(untilRows: 4) }
                try await ledger.add("one")                      // while `follow` waits, on the same actor
                let writer = try BudgetStore(path: path)
                try writer.addTransaction(amount: money("2"), category: "Food", payee: "two")
                try await ledger.add("three")
                #expect(sqliteShell(path, "INSERT INTO transactions (date, amount, category_id, payee) VALUES ('2026-01-01', 4, 1, 'four');") == 0)
                // Each commit is heard once, in order; a sync catches up with every commit since
                // the last, so another process's commit may share a change set with the next write.
                let heard = await following.valueOrCancel
                #expect(!heard.isEmpty)
                #expect(heard == (await ledger.heardByDelegate()))
                #expect(await ledger.payees().sorted() == ["four", "one", "three", "two"])
                #expect(watchingThreads() == before)
            }
        }

        @MainActor @Test func onTheMainActorChangeSetsArriveOnTheMainActor() async throws {
            try await withWatchdog { @MainActor in
                let dir = TemporaryDirectory()
                let store = try dir.store()
                try store.addCategory(named: "Food", monthlyBudget: money("300"))
                let live = try LiveTransactions(store: store)
                let changes = live.changes
                let following = Task { @MainActor in
                    var counts: [Int] = []
                    for await result in changes {
                        MainActor.assertIsolated()
                        counts.append(try result.get().count)
                        if counts.count == 2 { break }
                    }
                    return counts
                }
                try store.addTransaction(amount: money("1"), category: "Food")
                try BudgetStore(path: store.path).addTransaction(amount: money("2"), category: "Food")
                #expect(try await following.valueOrCancel == [1, 2])
            }
        }

        @Test func aSharedStoresStreamsGoToAnyTaskAndEndWhenReleased() async throws {
            try await withWatchdog {
                let dir = TemporaryDirectory()
                let path = try Self.book(dir)
                let before = watchingThreads()
                let book = try SharedStore(path: path)
                do {
                    let transactions = try await book.changes { try LiveTransactions(store: $0) }
                    let categories = try await book.changes { try LiveCategories(store: $0) }
                    let consumer = Task {   // another task, not isolated to the book
                        var insertions: [Int] = []
                        for await result in transactions {
                            insertions.append(try result.get().insertions.count)
                            if insertions.count == 2 { break }
                        }
                        return insertions
                    }
                    try await book.write { store in
                        try store.addTransaction(amount: money("1"), category: "Food")
                        try store.addTransaction(amount: money("2"), category: "Food")
                        try store.addCategory(named: "Rent", monthlyBudget: money("900"))
                    }
                    try BudgetStore(path: path).addTransaction(amount: money("3"), category: "Food")   // another connection
                    #expect(try await consumer.valueOrCancel == [2, 1])
                    var iterator = categories.makeAsyncIterator()
                    #expect(try await iterator.next()?.get().insertions.map(\.category.name) == ["Rent"])
                    #expect(try await book.withStore { try $0.transactions().count } == 3)
                }
                // Both streams released: the book's live results and their watching threads end.
                try await waitForWatchingThreads(before)
            }
        }

        @Test func aModelOnAnActorHearsOtherProcessesWhileItWatches() async throws {
            try await withWatchdog {
                let dir = TemporaryDirectory()
                let path = try Self.book(dir)
                let before = watchingThreads()
                let owner = try ModelOwner(path: path)
                let watching = Task { await owner.watch() }
                try BudgetStore(path: path).addTransaction(amount: money("1"), category: "Food", payee: "other")
                try await owner.waitForCount(1)
                #expect(await owner.payees() == ["other"])
                watching.cancel()
                await watching.valueOrCancel
                #expect(watchingThreads() == before)
            }
        }

        @Test func aWatcherDeliversOtherProcessesCommitsToDelegatesUntilItsTaskIsCancelled() async throws {
            try await withWatchdog {
                let dir = TemporaryDirectory()
                let path = try Self.book(dir)
                let before = watchingThreads()
                let list = try WatchedList(path: path)
                let watching = Task { await list.watch() }
                try BudgetStore(path: path).addCategory(named: "Travel", monthlyBudget: money("80"))
                try await list.waitForChanges(1)
                watching.cancel()
                await watching.valueOrCancel
                #expect(watchingThreads() == before)
            }
        }
    }
}
