/// A live list of the accounts with their balances: kept current from every commit, through
/// the same change log and notifications as ``LiveTransactions``.
///
/// It holds the accounts themselves (a book has a handful), ordered by name ignoring case as
/// ``BudgetStore/accounts(on:includingClosed:)`` returns them, each with its balance at the end
/// of ``day`` (today unless given, following the date across midnight at the next sync). When a
/// commit changes a transaction, an account, a category or a reconciliation, through this store
/// or another process (see ``DatabaseWatcher``), it computes the balances again in one snapshot
/// and tells its ``delegate`` exactly what changed.
///
/// ```swift
/// let live = try LiveAccounts(store: store)
/// let changes = live.changes
/// try store.transfer(amount: Money(parsing: "100"), from: "Checking", to: "Savings")
/// for await result in changes { print(try result.get().updates.count) }   // 2
/// ```
///
/// It is heard like every live result (see ``LiveResult``): its ``changes`` sequence, an
/// ``ObservableLive`` model, or its ``delegate``.
///
/// - Complexity: each sync that has to recompute reads the balances whole (one pass over the
///   transactions' covering index), which for a book of 10,000 transactions is about a millisecond.
///
/// Not thread-safe: use it in the isolation that owns its store (see ``LiveResult``).
public final class LiveAccounts: LiveResult {
    /// The store it reads and observes.
    public let store: BudgetStore
    /// The day whose end the balances are for; `nil`: today.
    public let fixedDay: Day?
    /// Whether closed accounts are listed.
    public let includesClosed: Bool
    /// The accounts with their balances, by name ignoring case.
    public private(set) var accounts: [AccountBalance]
    /// The day the balances are for.
    public var day: Day { accounts.first?.day ?? fixedDay ?? .today() }
    /// Told about every change after it happened, and about automatic syncs that failed. Held weakly.
    public weak var delegate: (any LiveAccountsDelegate)?
    /// The error of the latest automatic sync, while no sync has succeeded since.
    public internal(set) var lastSyncError: (any Error)?

    let source: any LiveSource
    private var lastSequence: Int64
    private var shownDay: Day
    /// Whether ``cancel()`` was called.
    public private(set) var isCancelled = false
    let gate = SyncGate()
    /// The change sequences and observable models hearing this list.
    let hub = LiveHub<AccountChangeSet>()
    /// Its registration with the store's change tracker; cancelled by ``cancel()`` or on release.
    private var subscription: ChangeTracker.Subscription?

    /// Reads the accounts and starts observing the store.
    ///
    /// - Parameters:
    ///   - day: the day whose end the balances are for; `nil` (the default) for today.
    ///   - includingClosed: whether closed accounts are listed.
    /// - Throws: a database error.
    public convenience init(store: BudgetStore, on day: Day? = nil, includingClosed: Bool = false) throws {
        try self.init(store: store, day: day, includingClosed: includingClosed, source: store.makeLiveReader())
    }

    init(store: BudgetStore, day: Day?, includingClosed: Bool, source: any LiveSource) throws {
        self.store = store
        fixedDay = day
        includesClosed = includingClosed
        self.source = source
        shownDay = day ?? .today()
        try source.beginSnapshot()
        defer { source.endSnapshot() }
        lastSequence = try source.changeSequence()
        accounts = try source.accountBalances(on: shownDay, includingClosed: includingClosed)
        subscription = store.changeTracker.subscribe { [weak self] in self?.storeDidCommit() }
    }

    /// Stops observing: no callback runs after this, the delegate is dropped, and every
    /// ``changes`` sequence ends.
    public func cancel() {
        isCancelled = true
        delegate = nil
        subscription?.cancel()
        hub.finish()
    }

    /// Every change set this list delivers from now on, and every automatic sync that fails,
    /// as an `AsyncSequence` that watches other processes' commits while it is iterated.
    public var changes: LiveChanges<LiveAccounts> { LiveChanges(live: self, feed: hub.makeFeed(store: store)) }

    /// The accounts with their balances.
    public var rows: [AccountBalance] { accounts }

    /// Catches up with every commit since the last sync (and, without a fixed day, a new day)
    /// and tells the delegate and the ``changes`` sequences.
    ///
    /// - Returns: the change set delivered, or `nil` when no account or balance changed.
    /// - Throws: a database error; the list is then unchanged and the next sync retries.
    @discardableResult
    public func processPendingChanges() throws -> AccountChangeSet? {
        try deliverPendingChanges()
    }

    func tellDelegate(_ result: Result<AccountChangeSet, any Error>) {
        switch result {
        case .success(let changeSet): delegate?.liveAccounts(self, didChangeContentWith: changeSet)
        case .failure(let error): delegate?.liveAccounts(self, didFailToSyncWith: error)
        }
    }

    /// Reads what changed in one snapshot, then applies it.
    func nextChangeSet() throws -> AccountChangeSet? {
        try source.beginSnapshot()
        defer { source.endSnapshot() }
        let day = fixedDay ?? .today()
        let logged = try source.changes(after: lastSequence)
        if logged == nil && day == shownDay { return nil }
        let matters = logged.map {
            $0.needsReload || !$0.transactionIDs.isEmpty || !$0.transactionRanges.isEmpty || !$0.accountIDs.isEmpty || !$0.reconciledAccountIDs.isEmpty
                || !$0.categoryIDs.isEmpty
        } ?? false
        guard matters || day != shownDay else {
            lastSequence = logged?.sequence ?? lastSequence
            return nil
        }
        let new = try source.accountBalances(on: day, includingClosed: includesClosed)
        let changeSet = AccountChangeSet.between(accounts, new)
        accounts = new
        shownDay = day
        lastSequence = logged?.sequence ?? lastSequence
        return changeSet.isEmpty ? nil : changeSet
    }
}

/// Hears what changed in a ``LiveAccounts``. Every method has an empty default.
public protocol LiveAccountsDelegate: AnyObject {
    /// The accounts or their balances changed; `changeSet` says how. The list already holds the new state.
    func liveAccounts(_ accounts: LiveAccounts, didChangeContentWith changeSet: AccountChangeSet)
    /// An automatic sync failed with `error`; the list is unchanged and the next commit retries.
    func liveAccounts(_ accounts: LiveAccounts, didFailToSyncWith error: any Error)
}

extension LiveAccountsDelegate {
    /// Does nothing.
    public func liveAccounts(_ accounts: LiveAccounts, didChangeContentWith changeSet: AccountChangeSet) {}
    /// Does nothing.
    public func liveAccounts(_ accounts: LiveAccounts, didFailToSyncWith error: any Error) {}
}

@available(*, unavailable)
extension LiveAccounts: Sendable {}

extension LiveAccounts: LiveDelivering {}
