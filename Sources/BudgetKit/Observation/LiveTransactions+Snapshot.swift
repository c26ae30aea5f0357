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
        let keys: LoadedKeys
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
    ///   - window: how many keys to read from each end when the list may leave the rest for
    ///     later (see ``loadKeys(query:order:from:window:count:)``); `nil` for every key.
    static func fetch(_ request: TransactionRequest, resolvingName: Bool, categoryID: Int64?, accountID: Int64? = nil,
                      categoryDeleted: Bool = false, order existing: KeyOrder? = nil, window: KeyWindow? = nil,
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
        let keys = try loadKeys(query: query, order: order, from: source, window: window)
        return FetchedState(order: order, query: query, categoryID: categoryID, accountID: accountID, categoryDeleted: deleted,
                            queried: request, keys: keys, sequence: sequence, highestID: highestID)
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
        (keys, unreadKeys, tailKeys) = (state.keys.head, state.keys.unread, state.keys.tail)
        keysShiftedWhenRead = false
        lastSequence = state.sequence
        highestKnownID = Swift.max(state.highestID, keepingCache ? highestKnownID : 0)
        if !keepingCache { cache.removeAll() }
    }

    /// How many keys a list reads from each end of its order when it may leave the rest unread.
    struct KeyWindow: Equatable {
        var head: Int
        var tail: Int
    }

    /// The keys a fetch read: every key (in ``head``), or the first and the last ones and how
    /// many rows lie between them.
    struct LoadedKeys {
        var head: OrderedKeys
        var unread = 0
        var tail = OrderedKeys()
    }

    /// Reads a query's keys in the source's open snapshot.
    ///
    /// A list by date alone and without sections, in a snapshot the list may hold, reads only
    /// the first `window.head` and the last `window.tail` keys (SQLite hands them over in order,
    /// from either end of the date index) and counts the rest: at ten million rows that is the
    /// difference between milliseconds and seconds. A list in another order without sections
    /// reads every key but keeps only those at its two ends (``EndKeys``): no sort, and memory
    /// for the window rather than for every row. A list with sections reads and keeps every
    /// key, as does one whose window would leave no key unread.
    ///
    /// - Parameters:
    ///   - count: how many rows the query matches, when already counted in this snapshot.
    static func loadKeys(query: LiveQuery, order: KeyOrder, from source: any LiveSource,
                         window: KeyWindow? = nil, count: Int? = nil) throws -> LoadedKeys {
        let capacity = try count ?? source.keyCount(query)
        if query.keysAreOrdered {
            if let window, order.sectioning == nil, source.canHoldSnapshot, window.head >= 0, window.tail >= 0,
               window.head < capacity, window.tail < capacity - window.head {
                let head = try readOrderedKeys(query, order: order, limit: window.head, fromTheEnd: false, capacity: capacity, from: source)
                let tail = try readOrderedKeys(query, order: order, limit: window.tail, fromTheEnd: true, capacity: capacity, from: source)
                if head.inOrder, tail.inOrder, head.keys.count == window.head, tail.keys.count == window.tail,
                   head.keys.count == 0 || tail.keys.count == 0
                    || order.compare(head.keys.key(at: head.keys.count - 1), tail.keys.key(at: 0)) < 0 {
                    return LoadedKeys(head: head.keys, unread: capacity - window.head - window.tail, tail: tail.keys)
                }
                // Out of order (or fewer rows than counted, which one snapshot cannot give): every key.
            }
            // By date alone (by month sections or none): integers only, straight from SQLite's bytes.
            let all = try readOrderedKeys(query, order: order, limit: .max, fromTheEnd: false, capacity: capacity, from: source)
            if all.inOrder { return LoadedKeys(head: all.keys) }
            // Stored dates SQLite orders differently from the days they parse to (text written
            // by hand in the sqlite3 shell): memory's order is the truth.
            var unsorted = UnsortedKeys(order: order, capacity: all.keys.count)
            for position in 0..<all.keys.count { unsorted.append(all.keys.key(at: position)) }
            return LoadedKeys(head: order.sorted(unsorted))
        }
        // Any other order without sections, when the window leaves keys unread: every key read
        // once, its two ends kept (memory for the window, not for the list).
        if let window, order.sectioning == nil, source.canHoldSnapshot, window.head >= 0, window.tail >= 0,
           window.head < capacity, window.tail < capacity - window.head {
            var ends = EndKeys(order: order, head: window.head, tail: window.tail)
            try source.forEachKey(query, limit: .max, fromTheEnd: false) { ends.offer(order.key($0)) }
            if ends.offered == capacity {
                return LoadedKeys(head: ends.firstKeys(), unread: capacity - window.head - window.tail, tail: ends.lastKeys())
            }
            // Fewer or more rows than counted, which one snapshot cannot give: every key.
        }
        var all = UnsortedKeys(order: order, capacity: capacity)
        try source.forEachKey(query, limit: .max, fromTheEnd: false) { all.append(order.key($0)) }
        return LoadedKeys(head: order.sorted(all))
    }

    /// Reads up to `limit` keys of a query whose keys come in order, from its first row on or
    /// (`fromTheEnd`) from its last row back, returned in the list's order either way, and
    /// whether SQLite's order was the list's.
    private static func readOrderedKeys(_ query: LiveQuery, order: KeyOrder, limit: Int, fromTheEnd: Bool, capacity: Int,
                                        from source: any LiveSource) throws -> (keys: OrderedKeys, inOrder: Bool) {
        // Forwards, straight into the list's keys (16 bytes a row); backwards, a window's worth
        // held apart and then turned around.
        var keys = OrderedKeys(moreCount: order.moreCount, capacity: fromTheEnd ? 0 : Swift.min(capacity, limit))
        var backwards: [RowKey] = []
        let monthSections = order.sectioning == .month
        // Read from the end, each row comes before the one read just before it.
        let ascending = order.ascending != fromTheEnd
        var previous = KeyEntry(sort: 0, id: 0)
        var inOrder = true, first = true
        try source.forEachKey(query, limit: limit, fromTheEnd: fromTheEnd) { columns in
            let next = KeyEntry(sort: columns.days, id: columns.id)
            if !first {
                let increasing = (previous.sort, previous.id) < (next.sort, next.id)
                if increasing != ascending { inOrder = false }
            }
            first = false
            previous = next
            let key = RowKey(section: monthSections ? columns.month : 0, sort: columns.days, id: columns.id)
            if fromTheEnd { backwards.append(key) } else { keys.append(key) }
        }
        if fromTheEnd { keys = OrderedKeys(sorted: backwards.reversed(), moreCount: order.moreCount, capacity: backwards.count) }
        return (keys, inOrder)
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
