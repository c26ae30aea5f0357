#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import BudgetKit

/// The change log: what the triggers write, REPLACE conflicts included (issue "Trust", item 23),
/// pausing, and the migration from schema version 1.
@Suite struct ChangeTrackerTests {
    func money(_ text: String) -> Money { try! Money(parsing: text) }

    /// Food and Rent, and four rows; rows 1 and 2 have import keys `a` and `b`.
    func makeStore(_ dir: TemporaryDirectory) throws -> BudgetStore {
        let store = try dir.store()
        try store.addCategory(named: "Food", monthlyBudget: money("300"))
        try store.addCategory(named: "Rent", monthlyBudget: money("900"))
        try store.writing {
            try store.connection.run("""
                INSERT INTO transactions (date, amount, category_id, payee, import_key) VALUES
                    ('2026-01-01', 100, 1, 'one', 'a'), ('2026-01-02', 200, 1, 'two', 'b'),
                    ('2026-01-03', 300, 2, 'three', NULL), ('2026-01-04', 400, 2, 'four', NULL)
                """)
        }
        return store
    }

    /// REPLACE writes the sqlite3 shell runs without recursive triggers, and the ids they delete
    /// without a delete trigger.
    static let replaces: [(sql: String, deleted: [Int64])] = [
        ("INSERT OR REPLACE INTO transactions (date, amount, category_id, import_key) VALUES ('2026-02-01', 9, 1, 'a')", [1]),
        ("REPLACE INTO transactions (date, amount, category_id, import_key) VALUES ('2026-02-01', 9, 1, 'b')", [2]),
        ("UPDATE OR REPLACE transactions SET import_key = 'a' WHERE id = 3", [1]),
        ("INSERT OR REPLACE INTO transactions (id, date, amount, category_id, import_key) VALUES (4, '2026-02-01', 9, 1, 'b')", [2]),
        ("UPDATE OR REPLACE transactions SET id = 1 WHERE id = 3", [1]),
    ]

