extension LiveTransactions {
    /// Below this many moved rows a change set shifts the key array in place (cheap when rows
    /// land near the end, as new transactions usually do); above it, it rebuilds in one pass.
    static let inPlaceLimit = 16

    /// Catches up with every commit since the last sync, from this process or any other, and
    /// tells the delegate. A store write calls it after its commit; a ``DatabaseWatcher`` calls it
    /// when another connection committed; call it yourself to poll, or to retry after a failure.
    ///
    /// The list moves to the newest database state: rows it loads from now on come from that
    /// state, until the next sync.
    ///
    /// - Returns: the change set delivered, or `nil` when nothing this list shows changed.
    /// - Throws: a database error; the list is then unchanged and the next sync retries.
    /// - Complexity: O(n) the first time after the list opened or reloaded, to read the keys it
    ///   left unread (a list by date alone), unless nothing was committed; then O(k log n) for k changed rows (read in one query per renamed category and per
    ///   imported range, else in batches by id), plus O(n) to merge them into the list when more
    ///   than a few move or arrive, and one O(n) scan of the ids when a changed row was not found
    ///   at its unchanged key (it moved, left the list, or was deleted).
    @discardableResult
    public func processPendingChanges() throws -> TransactionChangeSet? {
        try deliverPendingChanges()
    }

    /// What changed, read in one snapshot: the log, the categories, the changed rows.
    struct Reading {
        var logged: LoggedChanges
        var categories: [Int64: CategoryName]
        var renamedCategoryRows: Set<Int64> = []
        var categoriesReordered = false
        var rows: [Int64: FetchedRow] = [:]
        /// The changed ids without a row in ``rows``: deleted, left the filter, or never shown.
        var rowlessIDs: [Int64] = []
        /// The query matching nothing, when the filter's category was deleted.
        var deletedCategoryQuery: LiveQuery?
        /// The queried request without the categories of its list that were deleted, and its query.
        var narrowed: (request: TransactionRequest, query: LiveQuery)?
    }

    /// Reads what changed since the last sync, in the source's new snapshot. Changes nothing
    /// in the list but the payee table of its order (which only grows).
    func read() throws -> Reading? {
        guard var logged = try source.changes(after: lastSequence) else { return nil }
        var reading = Reading(logged: logged, categories: order.categories)
        if logged.needsReload { return reading }
        var query = self.query
        let watched = [categoryID, queried.filter.categoryID].compactMap { $0 }
        if !categoryDeleted, let deleted = watched.first(where: logged.deletedCategoryIDs.contains) {
            // Every row of the list leaves it. Its rows moved or went in this batch (foreign
            // keys), unless the shell deleted the category under them or a new category took its
            // id: then fetch again.
            query = source.query(for: queried, categoryID: categoryID, accountID: accountID, matchesNothing: true)
            reading.deletedCategoryQuery = query
            if try source.hasTransactions(inCategory: deleted) {
                reading.logged.needsReload = true
                return reading
            }
        } else if !categoryDeleted, !logged.deletedCategoryIDs.isDisjoint(with: queried.filter.categoryIDs) {
            // A category of the filter's list was deleted: the list stops following its id (a
            // later category may get it), and shows nothing once none is left.
            var narrowed = queried
            narrowed.filter.categoryIDs.removeAll(where: logged.deletedCategoryIDs.contains)
            let none = narrowed.filter.categoryIDs.isEmpty
            query = source.query(for: narrowed, categoryID: categoryID, accountID: accountID, matchesNothing: none)
            reading.narrowed = (narrowed, query)
            if none { reading.deletedCategoryQuery = query }
            for id in logged.deletedCategoryIDs.intersection(queried.filter.categoryIDs) where try source.hasTransactions(inCategory: id) {
                reading.logged.needsReload = true
                return reading
            }
        }
        if !logged.categoryIDs.isEmpty {
            reading.categories = try source.categoryNames()
            var renamed: [Int64] = []
            for id in logged.categoryIDs where order.categories[id] != reading.categories[id] {
                if reading.categories[id] == nil {
                    // Deleted: only rows written with foreign keys off can still point at it.
                    if try source.hasTransactions(inCategory: id) {
                        logged.needsReload = true
                        reading.logged = logged
                        return reading
                    }
                } else {
                    renamed.append(id)
                }
            }
            // Each renamed category's rows in one query: no per-row SQL, however many they are.
            for id in renamed {
                let rows = try fetchRows(inCategory: id, query: query)
                reading.rows.reserveCapacity(reading.rows.count + rows.count)
                reading.renamedCategoryRows.reserveCapacity(reading.renamedCategoryRows.count + rows.count)
                for row in rows {
                    reading.renamedCategoryRows.insert(row.transaction.id)
                    reading.rows[row.transaction.id] = row
                }
            }
            if order.ordersByCategory && !renamed.isEmpty {
                reading.categoriesReordered = categoryOrder(order.categories) != categoryOrder(reading.categories)
            }
        }
        // A changed account (renamed, closed) changes what its rows show, never where they sort.
        var accountRows: Set<Int64> = []
        for id in logged.accountIDs { accountRows.formUnion(try source.ids(inAccount: id, query: query)) }
        // A bulk import's new rows, each range in one query; a range reaching ids the list may
        // hold (a deleted row's id given again) also names the held ones, found by one scan.
        var heldInRanges: Set<Int64> = []
        for range in logged.transactionRanges {
            for row in try fetchRows(inRange: range, query: query) { reading.rows[row.transaction.id] = row }
            if range.lowerBound <= highestKnownID {
                for entry in keys.entries where range.contains(entry.id) { heldInRanges.insert(entry.id) }
            }
        }
        let changed = logged.transactionIDs.union(accountRows).subtracting(reading.rows.keys)
        if !changed.isEmpty {
            for row in try fetchRows(ids: Array(changed)[...], matchingFilter: true, query: query) {
                reading.rows[row.transaction.id] = row
            }
        }
        reading.rowlessIDs = Array(changed.union(heldInRanges).filter { reading.rows[$0] == nil })
        return reading
    }

