/// A live, lazy list of transactions: Core Data's fetched results controller for `budget`.
///
/// It holds the order of the matching rows in memory (16 bytes a row: the first sort value and
/// the id, and 8 bytes more for each further sort key) and loads the rows themselves in pages of ``batchSize`` by id, so a list of a million
/// rows never materializes them. A list by date alone and without sections reads only its first
/// and last keys when it opens (4,096 from each end) and counts the rest, so its first and
/// its newest rows show in milliseconds at any size; it reads further keys from the nearer end
/// when a row between is asked for or looked up by id (twice as many each time), and every
/// key before a sync that has changes to apply and before a change of request (see
/// ``unreadKeys``). At ten million rows that read takes about a second, once. A list in
/// another order without sections reads every key when it opens but keeps only as many from
/// each end, so it opens in memory for those (and without a sort; by payee, each distinct payee
/// is held once too); it holds every key once a row between is wanted. When a change is committed, through this store (after the
/// commit, once per transaction) or by another process (see ``DatabaseWatcher``), it reads the
/// change log past the last entry it saw, fetches only the changed rows, finds their old and new
/// places by binary search, and tells its ``delegate`` exactly what changed.
///
/// ```swift
/// let live = try LiveTransactions(store: store, request: TransactionRequest(sectioning: .month))
/// print(live.count, live.sections.map(\.name))
/// let first = live.first               // loads one page
/// for await result in live.changes {   // every change set, this process's and others'
///     if case .success(let changeSet) = result { print(changeSet.insertions) }
/// }
/// ```
///
/// Three ways to hear it, shared with the other live results (see ``LiveResult``): the
/// ``changes`` sequence, an ``ObservableLive`` model, and the ``delegate`` (will-change, each
/// change, did-change, as Core Data's).
///
/// **One database state between syncs.** A sync (the store's own commit, a ``DatabaseWatcher``
/// noticing another connection's, or ``processPendingChanges()``) is the only thing that changes
/// the list. Between syncs its count, sections and every row it loads come from one database
/// state, the one its keys were read in, whatever other processes commit meanwhile: iterating
/// it never skips or repeats a row, a row deleted meanwhile is still readable until the sync
/// that removes it, and a delegate reading rows while it hears a change (a reload included)
/// reads the state that change set describes. To do this the list reads through a connection of
/// its own and keeps its read transaction open between syncs. In WAL mode (every writable
/// book) that blocks no writer, but checkpoints cannot go past it, so the `-wal` file grows
/// while other processes write and the list is never synced: watch the store, sync, or
/// ``cancel()`` a list you no longer show. (A book in rollback-journal mode is never held: see
/// ``lastLoadError``.) A loop that syncs the list itself (by writing through the same store)
/// sees positions shift, as when an array is changed while being indexed.
///
/// A subscript cannot throw. It returns a stand-in (the id and what the sort key knows: the
/// date, amount, category or payee it is sorted by; other fields empty; id 0 and nothing else
/// for a row past the keys read) only when the row
/// cannot be read: the database failed (an I/O error, a damaged file), or the list lost its
/// state (a sync failed, it was cancelled, or the book is in rollback-journal mode) and the
/// database changed since its last sync (``BudgetError/liveResultsOutOfDate(seen:latest:)``).
/// It then records the error in ``lastLoadError``. ``transaction(at:)`` throws instead.
///
/// A split is one row (its parts in ``Transaction/splits``); a transfer is one row, in a list of
/// every account or of either account it touches. Both sort and section under an empty
/// category name. The filter's account name is resolved to the account's id once, like its
/// category name.
///
/// The filter's category name is resolved to the category's id once, when the request is set:
/// the list follows that category through renames, and never follows another category that
/// takes the old name. Once it sees the category (named or given by id) deleted, it is empty for
/// good, even if SQLite gives the id to a category created later (it reuses the highest id).
/// (A list that fell behind a pruned change log or a bulk write cannot see that: if the
/// category was deleted and its id given to another in between, it shows the other.)
///
/// Not thread-safe: use it in the isolation that owns its store (see ``LiveResult``).
public final class LiveTransactions: LiveResult {
    /// The store it reads and observes.
    public let store: BudgetStore
    /// What it shows, as given. Change it with ``setRequest(_:)``.
    public internal(set) var request: TransactionRequest
    /// Told about every change after it happened, and about automatic syncs that failed. Held weakly.
    public weak var delegate: (any LiveTransactionsDelegate)?
    /// How many rows a page load reads (like Core Data's `fetchBatchSize`).
    public var batchSize = 64
    /// The latest error of a page load the subscript could not report, if any.
    public internal(set) var lastLoadError: (any Error)?
    /// The error of the latest automatic sync (after a commit), while no sync has succeeded
    /// since: the list is behind the database until ``processPendingChanges()`` succeeds. The
    /// delegate hears the same error in ``LiveTransactionsDelegate/liveTransactions(_:didFailToSyncWith:)``.
    public internal(set) var lastSyncError: (any Error)?

