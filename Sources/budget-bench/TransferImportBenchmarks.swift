#if canImport(Glibc)
import Glibc
#endif

/// Issue 11's transfers between two accounts: each account's QIF file holds the same 20,000
/// transfers (`L[Savings]` in Giro's, `L[Giro]` in Savings'; one in ten a second transfer of the
/// same day and amount). Importing Giro's files them; importing Savings' then finds every one
/// already there. Each step is timed into a fresh book (median of three) beside the sqlite3
/// shell doing the least of the same work on plain tables: `.import` of the same rows as CSV,
/// and for the second file an `INSERT ... SELECT` of the rows whose other side is not there yet
/// (one index on the columns it matches on, no one-to-one pairing: less than `budget` does).
///
/// Stop 27 found these grew with the square of the transfers (56 s for the first file at this
/// size); the figure keeps that from coming back unseen.
struct TransferImportBenchmarks {
    let fixtures: Fixtures
    let transfers = 20_000

    /// The `index`-th transfer's day (month/day/year, as US Quicken writes it), as ISO text too,
    /// and its amount in cents. Every tenth repeats the one before: a real second transfer.
    func transfer(_ index: Int) -> (qif: String, iso: String, cents: Int) {
        let base = index % 10 == 9 ? index - 1 : index
        let day = 1 + base % 28, month = 1 + (base / 28) % 12, year = 2000 + base / 336
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return ("\(twoDigits(month))/\(twoDigits(day))/\(year)", "\(year)-\(twoDigits(month))-\(twoDigits(day))",
                (base * 7919) % 50_000 + 100)
    }

    static func decimal(_ cents: Int) -> String {
        let fraction = cents % 100
        return "\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// One account's register: each transfer leaving it (`sign` -1) or reaching it (+1).
    func register(account: String, other: String, sign: Int) -> String {
        var text = "!Account\nN\(account)\nTBank\n^\n!Type:Bank\n"
        for index in 0..<transfers {
            let (day, _, cents) = transfer(index)
            text += "D\(day)\nT\(sign < 0 ? "-" : "")\(Self.decimal(cents))\nPTransfer \(index % 500)\nL[\(other)]\n^\n"
        }
        return text
    }

    /// The same rows as the shell's CSV: day, amount in cents, account, the other account.
    func csv(account: String, other: String) -> String {
        var text = ""
        for index in 0..<transfers {
            let (_, day, cents) = transfer(index)
            text += "\(day),\(cents),\(account),\(other),Transfer \(index % 500)\n"
        }
        return text
    }

    func run(runs: Int = 3) {
        let giro = fixtures.folder + "/giro.qif", savings = fixtures.folder + "/savings.qif"
        writeFile(giro, register(account: "Giro", other: "Savings", sign: -1))
        writeFile(savings, register(account: "Savings", other: "Giro", sign: 1))
        let giroCSV = fixtures.folder + "/giro-transfers.csv", savingsCSV = fixtures.folder + "/savings-transfers.csv"
        writeFile(giroCSV, csv(account: "Giro", other: "Savings"))
        writeFile(savingsCSV, csv(account: "Giro", other: "Savings"))
        let firstScript = fixtures.folder + "/transfers-first.sql", secondScript = fixtures.folder + "/transfers-second.sql"
        writeFile(firstScript, """
            PRAGMA journal_mode = WAL;
            CREATE TABLE plain (id INTEGER PRIMARY KEY, date TEXT, amount INTEGER, account TEXT, transfer_account TEXT, payee TEXT);
            CREATE INDEX plain_by_date_amount ON plain (date, amount);
            CREATE TEMP TABLE staging (date TEXT, amount INTEGER, account TEXT, transfer_account TEXT, payee TEXT);
            BEGIN;
            .import --csv \(giroCSV) staging
            INSERT INTO plain (date, amount, account, transfer_account, payee) SELECT * FROM staging;
            COMMIT;

            """)
        writeFile(secondScript, """
            CREATE TEMP TABLE staging (date TEXT, amount INTEGER, account TEXT, transfer_account TEXT, payee TEXT);
            BEGIN;
            .import --csv \(savingsCSV) staging
            INSERT INTO plain (date, amount, account, transfer_account, payee)
            SELECT * FROM staging AS s WHERE NOT EXISTS (
                SELECT 1 FROM plain AS p WHERE p.date = s.date AND p.amount = s.amount
                AND p.account = s.account AND p.transfer_account = s.transfer_account);
            COMMIT;

            """)
        var first = Samples(), second = Samples(), shellFirst = Samples(), shellSecond = Samples()
        var peak = 0
        for run in 0..<runs {
            let book = fixtures.folder + "/transfers-\(run).sqlite3"
            Processes.mustRun([fixtures.budget, "--db", book, "add-category", "Food", "300"])
            Processes.mustRun([fixtures.budget, "--db", book, "add-account", "Giro"])
            Processes.mustRun([fixtures.budget, "--db", book, "add-account", "Savings", "--type", "savings"])
            let a = Processes.measure([fixtures.budget, "--db", book, "-q", "import", giro, "--date-order", "mdy"])
            let b = Processes.measure([fixtures.budget, "--db", book, "-q", "import", savings, "--date-order", "mdy"])
            precondition(a.status == 0 && b.status == 0, "a transfers import failed: exit \(a.status), \(b.status)")
            first.add(a.seconds)
            second.add(b.seconds)
            peak = max(peak, a.peakBytes, b.peakBytes)
            let plain = fixtures.folder + "/transfers-plain-\(run).sqlite3"
            let s1 = Processes.measure([fixtures.sqlite3, plain], stdinPath: firstScript)
            let s2 = Processes.measure([fixtures.sqlite3, plain], stdinPath: secondScript)
            precondition(s1.status == 0 && s2.status == 0, "the shell's transfers import failed")
            shellFirst.add(s1.seconds)
            shellSecond.add(s2.seconds)
            _ = system("rm -f '\(book)'* '\(plain)'*")
        }
        say("import transfers, \(transfers / 1000)k from Giro's QIF file: \(milliseconds(first.median)) median of \(runs)   "
            + "baseline sqlite3 .import of the same rows into a plain table with one index: \(milliseconds(shellFirst.median))   "
            + "ratio \(ratio(first.median, shellFirst.median))")
        say("import transfers, then Savings' file (every one found there already): \(milliseconds(second.median))   "
            + "baseline .import plus INSERT of the rows not there (no pairing): \(milliseconds(shellSecond.median))   "
            + "ratio \(ratio(second.median, shellSecond.median)); peak RSS \(megabytes(peak))")
    }
}
