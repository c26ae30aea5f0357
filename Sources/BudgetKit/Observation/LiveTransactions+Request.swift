extension LiveTransactions {
    /// Shows another request, and tells the delegate what changed.
    ///
    /// When only the filter changes (the same sort and sectioning), the change set is the exact
    /// diff: rows that leave are deletions, rows that enter are insertions, rows in both stay
    /// where the order puts them (their indexes shift by what left and entered before them).
    /// The list first catches up with every commit (delivering that change set first, as a sync
    /// does), then reads the new request's keys in the same database state, so no row counts as
    /// both changed and filtered.
    ///
    /// When the sort or the sectioning changes, the change set is a reload: nearly every row
    /// moves and every section is another, so a change set of n moves would carry every row's
    /// value and tell a view nothing a reload does not.
    ///
    /// A category or account name in the filter is resolved again, to the one that has it now.
    ///
    /// - Throws: ``BudgetError/unknownCategory(_:)`` or ``BudgetError/unknownAccount(_:)`` when
    ///   the filter names none, or a database error; the list then shows the old request (it may
    ///   have caught up with commits first, and said so).
    /// - Complexity: O(n + m) to compare the old and new keys, plus the new keys' fetch and one
    ///   read by id per inserted row (batched).
    public func setRequest(_ request: TransactionRequest) throws {
        guard request.sort == self.request.sort && request.sectioning == self.request.sectioning, !isCancelled else {
            return try reload(showing: request)
        }
        try processPendingChanges()
        let fetched: (FetchedState, [Int64: Transaction])
        do {
            fetched = try inListSnapshot { () throws -> (FetchedState, [Int64: Transaction]) in
                let state = try LiveTransactions.fetch(request, resolvingName: true, categoryID: nil, order: order, from: source)
                let new = Set(state.keys.entries.lazy.map(\.id))
                let old = Set(keys.entries.lazy.map(\.id))
                // The cache may hold a row that left the list earlier and changed since: read them all.
                let entering = new.subtracting(old)
                var rows: [Int64: Transaction] = [:]
                for row in try source.rows(ids: Array(entering)[...], query: state.query, matchingFilter: false) {
                    rows[row.transaction.id] = row.transaction
                }
                return (state, rows)
            }
        } catch BudgetError.liveResultsOutOfDate {
            // A book in rollback-journal mode holds no snapshot, and another process committed
            // since the catch-up: the diff would mix that commit in.
            return try reload(showing: request)
        }
        let (state, inserted) = fetched
        let oldKeys = keys, oldSections = sectionIdentities()
        self.request = request
        install(state, keepingCache: true)
        let changeSet = diff(from: oldKeys, oldSections: oldSections, inserted: inserted)
        // Rows that left are no longer kept current: out of the cache with them.
        for deletion in changeSet.deletions { cache[deletion.id] = nil }
        if cache.count + inserted.count > LiveTransactions.cacheCapacity { cache.removeAll(keepingCapacity: true) }
        if inserted.count <= LiveTransactions.cacheCapacity {
            for (id, row) in inserted { cache[id] = row }
        }
        if !changeSet.isEmpty { deliver(changeSet) }
    }

    /// Fetches `request` in a new snapshot and delivers a reload change set.
    private func reload(showing request: TransactionRequest) throws {
        let state = try inNewSnapshot {
            try LiveTransactions.fetch(request, resolvingName: true, categoryID: nil, from: source)
        }
        self.request = request
        install(state)
        deliver(reloadChangeSet())
    }

    /// The change set from `old` to the list's keys, both in the list's order and database
    /// state: one merge walk.
    private func diff(from old: OrderedKeys, oldSections: [SectionIdentity], inserted: [Int64: Transaction]) -> TransactionChangeSet {
        var deletions: [TransactionChangeSet.Deletion] = []
        var insertions: [TransactionChangeSet.Insertion] = []
        var i = 0, j = 0
        while i < old.count || j < keys.count {
            let comparison = i == old.count ? 1 : (j == keys.count ? -1 : order.compare(old.key(at: i), keys.key(at: j)))
            if comparison == 0 {
                i += 1
                j += 1
            } else if comparison < 0 {
                deletions.append(.init(index: i, id: old.entries[i].id))
                i += 1
            } else {
                let id = keys.entries[j].id
                // Read in the list's own state just before: only a damaged file loses it.
                insertions.append(.init(index: j, transaction: inserted[id] ?? standIn(at: j)))
                j += 1
            }
        }
        let (sectionDeletions, sectionInsertions) = sectionChanges(from: oldSections)
        return TransactionChangeSet(isReload: false, sectionDeletions: sectionDeletions, sectionInsertions: sectionInsertions,
                                    deletions: deletions, insertions: insertions, moves: [], updates: [],
                                    count: keys.count, sections: sections)
    }
}