    /// Where rows come from: a connection of the list's own.
    let source: any LiveSource
    /// The keys of the list's first rows: all of them, unless some are unread (``unreadKeys``).
    var keys = OrderedKeys()
    /// How many rows the list holds between ``keys`` and ``tailKeys``: rows it counted but does
    /// not hold the keys of. Only a list without sections, in a book in WAL mode, has any: it
    /// holds ``firstKeys`` keys from each end when it opens or reloads. By date alone, SQLite
    /// reads them in order from either end of the date index, and the list reads more from the
    /// nearer end when a row between is asked for or looked up by id. In another order it reads
    /// every key and keeps only the ends (``EndKeys``), and reads and keeps every key when a
    /// row between is wanted. Either reads every key before a sync that has changes between the
    /// ends to apply (the change set needs every row's place) and before a change of request.
    /// All are read in the snapshot the list holds, the state its count came from.
    var unreadKeys = 0
    /// The keys of the list's last rows, past the unread ones: empty when none is unread, and
    /// when a sync at the ends deleted every one of them (as ``keys`` may be).
    var tailKeys = OrderedKeys()
    /// How many keys a list that may leave some unread reads from each end when it opens or
    /// reloads: a terminal's worth of rows many times over, read in a few milliseconds.
    static let firstKeys = 4096
    /// This list's ``firstKeys`` (tests make it small).
    private let firstKeyCount: Int
    /// How many keys the list reads when it reloads: every key once reading more found the
    /// first ones out of place (``keysShiftedWhenRead``), for the book holds such dates.
    var keyWindow: KeyWindow? { readsEveryKey ? nil : KeyWindow(head: firstKeyCount, tail: firstKeyCount) }
    /// Set for good when reading more keys found the first ones out of place.
    var readsEveryKey = false
    /// Whether reading more keys found the first ones in another order than the list had shown
    /// (dates written by hand in the sqlite3 shell, which SQLite orders as text): the next sync
    /// delivers a reload.
    var keysShiftedWhenRead = false
    var order: KeyOrder
    var query: LiveQuery
    /// The request as queried: ``request`` with the filter's lists of category and account
    /// names resolved to ids (in ``TransactionFilter/categoryIDs`` and
    /// ``TransactionFilter/accountIDs``) when it was set, less the categories seen deleted.
    var queried = TransactionRequest()
    /// The id the filter's category name resolved to when the request was set.
    var categoryID: Int64?
    /// The id the filter's account name resolved to when the request was set.
    var accountID: Int64?
    /// Whether the filter's category (by name or id) was deleted: the list then matches nothing,
    /// even when a later category gets the same id or name.
    var categoryDeleted = false
    /// The change-log sequence number this list is current with.
    var lastSequence: Int64 = 0
    /// Every id the list holds is at most this, so a changed id above it is a new row.
    var highestKnownID: Int64 = 0
    /// Rows loaded by pages and by change sets, by id: all from the list's current state.
    var cache: [Int64: Transaction] = [:]
    static let cacheCapacity = 4096
    /// Whether ``cancel()`` was called.
    public private(set) var isCancelled = false
    let gate = SyncGate()
    /// The change sequences and observable models hearing this list.
    let hub = LiveHub<TransactionChangeSet>()
    /// Its registration with the store's change tracker; cancelled by ``cancel()`` or on release.
    private var subscription: ChangeTracker.Subscription?

