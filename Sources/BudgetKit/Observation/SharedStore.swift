/// A book behind an actor: the `Sendable` front door for code spread over many tasks.
///
/// ``BudgetStore`` and the live results are not `Sendable`: they belong to one isolation (see
/// ``LiveResult``). A `SharedStore` is that isolation, made for you: it owns a store, runs
/// every read and write you hand it on its own serial executor, makes live results there and
/// hands out their change sets as `Sendable` `AsyncStream`s, which any task can iterate.
///
/// ```swift
/// let book = try SharedStore(path: path)
/// let changes = try await book.changes { try LiveTransactions(store: $0) }
/// let reader = Task {                                       // any task, any actor
///     for await result in changes { print(try result.get().count) }
/// }
/// try await book.write { store in                           // one commit, one change set
///     try store.addTransaction(amount: Money(parsing: "12.50"), category: "Food")
///     try store.addTransaction(amount: Money(parsing: "3.20"), category: "Food")
/// }
/// ```
///
/// Each stream's live result syncs on the actor (after this store's writes, and when another
/// process commits: the stream watches the book while it exists); the elements reach whichever
/// task iterates the stream. When the stream is released, or the task iterating it is
/// cancelled, it ends, and with it the watching and the live result.
public actor SharedStore {
    /// The database file.
    public nonisolated let path: String
    /// The store; only code on this actor touches it.
    private let store: BudgetStore

    /// Opens the book at `path` (see ``BudgetStore/init(path:access:)``).
    ///
    /// - Throws: what ``BudgetStore/init(path:access:)`` throws.
    public init(path: String, access: BudgetStore.Access = .write) throws {
        self.path = path
        store = try BudgetStore(path: path, access: access)
    }

    /// Runs `body` on the actor with the store: reads, and writes that each commit on their own
    /// (``write(_:)`` makes them one).
    ///
    /// ```swift
    /// let total = try await book.withStore { try $0.transactions().count }
    /// ```
    ///
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws.
    public func withStore<T: Sendable>(_ body: (BudgetStore) throws -> T) throws -> T {
        try body(store)
    }

    /// Runs `body` on the actor as one grouped write (``BudgetStore/write(_:)``): one
    /// transaction, one history entry, one change set for each live result.
    ///
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws, or a database error; the book is then unchanged.
    @discardableResult
    public func write<T: Sendable>(_ body: (BudgetStore) throws -> T) throws -> T {
        try store.write { try body(store) }
    }

    /// Makes a live result on the actor with `make`, and returns its change sets (and failed
    /// syncs) as a `Sendable` stream: the elements of its ``LiveResult/changes`` sequence, from
    /// now on, this process's writes and other processes' commits alike.
    ///
    /// ```swift
    /// let accounts = try await book.changes { try LiveAccounts(store: $0) }
    /// let budgets = try await book.changes { try LiveCategories(store: $0, month: .current()) }
    /// ```
    ///
    /// The stream is unbounded (a change set refers to the one before it, so none is dropped).
    /// It ends when it is released or the task iterating it is cancelled; the live result is
    /// then cancelled and its watching thread ends.
    ///
    /// - Throws: what `make` throws; nothing is started then.
    public func changes<Live: LiveResult>(
        of make: (BudgetStore) throws -> Live
    ) throws -> AsyncStream<Result<Live.ChangeSet, any Error>> {
        let live = try make(store)
        let changes = live.changes
        let (stream, continuation) = AsyncStream.makeStream(of: Result<Live.ChangeSet, any Error>.self)
        let forwarding = Task {
            // On this actor: the live result, its store and its sequence never leave it.
            _ = self
            for await outcome in changes {
                if case .terminated = continuation.yield(outcome) { break }
            }
            live.cancel()
            continuation.finish()
        }
        continuation.onTermination = { _ in forwarding.cancel() }
        return stream
    }
}
