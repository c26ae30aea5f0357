import CSQLite

/// One row's change in a changeset: the table, what happened, and the row's values before and
/// after, column by column in the table's column order.
///
/// - An ``Operation/insert`` has only ``newValues`` (``oldValues`` is empty).
/// - A ``Operation/delete`` has only ``oldValues`` (``newValues`` is empty).
/// - An ``Operation/update`` has both, as long as the table: in ``oldValues`` the primary key
///   columns and the changed ones carry values, and the others are ``ChangesetValue/unchanged``;
///   in ``newValues`` only the changed columns carry values. SQLite never records a change of
///   primary key as an update: it is a delete and an insert.
struct ChangesetChange: Hashable, Sendable {
    /// What happened to the row.
    enum Operation: Hashable, Sendable {
        case insert
        case update
        case delete
    }

    /// The table's name.
    let table: String
    /// What happened to the row.
    let operation: Operation
    /// Whether the change was indirect: made by a trigger or a foreign key action, or while the
    /// session was marked indirect (``Session/isIndirect``).
    let isIndirect: Bool
    /// For each column of the table, whether it is part of the primary key.
    let primaryKeyColumns: [Bool]
    /// The row before the change (empty for an insert).
    let oldValues: [ChangesetValue]
    /// The row after the change (empty for a delete).
    let newValues: [ChangesetValue]

    /// The primary key's values, in column order: from the new row of an insert, the old row otherwise.
    var primaryKey: [ChangesetValue] {
        let row = operation == .insert ? newValues : oldValues
        return zip(row, primaryKeyColumns).compactMap { $1 ? $0 : nil }
    }

    /// Reads the change an iterator points at (`sqlite3changeset_next` returned `SQLITE_ROW`).
    ///
    /// - Throws: ``SQLiteError`` when SQLite finds the change malformed (`SQLITE_CORRUPT`).
    init(iterator: OpaquePointer) throws(SQLiteError) {
        var name: UnsafePointer<CChar>?
        var columnCount: Int32 = 0
        var code: Int32 = 0
        var indirect: Int32 = 0
        try Changeset.check(sqlite3changeset_op(iterator, &name, &columnCount, &code, &indirect))
        var primaryKey: UnsafeMutablePointer<UInt8>?
        var primaryKeyCount: Int32 = 0
        try Changeset.check(sqlite3changeset_pk(iterator, &primaryKey, &primaryKeyCount))
        guard let name, let primaryKey, primaryKeyCount == columnCount, columnCount > 0 else {
            throw Changeset.error(SQLITE_CORRUPT)
        }
        // The table name ends at its NUL in the changeset's bytes, which SQLite checked.
        table = String(cString: name)
        isIndirect = indirect != 0
        primaryKeyColumns = (0..<Int(columnCount)).map { primaryKey[$0] != 0 }
        switch code {
        case SQLITE_INSERT: operation = .insert
        case SQLITE_UPDATE: operation = .update
        case SQLITE_DELETE: operation = .delete
        default: throw Changeset.error(SQLITE_CORRUPT)
        }
        oldValues = operation == .insert ? [] : try Self.values(iterator, columnCount, sqlite3changeset_old)
        newValues = operation == .delete ? [] : try Self.values(iterator, columnCount, sqlite3changeset_new)
    }

    /// Creates a change from its parts (tests, and changes built by hand).
    init(table: String, operation: Operation, isIndirect: Bool = false, primaryKeyColumns: [Bool],
         oldValues: [ChangesetValue], newValues: [ChangesetValue]) {
        self.table = table
        self.operation = operation
        self.isIndirect = isIndirect
        self.primaryKeyColumns = primaryKeyColumns
        self.oldValues = oldValues
        self.newValues = newValues
    }

    private static func values(
        _ iterator: OpaquePointer, _ count: Int32,
        _ read: (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    ) throws(SQLiteError) -> [ChangesetValue] {
        var values: [ChangesetValue] = []
        values.reserveCapacity(Int(count))
        for column in 0..<count {
            var value: OpaquePointer?
            try Changeset.check(read(iterator, column, &value))
            values.append(ChangesetValue(value))
        }
        return values
    }
}
