extension BudgetStore {
    /// How many devices can share a book: ids end in the digit of their device's slot.
    static let slotCount: Int64 = 10

    /// This device's slot in the sync folder's `devices` table, or `nil` when the book has never
    /// been synced from this file (then ids are SQLite's own, max + 1).
    ///
    /// A book copied to another file is another device from its first use (``localDevice()``
    /// gives it a new id on its next write): until then its stored device is the original's,
    /// and that slot is not the copy's, so a copy never makes ids under the original's digit.
    /// Reads only.
    func ownSlot() throws -> Int64? {
        let found = try connection.cached("""
            SELECT d.slot, l.file_id FROM devices AS d JOIN local_device AS l ON l.device_id = d.device_id
            """).first { (slot: $0.int64(0), file: $0.text(1)) }
        guard let found, found.file == LocalDevice.fileID(of: path) else { return nil }
        return found.slot
    }

    /// The id of the next row this device inserts into `table` (`id INTEGER PRIMARY KEY`), or
    /// NULL for SQLite's own choice in a book that is not synced.
    ///
    /// - Throws: ``SyncError/noSlotYet(device:)`` (see ``firstNewID(for:)``).
    ///
    /// A synced device with slot k takes the smallest id above every id in the table and above
    /// every id it made before whose last decimal digit is k: two devices can never make the
    /// same id, and the ids people type stay short (one digit more than without sync). Runs
    /// inside the write transaction; the table name is one of the schema's, never user text.
    func nextID(for table: String) throws -> SQLiteValue {
        guard let first = try firstNewID(for: table) else { return .null }
        try noteHighestID(first, for: table)
        return .integer(first)
    }

    /// The first id this device would give a new row of `table`, or `nil` when not synced.
    ///
    /// - Throws: ``SyncError/noSlotYet(device:)`` in a book that shares a folder (it has
    ///   devices) while this device has no slot there: a copied or restored book is a new device,
    ///   and SQLite's max + 1 could be an id another device makes. Its next sync gives it a slot.
    func firstNewID(for table: String) throws -> Int64? {
        guard let slot = try ownSlot() else {
            guard try connection.int64("SELECT EXISTS (SELECT 1 FROM devices)") == 0 else {
                throw BudgetError.sync(.noSlotYet(device: try localDevice().device.name))
            }
            return nil
        }
        let top = max(try connection.int64("SELECT max(id) FROM \"\(table)\"") ?? 0,
                      try connection.cached("SELECT high FROM local_ids WHERE table_name = ?").first([.text(table)]) { $0.int64(0) } ?? 0)
        let step = BudgetStore.slotCount
        return (top / step + 1) * step + slot - (top % step < slot ? step : 0)
    }

    /// The values `?1` (the first id, or NULL) and `?2` (the step) of an INSERT ... SELECT that
    /// numbers its rows itself.
    ///
    /// - Throws: ``SyncError/noSlotYet(device:)`` (see ``firstNewID(for:)``).
    func firstIDs(for table: String) throws -> [SQLiteValue] {
        [try firstNewID(for: table).map(SQLiteValue.integer) ?? .null, .integer(BudgetStore.slotCount)]
    }

    /// Remembers that this device made ids up to `id` in `table`.
    func noteHighestID(_ id: Int64, for table: String) throws {
        try connection.cached("""
            INSERT INTO local_ids (table_name, high) VALUES (?, ?)
            ON CONFLICT (table_name) DO UPDATE SET high = max(high, excluded.high)
            """).run([.text(table), .integer(id)])
    }

    /// After an INSERT ... SELECT that numbered its rows from ``firstNewID(for:)`` by steps of
    /// ``slotCount``: remembers the highest id it made.
    func noteInsertedIDs(in table: String) throws {
        guard let slot = try ownSlot() else { return }
        if let high = try connection.int64("SELECT id FROM \"\(table)\" WHERE id % ? = ? ORDER BY id DESC LIMIT 1",
                                           [.integer(BudgetStore.slotCount), .integer(slot)]) {
            try noteHighestID(high, for: table)
        }
    }
}
