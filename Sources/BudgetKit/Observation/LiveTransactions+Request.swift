extension LiveTransactions {
    /// Shows another request, and tells the delegate what changed.
    ///
    /// When the sectioning stays, the change set is the exact diff: rows that leave are
    /// deletions, rows that enter are insertions. When only the filter changes, rows in both
    /// stay where the order puts them (their indexes shift by what left and entered before
    /// them). When the sort changes, rows in both that already stand in the new order (the
    /// longest such run) stay and the others are moves, so a key added after the first moves
    /// only rows that tied on the first; sections that change places are deleted and inserted
    /// again (a change set never moves a section), their rows moving with them (see
    /// ``Reordering``). The list first catches up with every commit (delivering that change set
    /// first, as a sync does), then reads the new request's keys in the same database state, so
    /// no row counts as both changed and filtered.
    ///
    /// The change set is a reload when the sectioning changes (every section is another, and
    /// every row moves into one) or when more rows would move than the list caches (4,096): a
    /// move carries the row's value, and a change set that moves nearly every row tells a view
    /// nothing a reload does not.
    ///
    /// A category or account name in the filter is resolved again, to the one that has it now.
    ///
    /// - Throws: ``BudgetError/unknownCategory(_:)`` or ``BudgetError/unknownAccount(_:)`` when
    ///   the filter names none, or a database error; the list then shows the old request (it may
    ///   have caught up with commits first, and said so).
    /// - Complexity: O(n + m) to compare the old and new keys when the order stays, O((n + m)
    ///   log(n + m)) when it changes, plus the new keys' fetch and one read by id per inserted
    ///   or moved row (batched).
    public func setRequest(_ request: TransactionRequest) throws {
        guard request.sectioning == self.request.sectioning, !isCancelled else {
            return try reload(showing: request)
        }
        try processPendingChanges()
        // The diff needs every old row's place (a sync read them, unless nothing was committed,
        // or a delegate changes the request while it hears a sync). Keys found out of place, or
        // a state that cannot be read again: the list shows the new request as a reload.
        do {
            try readKeys()
        } catch BudgetError.liveResultsOutOfDate {
            return try reload(showing: request)
        }
        if keysShiftedWhenRead { return try reload(showing: request) }
        let reorders = request.sort != self.request.sort
        let fetched: (state: FetchedState, plan: Reordering?, rows: [Int64: Transaction])
        do {
            fetched = try inListSnapshot { () throws -> (FetchedState, Reordering?, [Int64: Transaction]) in
                let state = try LiveTransactions.fetch(request, resolvingName: true, categoryID: nil, order: reorders ? nil : order,
                                                       from: source)
                var plan: Reordering?
                let wanted: [Int64]
                if reorders {
                    let reordering = Reordering(from: keys, oldSections: sectionIdentities(), to: state.keys.head,
                                                newSections: LiveTransactions.sectionIdentities(of: state.keys.head, order: state.order))
                    // Too many moves: the state read is this list's own, so it becomes a reload as it is.
                    guard reordering.moves.count <= LiveTransactions.cacheCapacity else { return (state, nil, [:]) }
                    plan = reordering
                    wanted = reordering.insertions.map(\.id) + reordering.moves.lazy.map(\.id).filter { self.cache[$0] == nil }
                } else {
                    let new = Set(state.keys.head.entries.lazy.map(\.id))
                    let old = Set(keys.entries.lazy.map(\.id))
                    wanted = Array(new.subtracting(old))
                }
                // The cache may hold a row that left the list earlier and changed since: entering rows are all read.
                var rows: [Int64: Transaction] = [:]
                for row in try source.rows(ids: wanted[...], query: state.query, matchingFilter: false) {
                    rows[row.transaction.id] = row.transaction
                }
                return (state, plan, rows)
            }
        } catch BudgetError.liveResultsOutOfDate {
            // A book in rollback-journal mode holds no snapshot, and another process committed
            // since the catch-up: the diff would mix that commit in.
            return try reload(showing: request)
        }
        let (state, plan, rows) = fetched
        self.request = request
        if reorders && plan == nil {
            install(state)
            return deliver(reloadChangeSet())
        }
        let oldKeys = keys, oldSections = sectionIdentities()
        install(state, keepingCache: true)
        let changeSet = plan.map { reorderingChangeSet($0, oldSections: oldSections, rows: rows) }
            ?? diff(from: oldKeys, oldSections: oldSections, inserted: rows)
        // Rows that left are no longer kept current: out of the cache with them.
        for deletion in changeSet.deletions { cache[deletion.id] = nil }
        if cache.count + rows.count > LiveTransactions.cacheCapacity { cache.removeAll(keepingCapacity: true) }
        if rows.count <= LiveTransactions.cacheCapacity {
            for (id, row) in rows { cache[id] = row }
        }
        if !changeSet.isEmpty { deliver(changeSet) }
    }

    /// The change set of a reordering, once the list holds its new keys: rows read for it in
    /// `rows`, or else (moves of cached rows) in the cache.
    private func reorderingChangeSet(_ plan: Reordering, oldSections: [SectionIdentity], rows: [Int64: Transaction]) -> TransactionChangeSet {
        let newSections = sectionIdentities()
        // Read in the list's own state just before: only a damaged file loses one.
        func row(_ id: Int64, at position: Int) -> Transaction { rows[id] ?? cache[id] ?? standIn(at: position) }
        return TransactionChangeSet(
            isReload: false,
            sectionDeletions: plan.sectionDeletions.map { .init(index: $0, name: oldSections[$0].name) },
            sectionInsertions: plan.sectionInsertions.map { .init(index: $0, name: newSections[$0].name) },
            deletions: plan.deletions.map { .init(index: $0.index, id: $0.id) },
            insertions: plan.insertions.map { .init(index: $0.index, transaction: row($0.id, at: $0.index)) },
            moves: plan.moves.map { .init(from: $0.from, to: $0.to, transaction: row($0.id, at: $0.to)) },
            updates: [], count: keys.count, sections: sections)
    }

    /// Fetches `request` in a new snapshot and delivers a reload change set.
    private func reload(showing request: TransactionRequest) throws {
        let state = try inNewSnapshot {
            try LiveTransactions.fetch(request, resolvingName: true, categoryID: nil, window: keyWindow, from: source)
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
