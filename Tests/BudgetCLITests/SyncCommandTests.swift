import BudgetKit
import Testing
@testable import BudgetCLI
#if canImport(Glibc)
import Glibc
#endif

@Suite struct SyncCommandTests {
    @Test func twoBooksShareAFolderAndAConflictIsPrintedAndListed() {
        let sandbox = Sandbox()
        let shared = sandbox.directory + "/shared"
        mkdir(shared, 0o700)
        let anna = ["--db", sandbox.directory + "/anna.sqlite3"], ben = ["--db", sandbox.directory + "/ben.sqlite3"]
        sandbox.succeed(anna + ["-q", "add-category", "Food", "300"])
        sandbox.succeed(anna + ["-q", "add", "12.50", "Food", "--date", "2026-01-02"])
        sandbox.succeed(anna + ["-q", "device", "anna"])
        #expect(sandbox.run(anna + ["sync", shared]).stderr == """
            Founded \(shared) as device anna (ids ending in 0).
            Published 1 change, applied 0 from other devices.

            """)
        sandbox.succeed(ben + ["-q", "device", "ben"])
        #expect(sandbox.run(ben + ["sync", shared]).stderr == """
            Joined \(shared) as device ben; it adds rows once the founding device has synced and given it an id digit (sync again then).
            Published 1 change, applied 1 from other devices.

            """)
        #expect(sandbox.succeed(ben + ["device"]).hasPrefix("ben\t"))
        sandbox.succeed(ben + ["-q", "edit", "1", "--amount", "20"])
        usleep(2_000)
        sandbox.succeed(anna + ["-q", "edit", "1", "--amount", "30"])
        sandbox.succeed(anna + ["-q", "sync", shared])
        let synced = sandbox.run(ben + ["sync", shared])
        #expect(synced.stderr.hasSuffix("1 conflict:\n  transactions 1 amount: kept 3000 (anna), lost 2000 (ben)\n"))
        #expect(sandbox.succeed(ben + ["conflicts", "--format", "csv"]).hasSuffix(",transactions,1,amount,3000,anna,2000,ben\n"))
        sandbox.succeed(anna + ["-q", "sync", shared])
        #expect(sandbox.succeed(anna + ["list", "--format", "csv"]) == sandbox.succeed(ben + ["list", "--format", "csv"]))
        #expect(sandbox.succeed(ben + ["log", "--limit", "1"]).contains("  (synced)\n"))
    }

    /// A row another device added inside a reconciled period breaks the reconciliation: the
    /// sync says so, with the book's balance that day, never quietly.
    @Test func aSyncThatBreaksAReconciliationSaysSo() {
        let sandbox = Sandbox()
        let shared = sandbox.directory + "/shared"
        mkdir(shared, 0o700)
        let anna = ["--db", sandbox.directory + "/anna.sqlite3"], ben = ["--db", sandbox.directory + "/ben.sqlite3"]
        sandbox.succeed(anna + ["-q", "add-category", "Food", "300", "--from", "2026-01"])
        sandbox.succeed(anna + ["-q", "add", "10", "Food", "X", "--date", "2026-11-01"])
        sandbox.succeed(anna + ["-q", "sync", shared])
        sandbox.succeed(ben + ["-q", "sync", "--join", shared])
        sandbox.succeed(anna + ["-q", "sync", shared])
        sandbox.succeed(ben + ["-q", "sync", shared])
        sandbox.succeed(anna + ["-q", "reconcile", "Main", "--statement-balance", "-10", "--on", "2026-11-10"])
        sandbox.succeed(ben + ["-q", "add", "50", "Food", "Late", "--date", "2026-11-05"])
        sandbox.succeed(ben + ["-q", "sync", shared])
        let synced = sandbox.run(anna + ["sync", shared])
        #expect(synced.status == 0)
        #expect(synced.stderr.hasSuffix("""
            budget: warning: the reconciliation of Main on 2026-11-10 (statement balance -10.00) no longer holds: \
            changes from another device make the book's balance that day -60.00
            hint: see the rows with 'budget list --account Main --to 2026-11-10', then put them right or reconcile again

            """))
        // Nothing more to say at the next sync.
        #expect(!sandbox.run(anna + ["sync", shared]).stderr.contains("warning"))
    }

    @Test func aMissingFolderAndADamagedFileAreClearErrorsWithTheirExitCodes() {
        let sandbox = Sandbox()
        let shared = sandbox.directory + "/shared"
        mkdir(shared, 0o700)
        sandbox.succeed("-q", "add-category", "Food", "300")
        let missing = sandbox.run("sync", sandbox.directory + "/nowhere")
        #expect(missing.status == 1)
        #expect(missing.stderr == """
            budget: error: cannot open the sync folder \(sandbox.directory)/nowhere: no such file or directory
            hint: check the path: every device syncs through the same folder

            """)
        sandbox.succeed("-q", "sync", shared)
        let path = sandbox.write("shared/zzzzzzzz-000000000001.changeset", "not a changeset at all, just text")
        let other = ["--db", sandbox.directory + "/other.sqlite3"]
        let damaged = sandbox.run(other + ["-q", "sync", "--join", shared])
        #expect(damaged.status == 65)
        #expect(damaged.stderr.hasPrefix("budget: error: \(path): "))
        #expect(damaged.stderr.contains("; nothing of it was applied\n"))
    }

    @Test func aCopiedSyncedBookAddsNothingUntilItSyncsAndSaysWhy() {
        let sandbox = Sandbox()
        let shared = sandbox.directory + "/shared"
        mkdir(shared, 0o700)
        sandbox.succeed("-q", "add-category", "Food", "300")
        sandbox.succeed("-q", "sync", shared)
        let copy = sandbox.directory + "/copy.sqlite3"
        #expect(system("cp '\(sandbox.database)' '\(copy)'") == 0)
        let refused = sandbox.run("--db", copy, "add", "5", "Food")
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("budget: error: this book is shared through a sync folder, but this device ("))
        #expect(refused.stderr.hasSuffix("""
            ) has no id digit there yet; nothing was changed
            hint: the founding device gives each joining, copied or restored book a digit at its next sync: sync there, then 'budget sync DIR' here, then add rows

            """))
        sandbox.succeed("--db", copy, "-q", "sync", shared)
        sandbox.succeed("-q", "sync", shared)
        #expect(sandbox.run("--db", copy, "sync", shared).stderr.hasPrefix("Device vm now makes ids ending in 1.\n"))
        sandbox.succeed("--db", copy, "-q", "add", "5", "Food")
    }

    @Test func anInvalidDeviceNameIsAUsageError() {
        let sandbox = Sandbox()
        let run = sandbox.run("device", "  ")
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("budget: error: invalid device name '  '"))
    }
}
