import Testing
@testable import BudgetKit

/// An import's new rows reach its history entry from their tables, streamed (``BulkInsert``),
/// not through a session that holds them all in memory; the entry must be what a session would
/// have recorded, and undo and redo must restore the book exactly.
@Suite struct BulkHistoryTests {
    @Test func theWrittenInsertsAreTheChangesASessionRecordsForTheSameRows() throws {
        let dir = TemporaryDirectory()
        let connection = try itemsDatabase(in: dir)
        try connection.execute("CREATE TABLE parts (owner INTEGER NOT NULL, place INTEGER NOT NULL, note TEXT, PRIMARY KEY (place, owner)) WITHOUT ROWID")
        let recorded = try recording(connection) {
            try connection.execute("""
                INSERT INTO items VALUES (4, 'four', -400, -4.5, X'0102', 2), (5, 'fünf €', 9223372036854775807, 1e300, NULL, NULL),
                    (6, NULL, NULL, NULL, X'', 1), (7, printf('%.200c', 'x'), 0, 0.0, zeroblob(20000), NULL),
                    (8, printf('%.17000c', 'y'), -1, 5e-324, X'FF', 2), (9, 'nine', 9, 9.0, zeroblob(70000), 1);
                INSERT INTO parts VALUES (1, 2, 'b'), (1, 1, 'a'), (2, 1, NULL);
                """)
        }
        var bytes = Bytes()
        #expect(try ChangesetWriter.writeInserts(of: ChangesetWriter.Table(named: "items", on: connection), where: "id > ?", [.integer(3)],
                                                 on: connection, into: &bytes) == 6)
        #expect(try ChangesetWriter.writeInserts(of: ChangesetWriter.Table(named: "parts", on: connection), where: "owner > ?", [.integer(0)],
                                                 on: connection, into: &bytes) == 3)
        #expect(try ChangesetWriter.writeInserts(of: ChangesetWriter.Table(named: "items", on: connection), where: "id > ?", [.integer(99)],
                                                 on: connection, into: &bytes) == 0)
        let written = try Changeset(bytes: bytes.bytes)
        #expect(Set(try written.changes()) == Set(try recorded.changes()))
        #expect(try written.changes().count == 9)
        // The header is the session's too: applied to a copy without the rows, it makes them.
        try connection.execute("DELETE FROM items WHERE id > 3; DELETE FROM parts")
        try applyWithoutConflicts(written, to: connection)
        #expect(try recording(connection) { try applyWithoutConflicts(try written.inverted(), to: connection) }.changes().count == 9)
    }

    @Test(arguments: [0, 1, 127, 128, 16_383, 16_384, 2_097_151, 1 << 56 - 1, 1 << 56, UInt64.max] as [UInt64])
    func varintsAreSQLites(_ value: UInt64) throws {
        var bytes: [UInt8] = []
        ChangesetWriter.appendVarint(value, to: &bytes)
        var decoded: UInt64 = 0
        for (index, byte) in bytes.enumerated() {
            decoded = index == 8 ? (decoded << 8) | UInt64(byte) : (decoded << 7) | UInt64(byte & 0x7F)
        }
        #expect(decoded == value)
        #expect(bytes.dropLast().allSatisfy { $0 >= 0x80 } && (bytes.count == 9 || bytes.last! < 0x80))
        #expect(bytes.count == (value < 1 << 7 ? 1 : value < 1 << 14 ? 2 : value < 1 << 21 ? 3 : value < 1 << 56 ? (64 - value.leadingZeroBitCount + 6) / 7 : 9))
    }

    @Test func anImportsEntryHoldsEveryNewRowAndNoneOfTheOldOnes() throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        let before = try store.connection.int64("SELECT max(id) FROM transactions") ?? 0
        store.command = "budget import"
        var options = ImportOptions()
        options.createsMissingCategories = true
        var reader = ImportReader(file: "in.csv", options: options,
                                  text: "date,amount,category,payee\n2026-02-02,3.00,Food,Coffee\n2026-02-03,9.00,Travel,Train\n2026-02-03,1.00,Food,Gum\n")
        try store.importTransactions(from: &reader)
        let entry = try #require(try store.history(limit: 1).first)
        let blob = try #require(try store.historyChangeset(of: entry.id))
        let changes = try Changeset(bytes: blob).changes()
        let inserted = changes.filter { $0.table == "transactions" }.map { $0.primaryKey }
        let ids = try store.connection.prepare("SELECT id FROM transactions WHERE id > ? ORDER BY id").map([.integer(before)]) { [ChangesetValue.integer($0.int64(0))] }
        #expect(inserted == ids && ids.count == 3)
        #expect(changes.filter { $0.table == "transactions" }.allSatisfy { $0.operation == .insert })
        // The category it made and its budget, through the session.
        #expect(changes.filter { $0.table == "categories" }.count == 1 && changes.filter { $0.table == "budgets" }.count == 1)
    }

    @Test func anImportThatReplacesAPendingTwinIsUndoneAndRedoneExactly() throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir)
        let options = bankOptions { $0.negate = true }
        try importText(store, "date,amount,payee,status\n2026-11-20,-12.00,Corner Cafe,pending\n2026-11-20,-3.00,Kiosk,pending\n", options)
        let before = try dumpOfBook(store)
        let summary = try importText(store, "date,amount,payee,status\n2026-11-22,-14.40,CORNER CAFE,posted\n2026-11-23,-7.00,Bakery,posted\n", options)
        #expect(summary.added == 1 && summary.replacedPending == 1)
        let after = try dumpOfBook(store)
        try store.undo()
        #expect(try dumpOfBook(store) == before)
        try store.redo()
        #expect(try dumpOfBook(store) == after)
    }

    @Test func anImportOfSplitsAndATransferIsUndoneAndRedoneExactly() throws {
        let dir = TemporaryDirectory()
        let store = try bankBook(dir)
        try store.addAccount(named: "Savings")
        let before = try dumpOfBook(store)
        var options = bankOptions()
        options.dateOrder = .monthDayYear; options.createsMissingCategories = true; options.account = "Main"
        let qif = "!Type:Bank\nD01/15/2027\nT-100.00\nPCostco\nSFood\n$-60.00\nSHousehold\n$-40.00\n^\n"
            + "D01/16/2027\nT-50.00\nPTransfer to savings\nL[Savings]\n^\nD01/17/2027\nT-4.00\nPKiosk\nLFood\n^\n"
        let summary = try importBytes(store, Array(qif.utf8), options)
        #expect(summary.added == 3)
        #expect(try store.connection.int64("SELECT count(*) FROM transaction_splits") == 2)
        #expect(try store.connection.int64("SELECT count(*) FROM transactions WHERE transfer_account_id IS NOT NULL") == 1)
        let after = try dumpOfBook(store)
        try store.undo()
        #expect(try dumpOfBook(store) == before)
        try store.redo()
        #expect(try dumpOfBook(store) == after)
    }

    /// In a grouped write, later writes may add, change and delete rows an import added: the
    /// session then records the import's rows itself, so none is in the entry twice.
    @Test func anImportInAGroupFollowedByWritesToItsRowsIsUndoneAndRedoneExactly() throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        let before = try dumpOfBook(store)
        try store.write {
            var reader = ImportReader(file: "in.csv", options: ImportOptions(),
                                      text: "date,amount,category,payee\n2026-02-02,3.00,Food,Coffee\n2026-02-03,9.00,Misc,Tape\n2026-02-04,1.00,Food,Gum\n")
            try store.importTransactions(from: &reader)
            let imported = try store.transactions().filter { ["Coffee", "Tape", "Gum"].contains($0.payee) }.map(\.id).sorted()
            try store.addTransaction(amount: money("4.20"), category: "Food", payee: "After", date: day("2026-02-05"))
            try store.editTransaction(id: imported[0], TransactionChanges(amount: money("3.50")))
            try store.deleteTransactions(ids: [imported[1]])
        }
        let after = try dumpOfBook(store)
        let entry = try #require(try store.history(limit: 1).first)
        let keys = entry.changes.filter { $0.table == "transactions" }.map(\.key)
        #expect(keys.count == Set(keys).count && keys.count == 3)   // Coffee, Gum, After: each once
        try store.undo()
        #expect(try dumpOfBook(store) == before)
        try store.redo()
        #expect(try dumpOfBook(store) == after)
    }

    /// Collects what the writer writes.
    struct Bytes: ChangesetSink {
        var bytes: [UInt8] = []
        mutating func write(_ buffer: UnsafeRawBufferPointer) { bytes += buffer }
    }
}