    /// Category ids in name-key order, for telling whether a rename reordered them.
    private func categoryOrder(_ table: [Int64: CategoryName]) -> [Int64] {
        table.keys.sorted { (table[$0]!.key, $0) < (table[$1]!.key, $1) }
    }

    /// Moves to a new snapshot, reads what changed and applies it to the keys: the change set,
    /// or `nil` when nothing visible changed. Every read comes before the list changes, but for
    /// reading the keys left unread (which shows the same rows).
    func nextChangeSet() throws -> TransactionChangeSet? {
        // Every row's place is needed to tell where the changed ones were: the keys left unread
        // are read first, in the state the list shows, before the list leaves it. Unless the
        // changes stay among the first and last keys read (below), or nothing
        // was logged since (a watcher wakes for any commit, a poll finds nothing): the store's
        // connection, outside a transaction, sees the newest commit's change log.
        if unreadKeys > 0, !store.connection.isInTransaction,
           (try? ChangeTracker.highWater(in: store.connection)) == lastSequence, !keysShiftedWhenRead {
            return nil
        }
        // Changes only among the first and last keys read (an insert dated today): applied
        // without reading the rest.
        if let seen = changesAtTheEnds() {
            return try inNewSnapshot { try changeSetAtTheEnds(seen: seen) }
        }
        var lostState = false
        do {
            try readKeys()
        } catch BudgetError.liveResultsOutOfDate {
            lostState = true
        }
        return try inNewSnapshot { () throws -> TransactionChangeSet? in
            if lostState || keysShiftedWhenRead {
                install(try LiveTransactions.fetch(queried, resolvingName: false, categoryID: categoryID, accountID: accountID,
                                                   categoryDeleted: categoryDeleted, window: keyWindow, from: source))
                return reloadChangeSet()
            }
            guard let reading = try read() else { return nil }
            if reading.logged.needsReload { return try reload(after: reading) }
            return apply(reading)
        }
    }

    /// Fetches the list again in the new snapshot, as `reading` leaves its request (less a
    /// deleted category of its list, or matching nothing once its category was deleted), and
    /// returns the reload change set.
    func reload(after reading: Reading) throws -> TransactionChangeSet {
        install(try LiveTransactions.fetch(reading.narrowed?.request ?? queried, resolvingName: false, categoryID: categoryID, accountID: accountID,
                                           categoryDeleted: categoryDeleted || reading.deletedCategoryQuery != nil,
                                           window: keyWindow, from: source))
        return reloadChangeSet()
    }

