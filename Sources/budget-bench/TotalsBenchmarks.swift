#if canImport(Glibc)
import Glibc
#endif
import BudgetKit

/// Issue 13's figure: the monthly report with rollover over `size` rows of history spread over
/// twenty years (2007-01 ... 2026-12), beside the sqlite3 shell's one-month query on a plain table
/// of the same rows with only the index that query needs, measured in the same run. The report
/// reads the monthly totals, so its time should not grow with the history (`make bench
/// BENCH=totals SIZE=10000000`).
struct TotalsBenchmarks {
    let fixtures: Fixtures
    /// Rows of history (`SIZE`, passed by `make bench` as `BUDGET_BENCH_SIZE`; a million by default).
    let size: Int

    static var sizeFromEnvironment: Int {
        getenv("BUDGET_BENCH_SIZE").flatMap { Int(String(cString: $0)) } ?? 1_000_000
    }

    func run() {
        let book = fixtures.folder + "/totals.sqlite3"
        for category in Fixtures.categories {
            var arguments = [fixtures.budget, "--db", book, "add-category", category, "500", "--from", "2007-01"]
            if category < "H" { arguments.append("--rollover") }
            Processes.mustRun(arguments)
        }
        // 7305 days from 2007-01-01: twenty years; the same rows in the book and the plain table.
        let rows = """
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(size - 1))
            SELECT date('2007-01-01', '+' || (i * 7305 / \(size)) || ' days'), (i * 7919) % 20000 + 1, 1 + i % 12 FROM n
            """
        Processes.mustRun([fixtures.sqlite3, book, """
            INSERT INTO change_log_pause VALUES (1);
            INSERT INTO transactions (date, amount, category_id) \(rows);
            DELETE FROM change_log_pause;
            INSERT INTO change_log (entity, row_id) VALUES ('reload', NULL);
            """])
        let plain = fixtures.folder + "/plain.sqlite3"
        Processes.mustRun([fixtures.sqlite3, plain, """
            CREATE TABLE t (date TEXT NOT NULL, amount INTEGER NOT NULL, category INTEGER NOT NULL);
            INSERT INTO t (date, amount, category) \(rows);
            CREATE INDEX t_by_date ON t(date, category, amount);
            """])
        let query = "SELECT category, sum(amount) FROM t WHERE date BETWEEN '2026-06-01' AND '2026-06-30' GROUP BY category;"
        var budget = Samples(), shell = Samples()
        for index in 0..<23 {
            let b = Processes.run([fixtures.budget, "--db", book, "report", "--month", "2026-06", "--format", "csv"])
            let s = Processes.run([fixtures.sqlite3, "-csv", plain, query])
            precondition(b.status == 0 && s.status == 0, "report failed")
            if index >= 3 { budget.add(b.seconds); shell.add(s.seconds) }
        }
        say("report with rollover over 20 years (\(size) rows), whole process: \(milliseconds(budget.median)) median   baseline sqlite3 shell one-month query, whole process: \(milliseconds(shell.median))   ratio \(ratio(budget.median, shell.median))")
        inProcess(book: book, plain: plain, query: query)
    }

    /// The report's own cost, without a process's start (which alone passes 5 ms): the monthly
    /// report with rollover computed in this process on an open store, beside the query's time
    /// as the sqlite3 shell's `.timer` measures it inside its process. Median of 20 after 3.
    private func inProcess(book: String, plain: String, query: String) {
        guard let store = try? BudgetStore(path: book), let month = Month(iso: "2026-06") else { fatalError("cannot open \(book)") }
        var report = Samples()
        for index in 0..<23 {
            let start = Processes.now()
            guard let lines = try? store.monthlyReport(for: month).lines, !lines.isEmpty else { fatalError("report failed") }
            if index >= 3 { report.add(Processes.now() - start) }
        }
        let script = fixtures.folder + "/totals-timer.sql"
        writeFile(script, ".timer on\n" + String(repeating: query + "\n", count: 23))
        let output = fixtures.folder + "/totals-timer.txt"
        Processes.mustRun([fixtures.sqlite3, "-csv", plain], stdinPath: script, stdoutPath: output)
        var shell = Samples()
        for (index, time) in runTimes(output).enumerated() where index >= 3 { shell.add(time) }
        say("report with rollover over 20 years (\(size) rows), in process: \(milliseconds(report.median)) median   "
            + "baseline sqlite3 shell's .timer for the one-month query: \(milliseconds(shell.median))   ratio \(ratio(report.median, shell.median)) (target <= 5 ms at 10M rows)")
    }

    /// The `real` seconds of each `Run Time:` line the shell's `.timer on` printed.
    private func runTimes(_ path: String) -> [Double] {
        guard let file = fopen(path, "r") else { return [] }
        defer { fclose(file) }
        var times: [Double] = []
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        while getline(&line, &capacity, file) > 0, let line {
            let text = String(cString: line)
            guard text.hasPrefix("Run Time: real ") else { continue }
            if let value = Double(text.dropFirst("Run Time: real ".count).prefix { $0 != " " }) { times.append(value) }
        }
        free(line)
        return times
    }
}
