extension BudgetStore {
    /// The book's history, newest first: every write made through a ``BudgetStore`` (on this
    /// device, or on another and synced), with the rows it added, changed and deleted.
    ///
    /// ```swift
    /// for entry in try store.history(limit: 10) { print(entry.id, entry.command) }
    /// ```
    ///
    /// - Parameter limit: at most this many entries; `nil` for all.
    /// - Throws: a database error.
    /// - Complexity: O(n) in the size of the entries' changesets.
    public func history(limit: Int? = nil) throws -> [HistoryEntry] {
        try reading {
            try connection.inReadTransaction {
                var reader = try HistoryReader(connection: connection)
                var entries: [HistoryEntry] = []
                try connection.prepare("SELECT \(HistoryReader.columns) FROM history AS h ORDER BY h.id DESC LIMIT ?")
                    .forEachRow([.integer(Int64(max(0, limit ?? Int(Int64.max))))]) { entries.append(try reader.entry(from: $0)) }
                return entries
            }
        }
    }

    /// Reverses one write, as one new write (itself in the history, so it can be undone or
    /// redone): the newest write made on this book that is not undone yet, or entry `id`.
    ///
    /// A whole import, a category deleted with its transactions moved, a rename: whatever the
    /// entry changed is put back, in one transaction, however many writes came after, as long as
    /// none of them touched the same rows. When one did, nothing is changed and the conflicts are
    /// thrown, each naming the row and what the later change did.
    ///
    /// - Parameter id: the entry to undo (`budget log` shows ids); `nil`: the newest local write
    ///   not undone yet (undo and redo entries included, so undoing twice walks back).
    /// - Returns: the entry that was undone.
    /// - Throws: ``BudgetError``: `nothingToUndo`, `unknownHistoryEntry`, `syncEntryNotUndone`, `alreadyUndone`,
    ///   `historyConflicts`, `insideGroupedWrite` (called inside ``write(_:)``); a database error.
    ///   The book is then unchanged.
    @discardableResult
    public func undo(entry id: Int64? = nil) throws -> HistoryEntry {
        try refuseInsideGroupedWrite("undo")
        return try reversing { () throws -> (HistoryEntry, HistoryRecord) in
            let target = try reading { try undoTarget(id) }
            return (target, .undo(of: target.id))
        }
    }

    /// Reapplies what the newest undo (not yet redone) reversed, as one new write.
    ///
    /// - Returns: the undo entry that was reversed.
    /// - Throws: ``BudgetError``: `nothingToRedo`, `historyConflicts`, `insideGroupedWrite` (called
    ///   inside ``write(_:)``); a database error. The book is then unchanged.
    @discardableResult
    public func redo() throws -> HistoryEntry {
        try refuseInsideGroupedWrite("redo")
        return try reversing { () throws -> (HistoryEntry, HistoryRecord) in
            let target = try reading { () throws -> HistoryEntry in
                let id = try connection.int64("""
                    SELECT h.id FROM history AS h WHERE h.undoes IS NOT NULL AND h.received = 0
                        AND NOT EXISTS (SELECT 1 FROM history AS r WHERE r.redoes = h.id OR r.undoes = h.id)
                    ORDER BY h.id DESC LIMIT 1
                    """)
                guard let id else { throw BudgetError.nothingToRedo }
                return try entry(id)
            }
            return (target, .redo(of: target.id))
        }
    }

    /// Drops the history entries written before `day` (local time at midnight) from this book;
    /// the changeset files already in a sync folder stay there, and what this book has applied
    /// is kept, so syncing goes on as before. Entries not yet published are kept.
    ///
    /// - Returns: how many entries were dropped.
    /// - Throws: ``BudgetError/insideGroupedWrite(operation:)`` inside ``write(_:)``; a database error.
    @discardableResult
    public func pruneHistory(before day: Day) throws -> Int {
        try refuseInsideGroupedWrite("pruneHistory")
        let milliseconds = day.startMilliseconds
        return try reading {
            try connection.inTransaction {
                try connection.run("""
                    DELETE FROM history WHERE hlc_time < ? AND (received = 1 OR sequence IS NOT NULL
                        OR id <= (SELECT coalesce(max(last_entry), 0) FROM sync_state) OR NOT EXISTS (SELECT 1 FROM devices))
                    """, [.integer(milliseconds << 16)])
                let dropped = Int(try connection.int64("SELECT changes()") ?? 0)
                if dropped > 0 {
                    try connection.run("DELETE FROM history_chunks WHERE entry NOT IN (SELECT id FROM history)")
                }
                return dropped
            }
        }
    }

