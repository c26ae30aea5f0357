/// Issue 4's figures: a month's report with history and rollover, and a 12-month trend, each
/// beside the sqlite3 shell doing the equivalent work in the same run (importing 1,000,000 rows
/// is in ``ImportBenchmarks``, the `import` group).
struct ScriptingBenchmarks {
    let fixtures: Fixtures

    func run() {
        let path = fixtures.largeBook(named: "rollover.sqlite3", rows: 1_000_000, rollover: true)
        // The shell's queries run on plain tables with the one index they need.
        let plain = fixtures.plainBook(named: "rollover-baseline.sqlite3", copying: path,
                                       indexes: ["CREATE INDEX by_category ON transactions (category_id, date, amount)"])
        reportWithHistoryAndRollover(path, plain: plain)
        trend(path, plain: plain)
    }

    func compare(_ label: String, target: String, runs: Int, budget arguments: [String], shell query: String, path: String, plain: String) {
        var budget = Samples(), shell = Samples()
        for index in 0..<(runs + 2) {
            let b = Processes.run([fixtures.budget, "--db", path] + arguments)
            let s = Processes.run([fixtures.sqlite3, "-csv", plain, query])
            precondition(b.status == 0 && s.status == 0, "\(label) failed")
            if index >= 2 { budget.add(b.seconds); shell.add(s.seconds) }
        }
        say("\(label): \(milliseconds(budget.median)) median   baseline sqlite3 shell: \(milliseconds(shell.median))   ratio \(ratio(budget.median, shell.median)) (target <= \(target))")
    }

    /// Half the categories roll over: their report sums every earlier month (53 months of budget
    /// from 2022-01, the fixture's first month, minus what was spent).
    func reportWithHistoryAndRollover(_ path: String, plain: String) {
        let query = """
            SELECT c.name, c.kind, b.amount,
                   CASE WHEN c.rollover THEN 53 * b.amount
                        - (SELECT coalesce(sum(t.amount), 0) FROM transactions AS t WHERE t.category_id = c.id AND t.date >= '2022-01-01' AND t.date < '2026-06-01') ELSE 0 END,
                   (SELECT sum(t.amount) FROM transactions AS t WHERE t.category_id = c.id AND t.date BETWEEN '2026-06-01' AND '2026-06-30')
            FROM categories AS c
            JOIN budgets AS b ON b.category_id = c.id AND b.scope = 'from'
                 AND b.month = (SELECT max(month) FROM budgets WHERE category_id = c.id AND scope = 'from' AND month <= '2026-06')
            ORDER BY c.name_key;
            """
        compare("report with history + rollover (1M rows)", target: "2x", runs: 20,
                budget: ["report", "--month", "2026-06", "--format", "csv"], shell: query, path: path, plain: plain)
    }

    func trend(_ path: String, plain: String) {
        let query = """
            SELECT c.name, substr(t.date, 1, 7) AS month, sum(t.amount)
            FROM categories AS c JOIN transactions AS t ON t.category_id = c.id AND t.date BETWEEN '2025-07-01' AND '2026-06-30'
            GROUP BY c.id, month ORDER BY c.name_key, month;
            """
        compare("12-month trend (1M rows)", target: "3x", runs: 10,
                budget: ["report", "--from", "2025-07", "--to", "2026-06", "--format", "csv"], shell: query, path: path, plain: plain)
    }
}

#if canImport(Glibc)
import Glibc
#endif

func writeFile(_ path: String, _ text: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(descriptor >= 0, "cannot write \(path)")
    _ = text.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
    close(descriptor)
}
