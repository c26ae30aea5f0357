/// The state of a grouped write in progress (``BudgetStore/write(_:)``).
struct WriteGroup {
    /// The error that ended the group's transaction under it (SQLite rolls a whole transaction
    /// back on some failures, such as a full disk): every later write of the group throws it,
    /// and so does the group, instead of committing on its own.
    var failure: (any Error)?
}

extension BudgetStore {
    /// Makes every write in `body` one: one transaction, one history entry (undone and synced
    /// as one), and one change set for each live result, delivered after the commit.
    ///
    /// Inside `body`, call the store's ordinary methods: adds, edits, deletes, transfers, splits,
    /// category and budget changes, rules, imports. Each joins the group instead of committing
    /// on its own, and reads inside `body` see the group's writes so far. A write that fails
    /// inside the group leaves nothing of itself (it runs in a savepoint), so a `body` that
    /// catches the error can go on; an error that leaves `body` rolls the whole group back,
    /// leaving every table as it was. A `write` inside `body` joins the group too.
    ///
    /// ```swift
    /// try store.write {
    ///     try store.addCategory(named: "Travel", monthlyBudget: Money(parsing: "200"))
    ///     try store.addTransaction(amount: Money(parsing: "89"), category: "Travel", payee: "Train")
    ///     try store.addTransaction(amount: Money(parsing: "120"), category: "Travel", payee: "Hotel")
    /// }   // one commit, one `budget log` entry, one change set
    /// ```
    ///
    /// Undo, redo, sync and ``pruneHistory(before:)`` are whole operations of their own and cannot
    /// run inside a group: called there, they throw ``BudgetError/insideGroupedWrite(operation:)``
    /// and change nothing, and the group goes on. (Restoring a backup over the book inside a
    /// group waits for the group's write lock, and fails as busy.)
    ///
    /// Other processes wait for the group's write lock (busy timeout) while `body` runs, as they
    /// wait for any write: keep `body` short and free of waiting on anything else.
    ///
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws, or a database error; the book is then unchanged.
    /// - Complexity: one transaction and one history entry however many writes `body` makes.
    @discardableResult
    public func write<T>(_ body: () throws -> T) throws -> T {
        if writeGroup != nil { return try joiningGroup(pausingLog: false, body) }
        return try recordedWriting(.command) {
            writeGroup = WriteGroup()
            defer { writeGroup = nil }
            let result = try body()
            if let failure = writeGroup?.failure { throw failure }
            return result
        }
    }

    /// Throws ``BudgetError/insideGroupedWrite(operation:)`` inside a grouped write: the first
    /// thing undo, redo, sync and pruning the history do, before they read or write anything.
    func refuseInsideGroupedWrite(_ operation: String) throws(BudgetError) {
        if writeGroup != nil { throw .insideGroupedWrite(operation: operation) }
    }

    /// Runs one write of a group in a savepoint of the group's transaction: its changes are
    /// recorded by the group's session and committed with the group, or rolled back alone when
    /// it throws.
    func joiningGroup<T>(pausingLog: Bool, _ body: () throws -> T) throws -> T {
        if let failure = writeGroup?.failure { throw failure }
        let wasPaused = changeTracker.isPaused
        do {
            return try connection.inSavepoint {
                if pausingLog { try changeTracker.pause() }
                return try body()
            }
        } catch {
            // The pause, if this write made it, rolled back with the savepoint (or the whole
            // transaction did).
            if !wasPaused || !connection.isInTransaction { changeTracker.didRollBack() }
            let translated = BudgetStore.translate(error, path: path)
            if !connection.isInTransaction { writeGroup?.failure = translated }
            throw translated
        }
    }
}
