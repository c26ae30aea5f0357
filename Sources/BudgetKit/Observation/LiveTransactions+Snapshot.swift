extension LiveTransactions {
    /// Everything a fetch reads, built apart from the list: the list takes it only once every
    /// read that can throw has succeeded, so a failed fetch leaves the list as it was.
    struct FetchedState {
        let order: KeyOrder
        let query: LiveQuery
        let categoryID: Int64?
        let accountID: Int64?
        let categoryDeleted: Bool
        /// The request with the filter's lists of names resolved to ids (``LiveTransactions/queried``).
        let queried: TransactionRequest
        let keys: OrderedKeys
        /// Rows the query matches past ``keys`` (see ``LiveTransactions/unreadKeys``).
        let unread: Int
        let sequence: Int64
        let highestID: Int64
    }

    /// Reads a request's keys, with the change log's position and the category names, inside
    /// the source's open snapshot.
    ///
    /// - Parameters:
    ///   - resolvingName: resolve the filter's category and account names to ids (when the
    ///     request is set); otherwise use `categoryID` and `accountID` (a reload keeps the ids it had).
    ///   - categoryDeleted: the list saw its category deleted (it stays empty).
    ///   - existing: the list's order, kept when the sort and sectioning stay (so keys compare
    ///     across the old and new request); a new one otherwise.
    ///   - window: read only the first this many keys when the list may leave the rest for later
    ///     (see ``loadKeys(query:order:from:window:)``); every key otherwise.
    static func fetch(_ request: TransactionRequest, resolvingName: Bool, categoryID: Int64?, accountID: Int64? = nil,
                      categoryDeleted: Bool = false, order existing: KeyOrder? = nil, window: Int = .max,
                      from source: any LiveSource) throws -> FetchedState {
        var categoryID = categoryID, accountID = accountID
        var request = request
        if resolvingName {
            categoryID = try request.filter.category.map { try source.categoryID(named: $0) }
            accountID = try request.filter.account.map { try source.accountID(named: $0) }
            request.filter.categoryIDs += try request.filter.categories.map { try source.categoryID(named: $0) }
            request.filter.accountIDs += try request.filter.accounts.map { try source.accountID(named: $0) }
            (request.filter.categories, request.filter.accounts) = ([], [])
        }
        let order = existing ?? KeyOrder(request: request)
        let sequence = try source.changeSequence()
        let highestID = try source.highestTransactionID()
        order.categories = try source.categoryNames()
        let watched = [categoryID, request.filter.categoryID].compactMap { $0 }
        let deleted = categoryDeleted || watched.contains { order.categories[$0] == nil }
        let query = source.query(for: request, categoryID: categoryID, accountID: accountID, matchesNothing: deleted)
        let (keys, unread) = try loadKeys(query: query, order: order, from: source, window: window)
        return FetchedState(order: order, query: query, categoryID: categoryID, accountID: accountID, categoryDeleted: deleted,
                            queried: request, keys: keys, unread: unread, sequence: sequence, highestID: highestID)
    }

    /// Makes a fetched state the list's own; its cached rows stay only when `keepingCache` (the
    /// state is the one they were read in).
    func install(_ state: FetchedState, keepingCache: Bool = false) {
        queried = state.queried
        order = state.order
        query = state.query
        categoryID = state.categoryID
        accountID = state.accountID
        categoryDeleted = state.categoryDeleted
        keys = state.keys
        unreadKeys = state.unread
        keysShiftedWhenRead = false
        lastSequence = state.sequence
        highestKnownID = Swift.max(state.highestID, keepingCache ? highestKnownID : 0)
        if !keepingCache { cache.removeAll() }
    }

    /// Reads a query's keys in the source's open snapshot.
    ///
    /// A list by date alone and without sections, in a snapshot the list may hold, reads only
    /// the first `window` keys (SQLite hands them over in order, from the date index) and counts
    /// the rest: at ten million rows that is the difference between milliseconds and seconds.
    /// Any other list reads every key.
    ///
    /// - Parameters:
    ///   - count: how many rows the query matches, when already counted in this snapshot.
    /// - Returns: the keys read, and how many rows the query matches past them (0 unless a
    ///   window was left).
    static func loadKeys(query: LiveQuery, order: KeyOrder, from source: any LiveSource,
                         window: Int = .max, count: Int? = nil) throws -> (keys: OrderedKeys, unread: Int) {
        let capacity = try count ?? source.keyCount(query)
        let windowed = window < capacity && query.keysAreOrdered && order.sectioning == nil && source.canHoldSnapshot
        let limit = windowed ? Swift.max(1, window) : Int.max
        if query.keysAreOrdered {
            // By date alone (by month sections or none): integers only, straight from SQLite's bytes.
            var keys = OrderedKeys(capacity: Swift.min(capacity, limit))
            let monthSections = order.sectioning == .month, ascending = order.ascending
            var previous = KeyEntry(sort: 0, id: 0)
            var inOrder = true
            try source.forEachKey(query, limit: limit) { columns in
                let next = KeyEntry(sort: columns.days, id: columns.id)
                if keys.count > 0 {
                    let increasing = (previous.sort, previous.id) < (next.sort, next.id)
                    if increasing != ascending { inOrder = false }
                }
                previous = next
                keys.append(RowKey(section: monthSections ? columns.month : 0, sort: columns.days, id: columns.id))
            }
            // Fewer keys than the count said cannot happen in one snapshot; if it does, they are all.
            if inOrder { return (keys, keys.count == limit ? capacity - limit : 0) }
            // Stored dates SQLite orders differently from the days they parse to (text written
            // by hand in the sqlite3 shell): memory's order is the truth, and it needs every key.
            if windowed { return try loadKeys(query: query, order: order, from: source, count: capacity) }
            var all = UnsortedKeys(order: order, capacity: keys.count)
            for position in 0..<keys.count { all.append(keys.key(at: position)) }
            return (order.sorted(all), 0)
        }
        var all = UnsortedKeys(order: order, capacity: capacity)
        try source.forEachKey(query, limit: .max) { all.append(order.key($0)) }
        return (order.sorted(all), 0)
    }

    // MARK: - Snapshots

    /// Moves the list to a new snapshot and runs `body` in it; the list then keeps that snapshot
    /// (in WAL mode) until the next one. `body` must change the list only after its last read.
    /// When it throws, the list is unchanged, and it keeps a snapshot only if the database is
    /// still in the state the list shows (see ``repin()``).
    func inNewSnapshot<T>(_ body: () throws -> T) throws -> T {
        do {
            try source.beginSnapshot()
            let result = try body()
            if !source.canHoldSnapshot { source.endSnapshot() }
            return result
        } catch {
            repin()
            throw error
        }
    }

    /// After a failed sync, the list's own snapshot is gone: opens a new one and keeps it only
    /// when nothing was committed since the list's last sync, so it shows the same state.
    func repin() {
        source.endSnapshot()
        guard source.canHoldSnapshot, !isCancelled else { return }
        do {
            try source.beginSnapshot()
            if try source.changeSequence() != lastSequence { source.endSnapshot() }
        } catch {
            source.endSnapshot()
        }
    }

    /// Runs reads of rows in the state the list shows: its held snapshot, or else a new one
    /// that is checked to be that state (kept when it may be).
    ///
    /// - Throws: ``BudgetError/liveResultsOutOfDate(seen:latest:)`` when the list holds no
    ///   snapshot and the database changed since its last sync; whatever `body` throws.
    func inListSnapshot<T>(_ body: () throws -> T) throws -> T {
        if source.holdsSnapshot { return try body() }
        try source.beginSnapshot()
        var keep = false
        defer { if !keep { source.endSnapshot() } }
        let latest = try source.changeSequence()
        guard latest == lastSequence else { throw BudgetError.liveResultsOutOfDate(seen: lastSequence, latest: latest) }
        let result = try body()
        keep = source.canHoldSnapshot && !isCancelled
        return result
    }
}
