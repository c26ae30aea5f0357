import BudgetKit
import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

/// A book that is newer, foreign, damaged, read-only or a directory: one clear message on stderr,
/// exit 1, nothing on stdout, and nothing lost or half-written.
@Suite struct DatabaseFailureCommandTests {
    /// The file's bytes, to prove a failed command left it as it was.
    func bytes(_ path: String) -> [UInt8] {
        guard let file = fopen(path, "rb") else { return [] }
        defer { fclose(file) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            result += buffer[0..<count]
        }
        return result
    }

    func seeded() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        sandbox.succeed("-q", "add", "12.50", "Food", "Lunch", "--date", "2026-11-03")
        // Fold the WAL into the main file so the file alone is the whole book.
        #expect(system("sqlite3 '\(sandbox.database)' 'PRAGMA wal_checkpoint(TRUNCATE)' >/dev/null") == 0)
        return sandbox
    }

    @Test func aDatabaseFromANewerVersionIsRefusedAndUntouched() throws {
        let sandbox = seeded()
        #expect(system("sqlite3 '\(sandbox.database)' 'PRAGMA user_version = 7'") == 0)
        let before = bytes(sandbox.database)
        let run = sandbox.run("add", "1", "Food")
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == """
            budget: error: \(sandbox.database) was written by a newer version of budget (schema 7; this one reads up to 1)
            hint: upgrade budget, or open another file with --db PATH

            """)
        #expect(bytes(sandbox.database) == before)
    }

    @Test func anotherProgramsDatabaseIsRefusedAndUntouched() throws {
        let sandbox = Sandbox()
        #expect(system("sqlite3 '\(sandbox.database)' 'CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES (1)'") == 0)
        let before = bytes(sandbox.database)
        let run = sandbox.run("add-category", "Food", "300")
        #expect(run.status == 1)
        #expect(run.stderr == """
            budget: error: \(sandbox.database) is not a budget database
            hint: choose another file with --db PATH or BUDGET_DB

            """)
        #expect(bytes(sandbox.database) == before)
    }

    @Test func aDamagedFileGivesAClearErrorAndIsNotWritten() throws {
        let sandbox = seeded()
        #expect(system("dd if=/dev/urandom of='\(sandbox.database)' bs=4096 seek=1 count=12 conv=notrunc status=none") == 0)
        let before = bytes(sandbox.database)
        let run = sandbox.run("list")
        #expect(run.status == 1)
        #expect(run.stderr == """
            budget: error: \(sandbox.database) is damaged (database disk image is malformed)
            hint: restore it from a backup ('budget backup PATH' makes one), or try the sqlite3 shell's .recover

            """ || run.stderr == """
            budget: error: \(sandbox.database) is not a budget database
            hint: choose another file with --db PATH or BUDGET_DB

            """)
        #expect(bytes(sandbox.database) == before)
    }

    @Test func aReadOnlyDatabaseReadsButRefusesWrites() throws {
        let sandbox = seeded()
        // Root ignores permission bits: make the file immutable instead.
        #expect(system("chattr +i '\(sandbox.database)'") == 0)
        defer { _ = system("chattr -i '\(sandbox.database)'") }
        let before = bytes(sandbox.database)
        #expect(sandbox.run("list", "--format", "csv").stdout == "id,date,amount,category,payee,note\n1,2026-11-03,12.50,Food,Lunch,\n")
        let run = sandbox.run("add", "1", "Food")
        #expect(run.status == 1)
        #expect(run.stderr == """
            budget: error: cannot write to \(sandbox.database): the database is read-only
            hint: check the permissions of the file and its folder

            """)
        #expect(bytes(sandbox.database) == before)
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
