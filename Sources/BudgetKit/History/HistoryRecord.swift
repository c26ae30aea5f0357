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
    /// at all) and no session records them. With `pausingLog`, the change log's triggers are
    /// paused and one `reload` entry tells live results to refetch (a large undo or sync).
    ///
    /// Inside a grouped write (``write(_:)``), `body` joins the group's transaction instead (see
    /// ``joiningGroup(pausingLog:_:)``): the group records one entry and commits once.
    ///
    /// - Throws: what `body` throws, or a database error (translated for the user); the book is
    ///   then unchanged.
    func recordedWriting<T>(_ record: HistoryRecord, foreignKeysOff: Bool = false, known: Changeset? = nil, pausingLog: Bool = false,
                            _ body: () throws -> T) throws -> T {
        if writeGroup != nil {
            precondition(record == .command && known == nil && !foreignKeysOff,
                         "undo, redo and sync cannot run inside a grouped write (store.write { })")
            return try joiningGroup(pausingLog: pausingLog, body)
        }
        let result: T
        do {
            let session = known == nil && (recordsHistory || record != .command) ? try Session(on: connection) : nil
            try session?.attachAll(except: Schema.unrecordedTables)
            if foreignKeysOff { try connection.execute("PRAGMA foreign_keys = OFF") }
            defer { if foreignKeysOff { try? connection.execute("PRAGMA foreign_keys = ON") } }
            result = try connection.inTransaction {
                if pausingLog { try changeTracker.pause() }
                let result = try body()
                if let known, !known.isEmpty { try recordHistory(known, record) }
                if let changeset = try session?.changeset(), !changeset.isEmpty { try recordHistory(changeset, record) }
                try changeTracker.willCommit()
                return result
            }
        } catch {
            changeTracker.didRollBack()
            throw BudgetStore.translate(error, path: path)
        }
        changeTracker.didCommit()
        return result
    }

    /// Writes the history row of `changeset`.
    private func recordHistory(_ changeset: Changeset, _ record: HistoryRecord) throws {
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
            if try ownSlot() != nil { try noteFieldClocks(of: changeset, at: time) }
            command = self.command
            if case .undo(let id) = record { undoes = .integer(id) }
            if case .redo(let id) = record { redoes = .integer(id) }
        }
        try connection.cached("""
            INSERT INTO history (hlc_time, device, command, changeset, undoes, redoes, received, sequence)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """).run([.integer(time.packed.time), .text(time.device.description), .text(command), .blob(changeset.bytes),
                      undoes, redoes, .integer(received ? 1 : 0), sequence])
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
            case .delete:
                try applier.setClock(change.table, key, "-", time)
            case .insert:
                if try !shape.hasID || applier.clock(change.table, key, "-") != nil { try applier.setClock(change.table, key, "+", time) }
                if SyncApplier.uniqueColumns[change.table] != nil { try applier.settleAddedRow(shape, values: change.newValues) }
            }
        }
    }
}
