#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import BudgetKit

/// The monthly totals (issue 13) against a from-scratch recomputation: random writes through
/// every door (the store's adds, edits, deletes, splits, transfers, imports small and bulk,
/// undo and redo small and large, rule apply, category and account deletion, and raw SQL as the
/// sqlite3 shell writes it, foreign keys off), then the tables compared with a `GROUP BY` over
/// the rows, and the reports with the reports read from the rows. `make test` runs a short run;
/// `make fuzz` runs `BUDGET_FUZZ_STEPS` steps.
@Suite struct MonthTotalsTests {
    static var steps: Int {
        getenv("BUDGET_FUZZ_STEPS").flatMap { Int(String(cString: $0)) } ?? 300
    }

    @Test(arguments: [1, 2] as [UInt64])
    func randomWritesThroughEveryDoorKeepTheTotalsEqualToTheRows(seed: UInt64) throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        try store.addCategory(named: "Rent", monthlyBudget: money("900"), from: Month(iso: "2025-01")!, rollover: true)
        let shell = try Connection(path: dir.file("budget.sqlite3"))
        try shell.execute("PRAGMA foreign_keys = OFF; PRAGMA busy_timeout = 5000")
        var random = SeededGenerator(seed: seed &* 104_729)
        for step in 0..<Self.steps {
            try MonthTotalsWriter(store: store, shell: shell, dir: dir).randomWrite(step: step, using: &random)
            try expectTotalsMatchRows(store, "step \(step)")
            if step % 50 == 49 { try expectReportsMatchRows(store, dir: dir) }
        }
        try expectReportsMatchRows(store, dir: dir)
    }

    @Test func aBulkImportThenItsLargeUndoAndRedoKeepTheTotals() throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        let rows = (1...(BulkImportLimits.rowsBeforePausingLog + 1)).map { "2026-0\($0 % 3 + 1)-02,\($0).00,Food,Shop \($0)" }
        var reader = ImportReader(file: "in.csv", options: ImportOptions(), text: "date,amount,category,payee\n" + rows.joined(separator: "\n") + "\n")
        try store.importTransactions(from: &reader)
        try expectTotalsMatchRows(store, "import")
        #expect(try store.connection.int64("SELECT row_count FROM category_months WHERE category_id = 1 AND month = '2026-02'") == 334)
        try store.undo()
        try expectTotalsMatchRows(store, "undo")
        try store.redo()
        try expectTotalsMatchRows(store, "redo")
        try expectReportsMatchRows(store, dir: dir)
    }

    @Test func aTotalThatWouldOverflowIsFlaggedAndTheReportThrowsAsFromTheRows() throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        let shell = try Connection(path: dir.file("budget.sqlite3"))
        for _ in 0..<2 {
            try shell.execute("INSERT INTO transactions (date, amount, category_id) VALUES ('2026-01-09', 9223372036854775000, 1)")
        }
        #expect(try MonthTotals.hasOverflow(in: store.connection))
        #expect(throws: BudgetError.totalTooLarge) { try store.monthlyReport(for: Month(iso: "2026-01")!) }
        try shell.execute("DELETE FROM transactions WHERE amount = 9223372036854775000")
        // The key keeps its other rows (Lunch), so its flag stays until it is computed again;
        // meanwhile the report reads the rows, which fit again.
        #expect(try store.connection.int64("SELECT count(*) FROM category_months WHERE overflowed <> 0") == 1)
        #expect(try store.monthlyReport(for: Month(iso: "2026-01")!).expenses.first { $0.category == "Food" }?.actual == money("32.50"))
        try store.rebuildMonthTotals()
        #expect(try !MonthTotals.hasOverflow(in: store.connection))
        try expectTotalsMatchRows(store, "rebuilt")
    }

    @Test func checkReportsATotalThatDiffersFromItsRowsAndTheRebuildMendsIt() throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        #expect(try store.check() == [])
        let shell = try Connection(path: dir.file("budget.sqlite3"))
        try shell.execute("UPDATE category_months SET amount_sum = amount_sum + 1 WHERE category_id = 1 AND month = '2026-01'")
        try shell.execute("DELETE FROM transfer_months")
        #expect(try store.check() == [.monthTotalDiffers(table: "category_months", month: "2026-01"),
                                      .monthTotalDiffers(table: "transfer_months", month: "2026-01")])
        let before = try dumpOfEveryTable(store).filter { !MonthTotals.tableNames.contains($0.key) }
        try store.rebuildMonthTotals()
        #expect(try store.check() == [])
        #expect(try dumpOfEveryTable(store).filter { !MonthTotals.tableNames.contains($0.key) } == before)
        try expectTotalsMatchRows(store, "rebuild")
    }

    @Test func aVersion1BookMigratesWithTotalsEqualToItsRows() throws {
        let dir = TemporaryDirectory()
        let store = try BudgetStore(path: copyOfFixtureBook("book-v1.sqlite3", in: dir))
        try expectTotalsMatchRows(store, "book-v1")
        #expect(try store.connection.int64("SELECT count(*) FROM category_months")! > 0)
        try expectReportsMatchRows(store, dir: dir)
    }

    /// A bulk import's sums are added in memory (``MonthTotals/addNewRows(above:in:)``), or by
    /// SQL when the new rows hold what that does not take: in every case the tables end as
    /// computing them from scratch makes them. The new rows go in with triggers off, as a bulk
    /// import files them, on top of a book whose months already have sums.
    @Test(arguments: [
        ("plain rows, transfers and a split", [
            "INSERT INTO transactions (id, date, amount, category_id, account_id) VALUES (101, '2026-01-20', 500, 1, 1), (102, '2026-01-21', -75, 1, 2), (103, '2026-03-01', 900, 3, 1)",
            "INSERT INTO transactions (id, date, amount, transfer_account_id, account_id) VALUES (104, '2026-01-22', 4000, 2, 1), (105, '2026-01-23', 100, 1, 2)",
            "INSERT INTO transactions (id, date, amount, account_id) VALUES (106, '2026-01-24', 30, 2)",
            "INSERT INTO transaction_splits (transaction_id, position, category_id, amount, date) VALUES (106, 0, 1, 10, '2026-01-24'), (106, 1, 2, 20, '2026-01-24')",
        ]),
        ("a sum that leaves 64 bits", [
            "INSERT INTO transactions (id, date, amount, category_id) VALUES (101, '2026-01-09', 9223372036854775000, 1), (102, '2026-01-10', 9223372036854775000, 1)",
        ]),
        ("an amount that is not an integer", ["INSERT INTO transactions (id, date, amount, category_id) VALUES (101, '2026-01-09', 2.5, 1)"]),
        ("dates whose month is not ASCII, or short", [
            "INSERT INTO transactions (id, date, amount, category_id) VALUES (101, 'é026-01-09', 100, 1), (102, '2026', 7, 1)",
        ]),
        ("more keys than it keeps", [
            "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 70000) INSERT INTO transactions (id, date, amount, category_id) SELECT 101 + i, 'd' || i, 1, 1 FROM n",
        ]),
    ] as [(String, [String])])
    func aBulkImportsSumsEqualTheSumsFromScratch(_ label: String, _ statements: [String]) throws {
        let dir = TemporaryDirectory()
        let store = try sampleBook(in: dir)
        let connection = store.connection
        let maxID = try #require(try connection.int64("SELECT max(id) FROM transactions"))
        #expect(maxID < 101)
        func tables() throws -> [String] {
            try connection.prepare("""
                SELECT 'c ' || category_id || ' ' || month || ' ' || account_id || ' ' || amount_sum || ' ' || row_count || ' ' || overflowed
                FROM category_months
                UNION ALL
                SELECT 't ' || account_id || ' ' || transfer_account_id || ' ' || month || ' ' || amount_sum || ' ' || row_count || ' ' || overflowed
                FROM transfer_months ORDER BY 1
                """).map { $0.text(0) }
        }
        try connection.inTransaction {
            try connection.withTriggersOff {
                for sql in statements { try connection.execute(sql) }
            }
            try MonthTotals.refresh(afterAddingAbove: maxID, in: connection)
        }
        let added = try tables()
        try connection.inTransaction { try MonthTotals.rebuild(in: connection) }
        #expect(added == (try tables()), "\(label)")
        if label.hasPrefix("plain") { try expectTotalsMatchRows(store, label) }
    }
}

