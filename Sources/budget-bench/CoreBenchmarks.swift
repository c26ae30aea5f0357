/// Issue 2's figures: `budget add` as a whole process, and a month's report over 1,000,000 rows.
struct CoreBenchmarks {
    let fixtures: Fixtures

    func run() {
        addAsAWholeProcess()
        monthlyReportOnAMillionRows()
    }

    /// `budget add` against the sqlite3 shell inserting one row into a plain table (no trigger,
    /// no index), alternating.
    func addAsAWholeProcess(runs: Int = 60) {
        let path = fixtures.folder + "/add.sqlite3"
        Processes.mustRun([fixtures.budget, "--db", path, "add-category", "Food", "300"])
        let plain = fixtures.plainBook(named: "add-baseline.sqlite3", copying: path)
        // Not a baseline: the shell's same insert into a book budget made as it made the first, whose schema
        // (indexes, and the triggers that keep the monthly totals for every writer) SQLite loads
        // and runs for any insert. What no `budget add` can go below while the book is this one.
        let own = fixtures.folder + "/add-own-schema.sqlite3"
        Processes.mustRun([fixtures.budget, "--db", own, "add-category", "Food", "300"])
        var budget = Samples(), shell = Samples(), ownSchema = Samples()
        let insert = Fixtures.baselineSettings
            + "INSERT INTO transactions (date, amount, category_id, payee, note) VALUES ('2026-11-21', 1250, 1, 'Lunch', '')"
        for index in 0..<(runs + 5) {
            let b = Processes.run([fixtures.budget, "--db", path, "add", "12.50", "Food", "Lunch", "--date", "2026-11-21"])
            let s = Processes.run([fixtures.sqlite3, plain, insert])
            let o = Processes.run([fixtures.sqlite3, own, insert])
            precondition(b.status == 0 && s.status == 0 && o.status == 0, "add failed")
            if index >= 5 { budget.add(b.seconds); shell.add(s.seconds); ownSchema.add(o.seconds) }   // the first runs warm the caches
        }
        say("budget add (whole process):     \(milliseconds(budget.median)) median   baseline sqlite3 shell insert into a plain table: \(milliseconds(shell.median))   ratio \(ratio(budget.median, shell.median)) (target <= 1.1x)")
        say("budget add (whole process):     \(milliseconds(budget.median)) median   for scale, not a baseline: the same shell insert into budget's own schema (its triggers run): \(milliseconds(ownSchema.median)), \(ratio(ownSchema.median, shell.median)) the plain table's")
    }

    /// `budget report --month` against the sqlite3 shell running the equivalent aggregate query
    /// on plain tables with the one index it needs.
    func monthlyReportOnAMillionRows(runs: Int = 30) {
        let path = fixtures.largeBook(named: "report.sqlite3", rows: 1_000_000)
        let plain = fixtures.plainBook(named: "report-baseline.sqlite3", copying: path,
                                       indexes: ["CREATE INDEX by_category ON transactions (category_id, date, amount)"])
        let query = """
            SELECT c.name, c.kind,
                   (SELECT amount FROM budgets AS b WHERE b.category_id = c.id AND b.scope = 'from' AND b.month <= '2026-06' ORDER BY b.month DESC LIMIT 1),
                   (SELECT sum(t.amount) FROM transactions AS t WHERE t.category_id = c.id AND t.date BETWEEN '2026-06-01' AND '2026-06-30')
            FROM categories AS c ORDER BY c.name;
            """
        var budget = Samples(), shell = Samples()
        for index in 0..<(runs + 3) {
            let b = Processes.run([fixtures.budget, "--db", path, "report", "--month", "2026-06", "--format", "csv"])
            let s = Processes.run([fixtures.sqlite3, "-csv", plain, query])
            precondition(b.status == 0 && s.status == 0, "report failed")
            if index >= 3 { budget.add(b.seconds); shell.add(s.seconds) }
        }
        say("budget report --month (1M rows): \(milliseconds(budget.median)) median   baseline sqlite3 shell query: \(milliseconds(shell.median))   ratio \(ratio(budget.median, shell.median)) (target <= 2x)")
    }
}
