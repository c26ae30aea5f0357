#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import BudgetCLI

/// Undo and redo never break a reconciliation quietly: what `set-opening-balance` refuses
/// without --force, undoing it refuses too, naming the reconciliation; undoing that first works.
@Suite struct UndoReconciliationTests {
    @Test func undoingAnOpeningBalanceAReconciliationCountsIsRefused() throws {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-account", "Savings", "--opening", "500", "--on", "2026-10-01")
        sandbox.succeed("-q", "set-opening-balance", "Savings", "700", "--on", "2026-10-01")
        sandbox.succeed("-q", "reconcile", "Savings", "--statement-balance", "700", "--on", "2026-11-01")
        let before = try sandbox.snapshot()
        let accounts = sandbox.succeed("accounts", "--format", "csv", "--date", "2026-11-01")
        let result = sandbox.run("undo", "2")
        #expect(result.status == 1)
        #expect(result.stdout == "")
        let id = try sandbox.query("SELECT id FROM accounts WHERE name = 'Savings'")[0]
        #expect(result.stderr == """
            budget: error: entry 2 conflicts with later changes; nothing was changed:
            budget: error:   accounts id=\(id): its opening balance counts in the reconciliation of 2026-11-01, made since
            hint: undo the later entries first (see 'budget log'), or change the rows back by hand

            """)
        #expect(try sandbox.snapshot() == before)
        #expect(sandbox.succeed("accounts", "--format", "csv", "--date", "2026-11-01") == accounts)
        // Undoing the reconciliation first, then the opening balance, works.
        #expect(sandbox.run("undo", "3").status == 0)
        #expect(sandbox.run("undo", "2").status == 0)
        #expect(sandbox.succeed("accounts", "--format", "csv", "--date", "2026-11-01").contains("500.00"))
    }

    /// A reconciliation older than the entry: the entry was the change forced after it, and
    /// undoing it goes back to what was reconciled.
    @Test func undoingAChangeForcedAfterAReconciliationIsAllowed() throws {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-account", "Savings", "--opening", "500", "--on", "2026-10-01")
        sandbox.succeed("-q", "reconcile", "Savings", "--statement-balance", "500", "--on", "2026-11-01")
        // The reconciliation was made a day before (made_at is to the second).
        let status = system("sqlite3 '\(sandbox.database)' \"UPDATE reconciliations SET made_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now', '-1 day')\"")
        #expect(status == 0)
        sandbox.succeed("-q", "set-opening-balance", "Savings", "600", "--on", "2026-10-01", "--force")
        #expect(sandbox.succeed("accounts", "--format", "csv", "--date", "2026-11-01").contains("600.00"))
        let undo = sandbox.run("undo")
        #expect(undo.status == 0)
        #expect(sandbox.succeed("accounts", "--format", "csv", "--date", "2026-11-01").contains("500.00"))
    }
}
