/// What a write records in `history` besides its changes: what kind of write it was.
enum HistoryRecord: Hashable, Sendable {
    /// A command's write.
    case command
    /// The undo of the entry `id`.
    case undo(of: Int64)
    /// The redo of the undo entry `id`.
    case redo(of: Int64)
    /// A changeset file applied from the sync folder: its device, sequence number and clock.
    case received(sequence: UInt64, clock: HybridLogicalClock, command: String)
}

extension BudgetStore {
    /// Runs `body` in one write transaction that records what it changed as one `history`
    /// entry (nothing when it changed nothing), then tells this process's live results.
    ///
    /// A session records the tables' changes from before `BEGIN IMMEDIATE` to the commit; the
    /// history row is written in the same transaction, so a write and its entry commit or
    /// vanish together (kill -9 included). With `foreignKeysOff`, foreign keys are not enforced
    /// while `body` runs (a changeset already holds its cascades): `body` checks them itself.
    /// With `known`, the changes are known in advance (an undo's inverse, applied whole or not
    /// at all) and no session records them. With `pausingLog`, the change log is paused (the
    /// connection's triggers, all of them the log's, are off) and one `reload` entry tells live
    /// results to refetch (a large undo or sync).
    ///
    /// Inside a grouped write (``write(_:)``), `body` joins the group's transaction instead (see
    /// ``joiningGroup(pausingLog:_:)``): the group records one entry and commits once.
    ///
    /// - Throws: what `body` throws, or a database error (translated for the user); the book is
    ///   then unchanged.
    func recordedWriting<T>(_ record: HistoryRecord, foreignKeysOff: Bool = false, known: Changeset? = nil, pausingLog: Bool = false,
                            _ body: () throws -> T) throws -> T {
        if writeGroup != nil {
            // Undo, redo and sync refuse a group before they get here (refuseInsideGroupedWrite).
            precondition(record == .command && known == nil && !foreignKeysOff,
                         "undo, redo and sync cannot run inside a grouped write (store.write { })")
            return try joiningGroup(pausingLog: pausingLog, body)
        }
        let result: T
        brokenReconciliations = []
        do {
            let session = known == nil && (recordsHistory || record != .command) ? try Session(on: connection) : nil
            try session?.attachAll(except: Schema.unrecordedTables)
            writeSession = session
            bulkInserts = []
            defer {
                writeSession = nil
                bulkInserts = []
            }
            if foreignKeysOff { try connection.execute("PRAGMA foreign_keys = OFF") }
            defer { if foreignKeysOff { try? connection.execute("PRAGMA foreign_keys = ON") } }
            result = try connection.inTransaction {
                if pausingLog { try changeTracker.pause() }
                // The months `known` concerns, read before it is applied: a sync may delete or
                // overwrite a row this book had moved, whose month the file does not name.
                let touched = pausingLog ? try known.map { try MonthTotals.Touched(by: $0, in: connection) } : nil
                // A paused log's triggers would still test their WHEN clause for every row, so the
                // connection's triggers are simply off; the only others, the monthly totals', are
                // then brought up to date by hand (a test holds that there are no more).
                let result = pausingLog ? try connection.withTriggersOff(body) : try body()
                try touched?.refresh(in: connection)   // the monthly totals' triggers were off too
                if let known, !known.isEmpty { try recordHistory(known, record) }
                if let changeset = try session?.changeset() { try recordHistory(changeset, bulk: bulkInserts, record) }
                try changeTracker.willCommit()
                return result
            }
        } catch {
            brokenReconciliations = []
            changeTracker.didRollBack()
            throw BudgetStore.translate(error, path: path)
        }
        changeTracker.didCommit()
        return result
    }