/// The tables as they are, and as a `GROUP BY` over the rows makes them.
func expectTotalsMatchRows(_ store: BudgetStore, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let connection = store.connection
    let stored = try connection.prepare("""
        SELECT category_id || ' ' || month || ' ' || account_id || ' ' || amount_sum || ' ' || row_count || ' ' || overflowed
        FROM category_months ORDER BY category_id, month, account_id
        """).map { $0.text(0) }
    let recomputed = try connection.prepare("""
        SELECT category_id || ' ' || month || ' ' || account_id || ' ' || sum(amount) || ' ' || count(*) || ' 0' FROM (
            SELECT category_id, substr(date, 1, 7) AS month, account_id, amount FROM transactions WHERE category_id IS NOT NULL
            UNION ALL
            SELECT s.category_id, substr(s.date, 1, 7), coalesce(t.account_id, 0), s.amount
            FROM transaction_splits AS s LEFT JOIN transactions AS t ON t.id = s.transaction_id)
        GROUP BY category_id, month, account_id ORDER BY category_id, month, account_id
        """).map { $0.text(0) }
    #expect(stored == recomputed, "category_months after \(context)", sourceLocation: sourceLocation)
    let storedTransfers = try connection.prepare("""
        SELECT account_id || ' ' || transfer_account_id || ' ' || month || ' ' || amount_sum || ' ' || row_count || ' ' || overflowed
        FROM transfer_months ORDER BY account_id, transfer_account_id, month
        """).map { $0.text(0) }
    let recomputedTransfers = try connection.prepare("""
        SELECT account_id || ' ' || transfer_account_id || ' ' || substr(date, 1, 7) || ' ' || sum(amount) || ' ' || count(*) || ' 0'
        FROM transactions WHERE transfer_account_id IS NOT NULL
        GROUP BY account_id, transfer_account_id, substr(date, 1, 7) ORDER BY 1
        """).map { $0.text(0) }
    #expect(storedTransfers.sorted() == recomputedTransfers.sorted(), "transfer_months after \(context)", sourceLocation: sourceLocation)
}

