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

    /// A closed account takes nothing from the day it closed, its opening balance included: an
    /// opening day on or after the closing day is refused from either side, --force or not, and
    /// both days are named. (Both were taken: a closed account then held money that came after
    /// it closed.)
    @Test(arguments: [
        (["set-opening-balance", "Visa", "-100", "--on", "2026-12-01"], "Visa", "2026-11-21", "2026-12-01"),
        (["set-opening-balance", "Visa", "-100", "--on", "2026-11-21", "--force"], "Visa", "2026-11-21", "2026-11-21"),
        (["close-account", "Cash", "--on", "2026-04-30"], "Cash", "2026-04-30", "2026-05-01"),
        (["close-account", "cash", "--on", "2026-05-01"], "Cash", "2026-05-01", "2026-05-01"),
    ])
    func anOpeningDayOnOrAfterTheClosingDayIsRefusedAndChangesNothing(arguments: [String], account: String, closedOn: String,
                                                                        openingDate: String) {
        let sandbox = Sandbox()
        sandbox.seedAccounts()
        sandbox.succeed("-q", "close-account", "Visa", "--on", "2026-11-21")
        sandbox.succeed("-q", "add-account", "Cash", "--type", "cash", "--opening", "50", "--on", "2026-05-01")
        let before = sandbox.dump()
        let result = sandbox.run(arguments)
        #expect(result.status == 1)
        #expect(result.stderr == """
            budget: error: account '\(account)' closes on \(closedOn), on or before \(openingDate), the day its opening balance counts from
            hint: a closed account takes nothing from the day it closes, its opening balance included: the opening balance's day must come before the closing day

            """)
        #expect(result.stdout == "")
        #expect(sandbox.dump() == before)
        // The day before is fine on either side.
        #expect(sandbox.run(arguments[0] == "close-account" ? ["close-account", "Cash", "--on", "2026-05-02"]
                                                            : ["set-opening-balance", "Visa", "-100", "--on", "2026-11-20"]).status == 0)
    }
}
