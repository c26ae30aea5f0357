import Testing
@testable import BudgetCLI

/// `budget set-opening-balance`: every balance follows it; --force says which reconciliation
/// it breaks.
@Suite struct OpeningBalanceCommandTests {
    @Test func theOpeningBalanceMovesTheBalancesAndForceSaysWhatItBreaks() {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        sandbox.succeed("reconcile", "Checking", "--statement-balance", "2405.10", "--on", "2026-11-20")
        let forced = sandbox.run("set-opening-balance", "Checking", "100", "--force")
        #expect(forced.status == 0)
        #expect(forced.stderr == """
            Set the opening balance of Checking to 100.00 (was 0.00).
            budget: warning: this breaks the reconciliation of Checking on 2026-11-20 (statement balance 2405.10); reconcile again when the book matches the bank

            """)
        #expect(sandbox.succeed("accounts", "--date", "2026-11-20", "--format", "csv").contains("Checking,checking,,2505.10"))
        let dated = sandbox.run("set-opening-balance", "Visa", "-250.50", "--on", "2026-11-15")
        #expect(dated.stderr == "Set the opening balance of Visa to -250.50 from 2026-11-15 (was 0.00).\n")
        #expect(sandbox.succeed("accounts", "--date", "2026-11-14", "--format", "csv").contains("Visa,credit,DE12 3456,-82.40"))
    }
}
