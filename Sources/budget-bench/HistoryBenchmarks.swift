#if canImport(Glibc)
import Glibc
#endif

/// Issue 12's figures (group `history`): what recording history costs `budget add` and a
/// 1,000,000-row import (beside the same binary with history off, `BUDGET_BENCH_NO_HISTORY=1`),
/// undoing that import (beside the import), and applying 100,000 synced rows (beside the
/// sqlite3 shell inserting the same rows into a plain table).
struct HistoryBenchmarks {
    let fixtures: Fixtures

    func run() {
        addCost()
        importAndUndo()
        applyingSyncedRows()
    }

    /// Runs `body` with history off in the processes it starts.
    private func withoutHistory<T>(_ body: () -> T) -> T {
        setenv("BUDGET_BENCH_NO_HISTORY", "1", 1)
        defer { unsetenv("BUDGET_BENCH_NO_HISTORY") }
        return body()
    }

    /// `budget add` into a 100,000-row book, alternating with and without history, median of 40.
    func addCost(runs: Int = 40) {
        let book = fixtures.largeBook(named: "history-add.sqlite3", rows: 100_000)
        var with = Samples(), without = Samples()
        for _ in 0..<runs {
            let arguments = [fixtures.budget, "--db", book, "-q", "add", "12.50", "Food", "--payee", "Bench"]
            with.add(Processes.measure(arguments).seconds)
            without.add(withoutHistory { Processes.measure(arguments) }.seconds)
        }
        say("history: budget add: \(milliseconds(with.median)) median of \(runs)   baseline without history: \(milliseconds(without.median))   ratio \(ratio(with.median, without.median)) (target <= 1.10x)")
    }

    /// A 1,000,000-row import with and without history (median of 2 each), then `budget undo`
    /// of it beside the import's time.
    func importAndUndo(runs: Int = 2) {
        let source = fixtures.largeBook(named: "history-import-source.sqlite3", rows: 1_000_000)
        let csv = fixtures.folder + "/history-export.csv"
        Processes.mustRun([fixtures.budget, "--db", source, "export", "--format", "csv"], stdoutPath: csv)
        var with = Samples(), without = Samples(), undo = Samples()
        for run in 0..<runs {
            let plain = fixtures.largeBook(named: "history-plain-\(run).sqlite3", rows: 0)
            let recorded = fixtures.largeBook(named: "history-recorded-\(run).sqlite3", rows: 0)
            let p = withoutHistory { Processes.measure([fixtures.budget, "--db", plain, "-q", "import", csv]) }
            let r = Processes.measure([fixtures.budget, "--db", recorded, "-q", "import", csv])
            let u = Processes.measure([fixtures.budget, "--db", recorded, "-q", "undo"])
            precondition(p.status == 0 && r.status == 0 && u.status == 0, "import or undo failed")
            without.add(p.seconds)
            with.add(r.seconds)
            undo.add(u.seconds)
            _ = system("rm -f '\(plain)'* '\(recorded)'*")
        }
        say("history: import 1M rows: \(milliseconds(with.median)) median of \(runs)   baseline without history: \(milliseconds(without.median))   ratio \(ratio(with.median, without.median)) (target <= 1.10x)")
        say("history: undo of the 1M-row import: \(milliseconds(undo.median))   baseline the import: \(milliseconds(with.median))   ratio \(ratio(undo.median, with.median)) (target <= 2x)")
    }

    /// A book of 100,000 transactions syncs into a folder (its first file holds every row); a
    /// new book joins, applying them, beside the sqlite3 shell inserting the same rows into a
    /// plain table in one transaction.
    func applyingSyncedRows(rows: Int = 100_000) {
        let founder = fixtures.largeBook(named: "history-founder.sqlite3", rows: rows)
        let shared = fixtures.folder + "/history-shared"
        mkdir(shared, 0o700)
        Processes.mustRun([fixtures.budget, "--db", founder, "-q", "sync", shared])
        let joiner = fixtures.folder + "/history-joiner.sqlite3"
        let joining = Processes.measure([fixtures.budget, "--db", joiner, "-q", "sync", "--join", shared])
        precondition(joining.status == 0, "the joining sync failed")
        let rowsSQL = fixtures.folder + "/history-rows.sql"
        Processes.mustRun([fixtures.sqlite3, founder, ".mode insert plain", "SELECT * FROM transactions"], stdoutPath: rowsSQL)
        let script = fixtures.folder + "/history-insert.sql"
        let rowsText = readFile(rowsSQL)
        writeFile(script, """
            CREATE TABLE plain (id INTEGER PRIMARY KEY, date TEXT, amount INTEGER, category_id INTEGER, payee TEXT, note TEXT,
                                import_key TEXT, account_id INTEGER, transfer_account_id INTEGER, reconciled_on TEXT,
                                transfer_reconciled_on TEXT);
            BEGIN;
            \(rowsText)
            COMMIT;
            """)
        let baseline = fixtures.folder + "/history-plain.sqlite3"
        let shell = Processes.measure([fixtures.sqlite3, baseline], stdinPath: script)
        precondition(shell.status == 0, "the shell's inserts failed")
        say("history: apply \(rows / 1000)k synced rows (budget sync joining): \(milliseconds(joining.seconds))   baseline sqlite3 inserting them into a plain table: \(milliseconds(shell.seconds))   ratio \(ratio(joining.seconds, shell.seconds)) (target <= 2x)")
    }

    private func readFile(_ path: String) -> String {
        guard let handle = fopen(path, "rb") else { return "" }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&buffer, 1, buffer.count, handle)
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