    /// Fetches the request's rows and starts observing the store.
    ///
    /// - Throws: ``BudgetError/unknownCategory(_:)`` when the filter names no category, or a
    ///   database error.
    /// - Complexity: O(n) to read the sort keys (O(n log n) when SQLite cannot return them in
    ///   order and the list has sections); for a list by date alone without sections, one count
    ///   and 4,096 keys from each end; in another order without sections, O(n) to read every key
    ///   and memory for 4,096 keys from each end (and, by payee, for each distinct payee once).
    public convenience init(store: BudgetStore, request: TransactionRequest = .init()) throws {
        try self.init(store: store, request: request, source: store.makeLiveReader())
    }

    /// Fetches through `source` (tests wrap the store's reader in one that fails on demand),
    /// reading `window` keys at first.
    init(store: BudgetStore, request: TransactionRequest, source: any LiveSource, window: Int = LiveTransactions.firstKeys) throws {
        self.store = store
        self.request = request
        self.source = source
        firstKeyCount = window
        let state: FetchedState
        do {
            try source.beginSnapshot()
            state = try LiveTransactions.fetch(request, resolvingName: true, categoryID: nil,
                                               window: KeyWindow(head: window, tail: window), from: source)
            if !source.canHoldSnapshot { source.endSnapshot() }
        } catch {
            source.endSnapshot()
            throw error
        }
        order = state.order
        query = state.query
        install(state)
        subscription = store.changeTracker.subscribe { [weak self] in self?.storeDidCommit() }
    }

    /// Stops observing: no callback runs after this, the delegate is dropped, and every
    /// ``changes`` sequence ends. Its snapshot ends: rows already loaded stay readable, others
    /// while the database has not changed.
    public func cancel() {
        isCancelled = true
        delegate = nil
        subscription?.cancel()
        source.endSnapshot()
        hub.finish()
    }

    /// Every change set this list delivers from now on, and every automatic sync that fails,
    /// as an `AsyncSequence` that watches other processes' commits while it is iterated.
    public var changes: LiveChanges<LiveTransactions> { LiveChanges(live: self, feed: hub.makeFeed(store: store)) }

    /// The list itself: its rows load lazily, in pages.
    public var rows: LiveTransactions { self }

    // MARK: - Sections and lookups

    /// The sections in order. An unsectioned list has one section, named "", holding every row.
    ///
    /// - Complexity: O(s) for s sections.
    public var sections: [TransactionSection] {
        guard request.sectioning != nil else { return [TransactionSection(name: "", range: 0..<count)] }
        return keys.runs.indices.map { index in
            let start = keys.runStarts[index]
            return TransactionSection(name: order.sectionName(keys.runs[index].key), range: start..<start + keys.runs[index].count)
        }
    }

    /// The section at `index`.
    public func section(at index: Int) -> TransactionSection { sections[index] }

    /// The index of the section holding the row at `position`. O(log s).
    public func sectionIndex(forRowAt position: Int) -> Int {
        precondition(indices.contains(position), "position \(position) out of 0..<\(count)")
        return request.sectioning == nil ? 0 : keys.run(containing: position)
    }

