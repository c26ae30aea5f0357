#if canImport(Glibc)
import Glibc
#endif

/// `budget list` and `budget export` reading a million rows, and `budget rule apply` changing a
/// fifth of them (time and peak memory), each beside the sqlite3 shell doing the same work on
/// plain tables with only the index its query needs, in the same run.
struct ListingBenchmarks {
    let fixtures: Fixtures

    func run() {
        let path = fixtures.largeBook(named: "listing.sqlite3", rows: 1_000_000)
        let plain = fixtures.plainBook(named: "listing-baseline.sqlite3", copying: path,
                                       indexes: ["CREATE INDEX by_date ON transactions (date)"])
        listAndExport(path, plain: plain)
        applyRule(path, plain: plain)
    }

    /// An amount in minor units as text in SQL, by integer arithmetic (`-12.50`), as budget writes it.
    static let amountText = "(CASE WHEN t.amount < 0 THEN '-' ELSE '' END) || (abs(t.amount) / 100) || '.' || substr('0' || (abs(t.amount) % 100), -2)"

    /// Every row, by date then id: the table (`list`) beside the shell's column mode, CSV
    /// (`export`) beside its CSV mode and JSON (`export --format json`) beside its JSON mode,
    /// alternating, median of `runs`, output to /dev/null.
    func listAndExport(_ path: String, plain: String, runs: Int = 5) {
        let rows = """
            SELECT t.id, t.date, \(Self.amountText) AS amount, coalesce(c.name, '') AS category, t.payee, t.note
            FROM transactions AS t LEFT JOIN categories AS c ON c.id = t.category_id ORDER BY t.date, t.id;
            """
        let cases: [(label: String, budget: [String], shell: [String])] = [
            ("budget list (1M rows, table)", ["list"], ["-column", "-header"]),
            ("budget export (1M rows, CSV)", ["export"], ["-csv", "-header"]),
            ("budget export (1M rows, JSON)", ["export", "--format", "json"], ["-json"]),
        ]
        for (label, arguments, mode) in cases {
            var budget = Samples(), shell = Samples()
            for index in 0..<(runs + 1) {
                let b = Processes.run([fixtures.budget, "--db", path] + arguments)
                let s = Processes.run([fixtures.sqlite3] + mode + [plain, rows])
                precondition(b.status == 0 && s.status == 0, "\(label) failed")
                if index >= 1 { budget.add(b.seconds); shell.add(s.seconds) }   // the first run warms the caches
            }
            say("\(label): \(milliseconds(budget.median)) median of \(runs)   baseline sqlite3 shell \(mode[0]) reading the same rows: \(milliseconds(shell.median))   ratio \(ratio(budget.median, shell.median))")
        }
    }

    /// A rule whose pattern matches about 22% of the rows ("payee 1": Payee 1, 10-19, 100-199 of
    /// 500), moving them to Books: `rule apply` and its dry run on fresh copies of the book, peak
    /// resident memory and time, beside the shell's UPDATE (and SELECT) of the same rows.
    func applyRule(_ path: String, plain: String) {
        Processes.mustRun([fixtures.budget, "--db", path, "rule", "add", "payee 1", "Books"])
        let matches = "instr(lower(t.payee), 'payee 1') > 0 AND t.category_id IS NOT 1"
        let select = """
            SELECT t.id, t.date, 'category', coalesce(c.name, ''), 'Books', 1
            FROM transactions AS t LEFT JOIN categories AS c ON c.id = t.category_id WHERE \(matches) ORDER BY t.date, t.id;
            """
        let update = Fixtures.baselineSettings + "UPDATE transactions AS t SET category_id = 1 WHERE \(matches);"
        for dryRun in [true, false] {
            let book = copy(path, to: "rule-apply.sqlite3"), baseline = copy(plain, to: "rule-apply-baseline.sqlite3")
            let b = Processes.measure([fixtures.budget, "--db", book, "rule", "apply"] + (dryRun ? ["--dry-run"] : []))
            let s = Processes.measure([fixtures.sqlite3, "-csv", baseline, dryRun ? select : update])
            precondition(b.status == 0 && s.status == 0, "rule apply failed")
            let label = dryRun ? "budget rule apply --dry-run (1M rows, 22% match)" : "budget rule apply (1M rows, 22% match)"
            say("\(label): peak RSS \(megabytes(b.peakBytes)), \(milliseconds(b.seconds))   baseline sqlite3 shell \(dryRun ? "SELECT" : "UPDATE") of the same rows: peak RSS \(megabytes(s.peakBytes)), \(milliseconds(s.seconds))")
            _ = system("rm -f '\(book)'* '\(baseline)'*")
        }
    }

    /// A copy of a closed book (and its WAL, if one was left) under a new name in the folder.
    func copy(_ path: String, to name: String) -> String {
        let target = fixtures.folder + "/" + name
        _ = system("cp '\(path)' '\(target)' && if [ -f '\(path)-wal' ]; then cp '\(path)-wal' '\(target)-wal'; fi")
        return target
    }
}
