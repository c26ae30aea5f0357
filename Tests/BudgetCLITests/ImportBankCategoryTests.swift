import BudgetKit
import Testing
@testable import BudgetCLI

/// The category column of a CSV file that is not budget's own, read without column options: a
/// hand-made `Date,Amount,Category,Payee` file, and US banks' files that carry the bank's own
/// categories (Chase, Capital One). The recognised layout ignored the column without a word,
/// so every row went to `--default-category`, while the same file read with column options
/// took it.
@Suite struct ImportBankCategoryTests {
    /// The seeded book (Food, Rent, Salary) with Other, and a rule sending the bakery to Food.
    func book() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.seed()
        sandbox.succeed("-q", "add-category", "Other", "0", "--from", "2026-01")
        sandbox.succeed("-q", "rule", "add", "bakery", "Food")
        return sandbox
    }

    static let handMade = """
        Date,Amount,Category,Payee
        2026-11-01,-1000.00,Rent,Landlord
        2026-11-02,-12.50,,Bakery
        2026-11-03,-7.00, ,Kiosk

        """

    /// Chase's card export: signed amounts (money out negative), the bank's categories.
    static let chase = """
        Transaction Date,Post Date,Description,Category,Type,Amount,Memo
        11/02/2026,11/03/2026,WHOLEFDS MKT 10234,Groceries,Sale,-54.37,
        11/15/2026,11/16/2026,STARBUCKS STORE 1234,Food & Drink,Sale,-4.75,
        11/20/2026,11/20/2026,Payment Thank You-Mobile,,Payment,500.00,
        11/21/2026,11/22/2026,AMAZON MKTPL,Shopping,Return,12.99,

        """

    /// Capital One's card export: debit and credit columns, the bank's categories.
    static let capitalOne = """
        Transaction Date,Posted Date,Card No.,Description,Category,Debit,Credit
        2026-11-02,2026-11-03,1234,WHOLEFDS MKT,Groceries,54.37,
        2026-11-09,2026-11-09,1234,CAPITAL ONE MOBILE PYMT,Payment/Credit,,500.00

        """

    /// A file's category beats the rules, which beat the default, as in budget's own layout: a
    /// cell that is empty or only spaces leaves the row to them.
    @Test func aRecognisedLayoutTakesTheCategoryColumn() throws {
        let sandbox = book()
        let file = sandbox.write("c.csv", Self.handMade)
        let dryRun = sandbox.run("import", file, "--default-category", "Other", "--dry-run", "--format", "csv")
        #expect(dryRun.status == 0)
        #expect(dryRun.stderr == """
            Read as csv (utf-8, ','), header on line 1: date 'Date', amount 'Amount', payee 'Payee', category 'Category'; \
            signs as the bank's (money out negative).
            Dry run: would import 3 transactions from \(file).

            """)
        let result = sandbox.run("import", file, "--default-category", "Other")
        #expect(result.status == 0)
        let listed = sandbox.succeed("list", "--from", "2026-11-01", "--to", "2026-11-03", "--format", "csv")
        #expect(listed.contains(",2026-11-01,1000.00,Rent,Landlord,,expense,Main,"))
        #expect(listed.contains(",2026-11-02,12.50,Food,Bakery,,expense,Main,"))
        #expect(listed.contains(",2026-11-03,7.00,Other,Kiosk,,expense,Main,"))
    }

    @Test func ignoreCategoryColumnLeavesEveryRowToTheRulesAndTheDefault() throws {
        let sandbox = book()
        let file = sandbox.write("c.csv", Self.handMade)
        let dryRun = sandbox.run("import", file, "--default-category", "Other", "--ignore-category-column", "--dry-run", "--format", "csv")
        #expect(dryRun.status == 0)
        #expect(dryRun.stderr == """
            Read as csv (utf-8, ','), header on line 1: date 'Date', amount 'Amount', payee 'Payee'; \
            signs as the bank's (money out negative).
            Dry run: would import 3 transactions from \(file).

            """)
        #expect(dryRun.stdout.contains(",2026-11-01,1000.00,Other,Landlord,,expense,Main,"))
        #expect(dryRun.stdout.contains(",2026-11-02,12.50,Food,Bakery,,expense,Main,"))
        #expect(dryRun.stdout.contains(",2026-11-03,7.00,Other,Kiosk,,expense,Main,"))
    }

    /// The bank's names are not the book's: the error names the column they come from and the
    /// option that leaves them out, beside the one that creates them.
    @Test func aBanksCategoriesTheBookLacksAreNamedWithTheirColumnAndTheOptionsThatSettleIt() throws {
        let sandbox = book()
        let chase = sandbox.write("chase.csv", Self.chase)
        try sandbox.expectRefusedWithItsDryRun(["import", chase, "--date-order", "mdy", "--default-category", "Other"], status: 65, stderr: """
            budget: error: \(chase):2:4: no category named 'Groceries'
            budget: error: \(chase):3:4: no category named 'Food & Drink'
            budget: error: \(chase):5:4: no category named 'Shopping'
            hint: these names are from the file's column 'Category': add them with 'budget add-category', import with \
            --create-categories to create them from the file, or import with --ignore-category-column to leave their rows to rules \
            and --default-category; nothing was imported

            """)
        let capitalOne = sandbox.write("capone.csv", Self.capitalOne)
        try sandbox.expectRefusedWithItsDryRun(["import", capitalOne, "--default-category", "Other"], status: 65, stderr: """
            budget: error: \(capitalOne):2:5: no category named 'Groceries'
            budget: error: \(capitalOne):3:5: no category named 'Payment/Credit'
            hint: these names are from the file's column 'Category': add them with 'budget add-category', import with \
            --create-categories to create them from the file, or import with --ignore-category-column to leave their rows to rules \
            and --default-category; nothing was imported

            """)
        // One name: "it".
        let one = sandbox.write("one.csv", "Date,Amount,Category,Payee\n2026-11-01,-3.00,Fod,Kiosk\n")
        try sandbox.expectRefusedWithItsDryRun(["import", one], status: 65, stderr: """
            budget: error: \(one):2:3: no category named 'Fod'; did you mean 'Food'?
            hint: this name is from the file's column 'Category': add it with 'budget add-category', import with \
            --create-categories to create it from the file, or import with --ignore-category-column to leave its rows to rules \
            and --default-category; nothing was imported

            """)
    }

    /// A category column found with column options is named the same way.
    @Test func aCategoryColumnTakenWithColumnOptionsIsNamedToo() throws {
        let sandbox = book()
        let chase = sandbox.write("chase.csv", Self.chase)
        try sandbox.expectRefusedWithItsDryRun(["import", chase, "--date-column", "Transaction Date", "--date-format", "MM/DD/YYYY",
                                                "--payee-column", "Description", "--amount-column", "Amount", "--negate",
                                                "--default-category", "Other"],
                                               status: 65, stderr: """
            budget: error: \(chase):2:4: no category named 'Groceries'
            budget: error: \(chase):3:4: no category named 'Food & Drink'
            budget: error: \(chase):5:4: no category named 'Shopping'
            hint: these names are from the file's column 'Category': add them with 'budget add-category', import with \
            --create-categories to create them from the file, or import with --ignore-category-column to leave their rows to rules \
            and --default-category; nothing was imported

            """)
    }

    /// The keys are the source, date, amount as written, payee and occurrence: the category
    /// column is no part of them, so rows imported before it was read (every row in the
    /// default category) are the same rows now, and skipped.
    @Test func rowsImportedBeforeTheCategoryColumnWasReadAreSkipped() throws {
        let sandbox = book()
        let chase = sandbox.write("chase.csv", Self.chase)
        let first = sandbox.run("import", chase, "--date-order", "mdy", "--default-category", "Other", "--ignore-category-column")
        #expect(first.stderr == "Imported 4 transactions from \(chase).\n")
        // The keys earlier versions gave these rows, which read no category column.
        #expect(try sandbox.query("SELECT import_key FROM transactions WHERE import_key IS NOT NULL ORDER BY id") == [
            "default|2026-11-02|-54.37|WHOLEFDS MKT 10234|1", "default|2026-11-15|-4.75|STARBUCKS STORE 1234|1",
            "default|2026-11-20|500.00|Payment Thank You-Mobile|1", "default|2026-11-21|12.99|AMAZON MKTPL|1",
        ])
        for name in ["Groceries", "Food & Drink", "Shopping", "Payment/Credit"] {
            sandbox.succeed("-q", "add-category", name, "100", "--from", "2026-01")
        }
        let again = sandbox.run("import", chase, "--date-order", "mdy", "--default-category", "Other")
        #expect(again.status == 0)
        #expect(again.stderr == "Imported 0 transactions from \(chase); skipped 4 already imported.\n")
        let capitalOne = sandbox.write("capone.csv", Self.capitalOne)
        #expect(sandbox.run("import", capitalOne, "--source", "capone", "--default-category", "Other", "--ignore-category-column").status == 0)
        #expect(try sandbox.query("SELECT import_key FROM transactions WHERE import_key LIKE 'capone|%' ORDER BY id") == [
            "capone|2026-11-02|-54.37|WHOLEFDS MKT|1", "capone|2026-11-09|500.00|CAPITAL ONE MOBILE PYMT|1",
        ])
        #expect(sandbox.run("import", capitalOne, "--source", "capone").stderr
            == "Imported 0 transactions from \(capitalOne); skipped 2 already imported.\n")
    }

    /// With the book's names, a bank's file files each row where it says, signs as the money flow.
    @Test func aChaseFileWithTheBooksCategoriesFilesEachRowWhereItSays() throws {
        let sandbox = book()
        for name in ["Groceries", "Food & Drink", "Shopping"] { sandbox.succeed("-q", "add-category", name, "100", "--from", "2026-01") }
        let chase = sandbox.write("chase.csv", Self.chase)
        let result = sandbox.run("import", chase, "--date-order", "mdy", "--default-category", "Other", "--dry-run", "--format", "csv")
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("""
            Read as csv (utf-8, ','), header on line 1: date 'Transaction Date', amount 'Amount', payee 'Description', \
            category 'Category', note 'Memo';
            """))
        #expect(result.stdout.contains(",2026-11-02,54.37,Groceries,WHOLEFDS MKT 10234,,expense,Main,"))
        #expect(result.stdout.contains(",2026-11-15,4.75,Food & Drink,STARBUCKS STORE 1234,,expense,Main,"))
        #expect(result.stdout.contains(",2026-11-20,-500.00,Other,Payment Thank You-Mobile,,expense,Main,"))
        #expect(result.stdout.contains(",2026-11-21,-12.99,Shopping,AMAZON MKTPL,,expense,Main,"))
    }
}
