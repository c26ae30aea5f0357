extension LiveTransactions {
    /// How many changed rows a sync of a list with keys unread looks at before it decides to
    /// read every key instead.
    static let endsChangeLimit = 256

    /// The changed transactions a sync may apply without reading the keys left unread: every
    /// change committed since the list's state touches only rows among its first and last keys
    /// read, where they were and where they go. An insert dated today lands among the last
    /// keys of a list by date, and the first ones of a list by date descending.
    ///
    /// Read before the list leaves its state: the log and the rows as the newest commit left
    /// them through the store's connection (outside a transaction, it sees the newest commit),
    /// and the rows as they were in the list's own snapshot.
    ///
    /// - Returns: the changed ids seen, or `nil` when the sync must read every key first
    ///   (a row between, a renamed category or account, an import, many rows, or any doubt).
    func changesAtTheEnds() -> Set<Int64>? {
        guard unreadKeys > 0, keys.count > 0, tailKeys.count > 0, !keysShiftedWhenRead,
              !store.connection.isInTransaction else { return nil }
        do {
            guard let logged = try ChangeTracker.changes(after: lastSequence, in: store.connection) else { return [] }
            guard !logged.needsReload, logged.transactionRanges.isEmpty, logged.categoryIDs.isEmpty,
                  logged.accountIDs.isEmpty, logged.transactionIDs.count <= LiveTransactions.endsChangeLimit else { return nil }
            let ids = Array(logged.transactionIDs)
            // Where they were: the rows the list showed, in its own snapshot, each held at its
            // key (a date SQLite orders otherwise than its day can sort among the ends in memory
            // and lie among the unread rows in SQLite's order).
            let shown = try inListSnapshot { try fetchRows(ids: ids.filter { $0 <= highestKnownID }[...], matchingFilter: true) }
            guard shown.allSatisfy({ keys.position(of: $0.key, order: order) != nil || tailKeys.position(of: $0.key, order: order) != nil })
            else { return nil }
            // Where they go: the rows the newest commit left.
            let next = try LiveReader.rows(ids: ids[...], query: query, matchingFilter: true, in: store.connection)
            guard next.allSatisfy({ isAtTheEnds(order.key($0)) }) else { return nil }
            return logged.transactionIDs
        } catch {
            return nil
        }
    }

    /// Whether a key sorts among the first keys read (at or before the last of them) or among
    /// the last ones (at or after the first of them): never between, where the unread rows are.
    private func isAtTheEnds(_ key: RowKey) -> Bool {
        order.compare(key, keys.key(at: keys.count - 1)) <= 0 || order.compare(key, tailKeys.key(at: 0)) >= 0
    }

    /// In the new snapshot: applies what was read when it still touches only rows at the ends
    /// (`seen` are the ids ``changesAtTheEnds()`` checked), as if the first and last keys were the
    /// whole list, then moves every place past the unread rows by their count. When another
    /// commit came in between and changed more, the list reloads (its unread rows cannot tell
    /// where a row between was).
    func changeSetAtTheEnds(seen: Set<Int64>) throws -> TransactionChangeSet? {
        guard let reading = try read() else { return nil }
        let logged = reading.logged
        let stays = !logged.needsReload && logged.transactionRanges.isEmpty && logged.categoryIDs.isEmpty
            && logged.accountIDs.isEmpty && reading.narrowed == nil && reading.deletedCategoryQuery == nil
            && logged.transactionIDs.allSatisfy { $0 > highestKnownID || seen.contains($0) }
            && reading.rows.values.allSatisfy { isAtTheEnds($0.key) }
        guard stays else { return try reload(after: reading) }
        let unread = unreadKeys, oldGap = keys.count, headLast = keys.key(at: keys.count - 1)
        var joined = keys
        for index in 0..<tailKeys.count { joined.append(tailKeys.key(at: index)) }
        (keys, unreadKeys, tailKeys) = (joined, 0, OrderedKeys(moreCount: order.moreCount))
        let changeSet = apply(reading)
        // Split again where the unread rows lie: after every key at or before the first keys'
        // last one (the keys that came or went did not cross it).
        let found = keys.search(headLast, order: order)
        let newGap = found.position < keys.count && keys.key(at: found.position) == headLast ? found.position + 1 : found.position
        // With the later sort keys' values: a list by amount, category or payee has them too.
        var head = OrderedKeys(moreCount: order.moreCount, capacity: newGap)
        var tail = OrderedKeys(moreCount: order.moreCount, capacity: keys.count - newGap)
        for index in 0..<keys.count {
            if index < newGap { head.append(keys.key(at: index)) } else { tail.append(keys.key(at: index)) }
        }
        (keys, unreadKeys, tailKeys) = (head, unread, tail)
        guard let changeSet else { return nil }
        func before(_ index: Int) -> Int { index < oldGap ? index : index + unread }
        func after(_ index: Int) -> Int { index < newGap ? index : index + unread }
        return TransactionChangeSet(
            isReload: false, sectionDeletions: [], sectionInsertions: [],
            deletions: changeSet.deletions.map { .init(index: before($0.index), id: $0.id) },
            insertions: changeSet.insertions.map { .init(index: after($0.index), transaction: $0.transaction) },
            moves: changeSet.moves.map { .init(from: before($0.from), to: after($0.to), transaction: $0.transaction) },
            updates: changeSet.updates.map { .init(index: before($0.index), newIndex: after($0.newIndex), transaction: $0.transaction) },
            count: count, sections: sections)
    }
}
