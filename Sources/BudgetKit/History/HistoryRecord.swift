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
    /// while `body` runs (a changeset already holds its cascades) and are checked whole before
    /// the commit: a broken reference throws ``ForeignKeyViolation``.
    ///
    /// - Throws: what `body` throws, or a database error (translated for the user); the book is
    ///   then unchanged.
    func recordedWriting<T>(_ record: HistoryRecord, foreignKeysOff: Bool = false, _ body: () throws -> T) throws -> T {
        let result: T
        do {
            let session = try Session(on: connection)
            try session.attachAll(except: Schema.unrecordedTables)
            if foreignKeysOff { try connection.execute("PRAGMA foreign_keys = OFF") }
            defer { if foreignKeysOff { try? connection.execute("PRAGMA foreign_keys = ON") } }
            result = try connection.inTransaction {
                let result = try body()
                if foreignKeysOff { try checkForeignKeys() }
                let changeset = try session.changeset()
                if !changeset.isEmpty { try recordHistory(changeset, record) }
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

    /// Throws ``ForeignKeyViolation`` when a row points at a row that is not there.
    func checkForeignKeys() throws {
        let broken = try connection.prepare("SELECT \"table\", rowid, parent FROM pragma_foreign_key_check").map {
            ForeignKeyViolation.Row(table: $0.text(0), rowID: $0.optionalInt64(1), parent: $0.text(2))
        }
        if !broken.isEmpty { throw ForeignKeyViolation(rows: broken) }
    }
}

/// Rows that point at rows that are not there, found before a commit (``BudgetStore/checkForeignKeys()``).
struct ForeignKeyViolation: Error, Hashable {
    /// One broken reference: the table and row holding it, and the table it points into.
    struct Row: Hashable {
        let table: String
        let rowID: Int64?
        let parent: String
    }

    let rows: [Row]
}
