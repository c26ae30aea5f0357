import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import BudgetKit

/// Issue 11's import speed: a large import into a small book builds the indexes of
/// `transactions` after its rows (``Connection/withIndexesBuiltAfter(on:_:)``), and adds its
/// rows' monthly totals to the tables instead of computing their months again
/// (``MonthTotals/refresh(afterAddingAbove:in:)``). Either must leave the very book the
/// row-by-row path leaves.
@Suite struct ImportIndexRebuildTests {
    /// `count` rows from `first` on, dated through November and December 2026, with a pair of
    /// identical rows every 100 (told apart by their occurrence in the key), some income.
    static func rows(_ first: Int, _ count: Int) -> String {
        var text = ""
        for row in first..<(first + count) {
            let day = row % 28 + 1, month = row % 3 == 0 ? 11 : 12
            let category = row % 7 == 0 ? "Salary" : "Food"
            let line = "2026-\(month)-\(day < 10 ? "0" : "")\(day),\(row % 997 + 1).\(row % 89 + 10),\(category),Shop \(row % 50)\n"
            text += line
            if row % 100 == 0 { text += line }
        }
        return text
    }

    static let header = "date,amount,category,payee\n"

    /// A book: `before` rows imported first (row by row when few), then `deleted` of them
    /// deleted (each leaves a tombstone), then `file` imported with its indexes built after or not.
    struct Scenario: Sendable, CustomTestStringConvertible {
        let before: Int
        let deleted: Int
        let file: (first: Int, count: Int)
        var testDescription: String { "\(before) rows before, \(deleted) deleted, file rows \(file.first)..<\(file.first + file.count)" }
    }

    static let scenarios = [
        Scenario(before: 0, deleted: 0, file: (0, 1_500)),
        Scenario(before: 1_200, deleted: 0, file: (600, 2_000)),
        Scenario(before: 1_200, deleted: 3, file: (0, 2_600)),
    ]

    /// The book as it stands, every table; the history's rows by their changesets and commands
    /// (their clocks differ from run to run), and not the device, which each copy of a book
    /// makes its own.
    static func comparable(_ store: BudgetStore) throws -> [String: [String]] {
        var dump = try dumpOfEveryTable(store)
        dump["local_device"] = nil
        dump["history"] = try store.connection.prepare("SELECT quote(changeset) || '|' || command FROM history ORDER BY rowid").map { $0.text(0) }
        dump["indexes"] = try indexes(store)
        return dump
    }

    /// The SQL of every index of `transactions`, by name.
    static func indexes(_ store: BudgetStore) throws -> [String] {
        try store.connection.prepare("""
            SELECT name || ': ' || coalesce(sql, '') FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'transactions' ORDER BY name
            """).map { $0.text(0) }
    }

