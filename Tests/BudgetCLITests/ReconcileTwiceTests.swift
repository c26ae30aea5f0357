import Testing
@testable import BudgetCLI

/// A statement day reconciled twice: it holds one reconciliation. The same balance again is
/// said and writes nothing (it stored a second row, and a second history entry); another
/// balance is a mismatch unless a forced change made the book match it, when it replaces the
/// day's old balance (undoably) instead of adding a row beside it.
@Suite struct ReconcileTwiceTests {
    static let reconcile = ["reconcile", "Checking", "--statement-balance", "2405.10", "--on", "2026-11-20"]

    @Test func theSameDayAndBalanceAgainSaysItIsReconciledAndWritesNothing() throws {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        sandbox.succeed(Self.reconcile)
        let before = sandbox.dump()
        let again = sandbox.run(Self.reconcile)
        #expect(again.status == 0)
        #expect(again.stdout == "")
        #expect(again.stderr == "Checking is already reconciled on 2026-11-20 at 2405.10: nothing changed.\n")
        #expect(sandbox.dump() == before)
        #expect(try sandbox.query("SELECT id, statement_date, statement_balance FROM reconciliations") == ["1|2026-11-20|240510"])
    }

    /// Two forced changes that cancel out leave the balance as reconciled and the row un-marked:
    /// reconciling the day again marks it, and still adds no reconciliation.
    @Test func theSameDayAndBalanceAgainMarksWhatAForcedChangeUnmarked() throws {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        sandbox.succeed(Self.reconcile)
        sandbox.succeed("edit", "2", "--amount", "13", "--force")
        sandbox.succeed("edit", "2", "--amount", "12.50", "--force")
        let again = sandbox.run(Self.reconcile)
        #expect(again.status == 0)
        #expect(again.stderr == "Checking is already reconciled on 2026-11-20 at 2405.10: marked 1 transaction reconciled again.\n")
        #expect(try sandbox.query("SELECT id, statement_date, statement_balance FROM reconciliations") == ["1|2026-11-20|240510"])
        #expect(try sandbox.query("SELECT count(*) FROM transactions WHERE account_id = 1 AND reconciled_on IS NULL") == ["0"])
    }

    @Test func anotherBalanceTheBookDoesNotMatchIsRefusedAndChangesNothing() {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        sandbox.succeed(Self.reconcile)
        let before = sandbox.dump()
        let other = sandbox.run("reconcile", "Checking", "--statement-balance", "2400", "--on", "2026-11-20")
        #expect(other.status == 1)
        #expect(other.stderr == """
            budget: error: Checking at the end of 2026-11-20: the statement says 2400.00, the book 2405.10 (5.10 above the statement)
            hint: the book has 5.10 too much, and Checking still has the balance of its reconciliation on 2026-11-20 (2405.10): check the statement balance; nothing was marked

            """)
        #expect(sandbox.dump() == before)
    }

    @Test func anotherBalanceTheBookMatchesAfterAForcedChangeReplacesTheOldOneUndoably() throws {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        sandbox.succeed(Self.reconcile)
        sandbox.succeed("edit", "2", "--amount", "13", "--force")
        let corrected = sandbox.run("reconcile", "Checking", "--statement-balance", "2404.60", "--on", "2026-11-20")
        #expect(corrected.status == 0)
        #expect(corrected.stderr == """
            Reconciled Checking on 2026-11-20: the book matches the statement (2404.60), which replaces the day's reconciliation at 2405.10 (it no longer held); marked 1 transaction reconciled.

            """)
        #expect(try sandbox.query("SELECT id, statement_date, statement_balance FROM reconciliations") == ["1|2026-11-20|240460"])
        sandbox.succeed("undo")
        #expect(try sandbox.query("SELECT id, statement_date, statement_balance FROM reconciliations") == ["1|2026-11-20|240510"])
        #expect(try sandbox.query("SELECT reconciled_on IS NULL FROM transactions WHERE id = 2") == ["1"])
    }
}
