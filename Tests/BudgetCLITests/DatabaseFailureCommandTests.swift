import BudgetKit
import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

/// A book that is newer, foreign, damaged, read-only or a directory: one clear message on stderr,
/// exit 1, nothing on stdout, and nothing lost or half-written.
@Suite struct DatabaseFailureCommandTests {
    func seeded() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        sandbox.succeed("-q", "add", "12.50", "Food", "Lunch", "--date", "2026-11-03")
        // Fold the WAL into the main file so the file alone is the whole book.
        #expect(system("sqlite3 '\(sandbox.database)' 'PRAGMA wal_checkpoint(TRUNCATE)' >/dev/null") == 0)
        return sandbox
    }

    /// A book held by the sqlite3 shell in a transaction: the hint named "the other budget
    /// process". (The busy wait itself is 10 s, so the text is checked alone.)
    @Test func aLockedBookNamesEveryKindOfHolder() {
        let text = ErrorText(.databaseBusy(path: "/b/book.sqlite3"))
        #expect(text.message == "/b/book.sqlite3 is locked by another process")
        #expect(text.hint == "try again when the other process (budget, or the sqlite3 shell in a transaction) has finished with it")
    }

    @Test func aDatabaseFromANewerVersionIsRefusedAndUntouched() throws {
        let sandbox = seeded()
        #expect(system("sqlite3 '\(sandbox.database)' 'PRAGMA user_version = 99'") == 0)
        let before = sandbox.bytes(sandbox.database)
        let run = sandbox.run("add", "1", "Food")
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == """
            budget: error: \(sandbox.database) was written by a newer version of budget (schema 99; this one reads up to 16)
            hint: upgrade budget, or open another file with --db PATH

            """)
        #expect(sandbox.bytes(sandbox.database) == before)
    }

    @Test func anotherProgramsDatabaseIsRefusedAndUntouched() throws {
        let sandbox = Sandbox()
        #expect(system("sqlite3 '\(sandbox.database)' 'CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES (1)'") == 0)
        let before = sandbox.bytes(sandbox.database)
        let run = sandbox.run("add-category", "Food", "300")
        #expect(run.status == 1)
        #expect(run.stderr == """
            budget: error: \(sandbox.database) is not a budget database
            hint: if it is your book, 'budget check' says what is wrong and 'budget restore BACKUP' puts a backup in its place; otherwise choose another file with --db PATH

            """)
        #expect(sandbox.bytes(sandbox.database) == before)
    }

    @Test func aDamagedFileGivesAClearErrorAndIsNotWritten() throws {
        let sandbox = seeded()
        #expect(system("dd if=/dev/urandom of='\(sandbox.database)' bs=4096 seek=1 count=12 conv=notrunc status=none") == 0)
        let before = sandbox.bytes(sandbox.database)
        let run = sandbox.run("list")
        #expect(run.status == 1)
        #expect(run.stderr == """
            budget: error: \(sandbox.database) is damaged (database disk image is malformed)
            hint: see what is wrong with 'budget check'; 'budget restore BACKUP' puts a backup in its place

            """ || run.stderr == """
            budget: error: \(sandbox.database) is not a budget database
            hint: if it is your book, 'budget check' says what is wrong and 'budget restore BACKUP' puts a backup in its place; otherwise choose another file with --db PATH

            """)
        #expect(sandbox.bytes(sandbox.database) == before)
    }

    /// `check` is the command the other commands' hints send to: its own hint for a file it
    /// cannot check must say something else.
    @Test func checkOnAForeignOrTruncatedFileHintsAtARestoreNotAtItself() throws {
        let foreign = Sandbox()
        #expect(system("sqlite3 '\(foreign.database)' 'CREATE TABLE notes (body TEXT)'") == 0)
        let before = foreign.bytes(foreign.database)
        let run = foreign.run("check")
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == """
            budget: error: \(foreign.database) is not a budget database
            hint: if it is your book, it is too damaged to check: 'budget restore BACKUP' puts a backup in its place; otherwise choose another file with --db PATH

            """)
        #expect(foreign.bytes(foreign.database) == before)
        let book = seeded()
        #expect(truncate(book.database, 6000) == 0)
        let truncated = book.bytes(book.database)
        let cut = book.run("check")
        #expect(cut.status == 1)
        #expect(cut.stdout == "")
        #expect(cut.stderr.hasPrefix("budget: error: \(book.database) is truncated (6000 bytes, expected at least "))
        #expect(cut.stderr.hasSuffix("""
            hint: it is too damaged to check: 'budget restore BACKUP' puts a backup in its place

            """))
        #expect(book.bytes(book.database) == truncated)
    }

    @Test func aReadOnlyDatabaseReadsButRefusesWrites() throws {
        let sandbox = seeded()
        // Root ignores permission bits: make the file immutable instead.
        #expect(system("chattr +i '\(sandbox.database)'") == 0)
        defer { _ = system("chattr -i '\(sandbox.database)'") }
        let before = sandbox.bytes(sandbox.database)
        #expect(sandbox.run("list", "--format", "csv").stdout == "id,date,amount,category,payee,note,kind,account,transfer_account,split,split_note,reconciled,transfer_reconciled\n1,2026-11-03,12.50,Food,Lunch,,expense,Main,,,,,\n")
        let run = sandbox.run("add", "1", "Food")
        #expect(run.status == 1)
        #expect(run.stderr == """
            budget: error: cannot write to \(sandbox.database): the database is read-only
            hint: check the permissions of the file and its folder

            """)
        #expect(sandbox.bytes(sandbox.database) == before)
    }

    /// A read while the book was write-protected leaves its `-shm` (and `-wal`) read-only too
    /// (SQLite gives them the book's mode, and a read-only reader cannot remove them): once the
    /// book is writable again every write fails, and the hint named only the book and its
    /// folder, both writable. It names the file that is not.
    @Test(arguments: ["-shm", "-wal"])
    func aReadOnlyFileBesideAWritableBookIsNamed(suffix: String) throws {
        let sandbox = seeded()
        let beside = sandbox.write("budget.sqlite3" + suffix, "")
        // Root ignores permission bits: make the file immutable instead.
        #expect(system("chattr +i '\(beside)'") == 0)
        defer { _ = system("chattr -i '\(beside)'") }
        let before = try sandbox.snapshot()
        let run = sandbox.run("add", "1", "Food")
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == """
            budget: error: cannot write to \(sandbox.database): the database is read-only
            hint: \(beside) beside it is read-only (a read while the book was write-protected leaves it so): make it writable as the book is, with chmod u+w

            """)
        #expect(try sandbox.snapshot() == before)
    }

    /// Both files read-only are named at once, so one chmod fixes the book.
    @Test func bothReadOnlyFilesBesideAWritableBookAreNamed() throws {
        let sandbox = seeded()
        let shm = sandbox.write("budget.sqlite3-shm", ""), wal = sandbox.write("budget.sqlite3-wal", "")
        #expect(system("chattr +i '\(shm)' '\(wal)'") == 0)
        defer { _ = system("chattr -i '\(shm)' '\(wal)'") }
        let before = try sandbox.snapshot()
        let run = sandbox.run("add", "1", "Food")
        #expect(run.status == 1)
        #expect(run.stderr == """
            budget: error: cannot write to \(sandbox.database): the database is read-only
            hint: \(shm) and \(wal) beside it are read-only (a read while the book was write-protected leaves them so): make them writable as the book is, with chmod u+w

            """)
        #expect(try sandbox.snapshot() == before)
    }

    @Test func aDirectoryIsNotABook() {
        let sandbox = Sandbox()
        let run = sandbox.run("--db", sandbox.directory, "categories")
        #expect(run.status == 1)
        #expect(run.stderr == """
            budget: error: cannot open \(sandbox.directory): it is a directory
            hint: choose another file with --db PATH or BUDGET_DB

            """)
    }
}
