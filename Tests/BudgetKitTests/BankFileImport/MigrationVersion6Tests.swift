import Testing
@testable import BudgetKit

/// Schema 6 on a book made by budget 0.1.0: the tables of deleted and pending imports, and
/// files imported before the migration still recognised (issue 11 items 4 and 8).
@Suite struct MigrationVersion6Tests {
    /// The `bank.csv` of the fixture's README, imported into it by 0.1.0.
    static let preMigrationFile = """
        date,amount,payee
        2026-11-16,-3.20,Coffee Bar
        2026-11-16,-3.20,Coffee Bar
        2026-11-17,-21.00,Super Market
        2026-11-18,1200.00,ACME bonus

        """

    @Test func aVersion1BookGetsTheImportTablesAndKeepsEveryRow() throws {
        let dir = TemporaryDirectory()
        let store = try BudgetStore(path: copyOfFixtureBook("book-v1.sqlite3", in: dir))
        #expect(try store.connection.int64("PRAGMA user_version") == Int64(Schema.migrator.latestVersion))
        #expect(try store.connection.int64("SELECT count(*) FROM import_tombstones") == 0)
        #expect(try store.connection.int64("SELECT count(*) FROM pending_imports") == 0)
        let exported = Array(try fixtureRecords("book-v1.export.csv").dropFirst())
        #expect(try store.transactions().count == exported.count)
        #expect(try store.check().isEmpty)
    }

    @Test func theFileImportedBeforeTheMigrationAddsNothing() throws {
        let dir = TemporaryDirectory()
        let store = try BudgetStore(path: copyOfFixtureBook("book-v1.sqlite3", in: dir))
        let before = try bookDump(store, withChangeLog: false)
        var options = ImportOptions()
        options.negate = true
        options.defaultCategory = "Salary"
        options.source = "visa"
        let summary = try importText(store, Self.preMigrationFile, options)
        #expect(summary.added == 0 && summary.skipped == 4)
        #expect(try bookDump(store, withChangeLog: false) == before)
    }

    @Test func aDeletedRowOfThatFileStaysDeleted() throws {
        let dir = TemporaryDirectory()
        let store = try BudgetStore(path: copyOfFixtureBook("book-v1.sqlite3", in: dir))
        let bonus = try #require(try store.transactions().first { $0.payee == "ACME bonus" })
        try store.deleteTransactions(ids: [bonus.id])
        var options = ImportOptions()
        options.negate = true
        options.defaultCategory = "Salary"
        options.source = "visa"
        let summary = try importText(store, Self.preMigrationFile, options)
        #expect(summary.added == 0 && summary.ignored == 1)
    }
}