    /// Applies what was read to the keys, the order and the cache. Cannot fail.
    func apply(_ reading: Reading) -> TransactionChangeSet? {
        defer {
            lastSequence = reading.logged.sequence
            highestKnownID = Swift.max(highestKnownID, reading.rows.keys.max() ?? 0, reading.rowlessIDs.max() ?? 0)
            if let (request, query) = reading.narrowed {
                queried = request
                self.query = query
            }
            if let query = reading.deletedCategoryQuery {
                self.query = query
                categoryDeleted = true
            }
        }
        if reading.rows.isEmpty && reading.rowlessIDs.isEmpty {
            // Categories without rows here changed (a budget, a rename): nothing to show.
            order.categories = reading.categories
            return nil
        }

        // Old places, under the old order: at the unchanged key by binary search, else by one
        // scan. Each row is looked up once (a renamed category brings tens of thousands).
        let oldSections = sectionIdentities()
        var deletions: [TransactionChangeSet.Deletion] = []
        var removals: [Int] = []
        // Rows by reference until the change set is made: each ``Transaction`` is copied once.
        var added: [(row: FetchedRow, from: Int?)] = []
        var updated: [(index: Int, row: FetchedRow)] = []
        var unresolved: [Int64] = []
        /// Sorts one changed row (or its absence) into the lists above, given its old place.
        func classify(_ id: Int64, _ oldPosition: Int?, _ row: FetchedRow?) {
            switch (oldPosition, row) {
            case (nil, nil):
                return
            case (let position?, nil):
                deletions.append(.init(index: position, id: id))
                removals.append(position)
            case (nil, let row?):
                added.append((row, nil))
            case (let position?, let row?):
                // A renamed category's section is replaced (deleted and inserted, as Core Data
                // reports sections), so its rows move into the new one; in a list that only
                // sorts by category, they move when the rename reordered the categories.
                let moved = keys.key(at: position) != row.key
                    || ((reading.categoriesReordered || order.sectioning == .category) && reading.renamedCategoryRows.contains(id))
                if moved {
                    removals.append(position)
                    added.append((row, position))
                } else {
                    updated.append((position, row))
                }
            }
        }
        // In key order, so that one binary search warms the memory the next one reads.
        for row in Array(reading.rows.values).sortedByIndex({ $0.key }, by: { order.compare($0, $1) < 0 }) {
            let id = row.transaction.id
            if let position = keys.position(of: row.key, order: order) {
                classify(id, position, row)
            } else if id <= highestKnownID {
                unresolved.append(id)
            } else {
                classify(id, nil, row)
            }
        }
        unresolved += reading.rowlessIDs.filter { $0 <= highestKnownID }
        if !unresolved.isEmpty {
            var located: [Int64: Int] = [:]
            locate(unresolved, into: &located)
            for id in unresolved { classify(id, located[id], reading.rows[id]) }
        }

        // From here on the new category names rule the order.
        order.categories = reading.categories
        removals.sort()
        added = added.sortedByIndex({ $0.row.key }, by: { order.compare($0, $1) < 0 })
        let finals: [Int]
        if removals.count + added.count <= LiveTransactions.inPlaceLimit {
            for position in removals.reversed() { keys.remove(at: position) }
            finals = added.map { keys.insert($0.row.key, order: order) }
        } else {
            finals = keys.replace(removing: removals, inserting: added.map(\.row.key), order: order)
        }

        var inserted: [(index: Int, row: FetchedRow)] = []
        var moved: [(from: Int, to: Int, row: FetchedRow)] = []
        for (row, final) in zip(added, finals) {
            if let from = row.from { moved.append((from, final, row.row)) } else { inserted.append((final, row.row)) }
        }
        inserted.sort { $0.index < $1.index }
        moved.sort { $0.to < $1.to }
        updated.sort { $0.index < $1.index }
        let insertions = inserted.map { TransactionChangeSet.Insertion(index: $0.index, transaction: $0.row.transaction) }
        let moves = moved.map { TransactionChangeSet.Move(from: $0.from, to: $0.to, transaction: $0.row.transaction) }
        // Only rows removed or added before an updated row shift it: with none, it stays put.
        let shifted = !removals.isEmpty || !added.isEmpty
        let updates = updated.map {
            TransactionChangeSet.Update(index: $0.index, newIndex: shifted ? keys.position(of: $0.row.key, order: order)! : $0.index,
                                        transaction: $0.row.transaction)
        }
        let (sectionDeletions, sectionInsertions) = sectionChanges(from: oldSections)

        // Rows read for the change set replace their cached pages; when they are more than the
        // cache holds (an import, a renamed category), the cache is emptied and pages load again.
        let fresh = added.count + updated.count
        if cache.count + fresh > LiveTransactions.cacheCapacity { cache.removeAll(keepingCapacity: true) }
        for deletion in deletions { cache[deletion.id] = nil }
        if fresh <= LiveTransactions.cacheCapacity {
            for row in added { cache[row.row.transaction.id] = row.row.transaction }
            for row in updated { cache[row.row.transaction.id] = row.row.transaction }
        }

        let changeSet = TransactionChangeSet(
            isReload: false, sectionDeletions: sectionDeletions, sectionInsertions: sectionInsertions,
            deletions: deletions.sorted { $0.index < $1.index }, insertions: insertions, moves: moves, updates: updates,
            count: keys.count, sections: sections)
        return changeSet.isEmpty ? nil : changeSet
    }