    // MARK: - Internals

    /// The whole changeset of entry `id` (its chunks included, ``HistoryChunks``), or `nil` when
    /// there is no such entry.
    ///
    /// - Throws: ``SQLiteError`` `SQLITE_CORRUPT` for a damaged entry; a database error.
    func historyChangeset(of id: Int64) throws -> [UInt8]? {
        try connection.prepare("SELECT changeset, bulk_bytes FROM history WHERE id = ?").first([.integer(id)]) {
            try HistoryChunks.changeset(of: id, head: $0.blob(0), bulkBytes: $0.int64(1), on: connection)
        }
    }

    /// The entry with this id.
    func entry(_ id: Int64) throws -> HistoryEntry {
        var reader = try HistoryReader(connection: connection)
        let entry = try connection.prepare("SELECT \(HistoryReader.columns) FROM history AS h WHERE h.id = ?")
            .first([.integer(id)]) { try reader.entry(from: $0) }
        guard let entry else { throw BudgetError.unknownHistoryEntry(id) }
        return entry
    }

    /// The entry `budget undo [ID]` reverses.
    ///
    /// A sync's own entries (a slot asked for or given: rows of `devices`, `slot_requests`) are
    /// never undone: two devices could then make the same ids. The newest write skips them; an
    /// id naming one is refused by name (``BudgetError/syncEntryNotUndone(_:)``).
    private func undoTarget(_ id: Int64?) throws -> HistoryEntry {
        guard let id else {
            var before = Int64.max
            while let newest = try connection.int64("""
                SELECT h.id FROM history AS h WHERE h.undoes IS NULL AND h.received = 0 AND h.id < ?
                    AND NOT EXISTS (SELECT 1 FROM history AS u WHERE u.undoes = h.id)
                ORDER BY h.id DESC LIMIT 1
                """, [.integer(before)]) {
                let target = try entry(newest)
                if !target.placesDevices { return target }
                before = newest
            }
            throw BudgetError.nothingToUndo
        }
        let target = try entry(id)
        if target.placesDevices { throw BudgetError.syncEntryNotUndone(id) }
        // Undone and put back (a redo, or an undo of the undo): undoing it again is undoing what
        // put it back. Undone for now: the entry that took it out last is named.
        guard let last = target.reversals.last else { return target }
        if target.isInEffect { return try entry(last) }
        throw BudgetError.alreadyUndone(id: id, by: last)
    }

    /// Picks the entry to reverse with `pick` and reverses it. The entry is read before the
    /// write lock is taken (its inverse is computed outside the lock): when another process
    /// reversed it in between (two `budget redo` at once), it is picked again under the new state,
    /// so concurrent undos and redos do what they would have done one after the other.
    private func reversing(_ pick: () throws -> (HistoryEntry, HistoryRecord)) throws -> HistoryEntry {
        var attempts = 0
        while true {
            let (target, record) = try pick()
            do {
                try reverse(target, as: record)
                return target
            } catch is ReversedSince where attempts < 8 {
                attempts += 1
            } catch let raced as ReversedSince {
                throw BudgetError.alreadyUndone(id: target.id, by: raced.by)
            }
        }
    }

    /// Thrown by ``reverse(_:as:)`` when another process reversed the entry after it was read.
    private struct ReversedSince: Error {
        let by: Int64
    }

    /// Applies the inverse of `target`'s changeset as one recorded write; any conflict aborts it.
    ///
    /// - Throws: ``ReversedSince`` when another write undid or redid `target` after it was read.
    private func reverse(_ target: HistoryEntry, as record: HistoryRecord) throws {
        let inverse = try reading { try target.changeset.inverted() }
        try recordedWriting(record, foreignKeysOff: true, known: inverse,
                            pausingLog: target.changeCount > BulkImportLimits.rowsBeforePausingLog) {
            // Someone else may have undone or redone it since it was read.
            if let by = try connection.int64("SELECT min(id) FROM history WHERE undoes = ?1 OR redoes = ?1", [.integer(target.id)]) {
                throw ReversedSince(by: by)
            }
            var reader = try HistoryReader(connection: connection)
            var conflicts: [HistoryConflict] = []
            var failure: (any Error)?
            let openings = try openingBalances()
            let reconciled = try reconciledFlows(madeSince: target.milliseconds)
            try inverse.apply(to: connection) { conflict in
                do {
                    if let found = try reader.conflict(from: conflict) { conflicts.append(found) }
                } catch {
                    failure = error
                }
                return .omit
            }
            if let failure { throw failure }
            conflicts += try reader.brokenReferences()
            conflicts += try reconciledOpenings(before: openings, entryMilliseconds: target.milliseconds)
            conflicts += try reconciledFlowChanges(before: reconciled)
            conflicts = conflicts.map {
                target.lostInSync($0) ? HistoryConflict(kind: .lostInSync, table: $0.table, key: $0.key, fields: $0.fields) : $0
            }
            if !conflicts.isEmpty { throw BudgetError.historyConflicts(id: target.id, conflicts) }
        }
    }
}