/// A bulk import, a large undo and a large sync write with the connection's triggers off (the
/// change log is paused anyway): that is only right while every trigger of the schema is either
/// the change log's or one of the monthly totals' (issue 13), which each bulk path brings up to
/// date by hand: the import computes the months of the rows it added again
/// (`MonthTotals.refresh(afterAddingAbove:in:)`: it only adds rows, above the highest id), and a
/// large undo, redo or sync the months its changeset touched
/// (`MonthTotals.Touched`, in `recordedWriting`). MonthTotalsTests compares the
/// totals with the rows after each.
@Suite struct BulkImportTriggerTests {
    /// The monthly totals' triggers, by name: a new one must be done by hand on the bulk paths too.
    static let monthTotalsTriggers: Set<String> = [
        "transactions_totals_insert", "transactions_totals_update", "transactions_totals_delete",
        "transactions_totals_adopt_parts", "transactions_totals_move_parts", "transactions_totals_orphan_parts",
        "transaction_splits_totals_insert", "transaction_splits_totals_update", "transaction_splits_totals_delete",
    ]

    @Test func theSchemasOnlyTriggersAreTheChangeLogsAndTheMonthlyTotals() throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        let names = try store.connection.prepare("SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger'").map { (name: $0.text(0), table: $0.text(1)) }
        #expect(names.contains { $0.table == "transactions" })
        #expect(Set(names.map(\.name)).isSuperset(of: Self.monthTotalsTriggers))
        for trigger in names where !Self.monthTotalsTriggers.contains(trigger.name) {
            #expect(trigger.name.hasPrefix(trigger.table + "_logged_"), "\(trigger.name): paused writes would skip it (Connection.withTriggersOff)")
        }
    }

    @Test func aBulkImportLeavesOneReloadEntryAndTheTriggersOnAgain() throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        let before = try store.connection.int64("SELECT max(seq) FROM change_log") ?? 0
        let rows = (1...(BulkImportLimits.rowsBeforePausingLog + 1)).map { "2026-02-02,\($0).00,Food,Shop \($0)" }
        var reader = ImportReader(file: "in.csv", options: ImportOptions(), text: "date,amount,category,payee\n" + rows.joined(separator: "\n") + "\n")
        try store.importTransactions(from: &reader)
        #expect(try store.connection.int64("SELECT count(*) FROM change_log WHERE seq > ?", [.integer(before)]) == 1)
        try store.addTransaction(amount: money("1"), category: "Food", payee: "After")
        #expect(try store.connection.int64("SELECT count(*) FROM change_log WHERE seq > ?", [.integer(before)]) == 2)
    }
}
