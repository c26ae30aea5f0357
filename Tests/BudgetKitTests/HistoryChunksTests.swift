#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import BudgetKit

/// An import's rows reach its history entry as compressed chunks (``HistoryChunks``, schema
/// version 13): undo, redo, sync and pruning read them whole, and a damaged entry is refused,
/// never half applied.
@Suite struct HistoryChunksTests {
    /// `rows` rows of text long enough that their INSERTs pass 1 MiB every ~9,000 rows.
    static func csv(rows: Int, month: Int = 2) -> String {
        var text = "date,amount,category,payee,note\n"
        for row in 0..<rows {
            text += "2026-0\(month)-\(10 + row % 18),\(row % 900 + 1).\(10 + row % 90),\(row % 3 == 0 ? "Misc" : "Food"),"
            text += "Payee number \(row % 700),note for row \(row) of the statement\n"
        }
        return text
    }

    /// The newest entry's id, and its `changeset` column's and chunks' sizes.
    static func newestEntry(_ store: BudgetStore) throws -> (id: Int64, head: Int, bulkBytes: Int64, chunks: Int64, stored: Int64) {
        let id = try #require(try store.connection.int64("SELECT max(id) FROM history"))
        let head = try #require(try store.connection.int64("SELECT length(changeset) FROM history WHERE id = ?", [.integer(id)]))
        let bulk = try #require(try store.connection.int64("SELECT bulk_bytes FROM history WHERE id = ?", [.integer(id)]))
        let chunks = try store.connection.int64("SELECT count(*) FROM history_chunks WHERE entry = ?", [.integer(id)]) ?? 0
        let stored = try store.connection.int64("SELECT coalesce(sum(length(bytes)), 0) FROM history_chunks WHERE entry = ?", [.integer(id)]) ?? 0
        return (id, Int(head), bulk, chunks, stored)
    }

    @Test func aLargeImportIsKeptInCompressedChunksThatUndoAndRedoExactly() throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        let before = try dumpOfBook(store)
        let maxID = try store.connection.int64("SELECT max(id) FROM transactions") ?? 0
        store.command = "budget import"
        try importText(store, Self.csv(rows: 25_000))
        let after = try dumpOfBook(store)
        let entry = try Self.newestEntry(store)
        // 25,000 rows of INSERTs: more than two pieces, each about a tenth of its size stored.
        #expect(entry.bulkBytes > 2 * Int64(HistoryChunks.pieceSize))
        #expect(entry.chunks == (entry.bulkBytes + Int64(HistoryChunks.pieceSize) - 1) / Int64(HistoryChunks.pieceSize))
        #expect(entry.stored * 4 < entry.bulkBytes, "stored \(entry.stored) of \(entry.bulkBytes)")
        // The session's part (nothing here) stays in the row.
        #expect(entry.head == 0)
        // Whole, the entry inserts exactly the new rows, each as it is in the table.
        let changes = try Changeset(bytes: try #require(try store.historyChangeset(of: entry.id))).changes()
        #expect(changes.allSatisfy { $0.operation == .insert && $0.table == "transactions" })
        let ids = try store.connection.prepare("SELECT id FROM transactions WHERE id > ? ORDER BY id").map([.integer(maxID)]) { $0.int64(0) }
        #expect(changes.map { $0.primaryKey } == ids.map { [ChangesetValue.integer($0)] })
        #expect(ids.count == 25_000)
        let last = try #require(changes.last)
        #expect(last.newValues.contains(.text("note for row 24999 of the statement")))

        try store.undo()
        #expect(try dumpOfBook(store) == before)
        try store.redo()
        #expect(try dumpOfBook(store) == after)
    }

