extension SyncApplier {
    /// The quick way for the commonest change, a row another device added: when `entry` inserts
    /// a row with an id (`id INTEGER PRIMARY KEY`) this book has never had, holding no unique
    /// value to settle, its values go from the changeset straight into the table (no lookup,
    /// no Swift copy of them), as the full merge would leave them.
    ///
    /// It answers `false`, having changed nothing, for every other change, which then takes the
    /// merge: an update or a delete; a row of a table keyed by its values (a budget entry); a row
    /// with a name, an import key, an account number or the default flag (``uniqueColumns``); an
    /// id deleted here before (a tombstone: the later of the two wins); an id already here (SQLite
    /// refuses the insert on its primary key before writing anything or running a trigger).
    ///
    /// - Throws: a database error (a value breaking a NOT NULL or CHECK constraint, as the merge
    ///   would throw too).
    mutating func insertNewRow(_ entry: ChangesetEntry) throws -> Bool {
        guard entry.operation == .insert else { return false }
        let shape = try shape(of: entry.table)
        guard shape.hasID, entry.columnCount == shape.columns.count, let id = entry.newInteger(at: 0) else { return false }
        for (column, index) in shape.unique where !entry.isNewNull(at: index) {
            guard column == "is_default", entry.newInteger(at: index) == 0 else { return false }
        }
        if try hasTombstones(shape.name), try clock(shape.name, Self.rowKey([.integer(id)]), "-") != nil { return false }
        do {
            try connection.cached(shape.insertRow).run(newValuesOf: entry)
        } catch {
            if error.isPrimaryKeyViolation { return false }
            throw error
        }
        if hasParked != false { try replayParked(shape, key: Self.rowKey([.integer(id)]), keyValues: [.integer(id)]) }
        return true
    }
}
