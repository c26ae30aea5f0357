import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import BudgetKit

/// Schema migration 12 (issue 13): `change_log` takes `transaction_range` entries, on a book made
/// by the release (book-v1), keeping its entries, its place and its triggers.
@Suite struct ChangeLogRangeMigrationTests {
    func entries(_ connection: Connection) throws -> [String] {
        try connection.prepare("SELECT seq || '|' || entity || '|' || ifnull(row_id, '') FROM change_log ORDER BY seq").map { $0.text(0) }
    }

    func schema(_ connection: Connection, _ type: String) throws -> [String] {
        try connection.prepare("SELECT name || ':' || sql FROM sqlite_master WHERE type = ? AND name NOT LIKE 'sqlite_%' ORDER BY name")
            .map([.text(type)]) { $0.text(0) }
    }

    @Test func aVersion1BookKeepsItsLogAndTriggersAndLogsAnImportAsARange() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("book.sqlite3")
        #expect(system("cp '\(ChangeTrackerTests.fixture)' '\(path)'") == 0)
        let (logBefore, highBefore) = try {
            let connection = try Connection(path: path, mode: .readOnly)
            return (try entries(connection), try ChangeTracker.highWater(in: connection))
        }()
        let store = try BudgetStore(path: path)
        #expect(try entries(store.connection) == logBefore)
        #expect(try ChangeTracker.highWater(in: store.connection) == highBefore)
        // The same table and triggers as a book made today.
        let fresh = try dir.store("fresh.sqlite3")
        #expect(try schema(store.connection, "trigger") == (try schema(fresh.connection, "trigger")))
        #expect(try schema(store.connection, "table").filter { $0.hasPrefix("change_log:") }
                == (try schema(fresh.connection, "table").filter { $0.hasPrefix("change_log:") }))
        #expect(throws: SQLiteError.self) {
            try store.connection.run("INSERT INTO change_log (entity, row_id) VALUES ('transaction_range', 1)")
        }

        let live = try LiveTransactions(store: store, request: TransactionRequest(sort: TransactionSort(.payee), sectioning: .category))
        let recorder = ChangeRecorder()
        live.delegate = recorder
        let before = try live.snapshot()
        let maxID = try store.connection.int64("SELECT max(id) FROM transactions") ?? 0
        var text = "date,amount,category,payee\n"
        for index in 0..<1_001 { text += "2026-12-\(1 + index % 28),\(index).50,\(["Food", "Rent"][index % 2]),Shop \(index % 9)\n" }
        var reader = ImportReader(file: "big.csv", options: ImportOptions(), text: text)
        #expect(try store.importTransactions(from: &reader).added == 1_001)
        let ranges = try store.connection.prepare("SELECT row_id, last_row_id FROM change_log WHERE seq > ?")
            .map([.integer(highBefore)]) { [$0.int64(0), $0.int64(1)] }
        #expect(ranges == [[maxID + 1, maxID + 1_001]])
        let changeSet = try #require(recorder.take().first)
        #expect(!changeSet.isReload && changeSet.insertions.count == 1_001)
        #expect(changeSet.applied(to: before) == (try live.snapshot()))
        // Row by row again afterwards.
        try store.addTransaction(amount: money("1"), category: "Food", date: Day(year: 2026, month: 12, day: 30)!)
        #expect(try store.connection.int64("SELECT count(*) FROM change_log WHERE entity = 'transaction' AND seq > ?", [.integer(highBefore)]) == 1)
    }
}
