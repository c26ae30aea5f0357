#if canImport(Glibc)
import Glibc
#endif

/// Issue 4's import figure and issue "Trust" item 14's: importing 1,000,000 rows (time and
/// peak memory) beside the sqlite3 shell doing the same work, and inputs that never end, which
/// must stop with an error (exit 65) at a flat, small peak memory.
struct ImportBenchmarks {
    let fixtures: Fixtures

    func run() {
        let source = fixtures.largeBook(named: "import-source.sqlite3", rows: 1_000_000)
        importMillionRows(from: source)
        endlessInputs()
    }

    /// `budget import` of an exported file against `.import` into a staging table plus the
    /// INSERT ... SELECT that files it: alternating, each into a fresh book, median of three.
    /// Peak resident memory of both processes too (the largest of the runs).
    func importMillionRows(from source: String, runs: Int = 3) {
        let csv = fixtures.folder + "/export.csv"
        Processes.mustRun([fixtures.budget, "--db", source, "export", "--format", "csv"], stdoutPath: csv)
        let filing = """
            .import --csv \(csv) staging
            INSERT INTO transactions (date, amount, category_id, payee, note)
            SELECT s.date, CAST(replace(s.amount, '.', '') AS INTEGER), c.id, s.payee, s.note
            FROM staging AS s JOIN categories AS c ON c.name_key = lower(s.category);
            """
        let script = fixtures.folder + "/import.sql"
        writeFile(script, "BEGIN;\n" + filing + "\nCOMMIT;\n")
        var budget = Samples(), shell = Samples()
        var budgetPeak = 0, shellPeak = 0
        for run in 0..<runs {
            let target = fixtures.largeBook(named: "import-target-\(run).sqlite3", rows: 0)
            let baseline = fixtures.largeBook(named: "import-baseline-\(run).sqlite3", rows: 0)
            let s = Processes.measure([fixtures.sqlite3, baseline], stdinPath: script)
            let b = Processes.measure([fixtures.budget, "--db", target, "import", csv])
            precondition(s.status == 0 && b.status == 0, "import failed")
            budget.add(b.seconds)
            shell.add(s.seconds)
            budgetPeak = max(budgetPeak, b.peakBytes)
            shellPeak = max(shellPeak, s.peakBytes)
            _ = system("rm -f '\(target)'* '\(baseline)'*")
        }
        // Not a baseline (it writes budget's own schema, indexes and triggers): what SQLite alone
        // spends on the same filing, to tell our own code's share from the schema's.
        say("import 1M rows: \(milliseconds(budget.median)) median of \(runs)   for scale, not a baseline: sqlite3 .import + INSERT ... SELECT into budget's own schema: \(milliseconds(shell.median))   ratio \(ratio(budget.median, shell.median))")
        // Not a baseline either: the least SQLite itself does to hold these rows as budget's schema
        // does (its transactions table with the unique import key, computed in SQL, and its four
        // other indexes, built after the load as the import builds them; no trigger, no history).
        // No import into this schema can go below it.
        let floorScript = fixtures.folder + "/floor.sql"
        writeFile(floorScript, """
            CREATE TABLE t (id INTEGER PRIMARY KEY, date TEXT NOT NULL, amount INTEGER NOT NULL, category_id INTEGER,
                            payee TEXT NOT NULL DEFAULT '', note TEXT NOT NULL DEFAULT '', import_key TEXT UNIQUE,
                            account_id INTEGER NOT NULL DEFAULT 1, transfer_account_id INTEGER, reconciled_on TEXT);
            CREATE TEMP TABLE staging (id, date, amount, category, payee, note, kind, account, transfer_account, split, split_note, reconciled, transfer_reconciled);
            BEGIN;
            .import --csv --skip 1 \(csv) staging
            INSERT INTO t (date, amount, category_id, payee, note, import_key)
            SELECT date, CAST(replace(amount, '.', '') AS INTEGER), length(category), payee, note,
                   'default|' || date || '|' || amount || '|' || payee || '|' || id FROM staging;
            CREATE INDEX t_by_date ON t(date);
            CREATE INDEX t_by_category_date ON t(category_id, date, amount);
            CREATE INDEX t_by_account ON t(account_id, category_id, date, amount);
            CREATE INDEX t_by_transfer_account ON t(transfer_account_id, account_id, date, amount) WHERE transfer_account_id IS NOT NULL;
            COMMIT;

            """)
        // The sqlite3 shell running `script` on a new file, `runs` times.
        func shellRuns(_ script: String, named name: String) -> Samples {
            var samples = Samples()
            for run in 0..<runs {
                let target = fixtures.folder + "/\(name)-\(run).sqlite3"
                let s = Processes.measure([fixtures.sqlite3, target], stdinPath: script)
                precondition(s.status == 0, "the \(name) .import failed")
                samples.add(s.seconds)
                _ = system("rm -f '\(target)'*")
            }
            return samples
        }
        let floor = shellRuns(floorScript, named: "floor")
        // Issue 11's literal baseline: `.import` into a plain table with one index.
        let plainScript = fixtures.folder + "/plain.sql"
        writeFile(plainScript, """
            CREATE TABLE plain (id, date, amount, category, payee, note, kind, account, transfer_account, split, split_note, reconciled);
            CREATE INDEX plain_by_date ON plain(date);
            BEGIN;
            .import --csv --skip 1 \(csv) plain
            COMMIT;

            """)
        let plain = shellRuns(plainScript, named: "plain")
        say("import 1M rows: \(milliseconds(budget.median))   baseline sqlite3 .import into a plain table with one index: \(milliseconds(plain.median))   ratio \(ratio(budget.median, plain.median)) (target <= 1.5x)")
        say("import 1M rows: \(milliseconds(budget.median))   for scale, not a baseline: the least SQLite does for budget's schema (.import, its import key and indexes, built after the load): \(milliseconds(floor.median)), \(ratio(floor.median, plain.median)) the plain table's")
        say("import 1M rows, peak RSS: \(megabytes(budgetPeak))   baseline sqlite3 shell, same import: \(megabytes(shellPeak)) (target <= 64 MB)")
    }

    /// `budget import -` fed by inputs that never end: each must stop with exit 65, soon, its
    /// memory flat. The baseline is the same command importing a two-row file.
    func endlessInputs() {
        let path = fixtures.largeBook(named: "endless.sqlite3", rows: 0)
        let small = fixtures.folder + "/two-rows.csv"
        writeFile(small, "date,amount,category,payee\n2026-11-21,1.00,Food,A\n2026-11-22,2.00,Food,B\n")
        let floor = Processes.measure([fixtures.budget, "--db", path, "import", small])
        precondition(floor.status == 0, "the two-row import failed")
        let inputs: [(String, String?, [String]?)] = [
            ("/dev/zero", "/dev/zero", nil),
            ("a line that never ends", nil, ["/bin/sh", "-c", "printf 'date,amount\\n'; exec tr '\\000' x < /dev/zero"]),
            ("a quoted field never closed", nil, ["/bin/sh", "-c", "printf 'date,amount\\n\"'; exec tr '\\000' '\\n' < /dev/zero"]),
        ]
        for (label, stdinPath, command) in inputs {
            let run = Processes.measure([fixtures.budget, "--db", path, "import", "-"], stdinPath: stdinPath, stdinCommand: command)
            say("import endless input, \(label): exit \(run.status) after \(milliseconds(run.seconds)), peak RSS \(megabytes(run.peakBytes))   baseline two-row import: \(megabytes(floor.peakBytes)) (target: exit 65, <= 64 MB)")
        }
    }
}
