#if canImport(Glibc)
import Glibc
#endif

/// Issue 10's figures: `budget accounts` with balances over 1,000,000 transactions, `budget add`
/// and `budget transfer` as whole processes, and migrating a 1,000,000-row version 1 book; each
/// beside the sqlite3 shell doing the least the same work needs.
struct AccountBenchmarks {
    let fixtures: Fixtures

    func run() {
        accountsOnAMillionRows()
        addAndTransferAsWholeProcesses()
        migratingAMillionRowVersion1Book()
    }

    /// `budget accounts --format csv` on a book of 1,000,000 transactions in three accounts
    /// (plus 10,000 transfers between them) against the shell's `GROUP BY account_id` sum on a
    /// plain two-column table of as many rows holding only the index that query needs.
    func accountsOnAMillionRows(runs: Int = 20) {
        let path = fixtures.largeBook(named: "accounts.sqlite3", rows: 1_000_000)
        Processes.mustRun([fixtures.budget, "--db", path, "add-account", "Savings", "--type", "savings", "--opening", "1000", "--on", "2022-01-01"])
        Processes.mustRun([fixtures.budget, "--db", path, "add-account", "Visa", "--type", "credit"])
        Processes.mustRun([fixtures.sqlite3, path, """
            INSERT INTO change_log_pause VALUES (1);
            UPDATE transactions SET account_id = 1 + id % 3;
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 9999)
            INSERT INTO transactions (date, amount, category_id, account_id, transfer_account_id)
            SELECT date('2022-01-01', '+' || (i * 1826 / 10000) || ' days'), 100 + i, NULL, 1 + i % 3, 1 + (i + 1) % 3 FROM n;
            DELETE FROM change_log_pause;
            INSERT INTO change_log (entity, row_id) VALUES ('reload', NULL);
            ANALYZE;
            """])
        let plain = fixtures.folder + "/accounts-baseline.sqlite3"
        Processes.mustRun([fixtures.sqlite3, plain, """
            CREATE TABLE t (account_id INTEGER NOT NULL, amount INTEGER NOT NULL);
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 1009999)
            INSERT INTO t SELECT 1 + i % 3, (i * 7919) % 20000 + 1 FROM n;
            CREATE INDEX t_by_account ON t(account_id, amount);
            ANALYZE;
            """])
        let query = "SELECT account_id, sum(amount) FROM t GROUP BY account_id"
        var budget = Samples(), shell = Samples()
        for index in 0..<(runs + 3) {
            let b = Processes.run([fixtures.budget, "--db", path, "accounts", "--date", "2026-12-31", "--format", "csv"])
            let s = Processes.run([fixtures.sqlite3, "-csv", plain, query])
            precondition(b.status == 0 && s.status == 0, "accounts failed")
            if index >= 3 { budget.add(b.seconds); shell.add(s.seconds) }
        }
        say("budget accounts (1M rows):      \(milliseconds(budget.median)) median   baseline sqlite3 shell GROUP BY: \(milliseconds(shell.median))   ratio \(ratio(budget.median, shell.median)) (target <= 2x)")
    }

    /// `budget add` and `budget transfer` against the sqlite3 shell inserting one row into the
    /// same book, alternating, on a book with two accounts.
    func addAndTransferAsWholeProcesses(runs: Int = 60) {
        let path = fixtures.folder + "/add-transfer.sqlite3"
        Processes.mustRun([fixtures.budget, "--db", path, "add-category", "Food", "300"])
        Processes.mustRun([fixtures.budget, "--db", path, "add-account", "Savings", "--type", "savings"])
        let plain = fixtures.plainBook(named: "add-transfer-baseline.sqlite3", copying: path)
        let insert = Fixtures.baselineSettings
            + "INSERT INTO transactions (date, amount, category_id, payee, note) VALUES ('2026-11-21', 1250, 1, 'Lunch', '')"
        var add = Samples(), transfer = Samples(), shell = Samples()
        for index in 0..<(runs + 5) {
            let a = Processes.run([fixtures.budget, "--db", path, "add", "12.50", "Food", "Lunch", "--date", "2026-11-21"])
            let s = Processes.run([fixtures.sqlite3, plain, insert])
            let t = Processes.run([fixtures.budget, "--db", path, "transfer", "50", "Main", "Savings", "--date", "2026-11-21"])
            precondition(a.status == 0 && s.status == 0 && t.status == 0, "add or transfer failed")
            if index >= 5 { add.add(a.seconds); shell.add(s.seconds); transfer.add(t.seconds) }
        }
        say("budget add (whole process):     \(milliseconds(add.median)) median   baseline sqlite3 shell insert: \(milliseconds(shell.median))   ratio \(ratio(add.median, shell.median)) (target <= 1.1x)")
        say("budget transfer (whole process): \(milliseconds(transfer.median)) median   baseline sqlite3 shell insert: \(milliseconds(shell.median))   ratio \(ratio(transfer.median, shell.median)) (target <= 1.1x)")
    }

