/// Reads `history` rows into ``HistoryEntry`` values, naming columns through `PRAGMA
/// table_info` (once per table per reader), never by a position written in the code.
///
/// Not thread-safe: it uses its store's connection.
struct HistoryReader {
    let connection: Connection
    private var columnNames: [String: [String]] = [:]
    private var deviceNames: [String: String] = [:]
    /// Whether any conflict names the change that lost (schema 16 on): when none does, as in
    /// most books, entries are read without a lookup each.
    private let namesLosers: Bool

    init(connection: Connection) throws {
        self.connection = connection
        namesLosers = try connection.int64("SELECT EXISTS (SELECT 1 FROM sync_conflicts WHERE lost_time IS NOT NULL)") == 1
        try connection.prepare("SELECT device_id, name FROM devices").forEachRow { deviceNames[$0.text(0)] = $0.text(1) }
        try connection.prepare("SELECT device_id, name FROM local_device").forEachRow { deviceNames[$0.text(0)] = $0.text(1) }
    }

    /// The SELECT list ``entry(from:)`` reads.
    static let columns = """
        h.id, h.hlc_time, h.device, h.command, h.changeset, h.undoes, h.redoes, h.received,
        (SELECT min(u.id) FROM history AS u WHERE u.undoes = h.id), h.bulk_bytes
        """

    /// The entry in `row` (selected with ``columns``), with its changeset (its chunks read) and
    /// the column names of its tables; its changes are decoded only when asked.
    mutating func entry(from row: Row) throws -> HistoryEntry {
        let device = row.text(2)
        let id = DeviceID(device)
        let clock = id.flatMap { HybridLogicalClock(time: row.int64(1), device: Int64($0.rawValue)) }
        let kind: HistoryEntry.Kind = row.optionalInt64(5).map { .undo(of: $0) } ?? row.optionalInt64(6).map { .redo(of: $0) } ?? .write
        let changeset = try Changeset(bytes: HistoryChunks.changeset(of: row.int64(0), head: row.blob(4), bulkBytes: row.int64(9),
                                                                     on: connection))
        var count = 0
        var tables = Set<String>()
        try changeset.forEachEntry {
            count += 1
            tables.insert($0.table)
        }
        var names: [String: [String]] = [:]
        for table in tables { names[table] = try columns(of: table) }
        return HistoryEntry(id: row.int64(0), clock: clock ?? HybridLogicalClock(milliseconds: 0, counter: 0, device: DeviceID(rawValue: 1)!),
                            deviceName: deviceNames[device] ?? device, command: row.text(3), kind: kind,
                            isReceived: row.int64(7) == 1, reversals: try reversals(from: row.optionalInt64(8)), changeCount: count,
                            lostConflicts: try conflictsLost(at: row.int64(1), by: device),
                            changeset: changeset, columns: names, tables: tables)
    }

    /// The conflicts the changes of the entry with this clock (`time` packed, `device`'s id)
    /// lost, in the order they were resolved.
    func conflictsLost(at time: Int64, by device: String) throws -> [SyncConflict] {
        guard namesLosers else { return [] }
        return try connection.cached("SELECT \(SyncConflict.columns) FROM sync_conflicts WHERE lost_device_id = ? AND lost_time = ? ORDER BY id")
            .map([.text(device), .integer(time)]) { SyncConflict($0, deviceNames: deviceNames) }
    }

    /// The entries that reversed an entry, in turn, from the undo that first reversed it
    /// (`first`): each one undoes or redoes the one before (at most 64 followed).
    func reversals(from first: Int64?) throws -> [Int64] {
        guard var last = first else { return [] }
        var chain = [last]
        let next = try connection.cached("SELECT min(id) FROM history WHERE undoes = ?1 OR redoes = ?1")
        while chain.count < 64, let reversal = try next.first([.integer(last)], { $0.optionalInt64(0) }) ?? nil {
            chain.append(reversal)
            last = reversal
        }
        return chain
    }

    /// One row's change with its columns named.
    mutating func change(from change: ChangesetChange) throws -> HistoryChange {
        HistoryChange(change, columns: try columns(of: change.table))
    }

    /// The column names of `table`, in order.
    mutating func columns(of table: String) throws -> [String] {
        if let names = columnNames[table] { return names }
        let names = try connection.prepare("SELECT name FROM pragma_table_info(?) ORDER BY cid").map([.text(table)]) { $0.text(0) }
        columnNames[table] = names
        return names
    }
}

extension HistoryChange {
    /// A change of SQLite's changeset in words: its columns named from `names` (the table's,
    /// in order; a column past them is "column N").
    init(_ change: ChangesetChange, columns names: [String]) {
        func name(_ index: Int) -> String { index < names.count ? names[index] : "column \(index + 1)" }
        let row = change.operation == .insert ? change.newValues : change.oldValues
        let key = change.primaryKeyColumns.indices.filter { change.primaryKeyColumns[$0] }.map {
            HistoryField(column: name($0), before: nil, after: HistoryValue(row[$0]))
        }
        var fields: [HistoryField] = []
        switch change.operation {
        case .insert:
            fields = change.newValues.indices.map { HistoryField(column: name($0), before: nil, after: HistoryValue(change.newValues[$0]) ?? .null) }
        case .delete:
            fields = change.oldValues.indices.map { HistoryField(column: name($0), before: HistoryValue(change.oldValues[$0]) ?? .null, after: nil) }
        case .update:
            for index in change.newValues.indices {
                guard let after = HistoryValue(change.newValues[index]) else { continue }
                fields.append(HistoryField(column: name(index), before: HistoryValue(change.oldValues[index]), after: after))
            }
        }
        let operation: Operation = change.operation == .insert ? .added : change.operation == .delete ? .deleted : .changed
        self.init(table: change.table, operation: operation, key: key, fields: fields)
    }
}