    /// Runs `scenario` in a book copied from one made once, so that both books share a device.
    static func run(_ scenario: Scenario, in dir: TemporaryDirectory, template: String, as name: String, indexesAfter: Bool)
        throws -> (summary: ImportSummary, book: [String: [String]]) {
        writeFile(dir.file(name), try #require(fileBytes(template)))
        let store = try dir.store(name)
        if scenario.before > 0 { try importText(store, header + rows(0, scenario.before)) }
        let ids = try store.connection.prepare("SELECT id FROM transactions ORDER BY id LIMIT ?").map([.integer(Int64(scenario.deleted))]) { $0.int64(0) }
        if !ids.isEmpty { try store.deleteTransactions(ids: ids) }
        store.buildsIndexesAfterImport = indexesAfter
        let summary = try importText(store, header + rows(scenario.file.first, scenario.file.count))
        #expect(try store.check() == [])
        return (summary, try comparable(store))
    }

    @Test(arguments: scenarios)
    func indexesBuiltAfterTheRowsGiveTheSameBookAsIndexesKeptUpToDate(_ scenario: Scenario) throws {
        let dir = TemporaryDirectory()
        let template = dir.file("template.sqlite3")
        do { _ = try importBook(dir, "template.sqlite3") }
        checkpoint(template)
        let kept = try Self.run(scenario, in: dir, template: template, as: "kept.sqlite3", indexesAfter: false)
        let built = try Self.run(scenario, in: dir, template: template, as: "built.sqlite3", indexesAfter: true)
        #expect(built.summary == kept.summary)
        #expect(built.book.keys.sorted() == kept.book.keys.sorted())
        for (table, rows) in kept.book {
            let other = built.book[table] ?? []
            let first = zip(rows, other).first { $0 != $1 }.map { "\($0.0.prefix(120)) vs \($0.1.prefix(120))" }
            #expect(other == rows, "\(table): \(other.count) rows against \(rows.count); first difference: \(first ?? "none")")
        }
        // Rows already in the book, and deleted ones, were found on both paths.
        let overlap = max(0, min(scenario.before, scenario.file.first + scenario.file.count) - scenario.file.first)
        #expect(kept.summary.ignored == (overlap > 0 ? scenario.deleted : 0))
        #expect(kept.summary.skipped > 0 || overlap == 0)
    }

    @Test func aLargeImportIntoAnEmptyBookBuildsItsIndexesAfterAndALargerBookKeepsThem() throws {
        let dir = TemporaryDirectory()
        let store = try importBook(dir)
        var rows = ImportReader(file: "bank.csv", options: ImportOptions(), text: Self.header + Self.rows(0, 1_500))
        let staging = try ImportStaging(store: store, file: "bank.csv", options: ImportOptions())
        defer { staging.drop() }
        var resolver = try ImportResolver(book: ImportResolver.read(store.connection), file: "bank.csv", options: ImportOptions())
        try staging.stage(&rows, resolver: &resolver)
        #expect(try staging.buildsIndexesAfter())
        try importText(store, Self.header + Self.rows(10_000, 1_600))
        #expect(try !staging.buildsIndexesAfter())
    }

    /// A large file imported again adds nothing: the book's indexes stay as they are, and are
    /// not dropped and built again for no new row. A file of as many new rows as the book holds
    /// still builds them after.
    @Test func aLargeFileImportedAgainKeepsTheIndexesAndOneOfNewRowsBuildsThemAfter() throws {
        let dir = TemporaryDirectory()
        let store = try importBook(dir)
        let text = Self.header + Self.rows(0, 1_500)
        try importText(store, text)
        func staged(_ text: String) throws -> ImportStaging {
            var rows = ImportReader(file: "bank.csv", options: ImportOptions(), text: text)
            let staging = try ImportStaging(store: store, file: "bank.csv", options: ImportOptions())
            var resolver = try ImportResolver(book: ImportResolver.read(store.connection), file: "bank.csv", options: ImportOptions())
            try staging.stage(&rows, resolver: &resolver)
            return staging
        }
        let again = try staged(text)
        #expect(try !again.buildsIndexesAfter())
        again.drop()
        let new = try staged(Self.header + Self.rows(20_000, 1_600))
        #expect(try new.buildsIndexesAfter())
        new.drop()
    }

    @Test func anImportThatFailsAfterItsIndexesWereDroppedLeavesTheBookAsItWas() throws {
        struct Refused: Error, Equatable {}
        let dir = TemporaryDirectory()
        let store = try importBook(dir)
        try importText(store, Self.header + Self.rows(0, 50))
        let before = try Self.comparable(store)
        store.buildsIndexesAfterImport = true
        #expect(throws: Refused()) {
            try importText(store, Self.header + Self.rows(50, 1_500)) { _ in throw Refused() }
        }
        #expect(try Self.comparable(store) == before)
        #expect(try Self.indexes(store).count == 5)
        #expect(try store.check() == [])
    }

    /// The totals a bulk import adds are the sums a rebuild from every row gives, also when a
    /// sum had overflowed before (the months are then computed again from the rows).
    @Test(arguments: [false, true])
    func theMonthlyTotalsOfABulkImportAreTheSumsOfTheRows(overflowedBefore: Bool) throws {
        let dir = TemporaryDirectory()
        let store = try importBook(dir)
        try importText(store, Self.header + Self.rows(0, 300))
        if overflowedBefore {
            try store.connection.execute("""
                INSERT INTO transactions (date, amount, category_id, payee) VALUES ('2026-11-03', 9223372036854775000, 1, 'Huge');
                INSERT INTO transactions (date, amount, category_id, payee) VALUES ('2026-11-04', 9223372036854775000, 1, 'Huge');
                """)
            #expect(try MonthTotals.hasOverflow(in: store.connection))
        }
        try importText(store, Self.header + Self.rows(300, 1_500))
        let totals = "SELECT * FROM category_months ORDER BY 1, 2, 3"
        let afterImport = try store.connection.prepare(totals).map { row in (0..<6).map { row.text(Int32($0)) } }
        try store.connection.execute(MonthTotals.rebuildSQL)
        let rebuilt = try store.connection.prepare(totals).map { row in (0..<6).map { row.text(Int32($0)) } }
        #expect(afterImport == rebuilt)
        #expect(afterImport.count > 2)
    }
}