extension BudgetStore {
    /// Every account's opening balance and day, by id.
    fileprivate func openingBalances() throws -> [Int64: BalanceEffect] {
        var openings: [Int64: BalanceEffect] = [:]
        try connection.prepare("SELECT id, opening_balance, opening_date FROM accounts").forEachRow { row in
            let id = row.int64(0)
            openings[id] = BalanceEffect(accountID: id, date: row.isNull(2) ? Day.first : row.day(2), amount: row.int64(1))
        }
        return openings
    }

    /// The accounts whose opening balance or day an undo or redo just changed inside a period
    /// reconciled since the entry was written, as conflicts: `set-opening-balance` refuses that
    /// change unless forced, so undoing or redoing it must not make it quietly (undo the
    /// reconciliation first). A reconciliation older than the entry is not one: the entry was
    /// the change made after it (forced), and reversing it goes back to what it reconciled.
    fileprivate func reconciledOpenings(before: [Int64: BalanceEffect], entryMilliseconds: Int64) throws -> [HistoryConflict] {
        var conflicts: [HistoryConflict] = []
        for (id, now) in try openingBalances().sorted(by: { $0.key < $1.key }) where before[id] != now {
            do {
                _ = try guardReconciled(old: before[id].map { [$0] } ?? [], new: [now], id: nil, policy: .refuse)
            } catch BudgetError.dateInReconciledPeriod(_, let reconciliation) {
                // `made_at` is to the second: older only when a whole second before the entry.
                let made = try connection.int64("SELECT CAST(strftime('%s', made_at) AS INTEGER) * 1000 FROM reconciliations WHERE id = ?",
                                                [.integer(reconciliation.id)])
                if let made, made + 1000 <= entryMilliseconds { continue }
                conflicts.append(HistoryConflict(kind: .reconciled, table: "accounts",
                                                 key: [HistoryField(column: "id", before: nil, after: .integer(id))],
                                                 fields: [HistoryField(column: "reconciled on", before: nil,
                                                                       after: .text(reconciliation.statementDate.description))]))
            }
        }
        return conflicts
    }
}

extension HistoryReader {
    /// The conflict SQLite met, in words of columns; `nil` for a foreign key conflict, which
    /// ``brokenReferences()`` lists.
    mutating func conflict(from conflict: ChangesetConflict) throws -> HistoryConflict? {
        guard let change = conflict.change else { return nil }
        let described = try self.change(from: change)
        let kind: HistoryConflict.Kind
        var fields: [HistoryField] = []
        switch conflict.kind {
        case .data:
            kind = .changed
            let names = try columns(of: change.table)
            let expected = change.oldValues
            for (index, current) in (conflict.conflictingRow ?? []).enumerated() where index < expected.count {
                guard let wanted = HistoryValue(expected[index]), let now = HistoryValue(current), wanted != now else { continue }
                fields.append(HistoryField(column: index < names.count ? names[index] : "column \(index + 1)", before: wanted, after: now))
            }
        case .notFound: kind = .missing
        case .conflict: kind = .keyTaken
        case .constraint: kind = .constraint
        case .foreignKey: return nil
        }
        return HistoryConflict(kind: kind, table: change.table, key: described.key, fields: fields)
    }

    /// Every reference to a missing row, as conflicts.
    func brokenReferences() throws -> [HistoryConflict] {
        try connection.prepare("SELECT \"table\", rowid, parent FROM pragma_foreign_key_check").map {
            HistoryConflict(kind: .brokenReference, table: $0.text(0),
                            key: [HistoryField(column: "rowid", before: nil, after: $0.optionalInt64(1).map(HistoryValue.integer) ?? .null),
                                  HistoryField(column: "references", before: nil, after: .text($0.text(2)))],
                            fields: [])
        }
    }
}

extension HistoryEntry {
    /// Whether the entry gave or asked for a device's slot in a sync folder.
    var placesDevices: Bool {
        tables.contains("devices") || tables.contains("slot_requests")
    }
}
