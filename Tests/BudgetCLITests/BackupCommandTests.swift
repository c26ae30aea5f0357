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

    /// A book on a disk mounted read-only (a snapshot, a backup medium) with a transaction.
    func bookOnAReadOnlyDisk(_ sandbox: Sandbox) throws -> (disk: SandboxDisk, book: String, rows: String) {
        let disk = try #require(SandboxDisk(in: sandbox, name: "readonly", kilobytes: 4096))
        let book = disk.path + "/budget.sqlite3"
        sandbox.succeed("-q", "--db", book, "add-category", "Food", "300")
        sandbox.succeed("-q", "--db", book, "add", "12.50", "Food", "Lunch", "--date", "2026-11-02")
        let rows = sandbox.succeed("--db", book, "list", "--format", "csv")
        #expect(system("mount -o remount,ro '\(disk.path)'") == 0)
        return (disk, book, rows)
    }

    /// `backup -` made its copy beside the book: a read-only folder or disk failed it, while
    /// `backup /elsewhere` worked. The copy is made in $TMPDIR, then /tmp.
    @Test(.enabled(if: sandboxCanMountTmpfs)) func aBackupToADashOfABookOnAReadOnlyDiskIsMadeInTMPDIR() throws {
        let sandbox = Sandbox()
        let (disk, book, rows) = try bookOnAReadOnlyDisk(sandbox)
        let tmp = sandbox.directory + "/tmp"
        #expect(mkdir(tmp, 0o700) == 0)
        for given in [tmp, sandbox.directory + "/missing", ""] {
            let run = sandbox.run(["--db", book, "backup", "-"], environment: ["TMPDIR": given])
            #expect(run.status == 0, "TMPDIR=\(given)")
            #expect(run.stderr == "Backed up \(book) to standard output.\n")
            let copy = sandbox.write("copy.sqlite3", bytes: run.stdoutBytes)
            #expect(sandbox.succeed("--db", copy, "list", "--format", "csv") == rows)
            unlink(copy)
        }
        #expect(Sandbox.names(in: tmp) == [])
        #expect(disk.names == ["budget.sqlite3"])
    }

    /// Nowhere to make the copy: the first folder tried is named, with why, and the status is 74.
    @Test(.enabled(if: sandboxCanMountTmpfs)) func aBackupToADashWithNowhereToMakeItsCopyExits74() throws {
        let sandbox = Sandbox()
        let (disk, book, _) = try bookOnAReadOnlyDisk(sandbox)
        let full = try #require(SandboxDisk(in: sandbox, name: "full", kilobytes: 64))
        full.fill()
        let stdout = Output(capturingAsTerminal: false)
        do {
            try BackupStream.write(try BudgetStore(path: book), stagingIn: [full.path], to: stdout)
            Issue.record("the backup was written")
        } catch {
            #expect(ExitStatus(error).rawValue == 74)
            #expect(Failure.message(for: error, help: HelpRenderer(commands: Commands.info)) == """
                budget: error: cannot write the backup's temporary copy in \(full.path): no space left on device
                hint: set TMPDIR to a writable folder with room for a copy of the book; nothing was left there

                """)
        }
        #expect(stdout.captured.isEmpty)
        #expect(full.names == ["filler"])
        #expect(disk.names == ["budget.sqlite3"])
    }

    @Test func theCopyOfABackupToADashIsMadeInTMPDIRThenTmp() {
        #expect(CommandContext.temporaryFolders(in: ["TMPDIR": "/var/tmp/me"]) == ["/var/tmp/me", "/tmp"])
        #expect(CommandContext.temporaryFolders(in: ["TMPDIR": "/tmp"]) == ["/tmp"])
        #expect(CommandContext.temporaryFolders(in: ["TMPDIR": ""]) == ["/tmp"])
        #expect(CommandContext.temporaryFolders(in: [:]) == ["/tmp"])
    }

    /// `budget backup FOLDER` writes a dated copy there and prints its path: a second one the
    /// same day takes the next number, never a file already there; the copies are the book.
    @Test func aBackupIntoAFolderWritesADatedCopyAndPrintsItsPath() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let folder = sandbox.directory + "/backups"
        #expect(mkdir(folder, 0o700) == 0)
        let first = sandbox.run("backup", folder)
        let second = sandbox.run("backup", folder + "/")
        let book = String(sandbox.database.split(separator: "/").last!.split(separator: ".").first!)
        // The day is the CLI's today, in its time zone: read from what it printed.
        let prefix = "\(folder)/\(book)-"
        #expect(first.stdout.hasPrefix(prefix))
        let day = try #require(Day(iso: String(first.stdout.dropFirst(prefix.count).prefix(10))))
        let firstPath = "\(folder)/\(book)-\(day).sqlite3", secondPath = "\(folder)/\(book)-\(day)-2.sqlite3"
        #expect(first.status == 0 && second.status == 0)
        #expect(first.stdout == firstPath + "\n")
        #expect(first.stderr == "Backed up \(sandbox.database) to \(firstPath).\n")
        #expect(second.stdout == secondPath + "\n")
        let rows = sandbox.succeed("export")
        #expect(sandbox.succeed("--db", firstPath, "export") == rows)
        #expect(sandbox.succeed("--db", secondPath, "export") == rows)
        // Every name of the day taken: refused, nothing overwritten.
        for number in 3...Backup.namesPerDay { _ = sandbox.write("backups/\(book)-\(day)-\(number).sqlite3", "mine") }
        let full = sandbox.run("backup", folder)
        #expect(full.status == 1)
        #expect(full.stderr == """
            budget: error: \(folder)/\(book)-\(day)-\(Backup.namesPerDay).sqlite3 already exists
            hint: choose a new file name; a backup never overwrites a file

            """)
        #expect(sandbox.read("backups/\(book)-\(day)-3.sqlite3") == "mine")
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
