extension SyncApplier {
    /// The most bytes of new rows held before they are written (a changeset of a million rows
    /// is written in a few sorted runs, not held whole).
    static let newRowBufferLimit = 32 << 20

    /// Applies every change of `changeset`, made at `clock`.
    ///
    /// The commonest change, a row another device added, takes a quick way: an insert of a row
    /// with an id (`id INTEGER PRIMARY KEY`) holding no unique value to settle (``newRowID(_:)``)
    /// waits in a ``ChangesetRowBuffer`` and is written with the others of its table in id order
    /// (``writeNewRows(_:of:at:)``), values straight from the changeset's bytes. Every other
    /// change takes the merge at once, in the changeset's order. Nothing depends on the order
    /// between the two: a changeset holds at most one change per row, and the waiting rows hold
    /// no value the merge looks other rows up by.
    ///
    /// - Complexity: O(n log n) in the changes; the merge does a few lookups by primary key per
    ///   change.
    mutating func apply(_ changeset: Changeset, at clock: HybridLogicalClock) throws {
        var applier = self
        var waiting: (shape: Shape, rows: ChangesetRowBuffer)?
        try changeset.forEachEntry { entry in
            guard let id = try applier.newRowID(entry) else {
                try applier.apply(try entry.change(), at: clock)
                return
            }
            if let held = waiting, held.shape.name != entry.table || held.rows.byteCount > Self.newRowBufferLimit {
                try applier.writeNewRows(held.rows, of: held.shape, at: clock)
                waiting = nil
            }
            if waiting == nil { waiting = (try applier.shape(of: entry.table), ChangesetRowBuffer(columnCount: entry.columnCount)) }
            try waiting?.rows.append(entry, key: id)
        }
        if let held = waiting { try applier.writeNewRows(held.rows, of: held.shape, at: clock) }
        self = applier
    }

    /// The id of the row `entry` inserts when it can take the quick way: a whole row (as many
    /// columns as the table) with an integer id, whose unique columns (``uniqueColumns``) are
    /// NULL (or, for the default flag, 0). `nil` for any other change.
    mutating func newRowID(_ entry: ChangesetEntry) throws -> Int64? {
        guard entry.operation == .insert else { return nil }
        let shape = try shape(of: entry.table)
        guard shape.hasID, entry.columnCount == shape.columns.count, let id = entry.newInteger(at: 0) else { return nil }
        for (column, index) in shape.unique where !entry.isNewNull(at: index) {
            guard column == "is_default", entry.newInteger(at: index) == 0 else { return nil }
        }
        return id
    }

    /// Writes `rows` into `shape`'s table in id order, as the merge would leave them: each row
    /// is inserted as it stands, unless its id was deleted here before (a tombstone: the later
    /// of the two wins) or is here already (SQLite refuses the insert on its primary key before
    /// writing anything or running a trigger); those rows then take the merge. Changes parked
    /// for an inserted row are replayed.
    ///
    /// - Throws: a database error (a value breaking a NOT NULL or CHECK constraint, which the
    ///   merge would throw too).
    mutating func writeNewRows(_ rows: ChangesetRowBuffer, of shape: Shape, at clock: HybridLogicalClock) throws {
        let tombstoned = try hasTombstones(shape.name)
        let insert = try connection.cached(shape.insertRow)
        var merged: [Int] = [], inserted: [Int64] = []
        try rows.bindEach(rows.orderByKey(), to: insert) { row in
            let id = rows.keys[row]
            if tombstoned, try self.clock(shape.name, Self.rowKey([.integer(id)]), "-") != nil {
                merged.append(row)
                return
            }
            do throws(SQLiteError) {
                while try insert.step() {}
                inserted.append(id)
            } catch {
                guard error.isPrimaryKeyViolation else { throw error }
                merged.append(row)
            }
        }
        if hasParked != false {
            for id in inserted { try replayParked(shape, key: Self.rowKey([.integer(id)]), keyValues: [.integer(id)]) }
        }
        let keyColumns = shape.columns.indices.map { shape.key.contains($0) }
        for row in merged {
            try apply(ChangesetChange(table: shape.name, operation: .insert, primaryKeyColumns: keyColumns, oldValues: [],
                                      newValues: rows.values(ofRow: row)), at: clock)
        }
    }
}
