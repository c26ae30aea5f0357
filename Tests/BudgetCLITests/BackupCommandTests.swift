import BudgetKit
import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

/// `budget backup` and `budget restore` where the file system says no: the exact message, the
/// status (74 for a backup that cannot be written), the book as it was, and no file left behind.
@Suite struct BackupCommandTests {
    /// A book of `rows` transactions (about 150 bytes each on disk) besides the seed.
    func bigBook(rows: Int) -> Sandbox {
        let sandbox = Sandbox()
        sandbox.seed()
        var csv = "date,amount,category,payee\n"
        for row in 0..<rows { csv += "2026-10-\(row % 28 + 1 < 10 ? "0" : "")\(row % 28 + 1),1.\(row % 90 + 10),Food,Shop number \(row) with a long name\n" }
        sandbox.succeed("-q", "import", sandbox.write("big.csv", csv))
        return sandbox
    }

    @Test(.enabled(if: sandboxCanMountTmpfs)) func aBackupOntoAFullDiskExits74AndLeavesNothingThere() throws {
        let sandbox = bigBook(rows: 20_000)
        let before = try sandbox.snapshot()
        let disk = try #require(SandboxDisk(in: sandbox, kilobytes: 1024))
        let target = disk.path + "/backup.sqlite3"
        let run = sandbox.run("backup", target)
        #expect(run.status == 74)
        #expect(run.stdout == "")
        #expect(run.stderr == """
            budget: error: cannot write the backup to \(target): no space left on device
            hint: free some room on that disk, or back up to another one; nothing was left there

            """)
        #expect(disk.names == [])
        #expect(try sandbox.snapshot() == before)
        #expect(sandbox.succeed("check") == "ok\n")
    }

    /// The book's own disk is full: exit 1 as for any write to the book, and the book as it was.
    @Test(.enabled(if: sandboxCanMountTmpfs)) func aRestoreOntoAFullDiskSaysSoAndLeavesTheBookAsItWas() throws {
        let sandbox = bigBook(rows: 20_000)
        let backup = sandbox.directory + "/backup.sqlite3"
        sandbox.succeed("-q", "backup", backup)
        let disk = try #require(SandboxDisk(in: sandbox, kilobytes: 16384))
        let book = disk.path + "/budget.sqlite3"
        sandbox.succeed("-q", "--db", book, "add-category", "Rent", "900")
        #expect(system("sqlite3 '\(book)' 'PRAGMA wal_checkpoint(TRUNCATE)' >/dev/null") == 0)
        let before = sandbox.bytes(book)
        disk.fill(leaving: 512)
        let run = sandbox.run("--db", book, "restore", backup)
        #expect(run.status == 1)
        #expect(run.stderr == """
            budget: error: cannot write to \(book): no space left on device
            hint: free some disk space and try again; nothing was changed

            """)
        #expect(sandbox.bytes(book) == before)
        #expect(disk.names.filter { !$0.hasPrefix("budget.sqlite3-") } == ["budget.sqlite3", "filler"])
    }

    @Test func aBackupIntoAMissingFolderExits74() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let target = sandbox.directory + "/no/such/backup.sqlite3"
        let run = sandbox.run("backup", target)
        #expect(run.status == 74)
        #expect(run.stderr == """
            budget: error: cannot write the backup to \(target): no such file or directory
            hint: check that the folder exists and is writable

            """)
        #expect(access(sandbox.directory + "/no", F_OK) != 0)
    }
}
