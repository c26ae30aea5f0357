/// A live list of every category with its budget in one month: categories and budgets observed
/// like transactions, through the same change log and the same notifications.
///
/// It holds the categories themselves (a book has tens of them), ordered by name ignoring case
/// as ``BudgetStore/categories(in:)`` returns them. When a commit changes a category or a budget,
/// through this store or another process (see ``DatabaseWatcher``), it reads them again in one
/// snapshot and tells its ``delegate`` exactly what changed.
///
/// ```swift
/// let live = try LiveCategories(store: store, month: Month(year: 2026, month: 11)!)
/// let changes = live.changes
/// try store.renameCategory(named: "Food", to: "Groceries")
/// for await result in changes { print(try result.get().moves) }   // a move
/// ```
///
/// It is heard like every live result (see ``LiveResult``): its ``changes`` sequence, an
/// ``ObservableLive`` model, or its ``delegate``.
///
/// Not thread-safe: use it in the isolation that owns its store (see ``LiveResult``).
public final class LiveCategories: LiveResult {
    /// The store it reads and observes.
    public let store: BudgetStore
    /// The month whose budgets ``categories`` carry.
    public let month: Month
    /// The categories, by name ignoring case.
    public var categories: [BudgetCategory] { entries.map(\.category) }
    /// Told about every change after it happened, and about automatic syncs that failed. Held weakly.
    public weak var delegate: (any LiveCategoriesDelegate)?
    /// The error of the latest automatic sync, while no sync has succeeded since.
    public internal(set) var lastSyncError: (any Error)?

    let source: any LiveSource
    private var entries: [KeyedCategory]
    private var lastSequence: Int64
    /// Whether ``cancel()`` was called.
    public private(set) var isCancelled = false
    let gate = SyncGate()
    /// The change sequences and observable models hearing this list.
    let hub = LiveHub<CategoryChangeSet>()
    /// Its registration with the store's change tracker; cancelled by ``cancel()`` or on release.
    private var subscription: ChangeTracker.Subscription?

    /// Reads the categories and starts observing the store.
    ///
    /// - Parameter month: whose budgets to carry; the current month by default.
    /// - Throws: a database error.
    public convenience init(store: BudgetStore, month: Month = .current()) throws {
        try self.init(store: store, month: month, source: store.makeLiveReader())
    }

    init(store: BudgetStore, month: Month, source: any LiveSource) throws {
        self.store = store
        self.month = month
        self.source = source
        try source.beginSnapshot()
        defer { source.endSnapshot() }
        lastSequence = try source.changeSequence()
        entries = try source.categories(in: month)
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
    public var changes: LiveChanges<LiveCategories> { LiveChanges(live: self, feed: hub.makeFeed(store: store)) }

    /// The categories.
    public var rows: [BudgetCategory] { categories }

    /// Catches up with every commit since the last sync and tells the delegate and the
    /// ``changes`` sequences.
    ///
    /// - Returns: the change set delivered, or `nil` when no category or budget changed.
    /// - Throws: a database error; the list is then unchanged and the next sync retries.
    @discardableResult
    public func processPendingChanges() throws -> CategoryChangeSet? {
        try deliverPendingChanges()
    }

    func tellDelegate(_ result: Result<CategoryChangeSet, any Error>) {
        switch result {
        case .success(let changeSet): delegate?.liveCategories(self, didChangeContentWith: changeSet)
        case .failure(let error): delegate?.liveCategories(self, didFailToSyncWith: error)
        }
    }

    /// Reads what changed in one snapshot, then applies it.
    func nextChangeSet() throws -> CategoryChangeSet? {
        try source.beginSnapshot()
        defer { source.endSnapshot() }
        guard let logged = try source.changes(after: lastSequence) else { return nil }
        if !logged.needsReload && logged.categoryIDs.isEmpty && logged.budgetCategoryIDs.isEmpty {
            lastSequence = logged.sequence
            return nil
        }
        let new = try source.categories(in: month)
        let budgetsChanged = logged.needsReload
            ? Set(new.map(\.category.id)).union(entries.map(\.category.id)) : logged.budgetCategoryIDs
        let changeSet = CategoryChangeSet.between(entries, new, budgetsChanged: budgetsChanged,
                                                  replaced: logged.deletedCategoryIDs)
        entries = new
        lastSequence = logged.sequence
        return changeSet.isEmpty ? nil : changeSet
    }
}

/// Hears what changed in a ``LiveCategories``. Every method has an empty default.
public protocol LiveCategoriesDelegate: AnyObject {
    /// The categories changed; `changeSet` says how. The list already holds the new state.
    func liveCategories(_ categories: LiveCategories, didChangeContentWith changeSet: CategoryChangeSet)
    /// An automatic sync failed with `error`; the list is unchanged and the next commit retries.
    func liveCategories(_ categories: LiveCategories, didFailToSyncWith error: any Error)
}

extension LiveCategoriesDelegate {
    /// Does nothing.
    public func liveCategories(_ categories: LiveCategories, didChangeContentWith changeSet: CategoryChangeSet) {}
    /// Does nothing.
    public func liveCategories(_ categories: LiveCategories, didFailToSyncWith error: any Error) {}
}

@available(*, unavailable)
extension LiveCategories: Sendable {}

extension LiveCategories: LiveDelivering {}
