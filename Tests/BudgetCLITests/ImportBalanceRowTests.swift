import BudgetKit
import Testing
@testable import BudgetCLI

/// A bank's CSV file whose first row states the balance its rows start from
/// (``SkippedBalanceRow``): skipped, and said so, never silently; any other row with an empty
/// amount is still an error.
@Suite struct ImportBalanceRowTests {
    /// Food and Salary, the salary's payee ruled into Salary.
    func book() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.succeed("-q", "add-category", "Food", "300", "--from", "2026-01")
        sandbox.succeed("-q", "add-category", "Salary", "3000", "--income", "--from", "2026-01")
        sandbox.succeed("-q", "rule", "add", "acme", "Salary")
        return sandbox
    }

    /// Bank of America's checking account download: a summary block, a blank line, the header,
    /// then a row for the beginning balance with no amount.
    static func bankOfAmerica(_ rows: String) -> String {
        """
        Description,,Summary Amt.
        Beginning balance as of 01/01/2026,,"1,234.56"
        Total credits,,"2,500.00"
        Total debits,,"-154.75"
        Ending balance as of 01/31/2026,,"3,579.81"

        Date,Description,Amount,Running Bal.
        \(rows)
        """
    }

    static let rows = """
        01/01/2026,Beginning balance as of 01/01/2026,,"1,234.56"
        01/02/2026,"STARBUCKS STORE 123 01/02 PURCHASE","-4.75","1,229.81"
        01/15/2026,"ACME CORP DES:PAYROLL ID:XXXXX","2,500.00","3,729.81"
        01/20/2026,"SHELL OIL 57444","-150.00","3,579.81"

        """

    /// Its beginning balance row was refused (`bofa.csv:8:3: empty amount`, exit 65), so the
    /// file could not be imported at all.
    @Test func bankOfAmericasBeginningBalanceRowIsSkippedAndNamed() throws {
        let sandbox = book()
        let file = sandbox.write("bofa.csv", Self.bankOfAmerica(Self.rows))
        let before = try sandbox.snapshot()
        let howRead = """
            Read as csv (utf-8, ','), header on line 7: date 'Date', amount 'Amount', payee 'Description'; \
            signs as the bank's (money out negative).
            Read dates month first, as line 10's '01/15/2026' can only be read that way.

            """
        let dryRun = sandbox.run("import", file, "--default-category", "Food", "--dry-run", "--format", "csv")
        #expect(dryRun.status == 0)
        #expect(dryRun.stderr == howRead + """
            Would skip line 8 ('Beginning balance as of 01/01/2026'): a balance with no amount, not a transaction.
            Dry run: would import 3 transactions from \(file).

            """)
        #expect(dryRun.stdout.split(separator: "\n").count == 4)
        #expect(try sandbox.snapshot() == before)

        let result = sandbox.run("import", file, "--default-category", "Food")
        #expect(result.status == 0)
        #expect(result.stderr == """
            Read dates month first, as line 10's '01/15/2026' can only be read that way.
            Skipped line 8 ('Beginning balance as of 01/01/2026'): a balance with no amount, not a transaction.
            Imported 3 transactions from \(file).

            """)
        #expect(try sandbox.query("SELECT date, amount, payee FROM transactions ORDER BY id") == [
            "2026-01-02|475|STARBUCKS STORE 123 01/02 PURCHASE", "2026-01-15|250000|ACME CORP DES:PAYROLL ID:XXXXX",
            "2026-01-20|15000|SHELL OIL 57444",
        ])
        // Again: the rows are skipped as imported, the balance row named again.
        let again = sandbox.run("import", file, "--default-category", "Food")
        #expect(again.status == 0)
        #expect(again.stderr.hasSuffix("""
            Skipped line 8 ('Beginning balance as of 01/01/2026'): a balance with no amount, not a transaction.
            Imported 0 transactions from \(file); skipped 3 already imported.

            """))
        #expect(try sandbox.query("SELECT count(*) FROM transactions") == ["3"])
    }

    /// A download of a month without transactions: the balance row alone imports nothing, as a
    /// bank file's statement of no entries does (it was `empty amount`, exit 65).
    @Test func aFileOfTheBalanceRowAloneImportsNothing() throws {
        let sandbox = book()
        let file = sandbox.write("bofa.csv", Self.bankOfAmerica("""
            01/01/2026,Beginning balance as of 01/01/2026,,"1,234.56"

            """))
        let result = sandbox.run("import", file, "--default-category", "Food")
        #expect(result.status == 0)
        #expect(result.stderr == """
            Skipped line 8 ('Beginning balance as of 01/01/2026'): a balance with no amount, not a transaction.
            Imported 0 transactions from \(file).

            """)
        #expect(try sandbox.query("SELECT count(*) FROM transactions") == ["0"])
    }

    /// Only the first row is taken for the balance: an empty amount anywhere else, whatever the
    /// description says, is the error it always was, and nothing is imported.
    @Test(arguments: [
        // A row with no amount that states no balance.
        "01/01/2026,OPENING DEPOSIT,\"1,234.56\",\"1,234.56\"\n01/02/2026,STARBUCKS,,\"1,229.81\"\n",
        // A balance row that is not the first.
        "01/01/2026,OPENING DEPOSIT,\"1,234.56\",\"1,234.56\"\n01/02/2026,Beginning balance as of 01/02/2026,,\"1,234.56\"\n",
        // A row with no amount after the balance row.
        "01/01/2026,Beginning balance as of 01/01/2026,,\"1,234.56\"\n01/02/2026,STARBUCKS,,\"1,229.81\"\n",
    ])
    func anEmptyAmountOnAnyOtherRowIsStillAnError(rows: String) throws {
        let sandbox = book()
        let file = sandbox.write("bofa.csv", Self.bankOfAmerica(rows))
        try sandbox.expectRefusedWithItsDryRun(["import", file, "--default-category", "Food", "--date-order", "mdy"], status: 65, stderr: """
            budget: error: \(file):9:3: empty amount
            hint: fix that row and run the command again; nothing was imported

            """)
    }
}