/// Every month's report (book and per account) and the trend, read from the totals, equal to
/// the same read from the rows (a copy of the book whose totals are flagged untrustworthy).
func expectReportsMatchRows(_ store: BudgetStore, dir: TemporaryDirectory, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let copy = dir.file("rows-\(UInt32.random(in: 0...UInt32.max)).sqlite3")
    try store.connection.execute("VACUUM INTO '\(copy)'")
    let rows = try BudgetStore(path: copy)
    try rows.connection.execute("INSERT INTO transfer_months VALUES (-1, -1, '0000-00', 0, 1, 1)")
    #expect(try MonthTotals.hasOverflow(in: rows.connection))
    let accounts = try [nil] + store.allAccounts(includingClosed: true).map(\.name)
    let range = try store.connection.prepare("SELECT min(substr(date, 1, 7)), max(substr(date, 1, 7)) FROM transactions WHERE date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-*'")
        .first([]) { (Month(iso: $0.isNull(0) ? "2026-01" : $0.text(0))!, Month(iso: $0.isNull(1) ? "2026-01" : $0.text(1))!) }!
    for account in accounts {
        for month in range.0.previous!...range.1.next! {
            #expect(try store.monthlyReport(for: month, account: account) == rows.monthlyReport(for: month, account: account),
                    "\(month) \(account ?? "book")", sourceLocation: sourceLocation)
        }
        #expect(try store.trendReport(from: range.0, to: range.1, account: account) == rows.trendReport(from: range.0, to: range.1, account: account),
                sourceLocation: sourceLocation)
    }
    for month in range.0...range.1.next! {
        for day in [month.firstDay, month.firstDay.adding(days: 14), month.lastDay] {
            #expect(try store.accounts(on: day, includingClosed: true) == rows.accounts(on: day, includingClosed: true), "\(day)",
                    sourceLocation: sourceLocation)
        }
    }
    #expect(try store.netWorthReport(from: range.0, to: range.1) == rows.netWorthReport(from: range.0, to: range.1), sourceLocation: sourceLocation)
}