    /// Each way an entry's chunks can be damaged (`sql`, run after the import) makes its undo
    /// fail with the same error, and the book is left exactly as it was.
    @Test(arguments: [
        "UPDATE history_chunks SET bytes = substr(bytes, 1, length(bytes) - 9) WHERE position = 1",
        "UPDATE history_chunks SET bytes = X'28B52FFD' || zeroblob(40) WHERE position = 0",
        "UPDATE history_chunks SET bytes = randomblob(2000) WHERE position = 2",
        "DELETE FROM history_chunks WHERE position = 1",
        "DELETE FROM history_chunks WHERE position = (SELECT max(position) FROM history_chunks)",
        "UPDATE history SET bulk_bytes = bulk_bytes - 1 WHERE id = (SELECT max(id) FROM history)",
        "UPDATE history SET bulk_bytes = bulk_bytes + 1 WHERE id = (SELECT max(id) FROM history)",
        "UPDATE history SET bulk_bytes = -5 WHERE id = (SELECT max(id) FROM history)",
        "UPDATE history_chunks SET position = position + 100",
        "INSERT INTO history_chunks SELECT entry, position + 1, bytes FROM history_chunks WHERE position = (SELECT max(position) FROM history_chunks)",
    ])
    func aDamagedEntryIsRefusedAndTheBookStaysAsItWas(_ sql: String) throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        store.command = "budget import"
        try importText(store, Self.csv(rows: 25_000))
        try store.connection.execute(sql)
        let damaged = try dumpOfBook(store)
        let entries = try store.connection.int64("SELECT count(*) FROM history")
        let error = BudgetError.corruptDatabase(path: store.path)
        #expect(throws: error) { try store.undo() }
        #expect(try dumpOfBook(store) == damaged)
        #expect(try store.connection.int64("SELECT count(*) FROM history") == entries)
        #expect(throws: error) { try store.history(limit: 1) }
    }

    /// An entry keeps its changeset and decodes its changes when asked: all of them
    /// (``HistoryEntry/changes``), or one at a time until the caller throws.
    @Test func anEntrysChangesAreDecodedWhenAskedOneAtATime() throws {
        struct Enough: Error, Equatable {}
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        store.command = "budget import"
        try importText(store, Self.csv(rows: 40))
        let entry = try #require(try store.history(limit: 1).first)
        #expect(entry.changeCount == 40)
        var seen: [HistoryChange] = []
        entry.forEachChange { seen.append($0) }
        #expect(seen == entry.changes)
        #expect(seen.count == 40 && seen.allSatisfy { $0.operation == .added && $0.table == "transactions" })
        #expect(seen[0].fields.first { $0.column == "note" }?.after == .text("note for row 0 of the statement"))
        var count = 0
        #expect(throws: Enough()) {
            try entry.forEachChange { _ throws(Enough) in
                count += 1
                if count == 3 { throw Enough() }
            }
        }
        #expect(count == 3)
    }

    /// A chunk that cannot be written (a full disk, here a trigger refusing the second one)
    /// fails the import whole: no row, no entry, no chunk, and the compressing thread joined.
    @Test func aChunkThatCannotBeWrittenFailsTheImportAndLeavesTheBookAsItWas() throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        let before = try dumpOfBook(store)
        let entries = try store.connection.int64("SELECT count(*) FROM history")
        try store.connection.execute("""
            CREATE TRIGGER refuse_second_chunk BEFORE INSERT ON history_chunks WHEN NEW.position = 1
            BEGIN SELECT RAISE(ABORT, 'disk full'); END;
            """)
        store.command = "budget import"
        let error = #expect(throws: (any Error).self) { try importText(store, Self.csv(rows: 25_000)) }
        #expect(String(describing: error.map { $0 }).contains("disk full"), "\(String(describing: error))")
        #expect(try dumpOfBook(store) == before)
        #expect(try store.connection.int64("SELECT count(*) FROM history") == entries)
        #expect(try store.connection.int64("SELECT count(*) FROM history_chunks") == 0)
        try store.connection.execute("DROP TRIGGER refuse_second_chunk")
        try importText(store, Self.csv(rows: 25_000))
        #expect(try store.connection.int64("SELECT count(*) FROM transactions") == Int64(before["transactions"]?.count ?? 0) + 25_000)
    }

    @Test func pruningAnEntryDropsItsChunksAndKeepsTheOthers() throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        store.command = "budget import"
        try importText(store, Self.csv(rows: 20, month: 2))
        try importText(store, Self.csv(rows: 30, month: 3))
        let entries = try store.connection.prepare("SELECT DISTINCT entry FROM history_chunks ORDER BY entry").map { $0.int64(0) }
        #expect(entries.count == 2)
        // A book that syncs with no one drops every entry before the day given.
        try store.connection.execute("UPDATE history SET hlc_time = 0 WHERE id = \(entries[0])")
        #expect(try store.pruneHistory(before: day("2000-01-01")) == 1)
        #expect(try store.connection.prepare("SELECT DISTINCT entry FROM history_chunks").map { $0.int64(0) } == [entries[1]])
        #expect(try Changeset(bytes: try #require(try store.historyChangeset(of: entries[1]))).changes().count == 30)
    }

    @Test func aSyncedImportReachesTheOtherBookWhole() throws {
        let dir = TemporaryDirectory()
        let shared = dir.file("shared")
        mkdir(shared, 0o700)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        try syncAll([anna], through: shared)
        let ben = try dir.store("ben.sqlite3")
        try syncAll([anna, ben], through: shared)
        anna.command = "budget import"
        try importText(anna, Self.csv(rows: 12_000))
        try syncAll([anna, ben], through: shared)
        #expect(try ben.connection.int64("SELECT count(*) FROM transactions") == anna.connection.int64("SELECT count(*) FROM transactions"))
        #expect(try dumpOfBook(ben)["transactions"] == dumpOfBook(anna)["transactions"])
        // Received, the entry is one plain changeset.
        #expect(try ben.connection.int64("SELECT count(*) FROM history_chunks") == 0)
    }

    /// A book written by the release before schema version 13 (Fixtures/README.md): its
    /// import's entry is one plain changeset, which still undoes; new imports write chunks.
    @Test func aVersion12BooksImportStillUndoesAndNewImportsWriteChunks() throws {
        let dir = TemporaryDirectory()
        let store = try BudgetStore(path: copyOfFixtureBook("book-v12-history.sqlite3", in: dir))
        #expect(try store.connection.int64("PRAGMA user_version") == Int64(Schema.migrator.latestVersion))
        #expect(try store.connection.int64("SELECT count(*) FROM history WHERE bulk_bytes <> 0") == 0)
        #expect(try store.connection.int64("SELECT count(*) FROM transactions") == 4)
        let undone = try store.undo()
        #expect(undone.command == "budget -q import bank.csv")
        #expect(try store.connection.prepare("SELECT payee FROM transactions").map { $0.text(0) } == ["Lunch"])
        try store.redo()
        #expect(try store.connection.int64("SELECT count(*) FROM transactions") == 4)
        store.command = "budget import"
        try importText(store, "date,amount,category,payee\n2026-11-02,3.00,Food,Kiosk\n")
        #expect(try store.connection.int64("SELECT count(*) FROM history_chunks") == 1)
        try store.undo()
        #expect(try store.connection.int64("SELECT count(*) FROM transactions") == 4)
    }
}
