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

    /// A deleted transaction put back by an undo, inside a reconciliation made since: `add`
    /// refuses that without --force, so the undo is refused too, naming the reconciliation.
    @Test func undoingADeleteInsideAReconciliationMadeSinceIsRefused() throws {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        sandbox.succeed("-q", "add", "10", "Food", "A", "--date", "2026-10-05")
        sandbox.succeed("-q", "add", "20", "Food", "B", "--date", "2026-10-06")
        sandbox.succeed("-q", "delete", "2")
        sandbox.succeed("-q", "reconcile", "Main", "--statement-balance", "-10", "--on", "2026-10-31")
        let before = sandbox.dump()
        let result = sandbox.run("undo", "4")
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            budget: error: entry 4 conflicts with later changes; nothing was changed:
            budget: error:   reconciliations id=1: made since, it vouches for the account's balance on 2026-10-31, which this would change
            hint: undo the later entries first (see 'budget log'), or change the rows back by hand

            """)
        #expect(sandbox.dump() == before)
        // Undoing the reconciliation first, then the delete, works.
        #expect(sandbox.run("undo", "5").status == 0)
        #expect(sandbox.run("undo", "4").status == 0)
        #expect(sandbox.succeed("accounts", "--format", "csv", "--date", "2026-10-31").contains("\nMain,checking,,-30.00,"))
    }

    /// A redo that moves a transaction back into a period reconciled since the undo is refused.
    @Test func redoingAMoveIntoAReconciliationMadeSinceIsRefused() throws {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        sandbox.succeed("-q", "add", "10", "Food", "A", "--date", "2026-10-05")
        sandbox.succeed("-q", "add", "20", "Food", "B", "--date", "2026-11-05")
        sandbox.succeed("-q", "edit", "2", "--date", "2026-10-06")
        sandbox.succeed("-q", "undo")
        sandbox.succeed("-q", "reconcile", "Main", "--statement-balance", "-10", "--on", "2026-10-31")
        let before = sandbox.dump()
        let result = sandbox.run("redo")
        #expect(result.status == 1)
        #expect(result.stderr == """
            budget: error: entry 5 conflicts with later changes; nothing was changed:
            budget: error:   reconciliations id=1: made since, it vouches for the account's balance on 2026-10-31, which this would change
            hint: undo the later entries first (see 'budget log'), or change the rows back by hand

            """)
        #expect(sandbox.dump() == before)
    }

    /// An undo that moves a transaction within the period reconciled since keeps the latest
    /// reconciliation's balance but changes an older one made since too: `edit` refuses that move
    /// without --force, so the undo is refused, naming the older reconciliation.
    @Test func undoingAMoveAcrossAnOlderReconciliationMadeSinceIsRefused() throws {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        sandbox.succeed("-q", "add", "10", "Food", "A", "--date", "2026-10-20")
        sandbox.succeed("-q", "edit", "1", "--date", "2026-10-05")
        sandbox.succeed("-q", "reconcile", "Main", "--statement-balance", "-10", "--on", "2026-10-10")
        sandbox.succeed("-q", "reconcile", "Main", "--statement-balance", "-10", "--on", "2026-10-31")
        #expect(sandbox.run("edit", "1", "--date", "2026-10-20").status == 1)
        let before = sandbox.dump()
        let result = sandbox.run("undo", "3")
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            budget: error: entry 3 conflicts with later changes; nothing was changed:
            budget: error:   reconciliations id=1: made since, it vouches for the account's balance on 2026-10-10, which this would change
            hint: undo the later entries first (see 'budget log'), or change the rows back by hand

            """)
        #expect(sandbox.dump() == before)
        #expect(sandbox.succeed("-q", "reconcile", "Main", "--statement-balance", "-10", "--on", "2026-10-10") == "")
    }

    /// A transaction changed with --force after a reconciliation: undoing the change goes back
    /// to what was reconciled, and is allowed.
    @Test func undoingATransactionForcedAfterAReconciliationIsAllowed() throws {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300")
        sandbox.succeed("-q", "add", "10", "Food", "A", "--date", "2026-10-05")
        sandbox.succeed("-q", "reconcile", "Main", "--statement-balance", "-10", "--on", "2026-10-31")
        #expect(system("sqlite3 '\(sandbox.database)' \"UPDATE reconciliations SET made_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now', '-1 day')\"") == 0)
        sandbox.succeed("-q", "edit", "1", "--amount", "12", "--force")
        #expect(sandbox.run("undo").status == 0)
        #expect(sandbox.succeed("accounts", "--format", "csv", "--date", "2026-10-31").contains("\nMain,checking,,-10.00,"))
    }
}
