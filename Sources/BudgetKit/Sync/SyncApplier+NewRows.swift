extension SyncApplier {
    /// The most bytes of new rows held before they are written (a changeset of a million rows
    /// is written in a few sorted runs, not held whole).
    static let newRowBufferLimit = 32 << 20

    /// How many new rows one INSERT statement writes.
    static let rowsPerInsert = 32

    /// Applies every change of `changeset`, made at `clock`.
    ///
    /// The commonest change, a row another device added, takes a quick way: an insert of a row
    /// with an id (`id INTEGER PRIMARY KEY`) holding no unique value to settle (``newRowID(_:shape:)``)
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
        var table: Shape?  // the shape of the table the changes are in (a changeset groups them by table)
        try changeset.forEachEntry { entry in
            if table?.name != entry.table { table = try applier.shape(of: entry.table) }
            if entry.table == "transactions", entry.operation == .insert, let id = entry.newInteger(at: 0) { applier.insertedTransactions.insert(id) }
            guard let shape = table, let id = applier.newRowID(entry, shape: shape) else {
                try applier.apply(entry.change(), at: clock)
                return
            }
            if let held = waiting, held.shape.name != entry.table || held.rows.byteCount > Self.newRowBufferLimit {
                try applier.writeNewRows(held.rows, of: held.shape, at: clock)
                waiting = nil
            }
            if waiting == nil { waiting = (shape, ChangesetRowBuffer(columnCount: entry.columnCount)) }
            waiting?.rows.append(entry, key: id)
        }
        if let held = waiting { try applier.writeNewRows(held.rows, of: held.shape, at: clock) }
        self = applier
    }

    /// The id of the row `entry` inserts into `shape`'s table when it can take the quick way: a
    /// whole row (as many columns as the table) with an integer id, whose unique columns
    /// (``uniqueColumns``) are NULL (or, for the default flag, 0). `nil` for any other change.
    func newRowID(_ entry: ChangesetEntry, shape: Shape) -> Int64? {
        guard entry.operation == .insert, shape.hasID, entry.columnCount == shape.columns.count,
              let id = entry.newInteger(at: 0) else { return nil }
        for (column, index) in shape.unique where !entry.isNewNull(at: index) {
            guard column == "is_default", entry.newInteger(at: index) == 0 else { return nil }
        }
        return id
    }

    /// Writes `rows` into `shape`'s table in id order, as the merge would leave them: each row
    /// is inserted as it stands, unless its id was deleted here before (a tombstone: the later
    /// of the two wins) or is here already; those rows take the merge. Changes parked for an
    /// inserted row are replayed.
    ///
    /// Rows go ``rowsPerInsert`` to a statement (`INSERT OR FAIL ... VALUES (...), (...)`):
    /// SQLite then opens the table's and its indexes' cursors once per batch, not per row. A row
    /// already here stops its statement on its primary key before anything of it is written or
    /// any trigger runs, and `OR FAIL` keeps the rows before it, whose count SQLite gives
    /// (`sqlite3_changes`); the next statement goes on after it.
    ///
    /// - Throws: a database error (a value breaking a NOT NULL or CHECK constraint, which the
    ///   merge would throw too).
    mutating func writeNewRows(_ rows: ChangesetRowBuffer, of shape: Shape, at clock: HybridLogicalClock) throws {
        var order = rows.orderByKey()
        var merged: [Int] = []
        if try hasTombstones(shape.name) {
            order = try order.filter { row in
                guard try self.clock(shape.name, Self.rowKey([.integer(rows.keys[row])]), "-") != nil else { return true }
                merged.append(row)
                return false
            }
        }
        let single = try connection.cached(shape.insertRow)
        let batch = try connection.cached(shape.insertRows(Self.rowsPerInsert))
        try rows.withBinding { binding in
            defer { single.clearBindings(); batch.clearBindings() }
            var next = 0
            while next < order.count {
                let count = order.count - next >= Self.rowsPerInsert ? Self.rowsPerInsert : 1
                let statement = count == 1 ? single : batch
                try binding.bind(order[next..<next + count], to: statement)
                do throws(SQLiteError) {
                    while try statement.step() {}
                    next += count
                } catch {
                    guard error.isPrimaryKeyViolation else { throw error }
                    let written = connection.changes
                    merged.append(order[next + written])
                    next += written + 1
                }
            }
        }
        if hasParked != false {
            let refused = Set(merged)
            for row in order where !refused.contains(row) {
                try replayParked(shape, key: Self.rowKey([.integer(rows.keys[row])]), keyValues: [.integer(rows.keys[row])])
            }
        }
        let keyColumns = shape.columns.indices.map { shape.key.contains($0) }
        for row in merged {
            try apply(ChangesetChange(table: shape.name, operation: .insert, primaryKeyColumns: keyColumns, oldValues: [],
                                      newValues: rows.values(ofRow: row)), at: clock)
        }
    }
}

extension SyncApplier.Shape {
    /// `INSERT OR FAIL` of `count` whole rows in one statement.
    func insertRows(_ count: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        return "INSERT OR FAIL INTO \"\(name)\" (\(quotedColumns)) VALUES " + Array(repeating: row, count: count).joined(separator: ", ")
    }
}