/// The months a large undo or sync brings up to date (``MonthTotals/Touched``):
/// read from the changeset's dates in place and from ranges of the touched ids.
@Suite struct MonthTotalsTouchedMonthsTests {
    @Test(arguments: [
        ([], []),
        ([5], [5...5]),
        ([9, 3, 4, 5], [3...9]),
        ([3, 4, 5, 30], [3...5, 30...30]),
        ([1, 17, 18, 40], [1...18, 40...40]),
        ([7, 7, 7], [7...7]),
        ([.max, .min, -1], [.min ... .min, -1 ... -1, .max ... .max]),
    ] as [([Int64], [ClosedRange<Int64>])])
    func idsCloseTogetherShareARange(ids: [Int64], ranges: [ClosedRange<Int64>]) {
        #expect(MonthTotals.idRanges(ids) == ranges)
    }

    /// A joining book applies one file of more than 64 KB (triggers off, months brought up to
    /// date by hand), then another: amounts changed in place (their month is only in the book),
    /// dates moved out of months (the old month only in the changeset), rows deleted, ids
    /// scattered further apart than a range's gap.
    @Test func aLargeSyncedFileOfEditsMovesAndDeletesKeepsTheJoinersTotals() throws {
        let dir = TemporaryDirectory()
        let shared = dir.file("shared")
        mkdir(shared, 0o700)
        let anna = try sampleBook(in: dir, "anna.sqlite3")
        let rows = (1...1_500).map { "2026-0\($0 % 6 + 1)-1\($0 % 9),\($0).25,Food,Shop \($0)" }
        var reader = ImportReader(file: "in.csv", options: ImportOptions(),
                                  text: "date,amount,category,payee\n" + rows.joined(separator: "\n") + "\n")
        try anna.importTransactions(from: &reader)
        _ = try anna.sync(folder: shared)
        let ben = try dir.store("ben.sqlite3")
        _ = try ben.sync(folder: shared)
        try expectTotalsMatchRows(ben, "joined")
        // Moves and deletes only in 2026-01: the other months' edits change amounts only, so
        // no date of theirs is in the changeset.
        let rowsByID = try anna.connection.prepare("SELECT id, substr(date, 1, 7) FROM transactions WHERE payee LIKE 'Shop %' ORDER BY id")
            .map { ($0.int64(0), $0.text(1)) }
        try anna.write {
            for (index, (id, month)) in rowsByID.enumerated() {
                switch (month, index % 40) {
                case ("2026-01", 0...3): try anna.deleteTransactions(ids: [id])
                case ("2026-01", 4...11): try anna.editTransaction(id: id, TransactionChanges(date: Day(iso: "2025-12-24")!))
                default: try anna.editTransaction(id: id, TransactionChanges(amount: money("\(index).50")))
                }
            }
        }
        _ = try anna.sync(folder: shared)
        _ = try ben.sync(folder: shared)
        // Both the first file and the edits' were applied with triggers off (over 64 KB).
        #expect(try ben.connection.int64("SELECT count(*) FROM history WHERE received = 1 AND length(changeset) > 65536") == 2)
        try expectTotalsMatchRows(ben, "applied")
        try expectReportsMatchRows(ben, dir: dir)
    }
}
