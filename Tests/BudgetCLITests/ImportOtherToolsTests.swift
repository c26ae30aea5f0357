import BudgetKit
import Testing
@testable import BudgetCLI

/// CSV files other budgeting tools export, read without column options: each row's sign,
/// amount, date, payee and category as the tool meant them.
@Suite struct ImportOtherToolsTests {
    /// The seeded book (Food, Rent, Salary) with Mint's and YNAB's names for the rows below.
    func book() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.seed()
        sandbox.succeed("-q", "add-category", "Groceries", "300", "--from", "2026-01")
        sandbox.succeed("-q", "add-category", "Shopping", "100", "--from", "2026-01")
        sandbox.succeed("-q", "add-category", "Paycheck", "3000", "--income", "--from", "2026-01")
        return sandbox
    }

    /// Mint writes every amount without a sign, and which way it went in `Transaction Type`
    /// (`debit` or `credit`). Read as the bank's money flow, every amount was money in:
    /// spending was imported as refunds and the salary as a refund of -3250.00, exit 0.
    @Test func mintsUnsignedAmountsTakeTheirDirectionFromTheTransactionType() throws {
        let sandbox = book()
        let file = sandbox.write("mint.csv", """
            "Date","Description","Original Description","Amount","Transaction Type","Category","Account Name","Labels","Notes"
            "11/15/2026","Whole Foods","WHOLEFDS MKT 10234","54.37","debit","Groceries","Visa","",""
            "11/25/2026","ACME Corp","ACME CORP PAYROLL","3250.00","credit","Paycheck","Checking","",""
            "11/26/2026","Amazon","AMAZON MKTPL REFUND","12.99","credit","Shopping","Visa","","returned"
            "11/27/2026","Amazon","AMAZON MKTPL","23.99","DEBIT","Shopping","Visa","",""

            """)
        let dryRun = sandbox.run("import", file, "--dry-run", "--format", "csv")
        #expect(dryRun.status == 0)
        #expect(dryRun.stderr == """
            Read as csv (utf-8, ','), header on line 1: date 'Date', amount 'Amount', payee 'Description', category 'Category', \
            note 'Notes'; signs from 'Transaction Type' (S or D out, H or C in), else signs as the bank's (money out negative).
            Dry run: would import 4 transactions from \(file).

            """)
        #expect(dryRun.stdout.contains(",2026-11-15,54.37,Groceries,Whole Foods,,expense,Main,"))
        #expect(dryRun.stdout.contains(",2026-11-25,3250.00,Paycheck,ACME Corp,,income,Main,"))
        #expect(dryRun.stdout.contains(",2026-11-26,-12.99,Shopping,Amazon,returned,expense,Main,"))
        #expect(dryRun.stdout.contains(",2026-11-27,23.99,Shopping,Amazon,,expense,Main,"))
        let result = sandbox.run("import", file)
        #expect(result.status == 0)
        #expect(result.stderr == "Imported 4 transactions from \(file).\n")
        // The keys hold the amount with the direction the type gives it, as a bank's signed amount.
        #expect(try sandbox.query("SELECT import_key FROM transactions WHERE import_key IS NOT NULL ORDER BY id") == [
            "default|2026-11-15|-54.37|Whole Foods|1", "default|2026-11-25|3250.00|ACME Corp|1",
            "default|2026-11-26|12.99|Amazon|1", "default|2026-11-27|-23.99|Amazon|1",
        ])
    }

    /// A type column of other words (N26 wrote `MasterCard Payment`, `Income`) beside signed
    /// amounts leaves them as written, as before.
    @Test func aTransactionTypeOfOtherWordsLeavesSignedAmountsAsWritten() throws {
        let sandbox = book()
        let file = sandbox.write("n26.csv", """
            "Date","Payee","Account number","Transaction type","Payment reference","Amount (EUR)"
            "2026-11-03","REWE","","MasterCard Payment","","-54.37"
            "2026-11-25","ACME GmbH","DE89370400440532013000","Income","Gehalt","3250.00"

            """)
        sandbox.succeed("-q", "rule", "add", "acme", "Salary")
        let dryRun = sandbox.run("import", file, "--default-category", "Groceries", "--dry-run", "--format", "csv")
        #expect(dryRun.status == 0)
        #expect(dryRun.stdout.contains(",2026-11-03,54.37,Groceries,REWE,,expense,Main,"))
        #expect(dryRun.stdout.contains(",2026-11-25,3250.00,Salary,ACME GmbH,,income,Main,"))
    }

    /// YNAB writes money out under `Outflow` and money in under `Inflow`, both filled (`$0.00`),
    /// amounts with a currency sign and thousands. Its file was refused: no header found.
    @Test func ynabsOutflowAndInflowAreReadAsDebitAndCredit() throws {
        let sandbox = book()
        sandbox.succeed("-q", "add-category", "Ready to Assign", "0", "--income", "--from", "2026-01")
        let file = sandbox.write("ynab.csv", """
            "Account","Flag","Date","Payee","Category Group/Category","Category Group","Category","Memo","Outflow","Inflow","Cleared"
            "Checking","","11/15/2026","Whole Foods","Everyday: Groceries","Everyday","Groceries","","$54.37","$0.00","Cleared"
            "Checking","","11/25/2026","ACME","Inflow: Ready to Assign","Inflow","Ready to Assign","November","$0.00","$3,250.00","Cleared"
            "Checking","","11/26/2026","Transfer : Savings","","","","","$500.00","$0.00","Uncleared"

            """)
        let dryRun = sandbox.run("import", file, "--default-category", "Rent", "--dry-run", "--format", "csv")
        #expect(dryRun.status == 0)
        #expect(dryRun.stderr == """
            Read as csv (utf-8, ','), header on line 1: date 'Date', debit 'Outflow', credit 'Inflow', payee 'Payee', \
            category 'Category', note 'Memo'.
            Dry run: would import 3 transactions from \(file).

            """)
        #expect(dryRun.stdout.contains(",2026-11-15,54.37,Groceries,Whole Foods,,expense,Main,"))
        #expect(dryRun.stdout.contains(",2026-11-25,3250.00,Ready to Assign,ACME,November,income,Main,"))
        #expect(dryRun.stdout.contains(",2026-11-26,500.00,Rent,Transfer : Savings,,expense,Main,"))
    }
}