    @Test(arguments: replaces.indices)
    func aReplaceFromTheSqlite3ShellIsDeliveredWithTheRowsItDeleted(index: Int) throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir)
        let live = try LiveTransactions(store: store)
        let before = try live.snapshot()
        #expect(sqliteShell(store.path, ChangeTrackerTests.replaces[index].sql + ";") == 0)
        let changeSet = try #require(try live.processPendingChanges())
        #expect(changeSet.applied(to: before) == (try LiveTransactions(store: store).snapshot()))
        let deleted = Set(changeSet.deletions.map(\.id)).union(changeSet.moves.map(\.transaction.id))
        #expect(deleted.isSuperset(of: ChangeTrackerTests.replaces[index].deleted))
    }

    @Test(arguments: replaces.indices)
    func aReplaceThroughASecondConnectionIsDeliveredWithTheRowsItDeleted(index: Int) throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir)
        let live = try LiveTransactions(store: store, request: TransactionRequest(sort: TransactionSort(.amount), sectioning: .category))
        let recorder = ChangeRecorder()
        live.delegate = recorder
        let before = try live.snapshot()
        let writer = try BudgetStore(path: store.path)
        try writer.writing { try writer.connection.run(ChangeTrackerTests.replaces[index].sql) }
        let watcher = try DatabaseWatcher(store: store)
        _ = watcher.wait(milliseconds: 0)
        try live.processPendingChanges()
        let changeSet = try #require(recorder.take().first)
        #expect(changeSet.applied(to: before)
                == (try LiveTransactions(store: store, request: TransactionRequest(sort: TransactionSort(.amount), sectioning: .category)).snapshot()))
    }

    @Test(arguments: ["INSERT OR IGNORE INTO transactions (date, amount, category_id, import_key) VALUES ('2026-02-01', 9, 1, 'a')",
                      "INSERT INTO transactions (date, amount, category_id, import_key) VALUES ('2026-02-01', 9, 1, 'b') ON CONFLICT DO NOTHING"])
    func anInsertThatLeavesTheRowWithItsImportKeyAloneChangesNothing(sql: String) throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir)
        let live = try LiveTransactions(store: store)
        #expect(sqliteShell(store.path, sql + ";") == 0)
        #expect(try live.processPendingChanges() == nil)
        #expect(try store.connection.int64("SELECT count(*) FROM change_log WHERE entity = 'transaction_conflict'") == 1)
    }

    @Test func aCategoryReplacedInTheShellIsADeletionAndAnInsertion() throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir)
        let live = try LiveCategories(store: store, month: Month(year: 2026, month: 1)!)
        let before = live.categories
        // The shell's foreign keys are off: Rent's rows now point at a category that is gone.
        #expect(sqliteShell(store.path, "INSERT OR REPLACE INTO categories (name, name_key) VALUES ('RENT', 'rent');") == 0)
        let changeSet = try #require(try live.processPendingChanges())
        #expect(changeSet.deletions == [.init(index: 1, id: 2)])
        #expect(changeSet.insertions.map(\.category.name) == ["RENT"])
        #expect(changeSet.applied(to: before) == (try store.categories(in: Month(year: 2026, month: 1)!)))
    }

    @Test func changingACategorysIdInTheShellLogsTheOldIdAndTheNew() throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir)
        let high = try ChangeTracker.highWater(in: store.connection)
        #expect(sqliteShell(store.path, "UPDATE categories SET id = 7 WHERE id = 2;") == 0)
        let changes = try #require(try ChangeTracker.changes(after: high, in: store.connection))
        #expect(changes.categoryIDs == [2, 7])
    }

    @Test func budgetsAreLoggedAsBudgetsAndDeletedCategoriesAsDeletions() throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir)
        let high = try ChangeTracker.highWater(in: store.connection)
        try store.setBudget(money("5"), forCategory: "Food", onlyIn: Month(year: 2026, month: 3)!)
        try store.addCategory(named: "Spare", monthlyBudget: .zero)
        try store.deleteCategory(named: "Spare")
        try store.addCategory(named: "Again", monthlyBudget: .zero)   // SQLite gives it Spare's id
        let changes = try #require(try ChangeTracker.changes(after: high, in: store.connection))
        #expect(changes.budgetCategoryIDs == [1, 3])
        #expect(changes.categoryIDs == [3])
        #expect(changes.deletedCategoryIDs == [3])
        #expect(changes.transactionIDs.isEmpty && !changes.needsReload)
    }

    @Test func pausingLogsOneReloadAtTheCommitAndARollbackTakesThePauseBack() throws {
        let dir = TemporaryDirectory()
        let store = try makeStore(dir)
        let high = try ChangeTracker.highWater(in: store.connection)
        try store.writing {
            try store.changeTracker.pause()
            try store.connection.run("INSERT INTO transactions (date, amount, category_id) VALUES ('2026-05-01', 1, 1)")
            try store.connection.run("DELETE FROM transactions WHERE id = 1")
        }
        #expect(try store.connection.int64("SELECT count(*) FROM change_log_pause") == 0)
        let changes = try #require(try ChangeTracker.changes(after: high, in: store.connection))
        #expect(changes.needsReload && changes.sequence == high + 1)

        struct Failure: Error {}
        #expect(throws: Failure.self) {
            try store.writing {
                try store.changeTracker.pause()
                throw Failure()
            }
        }
        #expect(!store.changeTracker.isPaused)
        try store.addTransaction(amount: money("1"), category: "Food")
        #expect(try ChangeTracker.changes(after: high + 1, in: store.connection)?.transactionIDs.count == 1)
    }

    // MARK: - Migration from schema version 1

    static let fixture: String = {
        let file = #filePath
        return String(file[..<file.lastIndex(of: "/")!]) + "/Fixtures/book-v1.sqlite3"
    }()

    /// Every table as lines of text, change log included.
    func dump(_ path: String) throws -> [String: [String]] {
        let connection = try Connection(path: path, mode: .readOnly)
        let queries = [
            "categories": "SELECT id || '|' || name || '|' || name_key || '|' || kind || '|' || rollover FROM categories ORDER BY id",
            "budgets": "SELECT category_id || '|' || month || '|' || scope || '|' || amount FROM budgets ORDER BY 1",
            "transactions": "SELECT quote(id) || '|' || quote(date) || '|' || quote(amount) || '|' || quote(category_id) || '|' || quote(payee) || '|' || quote(note) || '|' || quote(import_key) FROM transactions ORDER BY id",
            "rules": "SELECT id || '|' || pattern || '|' || category_id FROM rules ORDER BY id",
            "change_log": "SELECT seq || '|' || entity || '|' || quote(row_id) FROM change_log ORDER BY seq",
            "high_water": "SELECT seq FROM sqlite_sequence WHERE name = 'change_log'",
        ]
        return try queries.mapValues { try connection.prepare($0).map { $0.text(0) } }
    }

    @Test func migratingABookFromVersion1KeepsEveryRowAndTheChangeLogsPlace() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("book.sqlite3")
        #expect(system("cp '\(ChangeTrackerTests.fixture)' '\(path)'") == 0)
        let before = try dump(path)
        #expect(before["transactions"]?.count == 13)
        let store = try BudgetStore(path: path)
        #expect(try store.connection.int64("PRAGMA user_version") == Int64(Schema.migrator.latestVersion))
        #expect(try dump(path) == before)

        // The new triggers are in place: a shell REPLACE reaches a live list as a deletion.
        let live = try LiveTransactions(store: store)
        let keyed = try #require(try store.connection.int64("SELECT id FROM transactions WHERE import_key IS NOT NULL ORDER BY id"))
        let key = try #require(try store.connection.cached("SELECT import_key FROM transactions WHERE id = ?").first([.integer(keyed)]) { $0.text(0) })
        #expect(sqliteShell(path, "INSERT OR REPLACE INTO transactions (date, amount, category_id, import_key) VALUES ('2026-12-01', 1, 1, '\(key)');") == 0)
        #expect(try live.processPendingChanges()?.deletions.map(\.id) == [keyed])
        try store.setBudget(money("1"), forCategory: "Food", onlyIn: Month(year: 2026, month: 12)!)
        #expect(try store.connection.int64("SELECT count(*) FROM change_log WHERE entity = 'budget'") == 1)
    }
}
