import Testing
@testable import BudgetCLI

/// A zero amount is taken (a placeholder for a bill still to come), never in silence: `add 0`
/// and `edit --amount 0` warn on stderr, with --quiet too. A transfer of zero is refused (it
/// moves nothing), and a mistyped amount (`0.0O`) is a usage error. A zero moves no balance, so
/// no reconciliation refuses it: not `add`, not `edit`, not `import`.
@Suite struct ZeroAmountTests {
    static func warning(_ id: Int) -> String {
        "budget: warning: transaction \(id) has a zero amount: it moves no balance and no total; "
            + "give it its amount with 'budget edit \(id) --amount AMOUNT'\n"
    }

    @Test func addingZeroIsTakenWithAWarning() throws {
        let sandbox = Sandbox()
        sandbox.seed()
        let result = sandbox.run("add", "0", "Food", "Plumber", "--date", "2026-11-20")
        #expect(result.status == 0)
        #expect(result.stdout == "5\n")
        #expect(result.stderr == "Added transaction 5: 0.00 in Food on 2026-11-20 (Plumber).\n" + Self.warning(5))
        #expect(try sandbox.query("SELECT amount FROM transactions WHERE id = 5") == ["0"])
        let quiet = sandbox.run("-q", "add", "-0.00", "Food", "--date", "2026-11-20")
        #expect(quiet.status == 0 && quiet.stderr == Self.warning(6))
    }

    @Test func editingTheAmountToZeroWarnsAndOtherEditsOfAZeroDoNot() {
        let sandbox = Sandbox()
        sandbox.seed()
        let result = sandbox.run("edit", "1", "--amount", "0")
        #expect(result.status == 0)
        #expect(result.stderr == "Updated transaction 1: 0.00 in Food on 2026-11-02 (Lunch).\n" + Self.warning(1))
        #expect(sandbox.run("edit", "1", "--note", "later").stderr == "Updated transaction 1: 0.00 in Food on 2026-11-02 (Lunch).\n")
    }

    @Test(arguments: [
        (["add", "0.0O", "Food"], """
        budget: error: the value '0.0O' is invalid for '<amount>': it is not a number like 12.50
        hint: write amounts like 12.50, -2.25 or 1,234.56 (at most two decimals)

        """),
        (["edit", "1", "--amount", "0.0O"], """
        budget: error: the value '0.0O' is invalid for '--amount <amount>': it is not a number like 12.50
        hint: write amounts like 12.50, -2.25 or 1,234.56 (at most two decimals)

        """),
    ] as [([String], String)])
    func aMistypedZeroIsAUsageErrorAndChangesNothing(arguments: [String], stderr: String) {
        let sandbox = Sandbox()
        sandbox.seed()
        let before = sandbox.dump()
        let result = sandbox.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr == stderr)
        #expect(result.stdout == "")
        #expect(sandbox.dump() == before)
    }

    /// ``seed()``'s book with Main reconciled on 2026-11-03 at its balance then, -1010.25.
    func reconciledBook() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.seed()
        sandbox.succeed("-q", "reconcile", "Main", "--statement-balance", "-1010.25", "--on", "2026-11-03")
        return sandbox
    }

    /// `add 0` on a reconciled day was taken (with the warning), while `import` refused the
    /// same row of a bank's file: "has a row of 2026-11-01, on or before the reconciliation
    /// of Main on 2026-11-03 (statement balance -1010.25); nothing was imported", exit 1. A row
    /// of zero cannot change the balance a reconciliation vouches for: both doors take it, and
    /// the reconciliation still holds.
    @Test func aZeroRowOnOrBeforeAReconciliationIsImportedAsAddTakesIt() throws {
        let sandbox = reconciledBook()
        let added = sandbox.run("add", "0", "Food", "Plumber", "--date", "2026-11-02")
        #expect(added.status == 0)
        #expect(added.stderr == "Added transaction 5: 0.00 in Food on 2026-11-02 (Plumber).\n" + Self.warning(5))
        let file = sandbox.write("bank.csv", """
            date,amount,category,payee
            2026-11-01,0.00,Food,Card check
            2026-11-20,4.75,Food,Bakery

            """)
        let before = try sandbox.snapshot()
        let dryRun = sandbox.run("import", file, "--dry-run")
        #expect(dryRun.status == 0)
        #expect(dryRun.stderr.hasSuffix("Dry run: would import 2 transactions from \(file).\n"))
        #expect(try sandbox.snapshot() == before)
        let result = sandbox.run("import", file)
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "Imported 2 transactions from \(file).\n")
        #expect(try sandbox.query("SELECT id, date, amount, payee FROM transactions WHERE id > 4 ORDER BY id") == [
            "5|2026-11-02|0|Plumber", "6|2026-11-01|0|Card check", "7|2026-11-20|475|Bakery",
        ])
        // The reconciliation holds: reconciling that day again at its balance records nothing.
        let again = sandbox.run("reconcile", "Main", "--statement-balance", "-1010.25", "--on", "2026-11-03")
        #expect(again.status == 0)
        #expect(try sandbox.query("SELECT statement_date, statement_balance FROM reconciliations") == ["2026-11-03|-101025"])
    }

    /// The zero row is let through, not the rows beside it: a file with a row of money on a
    /// reconciled day is refused as before, naming that row's day, and nothing is imported.
    @Test func aRowOfMoneyOnOrBeforeAReconciliationIsStillRefusedBesideAZeroRow() throws {
        let sandbox = reconciledBook()
        let file = sandbox.write("bank.csv", """
            date,amount,category,payee
            2026-11-01,0.00,Food,Card check
            2026-11-02,4.75,Food,Bakery

            """)
        try sandbox.expectRefusedWithItsDryRun(["import", file], status: 1, stderr: """
            budget: error: \(file) has a row of 2026-11-02, on or before the reconciliation of Main on 2026-11-03 \
            (statement balance -1010.25); nothing was imported
            hint: an import never matches rows typed in by hand: if the book holds the file's rows up to 2026-11-03 already, \
            leave them out of the file; to import them anyway, add --force (the reconciliation will no longer hold)

            """)
    }

    /// `edit` agrees: a zero row moved onto a reconciled day is taken (a row of money is not:
    /// AccountBadInputTests).
    @Test func editingAZeroRowOntoAReconciledDayIsTaken() throws {
        let sandbox = reconciledBook()
        sandbox.succeed("-q", "add", "0", "Food", "Plumber", "--date", "2026-11-20")
        let moved = sandbox.run("edit", "5", "--date", "2026-11-02")
        #expect(moved.status == 0)
        #expect(moved.stderr == "Updated transaction 5: 0.00 in Food on 2026-11-02 (Plumber).\n")
        #expect(try sandbox.query("SELECT date, amount FROM transactions WHERE id = 5") == ["2026-11-02|0"])
    }
}