    /// Finds the positions of ids by one scan of the key array, stopping when all are found.
    private func locate(_ ids: [Int64], into positions: inout [Int64: Int]) {
        var remaining = ids.count
        let entries = keys.entries
        if ids.count <= 8 {
            for (position, entry) in entries.enumerated() where ids.contains(entry.id) {
                positions[entry.id] = position
                remaining -= 1
                if remaining == 0 { return }
            }
        } else {
            let wanted = Set(ids)
            for (position, entry) in entries.enumerated() where wanted.contains(entry.id) {
                positions[entry.id] = position
                remaining -= 1
                if remaining == 0 { return }
            }
        }
    }

    /// Each section's identity: its key and its name (a renamed category is a new section).
    struct SectionIdentity: Hashable {
        let key: Int64
        let name: String
    }

    func sectionIdentities() -> [SectionIdentity] {
        LiveTransactions.sectionIdentities(of: keys, order: order)
    }

    /// The sections of `keys` in `order`; none when the order has no sectioning.
    static func sectionIdentities(of keys: OrderedKeys, order: KeyOrder) -> [SectionIdentity] {
        guard order.sectioning != nil else { return [] }
        return keys.runs.map { SectionIdentity(key: $0.key, name: order.sectionName($0.key)) }
    }

    func sectionChanges(from old: [SectionIdentity])
        -> ([TransactionChangeSet.SectionDeletion], [TransactionChangeSet.SectionInsertion]) {
        let new = sectionIdentities()
        let oldSet = Set(old), newSet = Set(new)
        let deletions = old.enumerated().filter { !newSet.contains($0.element) }.map {
            TransactionChangeSet.SectionDeletion(index: $0.offset, name: $0.element.name)
        }
        let insertions = new.enumerated().filter { !oldSet.contains($0.element) }.map {
            TransactionChangeSet.SectionInsertion(index: $0.offset, name: $0.element.name)
        }
        return (deletions, insertions)
    }
}

extension Array {
    /// The elements sorted by their `key` under `areInIncreasingOrder`, comparing only the keys
    /// (taken once each) and moving only indexes while sorting: rows carrying a whole
    /// ``Transaction`` are large, and a renamed category or an import sorts tens of thousands
    /// of them (a comparison that copied two rows retained and released every string in both).
    ///
    /// - Complexity: O(k log k) comparisons of keys, and O(k) copies of the elements.
    func sortedByIndex<Key>(_ key: (Element) -> Key, by areInIncreasingOrder: (Key, Key) -> Bool) -> [Element] {
        let keys = map(key)
        return keys.indices.sorted { areInIncreasingOrder(keys[$0], keys[$1]) }.map { self[$0] }
    }
}