    /// The position of the transaction with this id, or `nil` when the list does not hold it
    /// (or the keys it would need cannot be read: see ``lastLoadError``).
    ///
    /// - Complexity: O(log n) when its row can be read; otherwise O(n). With keys unread, it
    ///   first reads keys from the nearer end up to the row's own (every key when the row cannot
    ///   be read, or is not at its key).
    public func index(ofTransactionID id: Int64) -> Int? {
        var row: FetchedRow?
        do {
            if unreadKeys > 0 {
                // Every id the list holds is at most the highest it knows.
                guard id <= highestKnownID else { return nil }
                if let rows = try? inListSnapshot({ try fetchRows(ids: [id][...], matchingFilter: true) }) {
                    // In the list's own state the filter says whether the list holds the row.
                    guard let found = rows.first else { return nil }
                    row = found
                    // Only the keys from the nearer end up to the row's own can hold it.
                    if tailKeys.count > 0, order.compare(found.key, tailKeys.key(at: 0)) >= 0 {
                        if let index = tailKeys.position(of: found.key, order: order) { return keys.count + unreadKeys + index }
                    } else {
                        while unreadKeys > 0, keys.count == 0 || order.compare(found.key, keys.key(at: keys.count - 1)) > 0 {
                            // Twice the first keys held, and some when a sync left none.
                            try readKeys(window: KeyWindow(head: Swift.max(keys.count * 2, 64), tail: tailKeys.count))
                        }
                        if let position = keys.position(of: found.key, order: order) { return position }
                    }
                    // Not at its key (a date SQLite orders otherwise than its day): every key, and a scan.
                }
            }
            try readKeys()
        } catch {
            lastLoadError = error
            return nil
        }
        if row == nil, id <= highestKnownID {
            row = try? inListSnapshot({ try fetchRows(ids: [id][...], matchingFilter: false) }).first
        }
        if let row, let position = keys.position(of: row.key, order: order) { return position }
        return keys.entries.firstIndex { $0.id == id }
    }

    /// Every row and section, fully loaded: for tests and small lists.
    ///
    /// - Throws: like ``transaction(at:)``.
    /// - Complexity: O(n) rows read.
    public func snapshot() throws -> TransactionSnapshot {
        var rows: [Transaction] = []
        rows.reserveCapacity(count)
        for position in indices { rows.append(try transaction(at: position)) }
        return TransactionSnapshot(transactions: rows, sections: sections)
    }

    func reloadChangeSet() -> TransactionChangeSet {
        TransactionChangeSet(isReload: true, sectionDeletions: [], sectionInsertions: [], deletions: [], insertions: [],
                             moves: [], updates: [], count: count, sections: sections)
    }

    /// Tells the delegate of a change set (will-change, each change, did-change) or of a failed
    /// automatic sync; ``LiveDelivering`` then tells the change sequences.
    func tellDelegate(_ result: Result<TransactionChangeSet, any Error>) {
        guard let delegate else { return }
        switch result {
        case .success(let changeSet):
            delegate.liveTransactionsWillChange(self)
            for change in changeSet.changes {
                guard !isCancelled else { return }
                delegate.liveTransactions(self, didChange: change)
            }
            guard !isCancelled else { return }
            delegate.liveTransactions(self, didChangeContentWith: changeSet)
        case .failure(let error):
            delegate.liveTransactions(self, didFailToSyncWith: error)
        }
    }
}

extension LiveTransactions: LiveDelivering {}

extension LiveTransactions: RandomAccessCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { keys.count + unreadKeys + tailKeys.count }
    /// How many rows match the request. O(1).
    public var count: Int { keys.count + unreadKeys + tailKeys.count }

    /// The row at `position`, loading its page when it is not in memory.
    ///
    /// Never throws: see the type's documentation for the only cases that return a stand-in.
    public subscript(position: Int) -> Transaction {
        precondition(indices.contains(position), "position \(position) out of 0..<\(count)")
        do {
            return try transaction(at: position)
        } catch {
            lastLoadError = error
            return standIn(at: position)
        }
    }
}

@available(*, unavailable)
extension LiveTransactions: Sendable {}
