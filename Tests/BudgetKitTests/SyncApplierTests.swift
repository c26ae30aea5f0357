import Testing
@testable import BudgetKit

/// The quick way for new rows (``SyncApplier/apply(_:at:)`` buffering inserts and writing them
/// in id order, 32 to a statement) must leave a database exactly as the merge, change by change,
/// leaves it: same rows, same values bit for bit, same conflicts.
@Suite struct SyncApplierTests {
    static let device = DeviceID(rawValue: 0x1234)!
    static let clock = HybridLogicalClock(milliseconds: 2_000, counter: 0, device: device)

    /// The items database with the sync bookkeeping tables, holding rows the changeset will meet.
    func target(in dir: TemporaryDirectory, _ name: String) throws -> Connection {
        let connection = try itemsDatabase(in: dir, name)
        try connection.execute(Schema.version7History)
        // Rows already here under ids the changeset inserts: first, middle and last of a batch of 32.
        try connection.execute("""
            INSERT INTO items VALUES (40, 'here 40', 1, NULL, NULL, 1), (63, 'here 63', 2, 2.5, X'01', NULL),
                                     (64, 'here 64', 3, NULL, NULL, 2), (199, 'here 199', 4, NULL, NULL, NULL);
            """)
        let earlier = HybridLogicalClock(milliseconds: 1_000, counter: 0, device: Self.device)
        let later = HybridLogicalClock(milliseconds: 3_000, counter: 0, device: Self.device)
        let applier = SyncApplier(connection: connection, resolvedAt: 0, deviceNames: [:])
        try applier.setClock("items", "50", "-", later)    // deleted after the insert was made: stays deleted
        try applier.setClock("items", "60", "-", earlier)  // deleted before: the insert brings it back
        try connection.run("""
            INSERT INTO sync_parked (table_name, row_key, column_name, value, hlc_time, device) VALUES ('items', '70', 'amount', 7070, ?, ?)
            """, [.integer(later.packed.time), .text(Self.device.description)])
        return connection
    }

    /// Inserts of ids 1...200 (1, 2 and 3 are in every items database), in the session's own
    /// order, with every kind of value: NULL, integers, reals, text with a NUL or bytes that are
    /// not UTF-8, empty text and blobs.
    func insertsOfEveryKind(in dir: TemporaryDirectory) throws -> Changeset {
        let source = try itemsDatabase(in: dir, "source.sqlite3")
        try source.execute("PRAGMA foreign_keys = OFF")
        return try recording(source) {
            try source.execute("DELETE FROM items")
            try source.execute("""
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
                INSERT INTO items (id, name, amount, weight, data, owner)
                SELECT i, CASE i % 5 WHEN 0 THEN 'item ' || i WHEN 1 THEN CAST(X'FF00' || printf('%04x', i) AS TEXT)
                                     WHEN 2 THEN 'nul' || char(0) || i WHEN 3 THEN NULL WHEN 4 THEN CASE i WHEN 4 THEN '' ELSE 'x' || i END END,
                       CASE WHEN i % 7 = 0 THEN NULL ELSE i * 100 END,
                       CASE WHEN i % 3 = 0 THEN i + 0.1 END,
                       CASE i % 4 WHEN 0 THEN X'' WHEN 1 THEN randomblob(8) END,
                       CASE WHEN i % 2 = 0 THEN 1 + i % 2 END
                FROM n ORDER BY (i * 7919) % 200
                """)
        }
    }

    @Test func newRowsWrittenInBatchesEndExactlyAsTheMergeLeavesThem() throws {
        let dir = TemporaryDirectory()
        let changeset = try insertsOfEveryKind(in: dir)
        let quick = try target(in: dir, "quick.sqlite3"), merged = try target(in: dir, "merged.sqlite3")
        #expect(try exactDump(quick) == exactDump(merged))

        var quickApplier = SyncApplier(connection: quick, resolvedAt: 0, deviceNames: [:])
        try quick.execute("PRAGMA foreign_keys = OFF")
        try quick.inTransaction { try quickApplier.apply(changeset, at: Self.clock) }
        var mergingApplier = SyncApplier(connection: merged, resolvedAt: 0, deviceNames: [:])
        try merged.execute("PRAGMA foreign_keys = OFF")
        try merged.inTransaction {
            for change in try changeset.changes() { try mergingApplier.apply(change, at: Self.clock) }
        }

        #expect(try exactDump(quick) == exactDump(merged))
        #expect(quickApplier.conflicts.map { "\($0)" }.sorted() == mergingApplier.conflicts.map { "\($0)" }.sorted())
        #expect(quickApplier.conflicts.contains { $0.rowKey == "40" && $0.column == "name" })
        // What the cases should have done, beyond agreeing.
        #expect(try quick.int64("SELECT count(*) FROM items") == 199)
        #expect(try quick.int64("SELECT count(*) FROM items WHERE id = 50") == 0)
        #expect(try quick.int64("SELECT amount FROM items WHERE id = 70") == 7070)
        #expect(try quick.int64("SELECT count(*) FROM sync_parked") == 0)
        #expect(try quick.int64("SELECT count(*) FROM items WHERE id = 4 AND name = ''") == 1)
        // Text that is not UTF-8 (written by hand in the sqlite3 shell) arrives bit for bit, both ways.
        #expect(try quick.prepare("SELECT hex(name) FROM items WHERE id = 11").first { $0.text(0) } == "FF0030303062")
        #expect(try merged.prepare("SELECT hex(name) FROM items WHERE id = 11").first { $0.text(0) } == "FF0030303062")
    }
}