    /// Opening a version 1 book (made by budget 0.1.0: the test fixture) grown to 1,000,000
    /// transactions, which migrates it to the latest schema in one transaction, against the
    /// shell copying its transactions into a table of the new shape with the same indexes.
    func migratingAMillionRowVersion1Book(runs: Int = 3) {
        let fixture = Self.repository + "/Tests/BudgetKitTests/Fixtures/book-v1.sqlite3"
        let grow = """
            INSERT INTO change_log_pause VALUES (1);
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 999999)
            INSERT INTO transactions (date, amount, category_id, payee, note)
            SELECT date('2022-01-01', '+' || (i * 1826 / 1000000) || ' days'), (i * 7919) % 20000 + 1, 1 + i % 4, 'Payee ' || (i % 500), ''
            FROM n;
            DELETE FROM change_log_pause;
            """
        let source = fixtures.folder + "/v1-million.sqlite3"
        Processes.mustRun(["/bin/cp", fixture, source])
        Processes.mustRun([fixtures.sqlite3, source, grow])
        let copy = """
            BEGIN;
            CREATE TABLE t (id INTEGER PRIMARY KEY, date TEXT NOT NULL, amount INTEGER NOT NULL, category_id INTEGER,
                payee TEXT NOT NULL DEFAULT '', note TEXT NOT NULL DEFAULT '', import_key TEXT UNIQUE,
                account_id INTEGER NOT NULL DEFAULT 1, transfer_account_id INTEGER, reconciled_on TEXT);
            INSERT INTO t (id, date, amount, category_id, payee, note, import_key, account_id)
                SELECT id, date, amount, category_id, payee, note, import_key, 1 FROM transactions ORDER BY id;
            DROP TABLE transactions;
            CREATE INDEX t_by_date ON t(date);
            CREATE INDEX t_by_category ON t(category_id, date, amount);
            CREATE INDEX t_by_account ON t(account_id, category_id, date, amount);
            COMMIT;
            """
        var budget = Samples(), shell = Samples()
        for index in 0..<runs {
            let book = fixtures.folder + "/v1-migrate-\(index).sqlite3", plain = fixtures.folder + "/v1-copy-\(index).sqlite3"
            Processes.mustRun(["/bin/cp", source, book])
            Processes.mustRun(["/bin/cp", source, plain])
            let b = Processes.run([fixtures.budget, "--db", book, "accounts"])
            let s = Processes.run([fixtures.sqlite3, plain, copy])
            precondition(b.status == 0 && s.status == 0, "migration failed")
            budget.add(b.seconds)
            shell.add(s.seconds)
            _ = system("rm -f '\(book)'* '\(plain)'*")
        }
        say("migrating a 1M-row v1 book:     \(milliseconds(budget.median)) median   baseline sqlite3 shell table copy: \(milliseconds(shell.median))   ratio \(ratio(budget.median, shell.median)) (target <= 10 s)")
    }

    /// The repository this file is in (the fixture book is in its tests): this file is
    /// `Sources/budget-bench/AccountBenchmarks.swift` in it.
    static var repository: String {
        var path = Substring(#filePath)
        for _ in 0..<3 { path = path[..<(path.lastIndex(of: "/") ?? path.startIndex)] }
        return String(path)
    }
}
