/// Applies another device's changeset to the book row by row, so that every book ends the same
/// whatever order the files arrive in: last writer wins, per field.
///
/// - A field takes an incoming value when the change's clock is later than the field's
///   (`row_clock`; a field never changed since its row was added has none). The losing value
///   becomes a ``SyncConflict`` when it differs from the kept one.
/// - A deleted row leaves a tombstone (`row_clock` column `-`, the latest delete's clock); a change to it is dropped (and
///   reported). An insert later than the tombstone (an undone delete, or a row another device
///   brought back because its rows still used it: ``BudgetStore/bringBackUsedRows()``) brings
///   the row back; from another device than the delete's, it is reported. A field changed
///   later than the delete waits with the tombstone (parked) and, when an insert brings the
///   row back, wins over the insert's value if it is later than the insert too.
/// - A change for a row whose insert has not arrived yet is parked (`sync_parked`) and replayed
///   when it does.
/// - Two rows that want one unique value (a category name, an import key, the default account):
///   the row with the smaller id keeps it; the other is renamed `Name (id)`, loses its import
///   key or number, or stops being the default, and gets it back when the holder goes. Every
///   book does the same, so they agree.
///
/// Table and column names come from the book's schema (`PRAGMA table_info`), never from user
/// text; values are bound. Not thread-safe: it uses its store's connection.
///
/// Two devices' edits of one transaction, each whole, can merge into one that breaks a rule
/// (one sets the account a transfer comes from to where the other sends it). Checking the
/// table's CHECK constraint would fail the file, and every later sync with it; choosing one
/// side's fields here would part the books (each book meets the changes in its own order). So
/// the merge writes what the fields say (that one update is written with CHECK constraints off:
/// ``writeMerged(_:_:_:)``), every book ends the same, and the sync names each such transaction
/// (``SyncReport/unsettledTransactions``) for a person to settle with one edit, which syncs.
///
/// Its inserts and updates say `OR FAIL`, not SQLite's default `ABORT`: a failed write throws
/// and the whole file's transaction rolls back anyway, and without `ABORT`'s promise to undo a
/// failed statement alone SQLite keeps no statement journal. (With `ABORT`, a table with
/// triggers and a unique index has every page a row touches copied to a temporary file for each
/// row: applying 100,000 rows took 5 times as long.)
struct SyncApplier {
    /// A table's columns and primary key.
    struct Shape {
        let name: String
        let columns: [String]
        let key: [Int]
        let quotedColumns: String
        let keyCondition: String
        /// `SELECT` of every column of the row with a key.
        let selectRow: String
        /// `INSERT` of every column.
        let insertRow: String
        /// The unique columns two devices can fill apart (``uniqueColumns``), with their places.
        let unique: [(column: String, index: Int)]
        /// Whether rows have an `id` made by one device (else their key is natural, like a
        /// budget entry's, and two devices can add the same one: its insertion has a clock).
        var hasID: Bool { columns.first == "id" }

        init(name: String, columns: [String], key: [Int]) {
            self.name = name
            self.columns = columns
            self.key = key
            quotedColumns = columns.map { "\"\($0)\"" }.joined(separator: ", ")
            keyCondition = key.map { "\"\(columns[$0])\" = ?" }.joined(separator: " AND ")
            selectRow = "SELECT \(quotedColumns) FROM \"\(name)\" WHERE \(keyCondition)"
            unique = (SyncApplier.uniqueColumns[name] ?? []).compactMap { column in columns.firstIndex(of: column).map { (column, $0) } }
            insertRow = "INSERT OR FAIL INTO \"\(name)\" (\(quotedColumns)) VALUES (" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        }

