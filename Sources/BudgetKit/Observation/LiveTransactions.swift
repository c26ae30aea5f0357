/// A live, lazy list of transactions: Core Data's fetched results controller for `budget`.
///
/// It holds the order of every matching row in memory (16 bytes a row: the sort value and the
/// id) and loads the rows themselves in pages of ``batchSize`` by id, so a list of a million
/// rows never materializes them. When a change is committed, through this store (after the
/// commit, once per transaction) or by another process (see ``DatabaseWatcher``), it reads the
/// change log past the last entry it saw, fetches only the changed rows, finds their old and new
/// places by binary search, and tells its ``delegate`` exactly what changed.
///
/// ```swift
/// let live = try LiveTransactions(store: store, request: TransactionRequest(sectioning: .month))
/// live.delegate = self                 // will-change, each change, did-change
/// print(live.count, live.sections.map(\.name))
/// let first = live.first               // loads one page
/// let watcher = try DatabaseWatcher(store: store)
/// while watcher.wait(milliseconds: 1000) || true { /* the delegate hears other processes */ }
/// ```
///
/// It never holds a read transaction open between calls, so a long-lived list does not stop
/// checkpoints. It keeps its store open; ``cancel()`` or releasing it stops observation, and no
/// callback ever runs after that.
///
/// A subscript cannot throw. When a page cannot be loaded (the database failed, or a row was
/// deleted by another process and the change is not processed yet), the subscript returns a
/// stand-in holding the id and what the sort key knows (the date, amount, category or payee it
/// is sorted by; other fields empty), and records the error in ``lastLoadError``; the next sync
/// delivers the real change. ``transaction(at:)`` throws instead.
///
/// Not thread-safe: use it on the thread that owns its store.
public final class LiveTransactions {
    /// The store it reads and observes.
    public let store: BudgetStore
    /// What it shows. Change it with ``setRequest(_:)``.
    public private(set) var request: TransactionRequest
    /// Told about every change after it happened. Held weakly.
    public weak var delegate: (any LiveTransactionsDelegate)?
    /// How many rows a page load reads (like Core Data's `fetchBatchSize`).
    public var batchSize = 64
    /// The latest error of a page load the subscript could not report, if any.
    public internal(set) var lastLoadError: (any Error)?
    /// The latest error of an automatic sync after a commit, if any (retried at the next one).
    public internal(set) var lastSyncError: (any Error)?

    var keys = OrderedKeys(sorted: [RowKey]())
    var order: KeyOrder
    var query: LiveQuery
    /// The change-log sequence number this list is current with.
    var lastSequence: Int64 = 0
    /// Every id the list holds is at most this, so a changed id above it is a new row.
    var highestKnownID: Int64 = 0
    /// Rows loaded by pages and by change sets, by id.
    var cache: [Int64: Transaction] = [:]
    static let cacheCapacity = 4096
    private(set) var isCancelled = false
    var isSyncing = false
    var needsAnotherSync = false

    /// Fetches the request's rows and starts observing the store.
    ///
    /// - Throws: ``BudgetError/unknownCategory(_:)`` when the filter names no category, or a
    ///   database error.
    /// - Complexity: O(n) to read the sort keys (O(n log n) when SQLite cannot return them in order).
    public init(store: BudgetStore, request: TransactionRequest = .init()) throws {
        self.store = store
        self.request = request
        order = KeyOrder(request: request)
        query = LiveQuery(request: request, categoryID: nil)
        try fetch()
        store.commitObservers[ObjectIdentifier(self)] = { [weak self] in self?.storeDidCommit() }
    }

    deinit {
        store.commitObservers[ObjectIdentifier(self)] = nil
    }

    /// Stops observing: no callback runs after this, and the delegate is dropped. The rows held
    /// stay readable.
    public func cancel() {
        isCancelled = true
        delegate = nil
        store.commitObservers[ObjectIdentifier(self)] = nil
    }

    /// Shows another request: fetches again and tells the delegate with a reload change set.
    ///
    /// - Throws: like ``init(store:request:)``; the list is unchanged then.
    public func setRequest(_ request: TransactionRequest) throws {
        let previous = (self.request, order, query, keys, lastSequence, highestKnownID)
        self.request = request
        do {
            try fetch()
        } catch {
            (self.request, order, query, keys, lastSequence, highestKnownID) = previous
            throw error
        }
        deliver(reloadChangeSet())
    }

