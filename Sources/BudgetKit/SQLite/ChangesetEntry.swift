import CSQLite

/// The change a changeset iterator points at, read in place: its table and operation at once,
/// its values only when asked, and its new row copied as it is without passing through Swift
/// values. Valid only inside the closure ``Changeset/forEachEntry(_:)`` hands it to.
///
/// It exists for speed (applying 100,000 synced rows): ``change()`` decodes the whole change into
/// a ``ChangesetChange`` (arrays, text copied) when the caller needs it; a plain insert of a new
/// row needs only ``newInteger(at:)``, ``isNewNull(at:)`` and ``ChangesetRowBuffer/append(_:key:)``.
/// Not thread-safe.
struct ChangesetEntry {
    let iterator: OpaquePointer
    /// The table's name.
    let table: String
    /// What happened to the row.
    let operation: ChangesetChange.Operation
    /// How many columns the change has (the table's, when it was recorded).
    let columnCount: Int

    /// Reads the change an iterator points at (`sqlite3changeset_next` returned `SQLITE_ROW`).
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_CORRUPT`) when SQLite finds the change malformed.
    init(iterator: OpaquePointer) throws(SQLiteError) {
        var name: UnsafePointer<CChar>?
        var count: Int32 = 0
        var code: Int32 = 0
        var indirect: Int32 = 0
        try Changeset.check(sqlite3changeset_op(iterator, &name, &count, &code, &indirect))
        guard let name, count > 0 else { throw Changeset.error(SQLITE_CORRUPT) }
        switch code {
        case SQLITE_INSERT: operation = .insert
        case SQLITE_UPDATE: operation = .update
        case SQLITE_DELETE: operation = .delete
        default: throw Changeset.error(SQLITE_CORRUPT)
        }
        self.iterator = iterator
        // The table name ends at its NUL in the changeset's bytes, which SQLite checked.
        table = String(cString: name)
        columnCount = Int(count)
    }

    /// The whole change, decoded.
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_CORRUPT`) when SQLite finds the change malformed.
    func change() throws(SQLiteError) -> ChangesetChange {
        try ChangesetChange(iterator: iterator)
    }

    /// The new value of `column` (0-based) when it is an integer; `nil` for any other value, for
    /// a column the change does not carry, and for a delete.
    func newInteger(at column: Int) -> Int64? {
        guard operation != .delete, let value = newValue(at: column), sqlite3_value_type(value) == SQLITE_INTEGER else { return nil }
        return sqlite3_value_int64(value)
    }

    /// Whether the new value of `column` (0-based) is SQL NULL (not merely absent).
    func isNewNull(at column: Int) -> Bool {
        guard operation != .delete, let value = newValue(at: column) else { return false }
        return sqlite3_value_type(value) == SQLITE_NULL
    }

    /// The new `sqlite3_value` of `column`, or `nil` when the change does not carry it.
    func newValue(at column: Int) -> OpaquePointer? {
        guard column >= 0, column < columnCount else { return nil }
        var value: OpaquePointer?
        guard sqlite3changeset_new(iterator, Int32(column), &value) == SQLITE_OK else { return nil }
        return value
    }
}

extension Changeset {
    /// Calls `body` with each change in place, in the order of ``forEachChange(_:)``.
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_CORRUPT`) when SQLite finds the bytes malformed, before
    ///   or after some changes were handed over; or what `body` throws.
    /// - Complexity: O(n) in the changeset's size; nothing is copied unless `body` asks.
    func forEachEntry(_ body: (ChangesetEntry) throws -> Void) throws {
        guard !isEmpty else { return }
        try withBytes { count, pointer in
            var iterator: OpaquePointer?
            try Changeset.check(sqlite3changeset_start(&iterator, count, pointer))
            var failure: (any Error)?
            do {
                while true {
                    let code = sqlite3changeset_next(iterator)
                    if code == SQLITE_DONE { break }
                    guard code == SQLITE_ROW else { throw Changeset.error(code) }
                    try body(try ChangesetEntry(iterator: iterator!))
                }
            } catch {
                failure = error
            }
            // finalize returns the first error the iterator met (SQLITE_CORRUPT), if any.
            let code = sqlite3changeset_finalize(iterator)
            if let failure { throw failure }
            try Changeset.check(code)
        }
    }
}