    /// Writes the history row of `changeset`, and the INSERTs of the rows `bulk` names
    /// (``BulkInsert``) streamed into its compressed chunks (``HistoryChunks``); nothing when
    /// both are empty.
    ///
    /// - Throws: ``SQLiteError`` `SQLITE_TOOBIG` when the whole would pass
    ///   ``Changeset/maximumByteCount``; ``BudgetError/missingLibrary(name:reason:)`` without
    ///   libzstd; a database error.
    private func recordHistory(_ changeset: Changeset, bulk: [BulkInsert] = [], _ record: HistoryRecord) throws {
        let bulk = try resolved(bulk)
        let hasBulkRows = try hasRows(bulk)
        guard !changeset.isEmpty || hasBulkRows else { return }
        try Changeset.checkSize(changeset.bytes.count)
        var undoes: SQLiteValue = .null, redoes: SQLiteValue = .null, received = false
        var sequence: SQLiteValue = .null
        let time: HybridLogicalClock, command: String
        switch record {
        case .received(let number, let clock, let text):
            var local = try localDevice()
            _ = local.clock.receive(clock, now: HybridLogicalClock.wallClock())
            try connection.cached("UPDATE local_device SET hlc_time = ? WHERE one = 1").run([.integer(local.clock.packed.time)])
            time = clock
            command = text
            received = true
            sequence = .integer(Int64(number))
        case .command, .undo, .redo:
            time = try stamp().time
            command = self.command
            if case .undo(let id) = record { undoes = .integer(id) }
            if case .redo(let id) = record { redoes = .integer(id) }
        }
        try connection.cached("""
            INSERT INTO history (hlc_time, device, command, undoes, redoes, received, sequence, changeset)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """).run([.integer(time.packed.time), .text(time.device.description), .text(command), undoes, redoes,
                      .integer(received ? 1 : 0), sequence, .blob(changeset.bytes)])
        if hasBulkRows {
            let entry = connection.lastInsertRowID
            var chunks = try HistoryChunks.Writer(entry: entry, limit: Changeset.maximumByteCount - changeset.bytes.count,
                                                  on: connection)
            try writeBulk(bulk, into: &chunks)
            let total = try chunks.finish()
            try connection.cached("UPDATE history SET bulk_bytes = ? WHERE id = ?").run([.integer(Int64(total)), .integer(entry)])
        }
        // After the entry is written, as every other book does when it applies the entry; in a
        // book that shares a folder, with a slot or still waiting for one.
        if !received, try ownSlot() != nil || connection.int64("SELECT EXISTS (SELECT 1 FROM devices)") == 1 {
            try noteFieldClocks(of: changeset, at: time)
            try noteFieldClocks(ofBulk: bulk, at: time)
        }
    }

    /// In a synced book, the clock of each field a local write changed, each row it deleted, and
    /// each deleted row it brought back (last writer wins against later syncs). Rows it added
    /// need none: any later change wins against them.
    private func noteFieldClocks(of changeset: Changeset, at time: HybridLogicalClock) throws {
        var applier = SyncApplier(connection: connection, resolvedAt: 0, deviceNames: [:])
        try changeset.forEachChange { change in
            let shape = try applier.shape(of: change.table)
            let key = SyncApplier.rowKey(change.primaryKey)
            switch change.operation {
            case .update:
                for (index, value) in change.newValues.enumerated() where value != .unchanged && index < shape.columns.count {
                    try applier.setClock(change.table, key, shape.columns[index], time)
                }
                try applier.settleChangedRow(shape, keyValues: change.primaryKey, old: change.oldValues, new: change.newValues)
            case .delete:
                try applier.setClock(change.table, key, "-", time)
                try applier.settleDeletedRow(shape, old: change.oldValues)
            case .insert:
                try noteAdded(shape, key: key, values: change.newValues, at: time, &applier)
            }
        }
    }

    /// ``noteFieldClocks(of:at:)`` for the rows a write added in bulk.
    private func noteFieldClocks(ofBulk parts: [(part: BulkInsert, table: ChangesetWriter.Table)], at time: HybridLogicalClock) throws {
        guard !parts.isEmpty else { return }
        var applier = SyncApplier(connection: connection, resolvedAt: 0, deviceNames: [:])
        try forEachBulkRow(parts) { table, values in
            let shape = try applier.shape(of: table)
            try noteAdded(shape, key: SyncApplier.rowKey(shape.key.map { values[$0] }), values: values, at: time, &applier)
        }
    }

    /// A row added: its insertion's clock when its key could have been used before (a natural
    /// key, or an id whose row was deleted), and its unique values settled.
    private func noteAdded(_ shape: SyncApplier.Shape, key: String, values: [ChangesetValue], at time: HybridLogicalClock,
                           _ applier: inout SyncApplier) throws {
        if try !shape.hasID || applier.clock(shape.name, key, "-") != nil { try applier.setClock(shape.name, key, "+", time) }
        if SyncApplier.uniqueColumns[shape.name] != nil { try applier.settleAddedRow(shape, values: values) }
    }
}
