import BudgetKit
import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

/// `budget check` and `budget restore`, and what every command says about a book that is not
/// whole: the exact message, the status, and the file left as it was.
@Suite struct CheckRestoreCommandTests {
    @Test func aHealthyBookChecksOk() {
        let sandbox = Sandbox()
        sandbox.seed()
        let run = sandbox.run("check")
        #expect(run.status == 0)
        #expect(run.stdout == "ok\n")
        #expect(run.stderr == "")
    }

    @Test func aBookDamagedByHandListsEachProblemAndExits1() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        #expect(system("sqlite3 '\(sandbox.database)' \"UPDATE transactions SET date = '2026-02-30' WHERE id = 2\"") == 0)
        let before = sandbox.bytes(sandbox.database)
        let run = sandbox.run("check")
        #expect(run.status == 1)
        #expect(run.stdout.contains("transaction 2: date '2026-02-30'"))
        #expect(run.stderr == "budget: error: \(sandbox.database) has 1 problem\nhint: put a backup in its place with 'budget restore BACKUP'\n")
        #expect(sandbox.bytes(sandbox.database) == before)
    }

    /// An opening balance counting from on or after the day its account closed: the store
    /// refuses it now, but a book from before, a sync of two devices' changes or the shell can
    /// hold one. `check` names it and says how to settle it, which then checks ok.
    @Test func anOpeningBalanceFromOnOrAfterTheClosingDayIsNamedWithHowToSettleIt() throws {
        let sandbox = Sandbox()
        sandbox.succeed("add-account", "Old", "--opening", "10", "--on", "2026-03-01")
        sandbox.succeed("close-account", "Old", "--on", "2026-05-01")
        #expect(system("sqlite3 '\(sandbox.database)' \"UPDATE accounts SET opening_date = '2026-06-01' WHERE name = 'Old'\"") == 0)
        let before = sandbox.bytes(sandbox.database)
        let run = sandbox.run("check")
        #expect(run.status == 1)
        #expect(run.stdout == "account 2: its opening balance counts from 2026-06-01, on or after the day it closed (2026-05-01)\n")
        #expect(run.stderr == "budget: error: \(sandbox.database) has 1 problem\nhint: the book is whole: give each account named an "
                + "opening day before it closed with 'budget set-opening-balance ACCOUNT AMOUNT --on DAY'\n")
        #expect(sandbox.bytes(sandbox.database) == before)
        sandbox.succeed("set-opening-balance", "Old", "10", "--on", "2026-04-01")
        #expect(sandbox.succeed("check") == "ok\n")
    }

    @Test func repairMendsMonthlyTotalsThatDifferFromTheirRowsAndNothingElse() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let report = sandbox.succeed("report", "--month", "2026-11", "--format", "csv")
        // What the shell can leave: a total no trigger kept.
        #expect(system("sqlite3 '\(sandbox.database)' \"UPDATE category_months SET amount_sum = amount_sum + 100\"") == 0)
        let wrong = sandbox.run("check")
        #expect(wrong.status == 1)
        #expect(wrong.stdout.contains("category_months: the totals of month '2026-11' differ from its rows"))
        #expect(wrong.stderr.hasSuffix("hint: the rows are whole: 'budget check --repair' computes the monthly totals again from them\n"))
        let repaired = sandbox.run("check", "--repair")
        #expect(repaired.status == 0 && repaired.stdout == "ok\n")
        #expect(repaired.stderr.hasPrefix("Computed the monthly totals again from the rows ("))
        #expect(sandbox.succeed("report", "--month", "2026-11", "--format", "csv") == report)

        // With a damaged row beside, it writes nothing.
        #expect(system("sqlite3 '\(sandbox.database)' \"UPDATE category_months SET amount_sum = amount_sum + 100; UPDATE transactions SET date = '2026-02-30' WHERE id = 2\"") == 0)
        #expect(system("sqlite3 '\(sandbox.database)' 'PRAGMA wal_checkpoint(TRUNCATE)' > /dev/null") == 0)
        let before = sandbox.bytes(sandbox.database)
        let refused = sandbox.run("check", "--repair")
        #expect(refused.status == 1)
        #expect(refused.stderr.hasSuffix("hint: put a backup in its place with 'budget restore BACKUP' (--repair only mends the monthly totals and left-behind parts of splits, and wrote nothing)\n"))
        #expect(sandbox.bytes(sandbox.database) == before)
    }

    /// The sqlite3 shell deletes a split with foreign keys off (its default): its parts stay,
    /// and reports counted them though `list` showed nothing. `check` names the transaction,
    /// and `--repair` finishes the deletion, without a history entry (the shell left none).
    @Test func repairDeletesThePartsOfASplitTheShellDeleted() throws {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300", "--from", "2026-01")
        sandbox.succeed("-q", "add-category", "Home", "300", "--from", "2026-01")
        sandbox.succeed("-q", "add", "50", "--payee", "Shop", "--split", "Food=20", "--split", "Home=30", "--date", "2026-10-05")
        sandbox.succeed("-q", "add", "7", "Food", "Kiosk", "--date", "2026-10-06")
        #expect(system("sqlite3 '\(sandbox.database)' 'DELETE FROM transactions WHERE id = 1'") == 0)
        #expect(sandbox.succeed("report", "--month", "2026-10", "--format", "csv").contains("Home,expense,300.00,0.00,30.00"))
        let log = sandbox.succeed("log")
        let found = sandbox.run("check")
        #expect(found.status == 1)
        #expect(found.stdout == "transaction 1 is gone, but 2 parts of its split remain, which reports still count\n")
        #expect(found.stderr == """
            budget: error: \(sandbox.database) has 1 problem
            hint: a transaction deleted outside budget left its split's parts behind: 'budget check --repair' deletes them and computes the monthly totals again

            """)
        let repaired = sandbox.run("check", "--repair")
        #expect(repaired.status == 0 && repaired.stdout == "ok\n")
        #expect(repaired.stderr == "Deleted 2 parts of splits whose transaction is gone, and computed the monthly totals again from the rows.\n")
        #expect(sandbox.succeed("report", "--month", "2026-10", "--format", "csv") == """
            month,category,kind,budget,rollover,actual,remaining,percent_used
            2026-10,Food,expense,300.00,0.00,7.00,293.00,2.3
            2026-10,Home,expense,300.00,0.00,0.00,300.00,0.0

            """)
        #expect(sandbox.succeed("log") == log)
        #expect(sandbox.succeed("check") == "ok\n")
    }

    @Test func checkingABookThatDoesNotExistCreatesNothing() {
        let sandbox = Sandbox()
        let run = sandbox.run("check")
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("budget: error: '\(sandbox.database)' does not exist\n"))
        #expect(access(sandbox.database, F_OK) != 0)
    }

    @Test func restorePutsTheBackupBackAndKeepsTheBookBesideIt() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let backup = sandbox.directory + "/backup.sqlite3"
        sandbox.succeed("-q", "backup", backup)
        let saved = try sandbox.snapshot()
        sandbox.succeed("-q", "delete", "1", "2", "3")
        sandbox.succeed("-q", "add-category", "Oops", "1")
        let run = sandbox.run("restore", backup)
        #expect(run.status == 0)
        let prefix = "Restored \(sandbox.database) from \(backup); the previous book is kept as \(sandbox.database).before-restore-"
        #expect(run.stderr.hasPrefix(prefix))
        #expect(try sandbox.snapshot() == saved)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        let kept = String(lines[0].dropFirst(prefix.count - "budget.sqlite3.before-restore-".count).dropLast())
        #expect(try BudgetStore(path: sandbox.directory + "/" + kept, access: .read).categories().map(\.name).contains("Oops"))
        // The history is the backup's: undo would not take the restore back, the kept book does.
        #expect(lines[1] == "hint: 'budget undo' reverses the backup's own entries, not the restore; to take it back: "
                + "budget restore \(sandbox.directory)/\(kept)")
        #expect(sandbox.run("check").stdout == "ok\n")
    }

    @Test func restoringFromAFileThatIsNotAWholeBookChangesNothing() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let notes = sandbox.write("notes.txt", "these are not a book\n")
        let before = sandbox.bytes(sandbox.database)
        let run = sandbox.run("restore", notes)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("budget: error: cannot restore from \(notes): "))
        #expect(run.stderr.hasSuffix("hint: choose a file made by 'budget backup'; the book was not changed\n"))
        #expect(sandbox.bytes(sandbox.database) == before)
    }

    @Test func aZeroByteFileAtTheBooksPathIsRefusedByEveryCommandAndStaysEmpty() {
        let sandbox = Sandbox()
        sandbox.write("budget.sqlite3", "")
        for words in [["report"], ["add-category", "Food", "300"]] {
            let run = sandbox.run(words)
            #expect(run.status == 1)
            #expect(run.stderr == """
                budget: error: \(sandbox.database) is an empty file, not a budget database
                hint: remove it if it is yours, or put a backup there with 'budget restore BACKUP'

                """)
        }
        #expect(sandbox.bytes(sandbox.database).isEmpty)
    }

    @Test func aFIFOAtTheBooksPathIsRefusedWithoutAStrayJournal() {
        let sandbox = Sandbox()
        #expect(mkfifo(sandbox.database, 0o600) == 0)
        let run = sandbox.run("add-category", "Food", "300")
        #expect(run.status == 1)
        #expect(run.stderr == "budget: error: cannot open \(sandbox.database): it is a FIFO (named pipe)\n"
                + "hint: choose another file with --db PATH or BUDGET_DB\n")
        #expect(access(sandbox.database + "-journal", F_OK) != 0)
    }
}