        /// `INSERT` of the first `count` columns (a changeset of an older schema has fewer).
        func insert(count: Int) -> String {
            "INSERT OR FAIL INTO \"\(name)\" (\(columns.prefix(count).map { "\"\($0)\"" }.joined(separator: ", "))) VALUES ("
                + Array(repeating: "?", count: count).joined(separator: ", ") + ")"
        }
    }

    let connection: Connection
    let resolvedAt: Int64
    let deviceNames: [String: String]
    var conflicts: [SyncConflict] = []
    private var shapes: [String: Shape] = [:]
    /// Whether `sync_parked` holds anything (read once, then kept up to date).
    var hasParked: Bool?
    /// Per table, whether any of its rows was deleted since the book synced (read once).
    private var tombstones: [String: Bool] = [:]
    /// Per table, whether any of its rows gave way on a unique value (`sync_given_way`; read once).
    var givenWay: [String: Bool] = [:]
    /// Transfers whose mark a change recorded before schema 8 set (see ``noteOldTransferMark(_:shape:)``).
    var oldTransferMarks: Set<Int64> = []
    /// The transactions a change reached through the merge (the row or one of its parts): the
    /// ones whose fields, merged from two devices' edits, may no longer hold together
    /// (``BudgetStore/unsettledTransactions(among:)``). A new row taking the quick way
    /// (``newRowID(_:shape:)``) is whole as its device made it and is not listed.
    var mergedTransactions: Set<Int64> = []
    /// The transactions the changeset inserted (its device made them), by id.
    var insertedTransactions: Set<Int64> = []

    init(connection: Connection, resolvedAt: Int64, deviceNames: [String: String]) {
        self.connection = connection
        self.resolvedAt = resolvedAt
        self.deviceNames = deviceNames
    }

    /// The text of a primary key: `42`, `3|'from'|'2026-01'`.
    static func rowKey(_ values: [ChangesetValue]) -> String {
        rowKey(read: values.map { HistoryValue($0) ?? .null })
    }

    /// The text of a primary key read from a history entry (``HistoryChange/key``).
    static func rowKey(read values: [HistoryValue]) -> String {
        values.map { value -> String in
            switch value {
            case .text(let text): return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
            default: return value.description
            }
        }.joined(separator: "|")
    }

    mutating func shape(of table: String) throws -> Shape {
        if let shape = shapes[table] { return shape }
        var columns: [String] = [], key: [(Int64, Int)] = []  // (place in the key, column): kept in column order, as changesets give keys
        try connection.prepare("SELECT name, pk FROM pragma_table_info(?) ORDER BY cid").forEachRow([.text(table)]) {
            if $0.int64(1) > 0 { key.append(($0.int64(1), columns.count)) }
            columns.append($0.text(0))
        }
        let shape = Shape(name: table, columns: columns, key: key.map(\.1))
        shapes[table] = shape
        return shape
    }

    // MARK: - One change

    mutating func apply(_ change: ChangesetChange, at clock: HybridLogicalClock) throws {
        let shape = try shape(of: change.table)
        guard shape.columns.count >= change.primaryKeyColumns.count else { return }
        let keyValues = change.primaryKey
        if shape.name == "transactions" || shape.name == "transaction_splits", case .integer(let id)? = keyValues.first {
            mergedTransactions.insert(id)
        }
        let key = Self.rowKey(keyValues)
        let current = try row(shape, keyValues)
        noteOldTransferMark(change, shape: shape)
        switch change.operation {
        case .insert:
            try insert(shape, key: key, values: change.newValues, current: current, at: clock)
        case .update:
            guard let current else {
                let deleted = try self.clock(shape.name, key, "-")
                for (index, value) in change.newValues.enumerated() where value != .unchanged {
                    if deleted != nil { record(shape.name, key, shape.columns[index], kept: nil, lost: value, keptBy: nil, lostBy: clock) }
                    // Later than the delete, the change waits too (see ``parkFields(of:_:current:laterThan:)``).
                    if deleted.map({ clock > $0 }) ?? true { try park(shape.name, key, shape.columns[index], value, at: clock) }
                }
                return
            }
            try update(shape, key: key, keyValues: keyValues, old: change.oldValues, new: change.newValues, current: current, at: clock)
        case .delete:
            try delete(shape, key: key, keyValues: keyValues, old: change.oldValues, current: current, at: clock)
        }
    }

    private mutating func insert(_ shape: Shape, key: String, values: [ChangesetValue], current: [ChangesetValue]?,
                                 at clock: HybridLogicalClock) throws {
        let deleted = try hasTombstones(shape.name) ? self.clock(shape.name, key, "-") : nil
        if let deleted, deleted > clock { return }
        var values = Array(values.prefix(shape.columns.count))
        if let current {
            // The same key added on two devices (a budget entry): last writer wins, per field.
            var new = Array(repeating: ChangesetValue.unchanged, count: shape.columns.count)
            for index in values.indices where values[index] != current[index] { new[index] = values[index] }
            guard new.contains(where: { $0 != .unchanged }) else { return }
            let keyValues = shape.key.map { current[$0] }
            try update(shape, key: key, keyValues: keyValues, old: Array(repeating: .unchanged, count: shape.columns.count), new: new,
                       current: current, at: clock)
            return
        }
        if let deleted, deleted.device != clock.device {
            // Another device brought back a row deleted here (rows it had still used it).
            record(shape.name, key, "-", kept: .text("brought back"), lost: nil, keptBy: clock, lostBy: deleted)
        }
        let claimed = try claimUnique(shape, values: &values, by: clock)
        try connection.cached(values.count == shape.columns.count ? shape.insertRow : shape.insert(count: values.count))
            .run(values.map(\.sqliteValue))
        for (column, value) in claimed { try settle(shape, column, value, by: clock) }
        if deleted != nil || !shape.hasID { try setClock(shape.name, key, "+", clock) }
        try replayParked(shape, key: key, keyValues: shape.key.map { values[$0] })
    }

    private mutating func update(_ shape: Shape, key: String, keyValues: [ChangesetValue], old: [ChangesetValue], new: [ChangesetValue],
                                 current: [ChangesetValue], at clock: HybridLogicalClock) throws {
        var merged = current, written: [Int] = []
        // A row added again over its tombstone (an undone delete) holds its fields as of then.
        let added = try !shape.hasID || hasTombstones(shape.name) ? self.clock(shape.name, key, "+") : nil
        for (index, value) in new.enumerated() where value != .unchanged && index < shape.columns.count {
            let column = shape.columns[index]
            let field = try [self.clock(shape.name, key, column), added].compactMap { $0 }.max()
            if field.map({ clock > $0 }) ?? true {
                if current[index] != old[index] && current[index] != value {
                    record(shape.name, key, column, kept: value, lost: current[index], keptBy: clock, lostBy: field)
                }
                merged[index] = value
                written.append(index)
                try setClock(shape.name, key, column, clock)
            } else if value != current[index] {
                record(shape.name, key, column, kept: current[index], lost: value, keptBy: field, lostBy: clock)
            }
        }
        try letGo(shape, written.filter { merged[$0] == current[$0] }, of: current, by: clock)
        guard merged != current else { return }
        let settling = try reclaimUnique(shape, merged: &merged, current: current, by: clock)
        // Giving way can leave nothing to write: the incoming value was the one a row with a
        // smaller id holds (the default account set on two devices).
        let changed = merged.indices.filter { merged[$0] != current[$0] }
        if !changed.isEmpty {
            let assignments = changed.map { "\"\(shape.columns[$0])\" = ?" }.joined(separator: ", ")
            try writeMerged(shape, "UPDATE OR FAIL \"\(shape.name)\" SET \(assignments) WHERE \(shape.keyCondition)",
                            changed.map { merged[$0].sqliteValue } + keyValues.map(\.sqliteValue))
        }
        for (column, value) in settling { try settle(shape, column, value, by: clock) }
    }

    /// Runs a merged row's update. A transaction whose merged fields break the table's CHECK
    /// constraint (see ``SyncApplier``) is written again with CHECK constraints off for that one
    /// statement: the row was not written when it failed (`OR FAIL`, one row; only the change
    /// log's BEFORE trigger on `import_key` may have logged it, and logs it again, which live
    /// lists read as one change). Any other table's CHECK still refuses the file: only the merge
    /// of two valid transactions can break theirs, while a category kind or account type that
    /// breaks one came from a damaged or hostile file.
    private func writeMerged(_ shape: Shape, _ sql: String, _ values: [SQLiteValue]) throws {
        let statement = try connection.cached(sql)
        do {
            try statement.run(values)
        } catch {
            guard error.isCheckViolation, shape.name == "transactions" else { throw error }
            try connection.execute("PRAGMA ignore_check_constraints = ON")
            defer { try? connection.execute("PRAGMA ignore_check_constraints = OFF") }
            try connection.run(sql, values)
        }
    }

    private mutating func delete(_ shape: Shape, key: String, keyValues: [ChangesetValue], old: [ChangesetValue],
                                 current: [ChangesetValue]?, at clock: HybridLogicalClock) throws {
        if let inserted = try self.clock(shape.name, key, "+"), inserted > clock {
            record(shape.name, key, "-", kept: .integer(1), lost: nil, keptBy: inserted, lostBy: clock)
            return
        }
        // Two devices can delete one row apart: the tombstone keeps the later delete's clock,
        // whichever arrives first, or an insert between the two (an undone delete) would bring
        // the row back on the book that met the later delete first, and on no other.
        if try self.clock(shape.name, key, "-").map({ clock > $0 }) ?? true { try setClock(shape.name, key, "-", clock) }
        tombstones[shape.name] = true
        try dropParked(shape.name, key, before: clock)
        guard let current else { return }
        for index in current.indices where index < old.count && old[index] != current[index] {
            record(shape.name, key, shape.columns[index], kept: nil, lost: current[index], keptBy: clock, lostBy: nil)
        }
        try parkFields(of: shape, key, current: current, laterThan: clock)
        try connection.cached("DELETE FROM \"\(shape.name)\" WHERE \(shape.keyCondition)").run(keyValues.map(\.sqliteValue))
        try releaseUnique(shape, values: current, by: clock)
    }

    // MARK: - Rows, clocks, parked changes

    func row(_ shape: Shape, _ keyValues: [ChangesetValue]) throws -> [ChangesetValue]? {
        try connection.cached(shape.selectRow)
            .first(keyValues.map(\.sqliteValue)) { row in (0..<shape.columns.count).map { row.changesetValue(Int32($0)) } }
    }

    func clock(_ table: String, _ key: String, _ column: String) throws -> HybridLogicalClock? {
        try connection.cached("SELECT hlc_time, device FROM row_clock WHERE table_name = ? AND row_key = ? AND column_name = ?")
            .first([.text(table), .text(key), .text(column)]) { row in
                DeviceID(row.text(1)).flatMap { HybridLogicalClock(time: row.int64(0), device: Int64($0.rawValue)) }
            } ?? nil
    }

    /// Whether a row of `table` was ever deleted in this synced book (or by a change applied here).
    mutating func hasTombstones(_ table: String) throws -> Bool {
        if let known = tombstones[table] { return known }
        let found = try connection.int64("SELECT EXISTS (SELECT 1 FROM row_clock WHERE table_name = ? AND column_name = '-')", [.text(table)]) == 1
        tombstones[table] = found
        return found
    }

    func setClock(_ table: String, _ key: String, _ column: String, _ clock: HybridLogicalClock) throws {
        try connection.cached("""
            INSERT INTO row_clock (table_name, row_key, column_name, hlc_time, device) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT DO UPDATE SET hlc_time = excluded.hlc_time, device = excluded.device
            """).run([.text(table), .text(key), .text(column), .integer(clock.packed.time), .text(clock.device.description)])
    }

    mutating func park(_ table: String, _ key: String, _ column: String, _ value: ChangesetValue, at clock: HybridLogicalClock) throws {
        hasParked = true
        try connection.cached("""
            INSERT INTO sync_parked (table_name, row_key, column_name, value, hlc_time, device) VALUES (?, ?, ?, ?, ?, ?)
            """).run([.text(table), .text(key), .text(column), value.sqliteValue, .integer(clock.packed.time), .text(clock.device.description)])
    }

    mutating func replayParked(_ shape: Shape, key: String, keyValues: [ChangesetValue]) throws {
        if hasParked == nil { hasParked = try connection.int64("SELECT EXISTS (SELECT 1 FROM sync_parked)") == 1 }
        guard hasParked == true else { return }
        let parked = try connection.cached("""
            SELECT column_name, value, hlc_time, device FROM sync_parked WHERE table_name = ? AND row_key = ? ORDER BY hlc_time, device
            """).map([.text(shape.name), .text(key)]) { row in
                (row.text(0), row.changesetValue(1), DeviceID(row.text(3)).flatMap { HybridLogicalClock(time: row.int64(2), device: Int64($0.rawValue)) })
            }
        guard !parked.isEmpty else { return }
        try connection.cached("DELETE FROM sync_parked WHERE table_name = ? AND row_key = ?").run([.text(shape.name), .text(key)])
        for (column, value, clock) in parked {
            guard let clock, let index = shape.columns.firstIndex(of: column), let current = try row(shape, keyValues) else { continue }
            var new = Array(repeating: ChangesetValue.unchanged, count: shape.columns.count)
            new[index] = value
            var old = new
            old[index] = current[index]
            try update(shape, key: key, keyValues: keyValues, old: old, new: new, current: current, at: clock)
        }
    }

    mutating func record(_ table: String, _ key: String, _ column: String, kept: ChangesetValue?, lost: ChangesetValue?,
                                 keptBy: HybridLogicalClock?, lostBy: HybridLogicalClock?) {
        func name(_ clock: HybridLogicalClock?) -> String {
            guard let device = clock?.device.description else { return "" }
            return deviceNames[device] ?? device
        }
        conflicts.append(SyncConflict(table: table, rowKey: key, column: column, kept: kept.flatMap(HistoryValue.init),
                                      lost: lost.flatMap(HistoryValue.init), keptDevice: name(keptBy), lostDevice: name(lostBy),
                                      resolvedAt: resolvedAt, lostClock: lostBy))
    }
}