    /// Reads the request's sort keys afresh, in one read transaction with the change log's
    /// position, so no commit falls between the two.
    func fetch() throws {
        try store.reading {
            let categoryID = try request.filter.category.map { try store.categoryRow(named: $0).id }
            let connection = store.connection
            let order = KeyOrder(request: request)
            let query = LiveQuery(request: request, categoryID: categoryID)
            try connection.inReadTransaction {
                lastSequence = try store.changeLogHighWater()
                highestKnownID = try connection.int64("SELECT max(id) FROM transactions") ?? 0
                order.categories = try store.categoryTable()
                keys = try LiveTransactions.loadKeys(query: query, order: order, connection: connection)
            }
            self.order = order
            self.query = query
        }
        cache.removeAll()
    }

    static func loadKeys(query: LiveQuery, order: KeyOrder, connection: Connection) throws -> OrderedKeys {
        let capacity = Int(try connection.int64(query.count, query.filterValues) ?? 0)
        let statement = try connection.prepare(query.keys)
        let payeeColumn: Int32? = order.needsFoldedPayee ? 4 : nil
        func key(_ row: Row) -> RowKey {
            order.key(id: row.int64(0), day: row.isoDay(1), amount: row.int64(2), categoryID: row.int64(3),
                      foldedPayee: payeeColumn.map { row.text($0) })
        }
        if query.keysAreOrdered {
            // By date (by month sections or none): integers only, straight from SQLite's bytes.
            var keys = OrderedKeys(sorted: [RowKey](), capacity: capacity)
            let monthSections = order.sectioning == .month, ascending = order.ascending
            var previous = KeyEntry(sort: 0, id: 0)
            var inOrder = true
            try statement.forEachRow(query.filterValues) { row in
                let id = row.int64(0)
                let (days, month) = row.isoDayNumbers(1)
                let next = KeyEntry(sort: days, id: id)
                if keys.count > 0 {
                    let increasing = (previous.sort, previous.id) < (next.sort, next.id)
                    if increasing != ascending { inOrder = false }
                }
                previous = next
                keys.append(RowKey(section: monthSections ? month : 0, sort: days, id: id))
            }
            if inOrder { return keys }
            // Stored dates SQLite orders differently from the days they parse to (text written
            // by hand in the sqlite3 shell): memory's order is the truth.
            var all = (0..<keys.count).map { keys.key(at: $0) }
            order.sort(&all)
            return OrderedKeys(sorted: all, capacity: all.count)
        }
        var all: [RowKey] = []
        all.reserveCapacity(capacity)
        try statement.forEachRow(query.filterValues) { all.append(key($0)) }
        order.sort(&all)
        return OrderedKeys(sorted: all, capacity: all.count)
    }

    // MARK: - Sections and lookups

    /// The sections in order. An unsectioned list has one section, named "", holding every row.
    ///
    /// - Complexity: O(s) for s sections.
    public var sections: [TransactionSection] {
        guard request.sectioning != nil else { return [TransactionSection(name: "", range: 0..<keys.count)] }
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

    /// The position of the transaction with this id, or `nil` when the list does not hold it.
    ///
    /// - Complexity: O(log n) when the row has not changed since the last sync; otherwise O(n).
    public func index(ofTransactionID id: Int64) -> Int? {
        if id <= highestKnownID, let row = try? fetchRows(ids: [id][...], matchingFilter: false).first,
           let position = keys.position(of: row.key, order: order) {
            return position
        }
        return keys.entries.firstIndex { $0.id == id }
    }

    /// Every row and section, fully loaded: for tests and small lists.
    ///
    /// - Complexity: O(n) rows read.
    public func snapshot() throws -> TransactionSnapshot {
        var rows: [Transaction] = []
        rows.reserveCapacity(count)
        for position in indices { rows.append(try transaction(at: position)) }
        return TransactionSnapshot(transactions: rows, sections: sections)
    }

    func reloadChangeSet() -> TransactionChangeSet {
        TransactionChangeSet(isReload: true, sectionDeletions: [], sectionInsertions: [], deletions: [], insertions: [],
                             moves: [], updates: [], count: keys.count, sections: sections)
    }

    /// Tells the delegate: will-change, each change, did-change.
    func deliver(_ changeSet: TransactionChangeSet) {
        guard !isCancelled, let delegate else { return }
        delegate.liveTransactionsWillChange(self)
        for change in changeSet.changes {
            guard !isCancelled else { return }
            delegate.liveTransactions(self, didChange: change)
        }
        guard !isCancelled else { return }
        delegate.liveTransactions(self, didChangeContentWith: changeSet)
    }
}

extension LiveTransactions: RandomAccessCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { keys.count }
    /// How many rows match the request. O(1).
    public var count: Int { keys.count }

    /// The row at `position`, loading its page when it is not in memory.
    ///
    /// Never throws: see the type's documentation for what a failed page load returns.
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
